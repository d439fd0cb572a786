"""A restart redraws only the boards that are behind (cogs._board_key): one that shows the
stored game is left alone, and one is drawn again when a move was committed after its last
draw, when the server's language changed, or when the bot's code did (a new release)."""

from __future__ import annotations

import pytest

import cogs._board_key as board_keys
from bot.db import open_db
from bot.db.repo import Repo
from bot.db.server_settings import set_guild_language
from bot.sessions.service import SessionService
from tests.e2e.table import Table
from tests.e2e.test_mimikri import RULES, choose, move, open_game

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)


async def two_moves_then_kill(table: Table):
    """A game of Alice and Bob two moves in, its board current; then the bot is killed."""
    board, match_id = await open_game(table, "alice", "bob")
    users = {0: "alice", 1: "bob"}
    for _ in range(2):
        match = await table.match(match_id)
        assert match.state is not None
        seat = min(RULES.active_seats(match.state))
        await move(table, users[seat], board, choose({**match.state, "version_hint": 0}),
                   match_id)
    edits = len(table.driver.latest(board).versions)
    await table.kill()
    return board, match_id, edits


def board_calls(table: Table, board) -> list:
    return [r for r in table.server.requests
            if r.method == "PATCH" and r.path.endswith(f"/messages/{board.id}")]


@pytest.mark.asyncio
async def test_a_current_board_is_not_drawn_again_and_its_game_goes_on(table):
    board, match_id, edits = await two_moves_then_kill(table)
    before = len(board_calls(table, board))
    await table.start()
    assert len(board_calls(table, board)) == before
    assert len(table.driver.latest(board).versions) == edits
    match = await table.match(match_id)
    seat = min(RULES.active_seats(match.state))
    await move(table, {0: "alice", 1: "bob"}[seat], board,
               choose({**match.state, "version_hint": 1}), match_id)
    assert (await table.match(match_id)).version == match.version + 1
    assert len(table.driver.latest(board).versions) == edits + 1


@pytest.mark.asyncio
async def test_a_move_committed_after_the_last_draw_is_drawn_at_the_restart(table):
    board, match_id, _ = await two_moves_then_kill(table)
    db = await open_db(str(table.db))  # the crash came between a commit and its draw
    sessions = SessionService(Repo(db), computer_delay=3600)
    try:
        match = await sessions.repo.match(match_id)
        assert match is not None
        seat = min(RULES.active_seats(match.state))
        user = table.driver.user({0: "alice", 1: "bob"}[seat]).id
        code = sorted(RULES.legal_actions(match.state, seat))[0]
        await sessions.submit(match_id, user, code, match.version)
    finally:
        await sessions.close()
        await db.close()
    await table.start()
    stored = await table.match(match_id)
    prefix = f"mg:{match_id}:{stored.version}:"
    assert any(c.get("custom_id", "").startswith(prefix)
               for c in table.driver.latest(board).iter_components())


@pytest.mark.asyncio
async def test_a_new_language_or_a_new_release_draws_the_board_again(table, monkeypatch):
    board, _match_id, _ = await two_moves_then_kill(table)
    db = await open_db(str(table.db))
    try:
        await set_guild_language(Repo(db), table.server.world.guild.id, "cs")
    finally:
        await db.close()
    await table.start()
    assert "Mimikri" in table.driver.latest(board).content
    czech = table.driver.latest(board).content
    assert czech != table.driver.latest(board).versions[-2].content  # drawn again, in Czech

    edits = len(table.driver.latest(board).versions)
    await table.kill()
    monkeypatch.setattr(board_keys, "code_fingerprint", lambda: "the next release")
    await table.start()
    assert len(table.driver.latest(board).versions) == edits + 1
