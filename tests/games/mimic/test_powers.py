"""The five power cards: shared/rules/mimic.txt §Power Cards (Green, Yellow, Red, Blue, Orange)."""

import copy
import random

import pytest

from bot.games.core import IllegalAction
from bot.games.mimic import RULES
from tests.games.mimic.art import act, cells_for, ids, position
from tests.games.refusals import said

LINE = """
    7 .  .  .  .  .  .  .
    6 .  .  .  rL .  .  .
    5 .  .  .  rL .  .  .
    4 .  .  .  R  rE .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
"""
FILL = ["gO", "gZ", "gG"]


def powers(state, seat=0):
    return state["powers"][seat]


def test_basic_power_kit_by_player_count():
    """Spec choice: 2 red + green, yellow, blue each; orange only with 1 and 4 players
    (§Preparation 4 puts orange back in the box for 2 and 3); no green in solo."""
    assert RULES.setup(2, {}, random.Random(1))["powers"][0]["active"] == \
        ["green", "yellow", "red", "red", "blue"]
    kit = RULES.setup(4, {}, random.Random(1))["powers"][0]["active"]
    assert kit == ["green", "yellow", "red", "red", "blue", "orange"]
    kit = RULES.setup(1, {}, random.Random(1))["powers"][0]["active"]
    assert kit == ["yellow", "red", "red", "blue", "orange"]


def test_green_places_a_third_card():
    """§Green 1; §Power Cards 7: the extra card does not count toward the two."""
    state = position(LINE, [["rE", "bO", "bO", *FILL[:2]]])
    state, _ = act(state, 0, f"place:{ids(state, 0, 'bO')[0]}:D3")
    state, _ = act(state, 0, f"place:{ids(state, 0, 'bO')[0]}:D2")
    legal = RULES.legal_actions(state, 0)
    assert not any(a.startswith("place:") for a in legal) and "power:green" in legal
    state, _ = act(state, 0, "power:green")
    assert powers(state) == {"active": ["yellow", "red", "red", "blue"], "used": ["green"]}
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D7")
    assert state["step"]["placed"] == 3


def test_green_is_never_offered_in_solo():
    """Solo lays up to five cards anyway (§How to Play (1 Player)), so a Green card could add
    nothing: the solo player is not dealt one, and no position of a solo game offers it —
    not even in a game stored while solo still dealt green."""
    state = position(LINE, [["rE", "bO", "bO", *FILL[:2]]], n=1)
    assert "green" not in powers(state)["active"] + powers(state)["used"]
    assert "green" not in RULES.view(state, 0)["powers"][0]["active"]
    state["powers"][0]["active"].insert(0, "green")  # as dealt before
    short = copy.deepcopy(state)  # the deck has run out: three cards left in hand
    short["removed"], short["hands"][0] = short["hands"][0][3:], short["hands"][0][:3]
    for game in (state, short):
        for _ in range(3):
            legal = RULES.legal_actions(game, 0)
            assert "power:green" not in legal
            place = next((a for a in legal if a.startswith("place:")), None)
            if place is None:
                break
            game, _ = act(game, 0, place)


def test_a_whole_solo_game_never_offers_green():
    """Every position of computer-played solo games, from the deal to the end."""
    for seed in range(3):
        state = RULES.setup(1, {}, random.Random(seed))
        rng = random.Random(seed)
        while RULES.outcome(state) is None:
            legal = RULES.legal_actions(state, 0)
            assert "power:green" not in legal
            assert "green" not in state["powers"][0]["active"]
            state, _ = act(state, 0, rng.choice(legal))


def test_yellow_moves_a_card_in_two_steps_and_can_complete_a_set():
    """§Yellow 1–3: the card moves on the grid; it is not taken into the hand; the move must
    be legal for that card; here it completes D5-D6-D7-C7 and the cube goes on C7."""
    art = LINE.replace("7 .  .  .  .", "7 .  .  .  rE")
    state = position(art, [["bO", "bO", *FILL]])
    legal = RULES.legal_actions(state, 0)
    assert "yellow:E4" in legal and "yellow:D5" in legal
    state, _ = act(state, 0, "yellow:E4")
    assert state["step"]["pending"] == {"power": "yellow", "from": "E4"}
    legal = RULES.legal_actions(state, 0)
    assert "to:C7" in legal and "to:E4" not in legal and legal[-1] == "cancel"
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.finish_yellow") as caught:
        act(state, 0, f"place:{ids(state, 0, 'bO')[0]}:D3")
    assert said(caught.value) == (
        "Finish the yellow move first: choose where the card goes, or cancel.",
        "Nejdřív dokonči přesun žlutou kartou: vyber, kam karta půjde, nebo přesun zruš.")
    state, _ = act(state, 0, "cancel")
    assert "yellow" in powers(state)["active"] and state["step"]["pending"] is None
    state, _ = act(state, 0, "yellow:E4")
    state, _ = act(state, 0, "to:C7")
    assert "E4" not in state["cards"] and state["cubes"] == {"C7": 0}
    assert "yellow" in powers(state)["used"] and state["phase"] == "start"
    assert len(state["hands"][0]) == 5


def test_red_removes_a_card_from_play_and_leaves_a_gap():
    """§Red 1–3: the card goes out of play face up; cubed cards and start cards stay."""
    art = LINE.replace("3 .  .  .  .  .", "3 .  .  .  #  .")
    state = position(art, [["bO", "bZ", *FILL]])
    legal = RULES.legal_actions(state, 0)
    reds = sorted(a for a in legal if a.startswith("red:"))
    assert reds == ["red:D5", "red:D6", "red:E4"]  # not the cubed D3, not the start card
    card = state["cards"]["D5"]
    state, _ = act(state, 0, "red:D5")
    assert state["removed"] == [card] and "D5" not in state["cards"]
    assert powers(state)["active"].count("red") == 1
    assert RULES.view(state, None)["removed"][0]["id"] == card
    # The gap D5 is now the open cell of the north line: only a red card fitting its lion.
    assert "D5" not in cells_for(state, 0, ids(state, 0, "bO")[0])


@pytest.mark.parametrize("shape", ["bO bO bZ", "bO bZ bO", "bO bZ bZ"])
def test_blue_cubes_one_and_a_half_pairs(shape):
    """§Blue 1–3: a cube on the last card of an incomplete set (1.5 pairs). Spec choice: it
    counts like a set's cube but earns no start card."""
    a, b, c = shape.split()
    art = f"""
        7 .  .  .  {c} .  .  .
        6 .  .  .  {b} .  .  .
        5 .  .  .  {a} .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    state = position(art, [["rE", "rE", *FILL]])
    assert [a for a in RULES.legal_actions(state, 0) if a.startswith("blue:")] == ["blue:D7"]
    state, _ = act(state, 0, "blue:D7")
    assert state["cubes"] == {"D7": 0} and state["cubes_left"][0] == 5
    assert state["phase"] == "place" and "blue" in powers(state)["used"]


def test_blue_needs_two_animals():
    """Three different animals are no incomplete set."""
    art = """
        7 .  .  .  rZ .  .  .
        6 .  .  .  rE .  .  .
        5 .  .  .  rL .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    state = position(art, [["bO", "bO", *FILL]])
    assert not any(a.startswith("blue:") for a in RULES.legal_actions(state, 0))


JUMP = """
    7 .  .  .  .  .  .  .
    6 .  .  .  #  .  .  .
    5 .  .  .  rL .  .  .
    4 .  .  .  R  .  .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
"""


def test_orange_jump_lasts_for_this_turn_only():
    """§Orange 1 and 5: after the card the line may jump the cube D6 and go on at D7; when
    the turn ends the effect ends."""
    state = position(JUMP, [["rE", "rE", *FILL]], n=4)
    red = ids(state, 0, "rE")[0]
    assert "D7" not in cells_for(state, 0, red)
    assert set(cells_for(state, 0, red)) >= {"C5", "E5"}
    state, _ = act(state, 0, "power:orange")
    assert "power:orange" not in RULES.legal_actions(state, 0)
    assert "D7" in cells_for(state, 0, red)
    state, _ = act(state, 0, f"place:{red}:D7")
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:C7")
    assert state["cards"]["C7"] and state["step"]["jump"]
    state, _ = act(state, 0, "end")
    while state["turn"] == 0:  # draw back to five
        state, _ = act(state, 0, RULES.legal_actions(state, 0)[-1])
    assert state["step"]["jump"] is False
    # Seat 1 sees no line through D7 any more: B7 (after C7) is open for nobody.
    assert not any(a.endswith(":B7") for a in RULES.legal_actions(state, 1))
