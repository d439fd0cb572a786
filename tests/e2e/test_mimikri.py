"""Mimikri end to end: the real bot, through the fake Discord, driven only by slash commands and
button clicks — a whole game, a crash mid-game, bad input, and Discord failing on us."""

from __future__ import annotations

import asyncio
import io
import json
import re

import pytest
from PIL import Image

from bot.db import leaderboards
from bot.games import REGISTRY
from bot.games.mimikri.rules import ANIMALS
from rendering.mimikri import result as mimikri_result
from tests.double import interactions as ix
from tests.double.driver import InteractionRejected
from tests.e2e.table import Table, ephemeral_text, game_id

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

RULES = REGISTRY["mimikri"]
BUTTERFLY_KEY = re.compile(r"\b(" + "|".join(ANIMALS) + r"):[NESW]\b")
POSITION = re.compile(r"\b[A-D][1-5]\b")


async def open_game(table: Table, *humans: str, computers: int = 0, timer: int = 0):
    """`/mimikri new` by the first human, the others join, computers added, the host starts."""
    driver = table.driver
    host = humans[0]
    opened = await driver.slash(host, "games", "mimikri new", subjects=4, turn_timer=timer)
    assert opened.ok and not opened.ephemeral, opened
    board = opened.message
    assert board is not None
    match_id = game_id(board.content)
    for name in humans[1:]:
        joined = await driver.click(name, board, label="Join")
        assert "joined" in ephemeral_text(joined)
    for _ in range(computers):
        await driver.click(host, board, label="Add computer (normal)")
    started = await driver.click(host, board, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    return board, match_id


async def move(table: Table, user: str, board, label: str, match_id: int) -> None:
    """Click a board button and wait until the move is stored and the board redrawn."""
    before = (await table.match(match_id)).version
    result = await table.driver.click(user, board, label=label)
    assert result.ok, result

    async def stored() -> None:
        while (await table.match(match_id)).version == before:
            await asyncio.sleep(0.005)
    await asyncio.wait_for(stored(), 5)
    await table.idle()


def choose(state: dict) -> str:
    """A sensible move for the seat to act: a legal, uncollected orientation, or the card that
    holds the wanted butterfly half of the time (players remember some cards)."""
    seat = min(RULES.active_seats(state))
    legal = RULES.legal_actions(state, seat)
    if state["phase"] == "orient":
        taken = {k for pile in state["collected"] for k in pile}
        fresh = [a for a in legal if f"{state['subject']}:{a[-1]}" not in taken]
        return (fresh or legal)[0][-1]
    wanted = f"{state['subject']}:{state['orientation']}"
    right = next(a for a in legal if state["layout"][a[7:]] == wanted)
    return right[7:] if state["version_hint"] % 2 else legal[0][7:]


async def play_to_end(table: Table, board, match_id: int, users: dict[int, str]) -> None:
    for _ in range(400):
        match = await table.match(match_id)
        if match.status != "active":
            return
        assert match.state is not None
        seat = min(RULES.active_seats(match.state))
        state = {**match.state, "version_hint": match.version}
        await move(table, users[seat], board, choose(state), match_id)
    raise AssertionError("the game did not end")


@pytest.mark.asyncio
async def test_a_whole_game_two_users_and_a_computer(table):
    driver = table.driver
    board, match_id = await open_game(table, "alice", "bob", computers=1)
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    final = driver.latest(board)
    assert "game over" in final.content
    assert not list(final.iter_components()), "a finished board keeps no buttons"

    # The board is one message, edited in place, its picture replaced at every move.
    pngs = [v.attachments[0].data for v in final.versions if v.attachments]
    assert len(pngs) > 16 and len(set(pngs)) > 16
    assert {Image.open(io.BytesIO(png)).size for png in pngs[:-1]} == {(1000, 1268)}
    # The last picture is the result card, as tall as its seats and winners make it.
    finished = await table.match(match_id)
    card = (1000, mimikri_result.height(RULES.view(finished.state, None)))
    assert Image.open(io.BytesIO(pngs[-1])).size == card, "the result card"
    board_and_news = driver.messages("games")
    assert board_and_news[0].id == board.id and len(board_and_news) == 2
    assert "game over" in board_and_news[1].content, "the end is announced in a new message"

    # Memory-honest: no version of the log ever names a butterfly, nor puts a position and an
    # animal on one line.
    for version in final.versions:
        assert not BUTTERFLY_KEY.search(version.content)
        for line in version.content.splitlines():
            assert not (POSITION.search(line) and any(a in line for a in ANIMALS)), line

    # Both humans are on the leaderboard (rated), the computer is not.
    shown = await driver.slash("alice", "games", "leaderboard", game="mimikri")
    assert shown.ok and shown.followups and shown.followups[0].attachments
    # Nothing is only in the picture: the same table is the message's text.
    table_text = shown.followups[0].content.split("```")[1]
    assert "Alice" in table_text and "Bob" in table_text and "rating" in table_text
    rows = await leaderboards.board(table.bot.sessions.repo, table.server.world.guild.id, "mimikri")
    assert {r.name for r in rows} == {"Alice", "Bob"}
    assert all(r.mu is not None for r in rows)
    stats = await driver.slash("bob", "games", "stats")
    assert stats.followups and stats.followups[0].attachments
    assert "**Mimikri**: #" in stats.followups[0].content


@pytest.mark.asyncio
async def test_restart_mid_game_loses_nothing(table):
    driver = table.driver
    board, match_id = await open_game(table, "alice", "bob")
    users = {0: "alice", 1: "bob"}
    for _ in range(5):
        match = await table.match(match_id)
        seat = min(RULES.active_seats(match.state))
        await move(table, users[seat], board, choose({**match.state, "version_hint": 0}), match_id)
    before = await table.match(match_id)
    edits = len(driver.latest(board).versions)

    await table.kill()
    # A click while the bot is down is not delivered: Discord tells the user it failed.
    seat = min(RULES.active_seats(before.state))
    label = choose({**before.state, "version_hint": 1})
    down = await driver.click(users[seat], board, label=label)
    assert down.status == "not_delivered"

    await table.start()
    after = await table.match(match_id)
    assert (after.version, after.state) == (before.version, before.state)
    # It showed the stored game already: the restart leaves it (tests/e2e/test_restart_boards.py).
    assert len(driver.latest(board).versions) == edits, "a current board is not drawn again"
    # The old message's buttons still work, and the click that failed can be made again.
    await move(table, users[seat], board, label, match_id)
    assert (await table.match(match_id)).version == before.version + 1
    await play_to_end(table, board, match_id, users)
    assert (await table.match(match_id)).status == "finished"


@pytest.mark.asyncio
async def test_bad_input_gets_a_reason_and_changes_nothing(table):
    driver = table.driver
    board, match_id = await open_game(table, "alice", "bob")
    before = await table.match(match_id)

    async def told(result) -> str:
        if not ephemeral_text(result):
            await result.wait_followups(1)
        return ephemeral_text(result)

    # A stranger, and a player out of turn.
    assert "not playing" in await told(await driver.click("carol", board, label="N"))
    assert "Alice's turn" in await told(await driver.click("bob", board, label="N"))
    # A forged id and an outdated one (as from a board that has moved on).
    channel = driver.channel("games")
    forged = {"custom_id": "mg:1:0:steal:everything!", "component_type": 2}
    result = await driver._interact(ix.COMPONENT, "alice", channel, forged, message=board)
    assert "isn't one I know" in result.content and result.ephemeral
    stale = {"custom_id": f"mg:{match_id}:{before.version + 7}:orient:N", "component_type": 2}
    result = await driver._interact(ix.COMPONENT, "alice", channel, stale, message=board)
    assert "moved on" in result.content and result.ephemeral
    # Lobby buttons of a started game, and a second game in the same channel.
    again = await driver.slash("bob", "games", "mimikri new")
    assert again.ephemeral and f"Mimikri (game #{match_id}) is already running" in again.content
    after = await table.match(match_id)
    assert (after.version, after.state) == (before.version, before.state)

    # Double clicks racing each other: one move is taken, the other is told the board moved on.
    clicks = await asyncio.gather(driver.click("alice", board, label="N"),
                                  driver.click("alice", board, label="N"))
    await clicks[0].wait_until(lambda _: sum(len(c.followups) for c in clicks) >= 1)
    texts = [m.content for c in clicks for m in c.followups]
    assert len(texts) == 1 and "moved on" in texts[0], texts
    assert (await table.match(match_id)).version == before.version + 1
    await table.idle()  # the move is stored; now its redraw

    # A wrong card stays face up for the round: its button is disabled, no one can turn it.
    state = (await table.match(match_id)).state
    wanted = f"{state['subject']}:{state['orientation']}"
    wrong = next(p for p, key in state["layout"].items() if key != wanted)
    await move(table, "alice", board, wrong, match_id)
    with pytest.raises(InteractionRejected, match="disabled"):
        await driver.click("bob", board, label=wrong)


@pytest.mark.asyncio
async def test_rate_limited_board_edit_ends_on_the_latest_state(table):
    driver = table.driver
    board, match_id = await open_game(table, "alice", "bob")
    limited = table.server.fail(f"PATCH /channels/*/messages/{board.id}", status=429,
                                retry_after=0.3, times=2)
    users = {0: "alice", 1: "bob"}
    for _ in range(3):
        match = await table.match(match_id)
        seat = min(RULES.active_seats(match.state))
        await move(table, users[seat], board, choose({**match.state, "version_hint": 0}), match_id)
    assert len(limited.hits) == 2, "the edits were rate limited"
    final = await table.match(match_id)
    assert f"mg:{match_id}:{final.version}:" in str(
        [c.get("custom_id") for c in driver.latest(board).iter_components()])


@pytest.mark.asyncio
async def test_leaderboard_falls_back_to_text_without_attach_files(table):
    driver = table.driver
    board, match_id = await open_game(table, "alice", "bob")
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    table.server.fail("POST /webhooks/*", status=403, times=1)
    shown = await driver.slash("alice", "games", "leaderboard")
    await shown.wait_until(lambda r: any("```" in m.content for m in r.messages))
    text = next(m.content for m in shown.messages if "```" in m.content)
    assert "Alice" in text and "Bob" in text and "rating" in text


@pytest.mark.asyncio
async def test_turn_timer_reminds_then_a_computer_moves(table):
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimikri new", turn_timer=1)
    board = opened.message
    match_id = game_id(board.content)
    await driver.click("bob", board, label="Join")
    # A minute is the shortest timer a player can ask for; the test shortens it in storage.
    # Read, changed in Python and written back: the same on SQLite and PostgreSQL.
    options = {**(await table.match(match_id)).options, "turn_timer": 0.4}
    await table.bot.sessions.repo.execute(
        "UPDATE matches SET options = ? WHERE id = ?", (json.dumps(options), match_id))
    mark = driver.mark()
    await driver.click("alice", board, label="Start")
    alice = driver.user("alice")
    ping = await driver.wait_for_message(lambda m: "⏰" in m.content, channel="games",
                                         since=mark)
    assert f"<@{alice.id}>" in ping.content and "left before a computer" in ping.content
    await driver.wait_for_message(lambda m: m.id == board.id and "ran out of time" in m.content,
                                  edits=True, since=mark)
    assert (await table.match(match_id)).version >= 1

    listed = await driver.slash("bob", "games", "game list")
    assert listed.ephemeral and f"#{match_id}" in listed.content
    refused = await driver.slash("bob", "games", "game cancel")
    assert "Only the host" in refused.content
    cancelled = await driver.slash("alice", "games", "game cancel")
    assert "cancelled" in cancelled.content
    await driver.wait_for_message(lambda m: m.id == board.id and "was cancelled" in m.content,
                                  edits=True, since=mark)
    assert (await table.match(match_id)).status == "cancelled"


@pytest.mark.asyncio
async def test_help_rules_preview_and_leaving_a_running_game(table):
    driver = table.driver
    helped = await driver.slash("carol", "games", "help")
    assert helped.ephemeral and "/mimikri new" in helped.content
    rules = await driver.slash("carol", "games", "mimikri rules")
    assert rules.ephemeral and rules.attachments and "camera" in rules.content
    board, match_id = await open_game(table, "alice", "bob")
    preview = await driver.click("bob", board, label="Preview")  # anyone may look: public info
    await preview.wait_settled()
    assert preview.ephemeral and preview.attachments and "edge by edge" in preview.content
    # Bob leaves: a computer takes his seat and plays his turns from then on.
    left = await driver.slash("bob", "games", "game leave")
    assert "computer player took your seat" in left.content
    seats = await table.bot.sessions.repo.seats(match_id)
    assert seats[1].is_computer and seats[1].user_id == driver.user("bob").id
    await play_to_end(table, board, match_id, {0: "alice"})
    assert (await table.match(match_id)).status == "finished"
    rows = await leaderboards.board(table.bot.sessions.repo, table.server.world.guild.id, "mimikri")
    # Alice's game counts; with one human left it rates nobody; Bob's seat was the computer's.
    assert [(r.name, r.games, r.mu) for r in rows] == [("Alice", 1, None)]
