"""Reading the table, and every cell of the rule text's table of situations.

``shared/rules/schicki-micki.cs.txt`` §Tabulka možných situací [Table of situations]: four
situations × five reactions. Each cell is played for real: one reaction on a hand-built table
of the shipped deck, then the window is resolved.
"""

from __future__ import annotations

import pytest

from bot.games.schicki_micki.deck import FEATURES, cards
from bot.games.schicki_micki.table import NOTHING, Reading, read_table, verdict
from tests.games.schicki_micki.helpers import (
    find_table,
    reading,
    result_of,
    settle,
    twins,
    with_piles,
)

TABLES = {
    "knock": lambda: find_table(2, ["scarf"], two_worms=True),
    "knock_two_pairs": lambda: find_table(2, ["hat", "beak"], two_worms=True),
    "call": lambda: find_table(2, ["hat"]),
    "blue": lambda: find_table(3, ["scarf", "feathers"]),
    "red": lambda: list(twins()[0]),
    "none": lambda: find_table(2, []),
}

# The rule text's table, transcribed cell by cell (the "none" row is the faults of each
# section's "Chybný tah" with no pair at all).
CELLS = [
    ("knock", "knock", "won_all"),          # získáte všechny vyložené karty
    ("knock", "call", "nothing"),           # NIC
    ("knock_two_pairs", "blue", "nothing"),  # NIC, pokud … alespoň 2 dvojice
    ("knock", "blue", "gave_back"),         # … JINAK vrátíte 1 kartu
    ("knock", "red", "gave_back"),
    ("knock", "wrong_call", "gave_back"),
    ("call", "knock", "gave_back"),
    ("call", "call", "won_all"),
    ("call", "blue", "gave_back"),
    ("call", "red", "gave_back"),
    ("call", "wrong_call", "gave_back"),
    ("blue", "knock", "gave_back"),
    ("blue", "call", "nothing"),
    ("blue", "blue", "won_one"),
    ("blue", "red", "gave_back"),
    ("blue", "wrong_call", "gave_back"),
    ("red", "knock", "gave_back"),
    ("red", "call", "nothing"),
    ("red", "blue", "gave_back"),
    ("red", "red", "won_all"),
    ("none", "knock", "gave_back"),
    ("none", "blue", "gave_back"),
    ("none", "red", "gave_back"),
    ("none", "wrong_call", "gave_back"),
]


def action_for(column: str, table: list[int]) -> str:
    paired = reading(table).paired_features
    if column == "call":
        return f"call:{sorted(paired)[0]}"
    if column == "wrong_call":
        return f"call:{next(f for f in FEATURES if f not in paired)}"
    return {"knock": "knock", "blue": "grab:blue", "red": "grab:red"}[column]


def test_situations_are_read_by_priority():
    assert reading(TABLES["knock"]()).situation == "knock"
    assert reading(TABLES["knock_two_pairs"]()).situation == "knock"
    assert reading(TABLES["call"]()).situation == "call"
    assert reading(TABLES["blue"]()).situation == "blue"
    assert reading(TABLES["red"]()).situation == "red"
    assert reading(TABLES["none"]()).situation == "none"
    # Twins beside a two-worm hen: knocking has priority (spec §Reading the table).
    two_worm = find_table(1, [], two_worms=True)
    assert reading([*twins()[0], *two_worm]).situation == "knock"


def test_three_of_a_colour_are_one_pair_and_two_worms_count_once():
    """Příklad 9 counts three hats as one of its pairs; a two-worm hen shows one worm colour."""
    table = find_table(3, ["scarf", "worm", "beak", "hat"], two_worms=True)
    r = reading(table)
    assert len(r.pairs) == 4 and r.two_worms
    lone = find_table(1, [], two_worms=True)
    assert reading(lone).pairs == ()


def test_twins_pair_every_feature_so_a_wrong_call_beside_them_is_vacuous():
    r = reading(twins()[0])
    assert r.paired_features == frozenset(FEATURES)


def test_red_row_wrong_call_cell_is_nothing():
    """§Tabulka, row "2 stejné karty", column "zavoláte v nevhodnou chvíli": NIC.

    With real twins every feature has a pair, so the cell is judged on a bare reading."""
    r = Reading(pairs=(("hat", "red"),), identical=((1, 42),), two_worms=())
    assert verdict(r, "call:umbrella") == NOTHING


def test_reading_ignores_order_and_closeups_are_never_identical():
    table = find_table(3, ["scarf", "feathers"])
    assert read_table(cards()[i] for i in reversed(table)) == reading(table)
    closeups = [c.id for c in cards() if c.kind == "closeup"]
    assert reading(closeups).identical == ()


@pytest.mark.parametrize(("situation", "column", "expected"), CELLS)
def test_table_of_situations_cell(situation, column, expected):
    """§Tabulka možných situací: one reaction alone, then the window is resolved."""
    table = TABLES[situation]()
    state = with_piles(4, table)
    before = [list(pile) for pile in state["won"]]
    deck_before = list(state["deck"])
    state, resolved = settle(state, (0, action_for(column, table)))
    result = result_of(resolved, 0)
    assert result["result"] == expected
    if expected == "won_all":
        assert state["won"][0] == before[0] + table
        assert state["table"] == [] and state["dealer"] == 1
    elif expected == "won_one":
        assert state["won"][0] == before[0] + table[:1]
        assert state["deck"] == deck_before + table[1:]  # the rest goes under the deck
        assert state["table"] == [] and state["dealer"] == 1
    elif expected == "nothing":
        assert state["won"] == before and state["table"] == table and state["dealer"] == 0
    else:
        assert state["won"][0] == before[0][:-1]
        assert state["deck"] == deck_before + before[0][-1:]
        assert state["table"] == table and state["dealer"] == 0
    assert state["won"][1:] == before[1:]
