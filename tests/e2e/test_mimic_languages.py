"""MIMIC in Czech and English through the fake Discord: on a Czech server the board, its buttons
and its log are Czech, while every private answer (rules, hand, a refused move, what a move did)
and every autocomplete label follows the language of the client of who asked."""

from __future__ import annotations

import re

import pytest

from bot.games.mimic import RULES
from bot.games.mimic.cards import components
from bot.i18n import words
from presentation.mimic.words import card_name, face
from tests.e2e.table import Table, ephemeral_text
from tests.e2e.test_mimic import told

pytestmark = [pytest.mark.asyncio, pytest.mark.czech]
EN, CS = words("en"), words("cs")
CARDS = {w.lang: {card_name(face(c), w) for c in components().cards} for w in (EN, CS)}
USERS = {0: "alice", 1: "bob"}  # Alice hosts, so she has seat 0


async def open_game(table: Table):
    """Alice opens a MIMIC game on the Czech server, Bob joins, Alice starts it."""
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimic new", turn_timer=0)
    board = opened.message
    assert board is not None
    found = re.search(r"hra č\. (\d+)", board.content)
    assert found is not None
    match_id = int(found[1])
    await driver.click("bob", board, label="Přidat se")
    await driver.click("alice", board, label="Spustit")
    await table.idle()
    return board, match_id


async def labels(table: Table, user: str, command: str, focused: str, **options) -> list[str]:
    """The labels autocomplete shows ``user`` for ``focused``."""
    options.setdefault(focused, "")
    choices = await table.driver.autocomplete(user, "games", command, focused, **options)
    return [c["name"] for c in choices]


async def play_a_turn(table: Table, user: str, match_id: int) -> None:
    """Two cards from the first choices offered, end the turn, fill up from the deck."""
    driver = table.driver
    for _ in range(2):
        card = (await driver.autocomplete(user, "games", "mimic place", "card", card=""))[0]
        cells = await driver.autocomplete(user, "games", "mimic place", "cell",
                                          card=card["value"], cell="")
        await told(await driver.slash(user, "games", "mimic place", card=card["value"],
                                      cell=cells[0]["value"]))
    await told(await driver.slash(user, "games", "mimic end-turn"))
    await told(await driver.slash(user, "games", "mimic draw", choice="rest"))
    await table.idle()


async def test_a_czech_servers_board_buttons_and_log_are_czech(table):
    driver = table.driver
    board, match_id = await open_game(table)
    shown = driver.latest(board)
    assert f"**MIMIC** · hra č. {match_id} · " in shown.content
    assert "Hra začíná: stavějte v řadě dvě dvojice jedné barvy!" in shown.content
    assert "pokládej karty příkazem `/mimic place`" in shown.content
    buttons = [c.get("label") for c in shown.iter_components()]
    assert {"Ukázat moje karty", "Ukončit tah", "Dobrat z balíčku"} <= set(buttons)

    # Each lays a card: the log says so in Czech, the mover is told in their own language.
    state = (await table.match(match_id)).state
    mover = USERS[state["turn"]]
    card = state["hands"][state["turn"]][0]
    cells = await driver.autocomplete(mover, "games", "mimic place", "cell", card=card, cell="")
    answer = await told(await driver.slash(mover, "games", "mimic place", card=card,
                                           cell=cells[0]["value"]))
    lang = "cs" if mover == "alice" else "en"
    named = card_name(face(card), words(lang))
    assert answer.startswith(f"{'Pokládáš na' if lang == 'cs' else 'You laid a'}"), answer
    assert named in answer
    await table.idle()
    content = driver.latest(board).content
    assert f"pokládá na {cells[0]['value']}: {card_name(face(card), CS)}." in content, content
    assert "lays a" not in content and "(položeno: 1)" in content


async def test_rules_hand_and_refusals_answer_each_reader_in_their_language(table):
    driver = table.driver
    board, match_id = await open_game(table)

    czech = (await driver.slash("alice", "games", "mimic rules")).followups[0]
    english = (await driver.slash("bob", "games", "mimic rules")).followups[0]
    assert czech.content.startswith("**MIMIC** — stavějte **sestavy ze dvou dvojic")
    assert english.content.startswith("**MIMIC** — build sets of **two pairs")
    # Both name the buttons as this (Czech) server's board shows them.
    assert "**Ukázat moje karty**" in czech.content and "**Ukázat moje karty**" in english.content
    assert czech.attachments[0].is_png and english.attachments[0].is_png

    hand = await told(await driver.slash("alice", "games", "mimic hand"))
    assert hand.startswith("**Tvoje karty**") and "Karty schopností: " in hand
    hand = await told(await driver.slash("bob", "games", "mimic hand"))
    assert hand.startswith("**Your hand**") and "Power cards: " in hand
    shown = await driver.click("bob", board, label="Ukázat moje karty")
    await shown.wait_followups(1)
    assert shown.followups[0].content.startswith("**Your hand**")

    # A refused move, and a move out of turn, each in the reader's language; then the turn
    # passes and the other player is refused in theirs.
    refusals = {"alice": "Než ukončíš tah, polož 2 karty.",
                "bob": "Lay 2 cards before ending your turn."}
    out_of_turn = {"bob": "It's Alice's turn.", "alice": "Na tahu je Bob."}  # to the other
    before = await table.match(match_id)
    for _ in range(2):
        state = (await table.match(match_id)).state
        mover, other = USERS[state["turn"]], USERS[1 - state["turn"]]
        assert await told(await driver.slash(mover, "games", "mimic end-turn")) == \
            refusals[mover]
        assert await told(await driver.slash(other, "games", "mimic end-turn")) == \
            out_of_turn[other]
        card = state["hands"][state["turn"]][0]
        bad = await told(await driver.slash(mover, "games", "mimic place", card=card,
                                            cell="Z9"))
        assert bad == ("Zadej pole od A1 do G7." if mover == "alice"
                       else "Name a cell from A1 to G7.")
        if before.state["turn"] != state["turn"]:
            break
        await play_a_turn(table, mover, match_id)
    else:
        raise AssertionError("the turn did not pass")
    wrong = await told(await driver.slash("alice", "games", "mimic power", card="fialová"))
    assert wrong == "Zvol kartu schopnosti: zelená, žlutá, červená, modrá nebo oranžová."


async def test_autocomplete_labels_follow_the_typing_user(table):
    _board, match_id = await open_game(table)
    for user, lang in (("alice", "cs"), ("bob", "en")):
        cards = await labels(table, user, "mimic place", "card")
        assert cards and all(label.split(" — ")[0] in CARDS[lang] for label in cards), cards
        assert all(("hodí se na" if lang == "cs" else "fits") in label
                   or ("nikam" if lang == "cs" else "no legal") in label for label in cards)
        powers = await labels(table, user, "mimic power", "card")
        assert ("Žlutá: přesuň kartu na jiné povolené pole" if lang == "cs"
                else "Yellow: move a card to another legal cell") in powers, powers
        state = (await table.match(match_id)).state
        seat = 0 if user == "alice" else 1
        card = state["hands"][seat][0]
        cells = await labels(table, user, "mimic place", "cell", card=card)
        start = "řad" if lang == "cs" else "line"
        assert all(start in label for label in cells), cells
        picks = await labels(table, user, "mimic pick", "card")
        assert set(picks) <= CARDS[lang] and picks


async def test_the_end_turn_button_refuses_in_the_readers_language(table):
    """The board's End turn button with no card laid: the rules refuse it (in English only);
    the reader hears why in their own language."""
    driver = table.driver
    board, match_id = await open_game(table)
    state = (await table.match(match_id)).state
    mover = USERS[state["turn"]]
    assert mover == "alice", "the Czech client moves first"
    refused = await driver.click(mover, board, label="Ukončit tah")
    if not ephemeral_text(refused):
        await refused.wait_followups(1)
    text = ephemeral_text(refused)
    refused = RULES.explain_illegal(state, state["turn"], "end")
    assert text == refused.say(CS) != refused.say(EN)
    assert (await table.match(match_id)).version == 0
