"""Every season goal card scored on hand-built positions, and the rule text's examples.

shared/rules/mariposas.txt §Geographical Goals, §Examples of Season Goals; spec
shared/specs/mariposas.md §Season goal cards and open points 10–15. Each card's test scores both
its goals once where they score and once where they just fail (a butterfly on the wrong side of
a line, a city or Michoacán where a colour is wanted, a "none" broken).
"""

from __future__ import annotations

import pytest

from bot.games.mariposas import goals
from bot.games.mariposas.content import Goal, GoalCard, Region, load
from bot.games.mariposas.geometry import x2

CONTENT = load()
BOARD = CONTENT.board
CARDS = {card.id: card for card in CONTENT.goal_cards}
M = "michoacan"
ALL_FLOWERS = {flower: 1 for flower in BOARD.flower_types}


def space(where) -> int:
    """A space by coordinate, city id or ``M``."""
    if where == M:
        return BOARD.michoacan
    if isinstance(where, str):
        return BOARD.city(where).space
    return BOARD.graph.index(where)


def fly(where, gen: int = 2, double: bool = False, colour: str | None = None) -> dict:
    """One butterfly of seat 0; ``colour`` checks the space's colour, so a position says what
    it means and fails loudly if the map changes under it."""
    at = space(where)
    if colour is not None:
        assert BOARD.spaces[at].colour == colour, (where, BOARD.spaces[at].colour)
    return {"seat": 0, "gen": gen, "double": double, "space": at}


def score(card_id: str, *flies: dict, flowers=None) -> list[int]:
    return goals.season_points(CARDS[card_id], list(flies), flowers or {}, BOARD)


def bred(card_id: str, where, parent_gen: int = 2) -> int:
    at = space(where)
    assert at in BOARD.next_to_milkweed, where  # a breeding needs a milkweed landing
    return goals.breeding_points(CARDS[card_id], at, parent_gen, BOARD)


def around(city: str) -> int:
    return len(goals.spaces_of(BOARD, Region(around=city)))


def double(where, colour: str | None = None) -> dict:
    return fly(where, gen=4, double=True, colour=colour)


# Spring --------------------------------------------------------------------------------------

def test_S1_butterflies_above_atlanta_and_one_of_each_flower():
    """Spec goal table S1: 1/butterfly above Atlanta's row; 3 if ≥1 of each flower type."""
    assert score("S1", fly((8, 1)), double((0, 1))) == [3, 0]
    # Atlanta's own row (9) is not above it; Michoacán is below everything.
    assert score("S1", fly((9, 1)), fly("atlanta"), fly(M)) == [0, 0]
    assert score("S1", flowers=ALL_FLOWERS) == [0, 3]
    assert score("S1", flowers={**ALL_FLOWERS, "pink": 0}) == [0, 0]


def test_S2_three_and_none_below_atlanta_and_butterflies_on_yellow():
    """Spec goal table S2: 5 if ≥3 butterflies AND none below Atlanta's row; 1/yellow."""
    three = [fly((9, 1), colour="yellow"), fly("atlanta"), fly((3, 5), colour="green")]
    assert score("S2", *three) == [5, 1]
    assert score("S2", double((8, 1), colour="yellow"), fly((3, 5))) == [5, 2]
    # One row below Atlanta's, or Michoacán, breaks "none"; two butterflies are too few.
    assert score("S2", *three, fly((10, 1), colour="yellow")) == [0, 2]
    assert score("S2", *three, fly(M, gen=1)) == [0, 1]
    assert score("S2", *three[:2]) == [0, 1]
    # Cities have no colour, even in the middle of the yellow.
    assert score("S2", fly("minneapolis"), fly("dallas")) == [0, 0]


def test_S3_breeding_between_houston_and_atlanta_and_butterflies_on_orange():
    """Spec goal table S3 and open points 10, 14: 2! each breeding right of Houston (x2 7)
    and left of Atlanta (x2 15), i.e. x2 9–13; 1/orange."""
    assert (x2((9, 6)), x2((11, 4)), x2((10, 4)), x2((10, 7))) == (13, 9, 8, 14)
    assert bred("S3", (9, 5)) == bred("S3", (9, 6)) == bred("S3", (11, 4)) == 2
    assert bred("S3", (11, 4), parent_gen=4) == 2  # the gen 4 → double flip is a breeding
    assert bred("S3", (10, 4)) == bred("S3", (10, 7)) == 0  # half a hex short of the lines
    # The breeding goal scores nothing at the end of the season.
    assert score("S3", fly((9, 3), colour="orange"), double((16, 0), colour="orange")) == [0, 3]
    assert score("S3", fly("houston"), fly(M)) == [0, 0]


def test_S4_around_st_louis_and_one_on_each_of_yellow_orange_red():
    """Spec goal table S4: 2/butterfly around St. Louis; 4 if ≥1 on yellow, orange and red."""
    assert around("st_louis") == 7
    three = [fly((8, 1), colour="yellow"), fly((8, 4), colour="orange"),
             fly((8, 5), colour="red")]
    assert score("S4", fly("st_louis"), fly((7, 5))) == [4, 0]
    assert score("S4", *three, *three) == [0, 4]  # one-off: twice over scores once
    assert score("S4", fly((8, 5)), fly((6, 7))) == [0, 0]  # two steps from St. Louis
    assert score("S4", *three[:2], fly("detroit")) == [0, 0]


def test_S5_red_and_yellow_above_atlanta_and_double_flower_spaces():
    """Spec goal table S5 and open point 12: 6 if one butterfly on red and one on yellow, both
    above Atlanta's row; 1/butterfly on a double-flower space."""
    assert score("S5", fly((8, 1), colour="yellow"), fly((8, 5), colour="red")) == [6, 0]
    assert score("S5", fly((9, 1), colour="yellow"), fly((8, 5), colour="red")) == [0, 0]
    assert score("S5", double((8, 5)), fly((7, 5), colour="red")) == [0, 0]
    assert score("S5", fly((0, 1)), fly((13, 8)), double((16, 0))) == [0, 4]
    assert score("S5", fly("winnipeg"), fly((1, 1))) == [0, 0]


# Summer --------------------------------------------------------------------------------------

def test_U1_around_quebec_toronto_winnipeg_and_butterflies_on_green():
    """Spec goal table U1 and open point 10: 7 if ≥1 around each of Québec City, Toronto and
    Winnipeg (edge cities with fewer neighbours); 1/green."""
    assert (around("winnipeg"), around("quebec_city"), around("toronto")) == (5, 6, 6)
    assert score("U1", fly((1, 2)), fly("toronto"), fly((2, 11))) == [7, 2]
    assert score("U1", fly((1, 3)), fly("toronto"), fly((2, 11))) == [0, 2]
    assert score("U1", fly("quebec_city"), fly("winnipeg")) == [0, 0]


def test_U2_east_coast_and_one_of_each_flower():
    """Spec goal table U2 and point 20: 2/butterfly on the East Coast, (13,8) to (3,12);
    3 if ≥1 of each flower type."""
    assert score("U2", fly((13, 8)), fly((3, 12))) == [4, 0]
    assert score("U2", double((8, 11)), flowers=ALL_FLOWERS) == [4, 3]
    # Orlando, Québec City and the blue space inland of (11, 9) are not on it.
    assert score("U2", fly("orlando"), fly("quebec_city"), fly((11, 8))) == [0, 0]
    assert score("U2", flowers={**ALL_FLOWERS, "white": 0, "red": 5}) == [0, 0]


def test_U3_around_boston_and_butterflies_on_red():
    """Spec goal table U3: 2/butterfly around Boston (the city and its 4 neighbours, New York
    among them); 1/red."""
    assert around("boston") == 5
    assert score("U3", fly("boston"), fly("new_york"), fly((5, 10), colour="red")) == [4, 1]
    assert score("U3", fly((2, 11)), fly("detroit"), fly("chicago")) == [0, 0]


def test_U4_double_flower_spaces_and_one_on_each_of_yellow_orange_green():
    """Spec goal table U4: 2/butterfly on a double-flower space; 4 if ≥1 on yellow, orange
    and green."""
    assert score("U4", fly((3, 12)), double((0, 5))) == [6, 0]
    assert score("U4", fly((3, 11)), fly("winnipeg")) == [0, 0]
    three = [fly((4, 1), colour="yellow"), fly((12, 1), colour="orange"),
             fly((1, 1), colour="green")]
    assert score("U4", *three) == [0, 4]
    assert score("U4", *three[:2], fly(M)) == [0, 0]


def test_U5_three_and_none_left_of_atlanta_and_around_chicago():
    """Spec goal table U5: 5 if ≥3 butterflies AND none left of Atlanta (x2 ≤ 13);
    2/butterfly around Chicago."""
    three = [fly("atlanta"), fly((10, 7)), fly((4, 10))]
    assert score("U5", *three) == [5, 0]
    assert score("U5", *three[:2], fly((9, 6))) == [0, 0]  # x2 13: left of Atlanta
    assert score("U5", *three, fly(M)) == [0, 0]  # Michoacán is left of everything
    assert score("U5", fly("chicago"), fly((5, 5))) == [0, 4]
    assert score("U5", fly((2, 5))) == [0, 0]


def test_U6_above_chicago_and_breeding_above_atlanta():
    """Spec goal table U6: 1/butterfly above Chicago's row; 2! each breeding above
    Atlanta's row."""
    assert score("U6", fly((3, 1)), fly((8, 5))) == [1, 0]
    assert score("U6", fly((4, 1)), fly("chicago")) == [0, 0]
    assert bred("U6", (8, 5)) == bred("U6", (1, 2), parent_gen=1) == 2
    assert bred("U6", (9, 5)) == bred("U6", (15, 0), parent_gen=3) == 0


def test_U7_around_minneapolis_and_around_new_york():
    """Spec goal table U7: 2/butterfly around Minneapolis; 2/butterfly around New York
    (Boston is its neighbour)."""
    assert score("U7", fly((4, 3)), fly("boston")) == [2, 2]
    assert score("U7", fly((5, 3)), fly((7, 11))) == [0, 0]


def test_U8_butterflies_on_blue_and_around_detroit_toronto_boston():
    """Spec goal table U8: 1/blue; 7 if ≥1 around each of Detroit, Toronto and Boston."""
    assert score("U8", fly((7, 11), colour="blue"), fly((5, 7)), fly((3, 10)),
                 fly((3, 11))) == [1, 7]
    assert score("U8", fly("washington"), fly("toronto"), fly((3, 10)), fly("boston")) == [0, 0]


def test_U9_around_winnipeg_and_three_and_none_below_chicago():
    """Spec goal table U9: 2/butterfly around Winnipeg (an edge city); 5 if ≥3 butterflies
    AND none below Chicago's row."""
    assert score("U9", fly((0, 1)), fly((4, 1)), fly("chicago")) == [2, 5]
    assert score("U9", fly((1, 3)), fly((5, 1)), fly("chicago")) == [0, 0]


def test_U10_right_of_chicago_and_one_on_each_of_red_green_blue():
    """Spec goal table U10: 1/butterfly right of Chicago (x2 ≥ 12); 4 if ≥1 on red, green and
    blue."""
    assert (x2((5, 6)), x2((5, 5))) == (13, 11)
    assert score("U10", fly((5, 6)), fly((5, 5)), fly(M)) == [1, 0]
    assert score("U10", fly((5, 10), colour="red"), fly((1, 3), colour="green"),
                 fly((7, 11), colour="blue")) == [2, 4]
    assert score("U10", fly((5, 5), colour="red"), fly((1, 1), colour="green"),
                 fly("washington")) == [1, 0]


# Fall ----------------------------------------------------------------------------------------

def test_F1_gen3_breeding_above_atlanta_is_double_and_below_atlanta():
    """Spec goal table F1 and open point 15: a gen 3 breeding above Atlanta's row hatches a
    double gen 4 and scores nothing; 1/butterfly below Atlanta's row."""
    f1 = CARDS["F1"]
    assert goals.hatches_double(f1, space((8, 5)), 3, BOARD)
    assert not goals.hatches_double(f1, space((9, 6)), 3, BOARD)
    assert not goals.hatches_double(f1, space((8, 5)), 2, BOARD)
    assert not goals.hatches_double(f1, space((8, 5)), 4, BOARD)
    assert bred("F1", (8, 5), parent_gen=3) == 0
    assert score("F1", fly((10, 1), gen=3), double(M)) == [0, 3]
    assert score("F1", fly((9, 1), gen=3), fly("atlanta", gen=4), fly((8, 5), gen=3)) == [0, 0]


def test_no_other_card_hatches_doubles():
    for card in CONTENT.goal_cards:
        if card.id != "F1":
            assert not goals.hatches_double(card, space((8, 5)), 3, BOARD), card.id


def test_F2_breeding_between_houston_and_atlanta_and_around_houston():
    """Spec goal table F2: 2! each breeding right of Houston and left of Atlanta;
    2/butterfly around Houston."""
    assert bred("F2", (11, 6), parent_gen=3) == bred("F2", (8, 5), parent_gen=4) == 2
    assert bred("F2", "houston", parent_gen=3) == bred("F2", (10, 7), parent_gen=3) == 0
    assert score("F2", fly((12, 3), gen=3), fly("houston", gen=4)) == [0, 4]
    assert score("F2", fly("dallas", gen=3), fly((11, 6), gen=3)) == [0, 0]


def test_F3_three_and_none_above_atlanta_and_butterflies_on_orange():
    """Spec goal table F3: 5 if ≥3 butterflies AND none above Atlanta's row (Michoacán is
    not above it; every generation counts); 1/orange."""
    assert score("F3", fly(M, gen=4), fly(M, gen=3), fly((9, 1), gen=3)) == [5, 0]
    assert score("F3", double(M), fly((12, 1), gen=3, colour="orange")) == [5, 1]
    assert score("F3", double(M), fly((12, 1), gen=3), fly((8, 1), gen=4)) == [0, 1]
    assert score("F3", fly(M, gen=4), fly("monterrey", gen=3)) == [0, 0]


def test_F4_around_orlando_and_butterflies_on_blue():
    """Spec goal table F4: 2/butterfly around Orlando (4 neighbours); 2/blue."""
    assert around("orlando") == 5
    assert score("F4", fly((13, 8), gen=4, colour="blue")) == [2, 2]
    assert score("F4", fly("orlando", gen=4)) == [2, 0]
    assert score("F4", fly((10, 9), gen=3, colour="orange")) == [0, 0]


def test_F5_below_dallas_and_one_on_each_of_blue_orange_yellow():
    """Spec goal table F5: 1/butterfly below Dallas's row (Michoacán too); 4 if ≥1 on blue,
    orange and yellow."""
    assert score("F5", fly((11, 1), gen=3), double(M)) == [3, 0]
    assert score("F5", fly((10, 1), gen=3), fly("dallas", gen=4)) == [0, 0]
    three = [fly((11, 4), gen=3, colour="blue"), fly((11, 1), gen=3, colour="orange"),
             fly((10, 1), gen=4, colour="yellow")]
    assert score("F5", *three) == [2, 4]
    assert score("F5", *three[:2], fly(M, gen=4)) == [3, 0]


def test_every_card_and_goal_is_tested_above():
    """Each of the 20 cards has its test in this module (spec §Season goal cards)."""
    names = {name.split("_")[1] for name in globals() if name.startswith("test_")}
    assert set(CARDS) <= names


# Rule text §Examples of Season Goals, each as its own scenario ---------------------------------

def test_example_repeatable__one_point_per_butterfly_above_atlantas_row():
    """§Examples of Season Goals, repeatable: "1 point for each butterfly you have that is
    above the row Atlanta is in"."""
    flies = [fly((8, 1)), fly((8, 5)), fly((0, 4)), fly((9, 2)), fly((12, 1))]
    assert score("S1", *flies)[0] == 3


def test_example_repeatable__two_points_per_butterfly_on_a_double_flower_space():
    """§Examples of Season Goals: "2 points for each butterfly that is on a double flower
    space"; §Hatching Costs 4: a double counts as 2 toward goals."""
    assert score("U4", fly((0, 1)), fly((16, 0), gen=1), fly((13, 8)))[0] == 6
    assert score("U4", double((3, 12)))[0] == 4
    assert score("U4", fly("winnipeg"), fly((1, 1)))[0] == 0


def test_example_repeatable__one_point_per_butterfly_on_a_red_space():
    """§Examples of Season Goals: "1 point for each butterfly that is on a red space"."""
    assert score("U3", fly((5, 10), colour="red"), fly((7, 7), colour="red"),
                 fly((8, 4), colour="orange"), fly("st_louis"))[1] == 2


def test_example_repeatable__around_boston_includes_the_city_space():
    """§Examples of Season Goals: "2 points for each butterfly that is around Boston. Around a
    city also includes on the city space itself"."""
    assert score("U3", fly("boston"))[0] == 2
    assert score("U3", fly((3, 11)), fly((4, 11)), fly((3, 12)))[0] == 6
    assert score("U3", fly((3, 10)))[0] == 0


def test_example_repeatable__east_coast_from_below_orlando_to_next_to_quebec():
    """§Examples of Season Goals: the East Coast "runs from the blue space with 2 white flowers
    immediately below Orlando to the green space adjacent to Quebec with 2 purple flowers"."""
    south, north = BOARD.spaces[BOARD.east_coast[0]], BOARD.spaces[BOARD.east_coast[-1]]
    assert (south.colour, south.flowers) == ("blue", ("white", "white"))
    assert (north.colour, north.flowers) == ("green", ("purple", "purple"))
    assert space("orlando") in BOARD.graph.neighbours(south.id)
    assert space("quebec_city") in BOARD.graph.neighbours(north.id)
    assert score("U2", *(fly(BOARD.spaces[s].at) for s in BOARD.east_coast))[0] == 22


def test_example_one_off__around_quebec_toronto_winnipeg_scores_seven_once():
    """§Examples of Season Goals, one-off: "at least 1 butterfly around each of the 3 named
    cities (Quebec City, Toronto, Winnipeg), you score 7 points"; more score nothing more."""
    assert score("U1", fly("quebec_city"), fly("toronto"), fly("winnipeg"))[0] == 7
    assert score("U1", *[fly("quebec_city"), fly("toronto"), fly("winnipeg")] * 3)[0] == 7
    assert score("U1", fly("quebec_city"), fly("toronto"))[0] == 0


def test_example_one_off__yellow_orange_and_green_scores_four():
    """§Examples of Season Goals: "at least 1 butterfly on yellow, orange, and green spaces,
    you score 4 points"."""
    assert score("U4", fly((4, 1)), fly((12, 1)), fly((1, 1)))[1] == 4
    assert score("U4", fly((4, 1)), fly((12, 1)), fly("toronto"))[1] == 0


def test_example_one_off__one_of_each_flower_token_scores_three():
    """§Examples of Season Goals: "at least one of each flower token type, you score 3"."""
    assert score("S1", flowers={flower: 4 for flower in BOARD.flower_types})[1] == 3
    assert score("S1", flowers={"white": 9, "purple": 1, "yellow": 1, "pink": 1})[1] == 0


def test_example_one_off__two_above_atlanta_one_red_one_yellow_scores_six():
    """§Examples of Season Goals: "2 butterflies both above Atlanta with at least 1 on a red
    space and 1 on a yellow space, you score 6 points"."""
    assert score("S5", fly((7, 2), colour="yellow"), fly((4, 4), colour="red"))[0] == 6
    assert score("S5", fly((7, 2)), fly((7, 3), colour="yellow"))[0] == 0
    assert score("S5", fly((10, 1), colour="yellow"), fly((4, 4)))[0] == 0


def test_example_compound__three_on_the_map_and_none_below_atlanta_scores_five():
    """§Examples of Season Goals, compound: "at least 3 butterflies on the map and no
    butterflies at all below Atlanta, you score 5 points"."""
    assert score("S2", fly((1, 1), gen=1), fly((2, 2)), fly((3, 1)))[0] == 5
    assert score("S2", fly((1, 1), gen=1), fly((2, 2)), fly((3, 1)), fly((11, 1)))[0] == 0
    assert score("S2", fly((1, 1), gen=1), fly((2, 2)))[0] == 0


def test_example_compound__three_on_the_map_and_none_left_of_atlanta_scores_five():
    """§Examples of Season Goals, compound: "at least 3 butterflies on the map and no
    butterflies at all to the left of Atlanta, you score 5 points"."""
    assert score("U5", fly((2, 10)), fly((5, 9)), fly((7, 7)))[0] == 5
    assert score("U5", fly((2, 10)), fly((5, 9)), fly((7, 6)))[0] == 0  # x2 13


def test_example_breeding__right_of_houston_and_left_of_atlanta_scores_two_at_once():
    """§Examples of Season Goals, breeding: "Each time a butterfly breeds ... in the columns
    indicated to the right of Houston and left of Atlanta, you immediately score 2 points";
    §Immediate scoring ("!")."""
    goal = CARDS["S3"].goals[0]
    assert goal.type == "per_breeding" and goal.immediate
    assert bred("S3", (8, 6)) + bred("S3", (8, 6)) == 4  # each time
    assert bred("S3", (4, 3)) == 0


def test_example_breeding__gen3_above_atlanta_becomes_a_double_gen4():
    """§Examples of Season Goals, breeding: "When a generation 3 butterfly breeds above the row
    Atlanta is in, it immediately becomes a double generation 4 butterfly"."""
    assert goals.hatches_double(CARDS["F1"], space((7, 4)), 3, BOARD)
    assert not goals.hatches_double(CARDS["F1"], space((10, 4)), 3, BOARD)


# How butterflies count (spec open point 11) and the choices in goals' docstring ----------------

def test_every_generation_counts_and_only_a_double_gen4_counts_two():
    """Spec open point 11; §Hatching Costs 4: "Double butterflies count as 2 toward goals"."""
    assert [goals.weight({"gen": g, "double": False}) for g in (1, 2, 3, 4)] == [1, 1, 1, 1]
    assert goals.weight({"gen": 4, "double": True}) == 2
    assert goals.weight({"gen": 3, "double": True}) == 1  # only gen 4 markers have two sides
    assert score("S1", fly((1, 1), gen=1), fly((1, 1), gen=2), fly((1, 1), gen=3),
                 fly((1, 1), gen=4), double((1, 1)))[0] == 6


def test_a_double_fills_one_region_of_a_one_off_goal_even_where_two_overlap():
    """Choice (goals docstring), after spec 12 ("one double on one space cannot satisfy it
    alone"): each region of a one-off goal wants a marker of its own, a double too."""
    both = GoalCard("X1", "spring", (
        Goal("one_in_each", 3, (Region(colour="red"), Region(above="atlanta"))),))
    assert goals.season_points(both, [double((8, 5))], {}, BOARD) == [0]
    assert goals.season_points(both, [fly((8, 5))], {}, BOARD) == [0]
    assert goals.season_points(both, [fly((8, 5)), fly((8, 6))], {}, BOARD) == [3]


def test_breeding_goals_score_only_at_the_hatch():
    """Choice (goals docstring): a breeding goal scores nothing at the season's end, "!" or
    not; every shipped one is "!" (spec goal table)."""
    breeding = [goal for card in CONTENT.goal_cards for goal in card.goals
                if goal.type == "per_breeding"]
    assert len(breeding) == 3 and all(goal.immediate for goal in breeding)
    quiet = GoalCard("X2", "fall", (
        Goal("per_breeding", 2, (Region(above="atlanta"),), immediate=False),))
    assert goals.season_points(quiet, [fly((8, 5))], {}, BOARD) == [0]
    assert goals.breeding_points(quiet, space((8, 5)), 1, BOARD) == 2


def test_a_breeding_needs_a_parent_of_generation_1_to_4():
    for wrong in (0, 5):
        with pytest.raises(ValueError, match="generation"):
            goals.breeding_points(CARDS["S3"], space((9, 5)), wrong, BOARD)
        with pytest.raises(ValueError, match="generation"):
            goals.hatches_double(CARDS["F1"], space((8, 5)), wrong, BOARD)


def test_a_flower_type_not_held_counts_as_none():
    """Spec open point 13: the tokens held when the season is scored."""
    assert score("U2", flowers={})[1] == 0
    assert score("U2", flowers={**ALL_FLOWERS, "nectar": 0})[1] == 3
