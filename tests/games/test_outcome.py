"""`Outcome.ranks`: the ranks stored with a finished game's results and fed to the ratings."""

from __future__ import annotations

import itertools

from bot.games.core import Outcome


def test_ranks_follow_the_scores_and_ties_share():
    outcome = Outcome("end", (5, 9, 5, 2), frozenset({1}))
    assert outcome.ranks() == (2, 1, 2, 4)
    assert Outcome("end", (7, 7, 3), frozenset({0, 1})).ranks() == (1, 1, 3)


def test_a_tie_broken_by_a_tiebreak_ranks_the_loser_below_the_winner():
    """Equal scores but one winner (MIMIC's showdown): the winner is better, not level."""
    assert Outcome("showdown", (3, 3), frozenset({1})).ranks() == (2, 1)
    assert Outcome("showdown", (3, 3, 1), frozenset({0})).ranks() == (1, 2, 3)
    # Teams: both members of the winning side rank 1, both losers share the next place.
    assert Outcome("showdown", (4, 4, 4, 4), frozenset({0, 2})).ranks() == (1, 3, 1, 3)


def test_a_tie_that_stands_is_shared_and_a_game_nobody_won_ranks_by_score():
    assert Outcome("showdown", (3, 3, 1), frozenset({0, 1})).ranks() == (1, 1, 3)
    assert Outcome("stuck", (6,), frozenset()).ranks() == (1,)


def test_games_whose_winners_are_the_best_scores_rank_as_plain_competition_ranking():
    """Mimikri and Schicki Micki: winners are exactly the best scores; ranks are 1 + the
    number of higher scores, as before tie-breaks counted."""
    for scores in itertools.product(range(3), repeat=4):
        winners = frozenset(s for s, v in enumerate(scores) if v == max(scores))
        expected = tuple(1 + sum(o > v for o in scores) for v in scores)
        assert Outcome("end", scores, winners).ranks() == expected
