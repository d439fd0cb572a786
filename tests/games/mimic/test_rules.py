"""Scenario tests from shared/rules/mimic.txt: sets and cubes, start cards, power cards, turns."""

import random

import pytest

from bot.games.core import IllegalAction
from bot.games.mimic import RULES
from bot.games.mimic.sets import complete, half, start_card_cells
from tests.games.mimic.art import act, board, ids, kind, position
from tests.games.refusals import said

NORTH = """
    7 .  .  .  .  .  .  .
    6 .  .  .  {b} .  .  .
    5 .  .  .  {a} .  .  .
    4 .  .  .  R  .  .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
"""


def north(a: str, b: str) -> str:
    return NORTH.format(a=a, b=b)


@pytest.mark.parametrize("shape", ["rL rL rE rE", "rL rE rL rE", "rL rE rE rL"])
def test_the_three_set_shapes_score_on_the_fourth_card(shape):
    """§Sets 2 (a–f): two pairs of one colour in any order — AABB, ABAB, ABBA; the cube goes
    on the fourth/last card."""
    a, b, c, d = shape.split()
    state = position(north(a, b), [[c, d, "gO", "gZ", "gG"]])
    state, _ = act(state, 0, f"place:{ids(state, 0, c)[0]}:D7")
    assert state["cubes"] == {}
    state, events = act(state, 0, f"place:{ids(state, 0, d)[-1]}:C7")
    assert state["cubes"] == {"C7": 0}
    assert state["cubes_left"] == [5, 6]
    assert [e.data["cell"] for e in events if e.kind == "set_completed"] == ["C7"]
    assert state["phase"] == "start"  # §Start Cards 3: a yellow start card, immediately


def test_what_is_and_is_not_a_set():
    """§Sets 2a–c: one colour, exactly two animals, two of each."""
    k = [kind(t) for t in ["rL", "rL", "rE", "rE"]]
    assert complete(k) and complete(k[::-1]) and complete([k[0], k[2], k[1], k[3]])
    assert not complete([kind(t) for t in ["rL", "rL", "rL", "rE"]])
    assert not complete([kind(t) for t in ["rL", "rL", "gE", "gE"]])
    assert not complete([kind(t) for t in ["rL", "rZ", "rE", "rE"]])
    assert half([kind(t) for t in ["bO", "bO", "bZ"]])
    assert half([kind(t) for t in ["bO", "bZ", "bO"]])
    assert half([kind(t) for t in ["bO", "bZ", "bZ"]])
    assert not half([kind(t) for t in ["bO", "bZ", "bG"]])


def test_a_card_that_cannot_make_a_set_is_illegal():
    """§MIMIC Cards 4: a third lion cannot join a line that has two."""
    state = position(north("rL", "rL"), [["rL", "gO", "gZ", "gG", "bO"]])
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.no_line") as caught:
        act(state, 0, f"place:{ids(state, 0, 'rL')[0]}:D7")
    assert said(caught.value) == (
        "A Red Lion at D7 does not continue any set line from a start card.",
        "Červený lev na D7 nenavazuje na žádnou řadu od startovní karty.")


def test_one_card_completes_two_sets():
    """§Sets IMPORTANT 3: as many cubes as sets completed; the card turns both lines' corner."""
    art = """
        7 .  .  rE .  rE .  .
        6 .  .  .  rL .  .  .
        5 .  .  .  rL .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    state = position(art, [["rE", "gO", "gZ", "gG", "bO"]])
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D7")
    assert sorted(state["cubes"]) == ["C7", "E7"] and state["cubes_left"][0] == 4


def test_refilling_a_gap_scores_on_the_line_s_fourth_card():
    """Spec §Placing: a gap left by a removed card can be refilled; the cube still goes on the
    fourth card of the line, not on the card just placed."""
    art = """
        7 .  .  rE .  .  .  .
        6 .  .  .  rL .  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    state = position(art, [["rL", "rE", "gO", "gZ", "gG"]])
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D5")
    assert state["cubes"] == {}  # D7 still empty
    state, _ = act(state, 0, "power:green")
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rL')[0]}:D7")
    assert state["cubes"] == {"C7": 0}


def test_last_cube_wins_at_once():
    """§Winning the Game 1: the first to place the last cube wins."""
    state = position(north("rL", "rL"), [["rE", "rE", "gO", "gZ", "gG"]])
    state["cubes_left"][0] = 1
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D7")
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:E7")
    outcome = RULES.outcome(state)
    assert outcome.termination == "last_cube" and outcome.winners == {0}
    assert outcome.scores == (6, 0) and RULES.active_seats(state) == frozenset()


# -- start cards ------------------------------------------------------------------------

START = """
    7 .  .  .  .  .  .  .
    6 .  .  .  .  .  .  .
    5 .  .  .  rL .  .  .
    4 .  .  .  R  .  .  .
    3 .  .  .  .  .  .  .
    2 gL .  .  .  .  .  .
    1 .  bE .  .  .  .  .
"""


def test_start_card_cells():
    """§Start Cards 3–6: next to a MIMIC card; never next to a start card (corners are
    fine); never where it is blocked in (A1 is shut in by the cards at A2 and B1)."""
    assert start_card_cells(board(START)) == ["C1", "B2", "A3", "C5", "E5", "D6"]
    with_yellow = START.replace("6 .  .  .  .", "6 .  .  Y  .")
    assert start_card_cells(board(with_yellow)) == ["C1", "B2", "A3", "E5"]


def test_only_one_start_card_per_turn():
    """§Start Cards 7: one start card per turn, whatever the number of cubes."""
    art = """
        7 .  .  .  rE .  .  .
        6 .  .  .  rL .  .  .
        5 .  .  .  rL .  .  .
        4 .  .  .  R  bL bL bE
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    state = position(art, [["rE", "bE", "gO", "gZ", "gG"]])
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:C7")
    assert state["phase"] == "start"
    legal = RULES.legal_actions(state, 0)
    assert legal and all(a.startswith("start:") for a in legal)
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.phase\.start"):
        act(state, 0, f"place:{ids(state, 0, 'bE')[0]}:G5")
    state, _ = act(state, 0, "start:A1" if "start:A1" in legal else legal[0])
    assert state["yellow_left"] == 4 and state["phase"] == "place"
    state, _ = act(state, 0, f"place:{ids(state, 0, 'bE')[0]}:G5")
    assert "G5" in state["cubes"] and state["phase"] != "start"
    assert state["yellow_left"] == 4


def test_no_start_card_when_the_pile_is_empty():
    """§Start Cards 3: with the pile depleted play goes on without start cards."""
    state = position(north("rL", "rL"), [["rE", "rE", "gO", "gZ", "gG"]])
    state["yellow_left"] = 0
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D7")
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:E7")
    assert state["cubes"] and state["phase"] != "start"


def test_setup_places_yellow_start_cards_by_player_count():
    """§Preparation 5–6: four opening cards showing all colours; 1 yellow card for 1–3
    players, 2 for 4 players and teams (never next to each other)."""
    for n, options, yellows in [(1, {}, 1), (3, {}, 1), (4, {}, 2), (4, {"teams": True}, 2),
                                (2, {"advanced": True}, 2)]:
        for seed in range(5):
            state = RULES.setup(n, options, random.Random(seed))
            assert sorted(state["cards"]) == ["C4", "D3", "D5", "E4"]
            colours = {kind_of_id(c)[0] for c in state["cards"].values()}
            assert colours == {"red", "green", "blue"}
            yellow = [c for c, s in state["starts"].items() if s == "yellow"]
            assert len(yellow) == yellows and state["yellow_left"] == 5 - yellows
            assert all(len(h) == 5 for h in state["hands"])
            assert len(state["faceup"]) == (0 if n == 1 else 3)


def kind_of_id(card):
    from bot.games.mimic.cards import kind_of
    return kind_of(card)
