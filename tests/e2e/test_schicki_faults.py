"""Schicki Micki's dealer under faults, end to end: Discord refusing a row's message or its
emojis, and a crash inside a settle window. Each failed before the dealer stored reactions as
they arrived and retried its steps."""

from __future__ import annotations

import asyncio

import pytest

from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from presentation.schicki_micki.words import EMOJI
from tests.e2e.table import Table
from tests.e2e.test_schicki_micki import open_table, result_message, wait_cards

FOREVER = -1


def warnings(table: Table, where) -> list:
    return [m for m in where if "missing a permission" in m.content]


@pytest.mark.asyncio
async def test_refused_emojis_stop_nothing_and_the_host_is_told_once(table):
    table.time_scale = 0.1
    await table.start()
    denied = table.server.fail("PUT /channels/*/reactions/*", status=403, times=3)
    match_id, row = await open_table(table, ["alice", "bob"])
    state = await wait_cards(table, match_id, 2)
    assert len(state["table"]) >= 2, "the dealer goes on dealing"
    assert len(denied.hits) == 3
    assert len(warnings(table, table.driver.messages("games"))) == 1
    emojis = table.driver.latest(row).reactions
    assert len(emojis) == len(EMOJI), "every emoji is on the row in the end"


@pytest.mark.asyncio
async def test_a_refused_row_message_is_retried_and_the_host_told_privately(table):
    table.time_scale = 0.1
    await table.start()
    driver = table.driver
    # Neither the row's message nor a note in the channel can be sent: the host hears by DM.
    denied = table.server.fail("POST /channels/*/messages", status=403, times=2)
    opened = await driver.slash("alice", "games", "schicki new")
    await driver.click("bob", opened.message, label="Join")
    mark = driver.mark()
    await driver.click("alice", opened.message, label="Start")
    row = await driver.wait_for_message(lambda m: "row 1" in m.content, channel="games",
                                        since=mark, timeout=10)
    assert len(denied.hits) == 2
    assert len(warnings(table, driver.dms("alice"))) == 1
    match = await table.bot.sessions.repo.open_match_in(driver.channel("games").id)
    await wait_cards(table, match.id, 1)
    assert (await table.match(match.id)).message_id == row.id


@pytest.mark.asyncio
async def test_a_crash_inside_a_settle_window_loses_no_reaction(table):
    table.time_scale = 1.0  # a settle window of 1.5 s: time enough to crash inside it
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-crash")
    state = await wait_cards(table, match_id, 1)
    reading = read_table(cards()[c] for c in state["table"])
    emoji = "✊" if reading.situation != "knock" else "🔴"  # a wrong reaction: a result either way
    before = (await table.match(match_id)).version
    assert await driver.react("alice", row, emoji)

    async def stored() -> None:
        while not await table.bot.sessions.repo.inbox(match_id):
            await asyncio.sleep(0.002)
    await asyncio.wait_for(stored(), 1)
    assert (await table.match(match_id)).version == before, "killed before it was judged"
    await table.kill()

    mark = driver.mark()
    await table.start()
    result = await result_message(driver, mark)
    assert "Alice" in result.content
    log = await table.bot.sessions.repo.action_log(match_id)
    assert (0, {"✊": "knock", "🔴": "grab:red"}[emoji]) in [(s, c) for s, c, _ in log]
    assert await table.bot.sessions.repo.inbox(match_id) == []
    # Her emoji was cleared at the restart: she can react with it again, and it arrives.
    assert driver.user("alice").id not in driver.latest(row).reactions.get(emoji, [])
    await wait_cards(table, match_id, len((await table.match(match_id)).state["table"]) + 1)
    assert await driver.react("alice", row, emoji)


@pytest.mark.asyncio
async def test_without_manage_messages_the_host_is_told_once_and_the_game_goes_on(table):
    """Players' reactions cannot be taken off between rows: the host learns why nobody can
    call the same way twice in a row, once, and the dealer deals on."""
    table.time_scale = 0.1
    await table.start()
    driver = table.driver
    refused = table.server.fail("DELETE /channels/*/reactions/*", status=403, times=FOREVER)
    mark = driver.mark()
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-crash")
    state = await wait_cards(table, match_id, 1)
    reading = read_table(cards()[c] for c in state["table"])
    emoji = "✊" if reading.situation != "knock" else "🔴"
    assert await driver.react("alice", row, emoji)
    await result_message(driver, mark)
    dealt = len((await table.match(match_id)).state["table"])
    await wait_cards(table, match_id, dealt + 1)  # the next row is dealt all the same
    assert refused.hits
    told = [m for m in driver.messages("games") if "Manage Messages" in m.content]
    assert len(told) == 1 and f"<@{driver.user('alice').id}>" in told[0].content
    assert f"#{match_id}" in told[0].content
