"""Schicki Micki played fair, end to end: only players stop the dealer, a click belongs to its
row, and every reaction that cannot count is answered (buttons) or taken off (emoji)."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import re

import pytest

from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.spec import PAST_ROW, TOO_EARLY
from bot.games.schicki_micki.table import read_table
from bot.i18n import words
from cogs.schicki_micki.button import OLD_BUTTONS
from tests.double import interactions as ix
from tests.e2e.table import Table, ephemeral_text
from tests.e2e.test_schicki_micki import open_table, result_message, seed_with, wait_cards
from tests.waiting import until

EN = words("en")  # the test server and its players speak English


async def told(result) -> str:
    if not ephemeral_text(result):
        await result.wait_followups(1)
    return ephemeral_text(result)


async def win_a_row(table: Table, match_id: int, row, user: str, dealt: int):
    """Press the right call when the seeded card shows it; return the table message once it
    shows the result (and the next row's number)."""
    driver = table.driver
    state = await wait_cards(table, match_id, dealt)
    correct = read_table(cards()[c] for c in state["table"]).correct
    mark = driver.mark()
    assert (await driver.click(user, row, custom_id=rf"mr:{match_id}:(?:[0-9]+:)?{correct}")).ok
    return await driver.wait_for_message(lambda m: "row 2" in m.content, channel="games",
                                         since=mark, timeout=15, edits=True)


@pytest.mark.asyncio
async def test_a_spectator_neither_stops_the_dealer_nor_keeps_the_emoji(table):
    table.time_scale = 0.3  # a card every 0.75 s; a settle window of 1.5 s (settle=5)
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-spectator", settle=5.0)
    state = await wait_cards(table, match_id, 1)
    assert await driver.react("dave", row, "✊")
    dave = driver.user("dave").id
    await until(lambda: dave not in driver.latest(row).reactions.get("✊", []))
    # Refused as it came: no settle window waits on it (a player's reaction would wait in the
    # dealer until the window closes, and be stored against a restart meanwhile).
    dealer = table.bot.get_cog("SchickiMicki").dealer  # type: ignore[union-attr]
    assert not dealer.tables[match_id].waiting
    assert await table.bot.sessions.repo.inbox(match_id) == []
    await wait_cards(table, match_id, len(state["table"]) + 1)  # and the dealing goes on
    log = await table.bot.sessions.repo.action_log(match_id)
    assert all(code == "deal" for _, code, _ in log)


@pytest.mark.asyncio
async def test_a_second_reaction_after_a_final_one_is_taken_off(table):
    table.time_scale = 0.3
    await table.start()
    driver = table.driver
    seed, dealt = seed_with("knock", players=2)  # a right knock wins the row: no emoji reset
    match_id, row = await open_table(table, ["alice", "bob"], seed=seed)
    await wait_cards(table, match_id, dealt)
    mark = driver.mark()
    await driver.react_burst([("alice", row, "✊"), ("alice", row, "🔴")])
    result = await result_message(driver, mark)
    judged = [line for line in result.content.splitlines()[1:] if line[0].isdigit()]
    assert len(judged) == 1 and "knocks" in judged[0] and "wins" in judged[0]
    assert (await table.match(match_id)).state["row"] == 2
    alice = driver.user("alice").id
    await until(lambda: alice not in driver.latest(row).reactions.get("🔴", []))


@pytest.mark.asyncio
async def test_a_click_in_the_countdown_is_answered(table):
    table.time_scale = 1.0  # a countdown of 3 s
    await table.start()
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-early", input="buttons")
    early = await table.driver.click("bob", row, custom_id=rf"mr:{match_id}:(?:[0-9]+:)?knock")
    assert await told(early) == EN(TOO_EARLY)
    assert await table.bot.sessions.repo.action_log(match_id) == []


@pytest.mark.asyncio
async def test_a_click_between_rows_is_refused_and_the_table_keeps_its_buttons(table):
    """One table message for the whole game: a won row leaves its buttons on it, and a click
    that comes before the next row's first card is refused, privately, and judged by nobody."""
    table.time_scale = 0.3  # a countdown of 0.9 s
    await table.start()
    driver = table.driver
    seed, dealt = seed_with("call", players=2)
    match_id, row = await open_table(table, ["alice", "bob"], seed=seed, input="buttons")
    shown = await win_a_row(table, match_id, row, "alice", dealt)
    assert shown.id == row.id and list(driver.latest(row).iter_components())
    before = await table.match(match_id)
    assert before.state["row"] == 2 and not before.state["table"]
    clicked = await driver.click("bob", row, custom_id=rf"mr:{match_id}:(?:[0-9]+:)?knock")
    # Refused by the dealer while the row's countdown runs, by the rules once it ran out and
    # the first card is not dealt yet (a busy machine can judge the click that late): either
    # way, nothing lies on the table.
    assert await told(clicked) in (EN(TOO_EARLY), EN("schicki.rule.wait"))
    await wait_cards(table, match_id, 1)
    after = await table.match(match_id)
    assert after.state["won"] == before.state["won"] and after.message_id == row.id
    log = await table.bot.sessions.repo.action_log(match_id)
    assert [code for seat, code, _ in log if seat == 1] == []
    tables = [m for m in driver.messages("games") if m.attachments]
    assert [m.id for m in tables] == [row.id], "one table message for the game"


@pytest.mark.asyncio
async def test_a_click_on_another_message_is_refused(table):
    """A click whose message is not the game's table (a client still showing the lobby's old
    buttons, say) is refused, privately."""
    table.time_scale = 0.3
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], input="buttons")
    await wait_cards(table, match_id, 1)
    lobby = next(m for m in driver.messages("games") if m.id != row.id)
    stale = {"custom_id": f"mr:{match_id}:knock", "component_type": 2}
    result = await driver._interact(ix.COMPONENT, "bob", driver.channel("games"), stale,
                                    message=lobby)
    assert await told(result)
    log = await table.bot.sessions.repo.action_log(match_id)
    assert all(code == "deal" for _, code, _ in log), "nobody judged it"


def as_posted(message, version):
    """``message`` as a client still showing an older ``version`` of it sends it along."""
    return dataclasses.replace(message, versions=[version])


async def react_on(table: Table, match_id: int, row: int):
    """Wait until the row's table calls for some reaction; return it."""
    async def ready() -> str:
        while True:
            state = (await table.match(match_id)).state
            assert state is not None
            correct = read_table(cards()[c] for c in state["table"]).correct
            if state["row"] == row and correct is not None and state["phase"] == "dealing":
                return correct
            await asyncio.sleep(0.005)
    return await asyncio.wait_for(ready(), 30)


@pytest.mark.asyncio
async def test_a_button_of_an_earlier_row_is_refused_in_the_next(table):
    """Row 1's buttons pressed again while row 2 is dealt (the id a client kept, with the
    message as it saw it, or with the message as it is now) count for nothing: each is refused
    privately, and row 2 is not won by them."""
    table.time_scale = 0.3
    await table.start()
    driver = table.driver
    seed, dealt = seed_with("call", players=2)
    match_id, row = await open_table(table, ["alice", "bob"], seed=seed, input="buttons")
    await wait_cards(table, match_id, 1)
    row_one = driver.latest(row).latest  # the table message as it stood in row 1
    await win_a_row(table, match_id, row, "alice", dealt)
    before = await table.match(match_id)
    correct = await react_on(table, match_id, 2)
    old_id = next(c["custom_id"] for c in as_posted(driver.latest(row), row_one).iter_components()
                  if c.get("custom_id", "").endswith(f":{correct}"))
    pressed = {"custom_id": old_id, "component_type": 2}
    games = driver.channel("games")
    kept = await driver._interact(ix.COMPONENT, "bob", games, pressed,
                                  message=as_posted(driver.latest(row), row_one))
    now = await driver._interact(ix.COMPONENT, "alice", games, pressed, message=row)
    assert await told(kept) == EN(PAST_ROW)
    assert await told(now) == EN("ui.moved_on")
    await wait_cards(table, match_id, len((await table.match(match_id)).state["table"]) + 1)
    after = await table.match(match_id)
    assert after.state["row"] == 2 and after.state["won"] == before.state["won"]
    log = await table.bot.sessions.repo.action_log(match_id)
    assert [code for seat, code, _ in log if seat >= 0][1:] == [], "only row 1's call judged"


@pytest.mark.asyncio
async def test_a_button_posted_before_buttons_named_their_row_is_answered(table):
    """A table message still showing buttons from before they named their row: a press is
    answered privately (and judged by nobody) rather than left without an answer."""
    table.time_scale = 0.3
    await table.start()
    driver = table.driver
    match_id, row = await open_table(table, ["alice", "bob"], input="buttons")
    await wait_cards(table, match_id, 1)
    version = copy.deepcopy(driver.latest(row).latest)
    for component in as_posted(driver.latest(row), version).iter_components():
        if "custom_id" in component:
            component["custom_id"] = re.sub(r"^(mr:[0-9]+):(?:[0-9]+:)?", r"\1:",
                                            component["custom_id"])
    old = f"mr:{match_id}:knock"
    result = await driver._interact(ix.COMPONENT, "bob", driver.channel("games"),
                                    {"custom_id": old, "component_type": 2},
                                    message=as_posted(driver.latest(row), version))
    assert await told(result) == EN(OLD_BUTTONS)
    log = await table.bot.sessions.repo.action_log(match_id)
    assert all(code == "deal" for _, code, _ in log), "nobody judged it"
