"""Schicki Micki's words (``presentation/schicki_micki/words.py`` and the ``schicki.…``
catalogue): every situation, result and reaction the rules can produce has them in both
languages, and a result message reads as each language writes it — Czech card counts, decimal
comma."""

from __future__ import annotations

import pytest

from bot.games.schicki_micki import resolve
from bot.games.schicki_micki.table import NOTHING, REACTIONS, SITUATIONS
from bot.i18n import LANGUAGES, words
from presentation.schicki_micki.words import EMOJI, result_text, says
from tests.games.schicki_micki.helpers import (
    DANA,
    MICHAL,
    TEREZA,
    find_table,
    settle,
    shown,
    with_piles,
)

NAMES = ["Dana", "Tereza", "Michal", "Kristýna"]
RESULTS = (resolve.WON_ALL, resolve.WON_ONE, resolve.NOT_FIRST, NOTHING, resolve.GAVE_BACK,
           resolve.HAD_NONE, resolve.REPLACED, resolve.NO_FIGURE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_situation_result_and_reaction_has_words(lang):
    w = words(lang)
    missing = [key for key in (*(f"schicki.situation.{s}" for s in SITUATIONS),
                               *(f"schicki.result.{r}" for r in RESULTS))
               if not w.has(key)]
    assert missing == []
    assert sorted(EMOJI.values()) == sorted(REACTIONS)
    assert all(w.has(f"schicki.says.{a.rpartition(':')[2]}") for a in REACTIONS)


def a_call_won_then_too_late_then_a_wrong_knock() -> dict:
    table = find_table(2, ["hat"], where=lambda ids: shown(ids, "hat")["red"] == 2)
    _, resolved = settle(with_piles(4, table), (DANA, "call:hat", 610),
                         (TEREZA, "call:hat", 730), (MICHAL, "knock", 1234))
    return resolved


def test_a_result_in_english():
    assert result_text(a_call_won_then_too_late_then_a_wrong_knock(), NAMES, words("en")) == (
        "**Row 1**: one pair → call it\n"
        "1. Dana 🎩 calls hat · +0.61 s · ✅ wins the whole table (2 cards)\n"
        "2. Tereza 🎩 calls hat · +0.73 s · ⏱️ too late\n"
        "3. Michal ✊ knocks · +1.23 s · ❌ gives a card back (1 card)")


def test_a_result_in_czech():
    assert result_text(a_call_won_then_too_late_then_a_wrong_knock(), NAMES, words("cs")) == (
        "**Řada 1**: jedna dvojice → zvolat název doplňku\n"
        "1. Dana 🎩 zvolá „klobouk“ · +0,61 s · ✅ získává všechny karty ze stolu (2 karty)\n"
        "2. Tereza 🎩 zvolá „klobouk“ · +0,73 s · ⏱️ pozdě\n"
        "3. Michal ✊ zaklepe · +1,23 s · ❌ vrací jednu kartu (1 karta)")


def test_czech_counts_five_cards_as_karet():
    table = find_table(5, ["scarf"])
    _, resolved = settle(with_piles(2, table), (TEREZA, "call:scarf", 2050))
    assert result_text(resolved, NAMES, words("cs")).splitlines()[1] == (
        "1. Tereza 🧣 zvolá „šátek“ · +2,05 s · ✅ získává všechny karty ze stolu (5 karet)")


def test_a_wrong_reaction_alone_says_the_dealer_goes_on():
    table = find_table(3, ["beak"])
    _, resolved = settle(with_piles(2, table, per_seat=0), (DANA, "grab:red", 400))
    lines = result_text(resolved, NAMES, words("cs")).splitlines()
    assert lines[1].endswith("❌ chybný tah (zatím nemá co vrátit)")
    assert lines[-1] == "Stůl nikdo nezískal: vykládá dál tentýž hráč."
    assert says("grab:red", words("en")) == "grabs the red figure"
