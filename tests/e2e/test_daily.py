"""The daily challenge end to end: /daily deals the day's solo MIMIC deal, the same for two
players on the same UTC day and another tomorrow; one try a day; the result and the streak go
on the server's board when the game (played through the real commands, moves chosen by the
MIMIC computer) finishes; a restart keeps it all."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from typing import cast

import pytest

from bot.games.core import apply_checked
from cogs.daily import Daily
from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_mimic import RULES, decide, moved_on, perform, settle

DAY = dt.datetime(2026, 12, 2, 8, 0, tzinfo=dt.UTC).timestamp()
ONE_DAY = 24 * 3600.0
FOREVER = -1  # a fault that never wears off


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def start(table: Table, clock: Clock) -> None:
    await table.start()
    # The extension's class: loading it imports its module afresh, so isinstance would not do.
    cog = cast(Daily, table.bot.get_cog("Daily"))
    cog.daily.clock = clock


async def take(table: Table, user: str, channel: str) -> int:
    """/daily in ``channel``: the public line names the game; its board follows."""
    taken = await table.driver.slash(user, channel, "daily")
    assert taken.ok and not taken.ephemeral, taken
    assert taken.message is not None
    assert "Daily challenge" in taken.message.content, taken.message.content
    match_id = game_id(taken.message.content)
    await table.driver.wait_for_message(
        lambda m: f"#{match_id}" in m.content and "lay cards" in m.content, channel=channel)
    await table.idle()
    return match_id


async def told(table: Table, user: str, channel: str = "games", **options) -> str:
    result = await table.driver.slash(user, channel, "daily", **options)
    if not ephemeral_text(result):
        await result.wait_followups(1)
    return ephemeral_text(result)


async def board(table: Table, user: str = "carol", **options) -> str:
    """The board /daily shows: its text (the picture beside it is checked to be there)."""
    shown = await table.driver.slash(user, "general", "daily", **(options or {"board": True}))
    await shown.wait_followups(1)
    message = shown.followups[0]
    assert [a.filename for a in message.attachments] == ["daily-board.png"], message
    return message.content


def result_line(message) -> bool:
    return message.content.startswith("📅") and "placed" in message.content


def rows(text: str) -> list[list[str]]:
    return [line.split() for line in text.split("```")[1].strip().splitlines()[1:]]


@pytest.mark.asyncio
async def test_the_daily_deal_one_try_the_board_and_the_streak(table):
    clock = Clock(DAY)
    await start(table, clock)
    driver = table.driver

    # Two players, two channels, the same day: the same deal.
    alice = await take(table, "alice", "games")
    bob = await take(table, "bob", "lobby")
    first = (await table.match(alice)).state
    assert first == (await table.match(bob)).state and first["mode"] == "solo"
    assert (await table.match(alice)).seed == "daily-2026-12-02"

    # One try a day: a second /daily says where the try stands, privately.
    again = await driver.slash("alice", "off-topic", "daily")
    assert again.ephemeral and f"already (game #{alice})" in again.content, again.content
    assert (await table.match(alice)).status == "active"
    assert "playing" in (await board(table)).split("```")[1]

    # Alice plays hers through (the MIMIC computer chooses her moves).
    rng = random.Random(3)
    board_message = next(m for m in driver.messages("games")
                         if f"#{alice}" in m.content and "lay cards" in m.content)
    for _ in range(400):
        match = await settle(table, alice, {0: "alice"})
        if match.status != "active":
            break
        code = decide(match.state, 0, rng)
        answer = await perform(table, "alice", board_message, code)
        await moved_on(table, alice, match.version, (code, answer))
    else:
        raise AssertionError("the daily game did not end")
    await table.idle()
    cubes = RULES.outcome(match.state).scores[0]
    # Under the game's own end announcement, its place on the day's board and the streak.
    unit = "cube" if cubes == 1 else "cubes"
    line = await driver.wait_for_message(result_line, channel="games")
    assert line.content == (f"📅 **Daily challenge 2026-12-02**: Alice placed {cubes} {unit},"
                            " #1 of 1 here today. Streak: 1 day."), line.content
    ended = next(m for m in driver.messages("games") if m.content.startswith("**MIMIC")
                 and f"#{alice}" in m.content and m.id != board_message.id)
    assert ended.id < line.id

    shown = await board(table)
    assert "Daily challenge 2026-12-02" in shown and "Your streak: 0 days." in shown
    assert rows(shown) == [["1", "Alice", str(cubes), "1"], ["-", "Bob", "playing", "0"]]
    done = await told(table, "alice")
    assert f"already: {cubes} cube" in done and "streak 1 day." in done, done

    # A restart keeps the tries, the result and the streak.
    await table.kill()
    await start(table, clock)
    assert await board(table) == shown
    assert (await told(table, "alice")) == done
    assert "already" in await told(table, "bob", "lobby")
    assert [m for m in driver.messages("games") if result_line(m)] == [line]

    # Tomorrow: another deal, a new try, the streak still alive until it is over.
    clock.now += ONE_DAY
    tomorrow = await take(table, "alice", "games")
    match = await table.match(tomorrow)
    assert match.seed == "daily-2026-12-03" and match.state != first
    shown = await board(table, "alice")
    assert "Daily challenge 2026-12-03" in shown and "Bob" not in shown
    assert rows(shown) == [["-", "Alice", "playing", "1"]]
    assert "Your streak: 1 day." in shown

    # Yesterday's board is still there to see.
    before = await board(table, "alice", days_ago=1)
    assert "Daily challenge 2026-12-02" in before
    assert rows(before) == [["1", "Alice", str(cubes), "1"], ["-", "Bob", "playing", "0"]]


@pytest.mark.asyncio
async def test_a_crash_before_the_result_line_posts_it_once_after_the_restart(table):
    clock = Clock(DAY)
    await start(table, clock)
    driver = table.driver
    match_id = await take(table, "alice", "games")
    board_message = next(m for m in driver.messages("games")
                         if f"#{match_id}" in m.content and "lay cards" in m.content)
    alice = driver.user("alice").id
    sessions = table.bot.sessions
    rng = random.Random(8)
    # Moves straight to the session service (the commands are the other test's) up to the one
    # that ends the game; that one as a player makes it, so the bot's own tasks carry it on.
    for _ in range(400):
        match = await table.match(match_id)
        code = decide(match.state, 0, rng)
        step = apply_checked(RULES, match.state, seed=match.seed, version=match.version, seat=0,
                             action=code, seen_version=None)
        if step.outcome is not None:
            break
        await sessions.submit(match_id, alice, code, None)
    else:
        raise AssertionError("the daily game did not end")
    await table.idle()
    # Discord refuses the final board: the bot dies before its end or the result line is out.
    table.server.fail(f"PATCH /channels/*/messages/{board_message.id}", status=403,
                      times=FOREVER)
    await perform(table, "alice", board_message, code)
    await table.kill()
    table.server.faults.clear()
    assert not [m for m in driver.messages("games") if result_line(m)]

    await start(table, clock)
    line = await driver.wait_for_message(result_line, channel="games")
    assert "Alice placed" in line.content and "#1 of 1" in line.content, line.content
    ended = next(m for m in driver.messages("games") if m.content.startswith("**MIMIC")
                 and "game over" in m.content and m.id != board_message.id)
    assert ended.id < line.id
    await table.kill()
    await start(table, clock)
    await asyncio.sleep(0.2)
    assert [m for m in driver.messages("games") if result_line(m)] == [line], "only once"
