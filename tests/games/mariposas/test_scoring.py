"""The Michoacán table, the tie-breakers and the next season's first player.

shared/rules/mariposas.txt §Fall (steps 2–3, the tie breakers) and §Spring step 3 / §Summer
step 3; spec shared/specs/mariposas.md open points 9, 17, 18.
"""

from __future__ import annotations

import pytest

from bot.games.mariposas import goals
from bot.games.mariposas.content import load
from bot.games.mariposas.goals import Standing

BOARD = load().board


def fly(gen: int, *, double: bool = False, home: bool = True) -> dict:
    space = BOARD.michoacan if home else BOARD.graph.index((16, 1))
    return {"seat": 0, "gen": gen, "double": double, "space": space}


# §Fall step 2: the Michoacán table ----------------------------------------------------------

@pytest.mark.parametrize(("count", "points"), [
    (0, 0), (1, 3), (2, 7), (3, 12), (4, 17), (5, 21), (6, 24), (7, 26), (8, 28),
])
def test_michoacan_table_row_by_row(count, points):
    """§Fall step 2: 1–6 generation 4 butterflies score 3, 7, 12, 17, 21, 24; "Each
    subsequent generation 4 butterfly scores an additional 2 points" (spec 9)."""
    assert goals.michoacan_points(count) == points


def test_michoacan_table_refuses_a_negative_count():
    with pytest.raises(ValueError):
        goals.michoacan_points(-1)


def test_michoacan_table_counts_gen4_there_with_doubles_as_two():
    """§Fall step 2 counts generation 4 butterflies in Michoacán; §Hatching Costs 4: a double
    counts 2 "(such as butterflies back in Michoacán)"; spec 17: gen 4 only."""
    mine = [fly(4), fly(4, double=True), fly(3), fly(4, home=False), fly(4, double=True,
                                                                           home=False)]
    assert goals.michoacan_count(mine, BOARD) == 3
    assert goals.michoacan_points(goals.michoacan_count(mine, BOARD)) == 12
    # The tie-breaker counts every generation there (spec 17), doubles 2.
    assert goals.in_michoacan(mine, BOARD) == 4


def test_four_doubles_home_score_as_eight_butterflies():
    """§Hatching Costs 4: doubles "can be powerful at the end of the game": 4 doubles = 8."""
    assert goals.michoacan_points(goals.michoacan_count([fly(4, double=True)] * 4, BOARD)) == 28


# §Fall: the tie breakers, in order -----------------------------------------------------------

def test_most_points_wins_whatever_the_tie_breakers_say():
    """§Fall: "The player with the most points after all 3 seasons is the winner"."""
    standings = [Standing(40, 9, 30, 8), Standing(41, 0, 0, 0), Standing(12, 0, 0, 0)]
    assert goals.winners(standings) == {1}
    assert goals.places(standings) == (2, 1, 3)


def test_tie_breaker_1__butterflies_in_michoacan():
    """§Fall tie breaker 1: number of butterflies in Michoacán (before flowers and cards)."""
    standings = [Standing(40, 3, 9, 9), Standing(40, 4, 0, 0), Standing(39, 9, 9, 9)]
    assert goals.winners(standings) == {1}
    assert goals.places(standings) == (2, 1, 3)


def test_tie_breaker_2__flower_tokens():
    """§Fall tie breaker 2: number of flower tokens (before life cycle cards)."""
    standings = [Standing(40, 4, 6, 0), Standing(40, 4, 5, 12)]
    assert goals.winners(standings) == {0}
    assert goals.places(standings) == (1, 2)


def test_tie_breaker_3__life_cycle_cards():
    """§Fall tie breaker 3: number of life cycle cards."""
    standings = [Standing(40, 4, 5, 6), Standing(40, 4, 5, 7), Standing(40, 4, 5, 2)]
    assert goals.winners(standings) == {1}
    assert goals.places(standings) == (2, 1, 3)


def test_tie_breaker_4__still_tied_you_all_win():
    """§Fall tie breaker 4: "Still tied? You all win!" — the shared win, shared first place,
    the next player third (competition ranking)."""
    standings = [Standing(40, 4, 5, 6), Standing(38, 9, 9, 9), Standing(40, 4, 5, 6)]
    assert goals.winners(standings) == {0, 2}
    assert goals.places(standings) == (1, 3, 1)


def test_solo_and_no_standings():
    assert goals.winners([Standing(0, 0, 0, 0)]) == {0}
    assert goals.places([Standing(0, 0, 0, 0)]) == (1,)
    assert goals.winners([]) == frozenset()
    assert goals.places([]) == ()


# §Spring step 3 / §Summer step 3: the next season's first player -----------------------------

def test_next_first_player_has_the_fewest_points():
    """§Spring step 3: "The player with the fewest total points at the end of spring will be
    the first player for summer"."""
    assert goals.next_first_player([7, 3, 9, 4], previous_first=0) == 1
    assert goals.next_first_player([7, 3, 9, 4], previous_first=2) == 1


@pytest.mark.parametrize(("previous", "first"), [(0, 1), (1, 1), (2, 3), (3, 3), (4, 1)])
def test_next_first_player_tie_goes_clockwise_from_the_previous_first(previous, first):
    """§Spring step 3: "Ties go to the first player clockwise from spring's first player";
    spec 18: starting at the previous first player, that seat included."""
    assert goals.next_first_player([5, 2, 6, 2, 4], previous_first=previous) == first


def test_next_first_player_all_tied_keeps_the_previous_first():
    """Spec 18, inclusive: with everyone level the first player stays first."""
    assert goals.next_first_player([3, 3, 3], previous_first=2) == 2
    assert goals.next_first_player([0], previous_first=0) == 0


def test_next_first_player_needs_the_previous_first_among_the_seats():
    with pytest.raises(ValueError):
        goals.next_first_player([1, 2], previous_first=2)
    with pytest.raises(ValueError):
        goals.next_first_player([], previous_first=0)


def test_the_result_names_the_tie_breaker_that_decided_first_place():
    """§Fall tie breakers: the first of them that separates the leaders is named."""
    cases = [
        ([Standing(41, 0, 0, 0), Standing(40, 9, 9, 9)], None),
        ([Standing(40, 4, 0, 0), Standing(40, 3, 9, 9)], "michoacan"),
        ([Standing(40, 4, 6, 0), Standing(40, 4, 5, 12)], "flowers"),
        ([Standing(40, 4, 5, 7), Standing(40, 4, 5, 6), Standing(12, 0, 0, 0)], "cards"),
        ([Standing(40, 4, 5, 6), Standing(38, 9, 9, 9), Standing(40, 4, 5, 6)], "shared"),
        ([], None),
    ]
    for standings, decided in cases:
        assert goals.decided_by(standings) == decided, standings
