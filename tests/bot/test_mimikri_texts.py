"""Mimikri's log lines in both languages: every event a line, every card and edge named in
words, and never a butterfly's identity next to a position."""

from __future__ import annotations

import pytest

from bot.games.core import Event
from bot.games.mimikri.rules import ANIMALS, ORIENTATIONS
from bot.i18n import LANGUAGES, words
from presentation.mimikri import words as texts

NAMES = ["Alice", "Bob"]
EVENTS = [
    Event("started"),
    Event("subject_drawn", 0, {"animal": "frog"}),
    Event("oriented", 0, {"orientation": "W"}),
    Event("camera_passed", 0, {"to": 1, "reason": "collected"}),
    Event("revealed", 1, {"pos": "B3", "found": False}),
    Event("revealed", 0, {"pos": "C2", "found": True}),
    Event("pile_reshuffled", None, {"pass_no": 2}),
    Event("subject_out", None, {"animal": "sloth"}),
    Event("timed_out", 1, {"name": "Bob", "handed_over": False}),
    Event("timed_out", 1, {"name": "Bob", "handed_over": True}),
    Event("replaced", 1, {"name": "Bob"}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_edge_has_its_words(lang):
    w = words(lang)
    assert all(w.has(f"mimikri.card.{animal}") for animal in ANIMALS)
    assert all(w.has(f"mimikri.edge.{edge}") for edge in ORIENTATIONS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_public_event_has_a_line(lang):
    lines = [texts.describe(event, NAMES, words(lang)) for event in EVENTS]
    assert all(lines) and len(set(lines)) == len(lines)
    assert texts.describe(Event("game_over"), NAMES, words(lang)) is None


def test_the_czech_log_reads_czech():
    cs = words("cs")
    lines = [texts.describe(event, NAMES, cs) for event in EVENTS]
    assert lines[1] == "🎴 Alice táhne kartu se žábou."
    assert lines[2] == "📷 Alice ji vkládá západní hranou napřed."
    assert lines[3] == "↪️ Toho motýla už někdo má: fotoaparát i s kartou dostává Bob."
    assert lines[4] == "❌ Bob otáčí B3 — tenhle to není."
    assert lines[7] == "🚫 Ze hry vyřazujeme kartu s lenochodem: všichni její motýli už jsou" \
                       " sebraní."


def test_names_a_player_left_with_are_quoted_as_the_table_shows_them():
    line = texts.describe(EVENTS[-1], NAMES, words("en"), quote=lambda n: f"<{n}>")
    assert line == "🤖 <Bob> left; a computer player takes the seat."


def test_winners_are_listed_the_languages_way():
    assert texts.joined(["A"], words("en")) == "A"
    assert texts.joined(["A", "B", "C"], words("en")) == "A, B and C"
    assert texts.joined(["A", "B"], words("cs")) == "A a B"
    assert [words("cs").n("mimikri.score", n) for n in (1, 3, 7)] == [
        "1 motýla", "3 motýly", "7 motýlů"]
    assert [words("en").n("mimikri.score", n) for n in (1, 3)] == ["1 butterfly", "3 butterflies"]
