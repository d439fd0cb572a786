"""Schicki Micki's one table message per game, end to end: the bot's emojis added once, each
row's result written into the message, the players' reactions taken off between rows (so the
same emoji can be used again, and an old row's reaction never counts), a few Discord calls per
row, and all of it through failed calls, a deleted message and a restart."""

from __future__ import annotations

import asyncio

import pytest

from bot.db.rows import MatchRow
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from presentation.schicki_micki.words import EMOJI, SAY
from tests.double import messaging
from tests.e2e.table import Table
from tests.e2e.test_schicki_micki import open_table, result_message, wait_cards
from tests.waiting import until

MAX_CALLS_PER_ROW = 5


def players_on(table: Table, message_id: int) -> set[int]:
    """Who but the bot has a reaction on the message now."""
    me = table.server.world.bot_user.id
    return {u for users in table.driver.latest(message_id).reactions.values()
            for u in users if u != me}


def bot_emojis(table: Table) -> list:
    return [a for a in table.driver.actions if a.kind == "reaction_add"]


async def correct_now(table: Table, match_id: int, timeout: float = 15) -> tuple[str, MatchRow]:
    """Wait for a card that asks for a reaction, and its board; returns (emoji, match)."""
    async def ready():
        while True:
            match = await table.match(match_id)
            state = match.state
            if state["phase"] == "dealing" and state["table"]:
                correct = read_table(cards()[c] for c in state["table"]).correct
                if correct:
                    await table.bot.publisher.drawn(match_id, match.version)
                    return SAY[correct], match
            await asyncio.sleep(0.005)
    return await asyncio.wait_for(ready(), timeout)


async def win_row(table: Table, match_id: int, user: str) -> tuple[object, int]:
    """React right on the next card that asks for it; returns the result and the Discord calls
    from the reaction until the next row's first card is shown."""
    driver = table.driver
    emoji, match = await correct_now(table, match_id)
    assert match.message_id is not None and match.state is not None  # dealt at its table
    before, mark = len(table.server.requests), driver.mark()
    assert await driver.react(user, match.message_id, emoji), \
        "the emoji is free: the last row's reactions were taken off"
    result = await result_message(driver, mark)
    row = match.state["row"]

    async def next_card():
        while True:
            now = await table.match(match_id)
            if now.status != "active" or (now.state["row"] > row and now.state["table"]):
                await table.bot.publisher.drawn(match_id, now.version)
                return
            await asyncio.sleep(0.005)
    await asyncio.wait_for(next_card(), 15)
    return result, len(table.server.requests) - before


@pytest.mark.asyncio
async def test_one_table_message_for_rows_with_their_results_in_it(table):
    table.time_scale = 0.1
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-one")
    calls = []
    for n, user in enumerate(["alice", "bob", "alice", "bob"]):
        result, used = await win_row(table, match_id, user)
        calls.append(used)
        assert result.message.id == row.id, "the result is in the table message"
        assert result.content.startswith(f"**Row {n + 1}**") and user.title() in result.content
        assert result.message.attachments, "with its picture"
        assert f"row {n + 2} starts in a moment" in result.content
        await until(lambda: not players_on(table, row.id))
    match = await table.match(match_id)
    assert match.message_id == row.id and match.state["row"] == 5
    tables = [m for m in driver.messages("games") if m.attachments]
    assert [m.id for m in tables] == [row.id], "one table message, no result messages"
    assert len(driver.messages("games")) == 2, "the lobby and the table"
    lobby = driver.messages("games")[0]
    assert "the table is below" in lobby.content and not lobby.attachments
    assert len(bot_emojis(table)) == len(EMOJI), "the bot's emojis were added once"
    assert len(driver.latest(row).reactions) == len(EMOJI)
    assert max(calls) <= MAX_CALLS_PER_ROW, calls


@pytest.mark.asyncio
async def test_a_reaction_from_the_last_row_or_between_rows_never_counts(table):
    table.time_scale = 0.3  # a countdown of 0.9 s
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-stale")
    emoji, _match = await correct_now(table, match_id)
    mark = driver.mark()
    assert await driver.react("alice", row, emoji)
    await result_message(driver, mark)
    # Before the next row's first card: Bob's reaction is taken off and judged by nobody.
    assert (await table.match(match_id)).state["table"] == []
    assert await driver.react("bob", row, "✊")
    await until(lambda: driver.user("bob").id not in driver.latest(row).reactions.get("✊", []))
    await until(lambda: not players_on(table, row.id))
    await wait_cards(table, match_id, 1)
    await asyncio.sleep(0.3)
    log = await table.bot.sessions.repo.action_log(match_id)
    assert [code for seat, code, _ in log if seat == 1] == []


@pytest.mark.asyncio
async def test_a_wrong_reaction_is_taken_off_so_it_can_be_given_again(table):
    """When nobody wins the table it stays; the players' reactions still come off."""
    table.time_scale = 0.3
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-again")
    state = await wait_cards(table, match_id, 1)
    wrong = "✊" if read_table(cards()[c] for c in state["table"]).situation != "knock" else "🔴"
    mark = driver.mark()
    assert await driver.react("alice", row, wrong)
    result = await result_message(driver, mark)
    assert "same dealer goes on" in result.content
    await until(lambda: not players_on(table, row.id))
    laid = len((await table.match(match_id)).state["table"])
    await wait_cards(table, match_id, laid + 1)
    mark = driver.mark()
    assert await driver.react("alice", row, wrong), "her emoji is free again"
    await result_message(driver, mark)


@pytest.mark.asyncio
async def test_failed_removals_and_edits_are_tried_again(table):
    table.time_scale = 0.1
    await table.start()
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-faults")
    removals = table.server.fail("DELETE /channels/*/messages/*/reactions/*/*", status=500,
                                 times=2)
    edits = table.server.fail(f"PATCH /channels/*/messages/{row.id}", status=500, times=1)
    await win_row(table, match_id, "alice")
    assert len(removals.hits) == 2 and len(edits.hits) == 1
    await until(lambda: not players_on(table, row.id))
    result, _ = await win_row(table, match_id, "alice")  # the same emoji may come again
    assert result.message.id == row.id
    assert len(bot_emojis(table)) == len(EMOJI)


@pytest.mark.asyncio
async def test_a_deleted_table_is_posted_again_with_its_emojis(table):
    table.time_scale = 0.1
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-deleted")
    await wait_cards(table, match_id, 1)
    messaging.delete_message(table.server, table.server.world.message(row.id), source="user")

    async def moved():
        while (await table.match(match_id)).message_id == row.id:
            await asyncio.sleep(0.01)
    await asyncio.wait_for(moved(), 10)
    new = (await table.match(match_id)).message_id
    await until(lambda: len(driver.latest(new).reactions) == len(EMOJI))
    result, _ = await win_row(table, match_id, "bob")
    assert result.message.id == new


@pytest.mark.asyncio
async def test_a_restart_between_rows_takes_the_reactions_off_and_goes_on(table):
    table.time_scale = 0.3
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-restart")
    emoji, _ = await correct_now(table, match_id)
    # Discord fails every removal until the restart: Alice's reaction stays on the message.
    removals = table.server.fail("DELETE /channels/*/messages/*/reactions/*/*", status=500,
                                 times=-1)
    mark = driver.mark()
    assert await driver.react("alice", row, emoji)
    await result_message(driver, mark)
    await until(lambda: bool(removals.hits))
    await table.kill()
    assert players_on(table, row.id)
    removals.times = len(removals.hits)  # Discord works again
    await table.start()
    await until(lambda: not players_on(table, row.id))
    result, _ = await win_row(table, match_id, "alice")
    assert result.message.id == row.id
    assert [m.id for m in driver.messages("games") if m.attachments] == [row.id]
    assert len(bot_emojis(table)) == len(EMOJI), "the bot's emojis stayed: none added again"
