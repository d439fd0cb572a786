"""Schicki Micki end to end: the real bot deals through the fake Discord; users react with emoji
(and buttons) in bursts whose order the gateway fixes, and the table resolves them."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from bot.games import REGISTRY
from bot.games.core import SYSTEM, apply_checked, start
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from presentation.schicki_micki.words import SAY
from tests.e2e.table import Table, game_id

RULES = REGISTRY["schicki_micki"]


def seed_with(situation: str, players: int, within: int = 14) -> tuple[str, int]:
    """A seed whose deck shows ``situation`` after some deal (and nothing stronger before it
    that a test would have to skip); returns the seed and how many cards that takes."""
    for n in range(500):
        seed = f"sm-{n}"
        state = start(RULES, seed, players, {})
        for dealt in range(1, within + 1):
            state = apply_checked(RULES, state, seed=seed, version=dealt - 1, seat=SYSTEM,
                                  action="deal", seen_version=None).state
            found = read_table(cards()[c] for c in state["table"]).situation
            if found == situation:
                return seed, dealt
            if found != "none" and found != "call":
                break
    raise AssertionError(f"no seed shows {situation}")


async def open_table(table: Table, humans: list[str], *, computers: int = 0,
                     level: str = "normal", seed: str | None = None,
                     **options) -> tuple[int, object]:
    driver = table.driver
    opened = await driver.slash(humans[0], "games", "schicki new", **options)
    assert opened.ok, opened
    assert opened.message is not None
    match_id = game_id(opened.message.content)
    for name in humans[1:]:
        await driver.click(name, opened.message, label="Join")
    for _ in range(computers):
        await driver.click(humans[0], opened.message, label=f"Add computer ({level})")
    if seed is not None:  # a known deck, so the test knows when to react
        await table.bot.sessions.repo.execute("UPDATE matches SET seed = ? WHERE id = ?",
                                              (seed, match_id))
    mark = driver.mark()
    await driver.click(humans[0], opened.message, label="Start")
    row = await driver.wait_for_message(lambda m: "row 1" in m.content, channel="games",
                                        since=mark, timeout=10)
    return match_id, row


async def wait_cards(table: Table, match_id: int, count: int, timeout: float = 15) -> dict:
    """Wait until ``count`` cards lie on the table and the board shows them."""
    async def ready() -> dict:
        while True:
            match = await table.match(match_id)
            assert match.state is not None
            if len(match.state["table"]) >= count:
                await table.bot.publisher.drawn(match_id, match.version)
                return match.state
            await asyncio.sleep(0.005)
    return await asyncio.wait_for(ready(), timeout)


RESULT_HEADS = ("**Row ", "**Řada ")  # schicki.result.head, English and Czech


def result_part(content: str) -> str:
    """The window's result inside the table message's text (from its head to the log lines)."""
    lines = content.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(RESULT_HEADS))
    return "\n".join(line for line in lines[start:] if not line.startswith("> "))


async def result_message(driver, since: int, timeout: float = 10) -> SimpleNamespace:
    """The table message's edit that shows a window's result; ``content`` is the result part,
    ``message`` the table message as that edit left it."""
    message = await driver.wait_for_message(
        lambda m: any(f"\n{head}" in m.content for head in RESULT_HEADS),
        channel="games", since=since, timeout=timeout, edits=True)
    return SimpleNamespace(message=message, content=result_part(message.content))


@pytest.mark.asyncio
async def test_a_burst_resolves_in_gateway_order(table):
    """Spec §Real time: order of arrival; rule text §Grabbing a blue figure: fewer figures than
    players, a call replaced by a later grab, a figure taken cannot be grabbed again."""
    table.time_scale = 0.3  # a card every 0.75 s: time enough to aim a burst
    await table.start()
    seed, dealt = seed_with("blue", players=3)
    match_id, row = await open_table(table, ["alice", "bob", "carol"], seed=seed)
    state = await wait_cards(table, match_id, dealt)
    reading = read_table(cards()[c] for c in state["table"])
    unpaired = next(f for f in ("umbrella", "hat", "scarf", "beak", "feathers", "worm")
                    if f not in reading.paired_features)
    driver = table.driver
    mark = driver.mark()
    seqs = await driver.react_burst([
        ("carol", row, SAY[f"call:{unpaired}"]),  # wrong, but replaced below
        ("alice", row, "🔵"),
        ("bob", row, SAY[f"call:{reading.pairs[0][0]}"]),
        ("bob", row, "🔵"),                        # a call changed into a grab
        ("carol", row, "🔵"),                      # a third grabber: only two blue figures
        ("dave", row, "🔵"),                       # not a player: ignored
    ])
    assert seqs == sorted(seqs)
    result = await result_message(driver, mark)
    lines = result.content.splitlines()[1:]
    assert [line.split(" ")[1] for line in lines[:5]] == ["Carol", "Alice", "Bob", "Bob", "Carol"]
    assert "replaced" in lines[0] and "wins a card" in lines[1]
    assert "replaced" in lines[2] and "wins a card" in lines[3] and "no figure" in lines[4]
    assert all("Dave" not in line for line in lines)
    won = (await table.match(match_id)).state["won"]
    assert [len(pile) for pile in won] == [1, 1, 0]


@pytest.mark.asyncio
async def test_wrong_reactions_alone_leave_the_table_and_the_dealer_goes_on(table):
    table.time_scale = 0.3
    await table.start()
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-wrong")
    state = await wait_cards(table, match_id, 1)
    driver = table.driver
    mark = driver.mark()
    reading = read_table(cards()[c] for c in state["table"])
    wrong = "✊" if reading.situation != "knock" else "🔴"
    await driver.react("alice", row, wrong)
    result = await result_message(driver, mark)
    assert "Alice" in result.content and "+" in result.content
    after = await table.match(match_id)
    laid = after.state["table"]
    assert after.state["row"] == 1 and laid == state["table"][: len(laid)]
    # The same table message goes on, with fresh emojis to click again.
    await wait_cards(table, match_id, len(after.state["table"]) + 1)
    assert (await table.match(match_id)).message_id == row.id


@pytest.mark.asyncio
async def test_a_whole_game_two_users_and_a_computer_then_a_restart_loses_nothing(table):
    table.time_scale = 0.02
    await table.start()
    match_id, row = await open_table(table, ["alice", "bob"], computers=1, level="hard")
    driver = table.driver
    users = ["alice", "bob"]
    restarted = False
    for turn in range(2000):
        match = await table.match(match_id)
        if match.status != "active":
            break
        state = match.state
        if not restarted and sum(map(len, state["won"])) >= 3:
            won_before = [list(pile) for pile in state["won"]]
            await table.kill()
            await table.start()
            restarted = True
            again = await table.match(match_id)
            assert [p[: len(w)] for p, w in zip(again.state["won"], won_before, strict=True)] \
                == won_before
            continue
        if state["phase"] == "dealing" and state["table"]:
            correct = read_table(cards()[c] for c in state["table"]).correct
            if correct and turn % 3:
                message = (await table.match(match_id)).message_id
                await driver.react(users[turn % 2], message, SAY[correct])
        await asyncio.sleep(0.03)
    final = await table.match(match_id)
    assert final.status == "finished" and restarted
    assert sum(RULES.outcome(final.state).scores) > 0
    await driver.wait_for_message(lambda m: "game over" in m.content, channel="games")
    # One table message through the whole game and the restart; the last result stays in it.
    # (The lobby message, which the board was drawn on until the table came, is left out.)
    tables = [m for m in driver.messages("games")[1:] if m.attachments]
    assert [m.id for m in tables] == [row.id] and final.message_id == row.id
    await table.idle()
    assert "\n**Row " in driver.latest(final.message_id).content
    board = await driver.slash("alice", "games", "leaderboard", game="schicki_micki")
    assert board.followups and board.followups[0].attachments
    # The humans reacted correctly at times: the server's fastest reaction is named.
    assert "Fastest correct reaction here" in board.followups[0].content
    stats = await driver.slash("bob", "games", "stats")
    assert stats.followups and stats.followups[0].attachments


@pytest.mark.asyncio
async def test_buttons_are_ordered_by_discords_own_timestamps(table):
    """Input mode "buttons": order and times come from the interactions' timestamps, not from
    when they happen to reach the bot."""
    table.time_scale = 0.3
    await table.start()
    match_id, row = await open_table(table, ["alice", "bob"], seed="sm-buttons", input="buttons")
    await wait_cards(table, match_id, 1)
    driver, clock = table.driver, table.server.world.clock
    mark = driver.mark()
    clock.freeze()
    clock.advance(0.2)
    knock = rf"mr:{match_id}:(?:[0-9]+:)?knock"
    late = await driver.click("bob", row, custom_id=knock)  # arrives first
    clock.advance(-0.1)
    early = await driver.click("alice", row, custom_id=knock)
    clock.advance(0.3)
    again = await driver.click("alice", row, custom_id=rf"mr:{match_id}:(?:[0-9]+:)?grab:red")
    clock.unfreeze()
    assert late.ok and early.ok and not late.followups
    result = await result_message(driver, mark)
    judged = [line for line in result.content.splitlines()[1:] if line[0].isdigit()]
    assert [line.split(" ")[1] for line in judged] == ["Alice", "Bob"], \
        "a reaction after a final one is not judged"
    # ...and its player is told why, privately, in the game's own words.
    await again.wait_followups(1)
    assert again.followups[0].ephemeral_for and "already knocked" in again.followups[0].content


@pytest.mark.asyncio
async def test_a_table_started_by_another_front_end_is_dealt_too(table):
    """The dealer is the root's and hears the session service: a game started without Discord's
    Start button (as the web's lobby would start it) is dealt all the same — its table message
    comes, and cards land on it."""
    driver = table.driver
    await table.start()
    opened = await driver.slash("alice", "games", "schicki new")
    assert opened.ok, opened
    match_id = game_id(opened.message.content)
    await driver.click("alice", opened.message, label="Add computer (normal)")
    mark = driver.mark()
    await table.bot.sessions.start(match_id, driver.user("alice").id)  # no button pressed
    await driver.wait_for_message(lambda m: "row 1" in m.content, channel="games", since=mark,
                                  timeout=10)
    state = await wait_cards(table, match_id, 1)
    assert state["table"], "the dealer dealt a card"
