"""Schicki Micki in Czech through the fake Discord: a Czech server's table message, status and
results are Czech (its card counts, its decimal comma); /schicki rules and a refused button
click answer each reader in their own client's language. And the cog writes no reply of its
own: every word comes from the catalogue."""

from __future__ import annotations

import asyncio
import re

import pytest
import pytest_asyncio

from bot.db.rows import SeatRow
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from bot.i18n import words
from cogs.schicki_micki.ui import SchickiUI
from presentation.schicki_micki.table import SchickiTable
from presentation.schicki_micki.words import SAY
from tests.e2e.table import Table, ephemeral_text
from tests.e2e.test_schicki_micki import result_message, seed_with, wait_cards
from tests.test_i18n import ROOT, literal_replies
from tests.waiting import until

CS, EN = words("cs"), words("en")


@pytest_asyncio.fixture
async def table(table):
    """A Czech server where Alice's and Carol's clients speak Czech, Bob's and Dave's English."""
    world = table.server.world
    world.guild.preferred_locale = "cs"
    for name, locale in (("alice", "cs"), ("bob", "en-US"), ("carol", "cs"), ("dave", "en-GB")):
        world.user(name).locale = locale
    return table


def czech_id(content: str) -> int:
    """The match id a Czech lobby or board names ("hra č. 12")."""
    found = re.search(r"hra č\. (\d+)", content)
    assert found, content
    return int(found.group(1))


async def open_czech_table(
    table: Table, seed: str | None = None, **options
) -> tuple[int, object, object]:
    """Alice opens, Bob joins and Alice starts, all on the Czech lobby; returns the match, the
    lobby message and the first row's table message."""
    driver = table.driver
    opened = await driver.slash("alice", "games", "schicki new", **options)
    assert opened.ok, opened
    lobby = opened.message
    assert lobby is not None
    match_id = czech_id(lobby.content)
    await driver.click("bob", lobby, label="Přidat se")
    if seed is not None:  # a known deck, so the test knows when to react
        await table.bot.sessions.repo.execute("UPDATE matches SET seed = ? WHERE id = ?",
                                              (seed, match_id))
    mark = driver.mark()
    await driver.click("alice", lobby, label="Spustit")
    row = await driver.wait_for_message(lambda m: "řada 1" in m.content, channel="games",
                                        since=mark, timeout=10)
    return match_id, lobby, row


def test_the_cog_answers_only_with_words_from_the_catalogue():
    assert literal_replies(ROOT / "cogs/schicki_micki/cog.py") == []


@pytest.mark.asyncio
async def test_a_czech_servers_table_status_and_results_are_czech(table):
    table.time_scale = 0.3  # a card every 0.75 s: time enough to react
    await table.start()
    driver = table.driver
    seed, dealt = seed_with("call", players=2)
    match_id, lobby, row = await open_czech_table(table, seed=seed)
    assert "vykládá Alice — připrav se a pak reaguj!" in row.content
    state = await wait_cards(table, match_id, dealt)
    status = driver.latest(row).content
    assert f"hra č. {match_id} · řada 1 · vykládá Alice · zbývá" in status, status
    assert re.search(r"zbývá \d+ karet|zbývají \d karty", status), status

    correct = read_table(cards()[c] for c in state["table"]).correct
    emoji = SAY[correct]
    mark = driver.mark()
    await driver.react_burst([("alice", row, emoji), ("bob", row, "✊")])
    result = await result_message(driver, mark)
    text = result.content
    assert text.startswith("**Řada 1**: jedna dvojice → zvolat název doplňku"), text
    alice, bob = text.splitlines()[1:3]
    assert alice.startswith(f"1. Alice {emoji} zvolá „"), alice
    assert re.search(rf"· \+\d+,\d\d s · ✅ získává všechny karty ze stolu \({dealt} kart(y|et)\)$",
                     alice), alice
    assert bob.startswith("2. Bob ✊ zaklepe · +") and "❌ chybný tah" in bob, bob
    # The lobby message points down to the table once the table is drawn.
    await until(lambda: "stůl je níže" in driver.latest(lobby).content)
    assert driver.latest(lobby).content == (
        f"**Schicki Micki** · hra č. {match_id} běží — stůl je níže.")


@pytest.mark.asyncio
async def test_the_rules_answer_each_reader_in_their_own_language(table):
    await table.start()
    driver = table.driver
    czech = await driver.slash("alice", "games", "schicki rules")
    english = await driver.slash("bob", "games", "schicki rules")
    assert ephemeral_text(czech) == CS("schicki.rules")
    assert "✊ zaklepej na stůl" in ephemeral_text(czech)
    assert ephemeral_text(english) == EN("schicki.rules")
    assert "✊ knock" in ephemeral_text(english)
    assert czech.followups[0].attachments[0].is_png


@pytest.mark.asyncio
async def test_a_refused_click_is_told_in_the_clickers_language(table):
    table.time_scale = 1.0  # a countdown of 3 s before the first card
    await table.start()
    driver = table.driver
    match_id, _, row = await open_czech_table(table, seed="sm-early", input="buttons")
    assert "připrav se a pak mačkej tlačítka!" in row.content
    knock = rf"mr:{match_id}:(?:[0-9]+:)?knock"
    clicks = await asyncio.gather(*(driver.click(user, row, custom_id=knock)
                                    for user in ("alice", "bob", "carol", "dave")))
    for click in clicks:
        if not ephemeral_text(click):
            await click.wait_followups(1)
    told = [ephemeral_text(click) for click in clicks]
    assert told == [CS("schicki.refused.too_early"), EN("schicki.refused.too_early"),
                    CS("schicki.refused.not_playing"), EN("schicki.refused.not_playing")]
    assert await table.bot.sessions.repo.action_log(match_id) == []


def test_the_status_counts_cards_and_names_the_winners_in_czech():
    """A computer that took a player's seat says so in Czech too."""
    seats = [SeatRow(0, 1, "Alice", False, 0), SeatRow(1, 2, "Carol", True, 0),
             SeatRow(2, 3, "Bob", False, 0)]
    ui = SchickiUI(SchickiTable(), dealer=None)
    playing = {"phase": "deal", "row": 4, "dealer": 1, "deck": 3, "last_chance": False,
               "scores": [2, 0, 5]}
    assert ui.status(None, seats, playing, CS) == (
        "řada 4 · vykládá Počítač (za Carol) · zbývají 3 karty\n"
        "Alice 2 · Počítač (za Carol) 0 · Bob 5")
    last = {**playing, "deck": 0, "last_chance": True}
    assert ui.status(None, seats, last, CS).splitlines()[0] == (
        "řada 4 · vykládá Počítač (za Carol) · zbývá 0 karet · **poslední možnost!**")
    over = {**playing, "phase": "over", "scores": [5, 1, 5]}
    assert ui.status(None, seats, over, CS) == (
        "🏆 konec hry — <@1> a <@3> s 5 kartami!")
    assert ui.status(None, seats, over, EN) == (
        "🏆 game over — <@1> and <@3> with 5 cards!")
    one = {**over, "scores": [1, 0, 0]}
    assert ui.status(None, seats, one, CS) == "🏆 konec hry — <@1> s 1 kartou!"


@pytest.mark.asyncio
async def test_a_reaction_after_a_final_one_is_refused_in_the_clickers_language(table):
    """Buttons: Alice (Czech) and Bob (English) each knock, then grab the red figure; the
    rules refuse the grab after a knock, and each hears why in their own language."""
    table.time_scale = 0.3
    await table.start()
    match_id, _, row = await open_czech_table(table, seed="sm-final-cs", input="buttons")
    await wait_cards(table, match_id, 1)
    driver, clock = table.driver, table.server.world.clock
    clock.freeze()
    knocks = [await driver.click(u, row, custom_id=rf"mr:{match_id}:(?:[0-9]+:)?knock")
              for u in ("alice", "bob")]
    clock.advance(0.1)
    grabs = [await driver.click(u, row, custom_id=rf"mr:{match_id}:(?:[0-9]+:)?grab:red")
             for u in ("alice", "bob")]
    clock.unfreeze()
    assert all(k.ok for k in knocks)
    for grab in grabs:
        await grab.wait_followups(1)
    assert grabs[0].followups[0].content == words("cs")("schicki.rule.knocked")
    assert grabs[1].followups[0].content == words("en")("schicki.rule.knocked") \
        == "You already knocked."
