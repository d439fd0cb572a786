"""Oracle counts: legal cells per hand card in hand-built positions, counted by hand.

shared/rules/mimic.txt §MIMIC Cards 4 (a placement must contribute to a completed set) and
§Sets 1a–c (begin a new set next to a start card, add onto an unfinished one). A card may go to
the first empty cell of a set line when the cards on that line plus the new one can still make
a set: one colour, at most two animals, at most two of each.
"""

import pytest

from tests.games.mimic.art import cells_for, ids, position

OPENING = """
    7 .  .  .  .  .  .  .
    6 .  .  .  .  .  .  .
    5 .  .  .  rL .  .  .
    4 .  .  gE R  bZ .  .
    3 .  .  .  rL .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
      A  B  C  D  E  F  G
"""
# Only the red start card. Its four sides each run three cells to the border and turn, so
# every side has one open cell (its second cell): north D6 after a red lion, south D2 after
# a red lion, west B4 after a green elephant, east F4 after a blue zebra.
#   red lion, red zebra: D6, D2 (two red lines)            → 2
#   green elephant: B4 (a second elephant is fine)          → 1
#   blue ostrich: F4                                        → 1
#   green ostrich: B4                                       → 1


@pytest.mark.parametrize(("token", "expected"), [
    ("rL", ["D2", "D6"]), ("rZ", ["D2", "D6"]), ("gE", ["B4"]), ("bO", ["F4"]), ("gO", ["B4"]),
])
def test_opening_position(token, expected):
    state = position(OPENING, [["rL", "rZ", "gE", "bO", "gO"]])
    assert cells_for(state, 0, ids(state, 0, token)[0]) == expected


TURNS = """
    7 .  .  .  .  .  .  .
    6 .  .  Y  .  .  .  .
    5 .  .  gO rL .  .  .
    4 .  .  gE R  bZ #  .
    3 .  .  .  rL .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
      A  B  C  D  E  F  G
"""
# Red start D4:  N  D5 rL → open D6 (then D7, turning at the border)     cards [rL]
#                S  D3 rL → open D2                                        cards [rL]
#                W  C4 gE → open B4                                        cards [gE]
#                E  E4 bZ, then the cube F4 turns it: north E5… or south E3…; both open
#                   cells E5 and E3 follow a blue zebra                     cards [bZ]
# Yellow start C6: N  C7 (turns at the border to B7… or D7…)  open C7       cards []
#                  S  C5 gO, C4 gE → open C3                               cards [gO gE]
#                  W  B6 (A6, then turns north or south)     open B6       cards []
#                  E  D6, E6, F6, G6                         open D6       cards []
# Empty lines take any card: C7, B6, D6. Then per card:
#   red lion:       + D2 (D6 counted once); C3 no (green)               → C7 B6 D6 D2   = 4
#   green ostrich:  + B4 (gE gO), C3 (gO gE gO)                          → 5
#   green lion:     + B4; C3 would be a third animal                     → 4
#   blue zebra:     + E5, E3                                             → 5
#   red elephant:   + D2                                                 → 4


@pytest.mark.parametrize(("token", "expected"), [
    ("rL", {"C7", "B6", "D6", "D2"}),
    ("gO", {"C7", "B6", "D6", "B4", "C3"}),
    ("gL", {"C7", "B6", "D6", "B4"}),
    ("bZ", {"C7", "B6", "D6", "E5", "E3"}),
    ("rE", {"C7", "B6", "D6", "D2"}),
])
def test_turns_at_a_cube_and_a_yellow_start_card(token, expected):
    state = position(TURNS, [["rL", "gO", "gL", "bZ", "rE"]])
    found = cells_for(state, 0, ids(state, 0, token)[0])
    assert len(found) == len(expected) and set(found) == expected


GAP = """
    7 .  .  .  .  .  .  .
    6 .  .  .  bE .  .  .
    5 .  .  .  .  .  .  .
    4 .  .  .  R  rL .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
      A  B  C  D  E  F  G
"""
# A Red power card took the card at D5, leaving a gap before the blue elephant at D6.
# North: the first empty cell is D5 — only a blue card fitting an elephant may refill it;
#        D7 is not open (the set must be continuous from its start card).
# East:  F4 after a red lion.  South D3 and west C4 are empty lines (any card).
#   blue lion → D5 D3 C4 = 3;  red lion → F4 D3 C4 = 3;  green giraffe → D3 C4 = 2.


@pytest.mark.parametrize(("token", "expected"), [
    ("bL", ["D3", "C4", "D5"]), ("rL", ["D3", "C4", "F4"]), ("gG", ["D3", "C4"]),
])
def test_refilling_a_gap(token, expected):
    state = position(GAP, [["bL", "rL", "gG", "gG", "gG"]])
    assert cells_for(state, 0, ids(state, 0, token)[0]) == expected


INTERFERENCE = """
    7 .  .  .  .  .  .  .
    6 .  Y  .  gL .  .  .
    5 .  .  .  gL .  .  .
    4 .  .  .  R  bG .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
      A  B  C  D  E  F  G
"""
# §Sets to Set Interaction, example 1: the green set begun from the red card crosses the line
# the yellow card B6 sends east (C6, D6, E6, F6), so that line now holds a green lion.
# Red card D4:  N  D5 gL, D6 gL → open D7 [gL gL]     E  E4 bG → open F4 [bG]
#               S  open D3 []                          W  open C4 []
# Yellow B6:    N  B7 (turns at the border) → open B7 []    S  open B5 []
#               W  A6 (turns at the border) → open A6 []    E  open C6 [gL] (crosses D6)
#   green elephant: D7, C6 and the five empty lines D3 C4 B7 B5 A6            → 7
#   green lion:     not D7 (a third lion); C6 and the five empty lines         → 6
#   blue giraffe:   F4 and the five empty lines; not C6 (a green card there)   → 6
#   red ostrich:    the five empty lines only                                  → 5


@pytest.mark.parametrize(("token", "expected"), [
    ("gE", {"D7", "C6", "D3", "C4", "B7", "B5", "A6"}),
    ("gL", {"C6", "D3", "C4", "B7", "B5", "A6"}),
    ("bG", {"F4", "D3", "C4", "B7", "B5", "A6"}),
    ("rO", {"D3", "C4", "B7", "B5", "A6"}),
])
def test_interference_between_lines(token, expected):
    state = position(INTERFERENCE, [["gE", "gL", "bG", "rO", "rO"]])
    found = cells_for(state, 0, ids(state, 0, token)[0])
    assert len(found) == len(expected) and set(found) == expected
