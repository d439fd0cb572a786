"""The bot on a busy machine: a press whose work takes longer than the 3 s Discord allows for
its first answer (a disk slow to sync a commit, a slow Discord at Start) is acknowledged at
once and answered when the work is done, never left to fail; a press Discord forgot before it
could be acknowledged does nothing, and the next one works.

The slowness is made on purpose here (a commit held back past the double's deadline, Discord's
own 3 s), so these tests do not depend on how busy the machine running them is."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.double import interactions as ix
from tests.e2e.table import Table, ephemeral_text, game_id

pytestmark = pytest.mark.started


def slow_commits(table: Table, seconds: float) -> list[float]:
    """Every commit of the bot's database from now on takes ``seconds`` longer, as on a disk
    that a busy machine syncs slowly; returns the list each held-back commit is noted in."""
    db: Any = table.bot.sessions.repo.db
    commit = db.commit
    held: list[float] = []

    async def slowly() -> None:
        held.append(seconds)
        await asyncio.sleep(seconds)
        await commit()
    db.commit = slowly
    return held


async def lobby(table: Table) -> Any:
    """Alice's Mimikri lobby in the games channel."""
    opened = await table.driver.slash("alice", "games", "mimikri new", subjects=4, turn_timer=0)
    assert opened.ok and not opened.ephemeral, opened
    return opened.message


@pytest.mark.asyncio
@pytest.mark.parametrize(("presser", "label", "said"), [
    ("bob", "Join", "You joined. Wait for the host to start."),
    ("alice", "Start", "The game is on!"),
])
async def test_a_lobby_press_slower_than_discords_deadline_is_answered(table, presser, label,
                                                                       said):
    driver = table.driver
    board = await lobby(table)
    if label == "Start":
        assert (await driver.click("bob", board, label="Join")).ok
    held = slow_commits(table, table.server.interaction_deadline + 0.5)
    pressed = await driver.click(presser, board, label=label)
    assert held, "the press committed nothing: it was not slowed down"
    # Acknowledged in time, privately ("thinking…"), then the answer took the loading
    # message's place.
    assert pressed.ok and pressed.type == ix.DEFERRED_CHANNEL_MESSAGE, pressed
    assert pressed.ephemeral and ephemeral_text(pressed) == said
    match = await table.match(game_id(board.content))
    assert match.status == ("active" if label == "Start" else "lobby")
    assert len(await table.bot.sessions.repo.seats(match.id)) == 2


@pytest.mark.asyncio
async def test_a_lobby_press_discord_forgot_before_it_was_acknowledged_does_nothing(table):
    """So busy that Discord forgot the press before the bot acknowledged it (its 3 s passed
    first): nothing is done, nothing is logged as an error, and the next press works."""
    driver = table.driver
    board = await lobby(table)
    forgot = table.server.fail("POST /interactions/*/callback", status=404, code=10062,
                               message="Unknown interaction")
    late = await driver.click("bob", board, label="Join")
    assert not late.ok and forgot.hits
    match_id = game_id(board.content)
    assert len(await table.bot.sessions.repo.seats(match_id)) == 1  # Bob is not in
    again = await driver.click("bob", board, label="Join")
    assert ephemeral_text(again) == "You joined. Wait for the host to start."
    assert len(await table.bot.sessions.repo.seats(match_id)) == 2
