"""Ratings with openskill's Plackett-Luce model: only humans, only games with two or more."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()


def rate(
    players: Sequence[tuple[int, int]], current: Mapping[int, tuple[float, float]]
) -> list[tuple[int, float, float]]:
    """New (user_id, mu, sigma) for the human players of a finished game.

    Args:
        players: (user_id, rank) of each human seat, rank 1 = best; ties share a rank.
        current: the users' ratings so far; a user without one starts at the default.

    A game with fewer than two humans changes nobody's rating.
    """
    if len(players) < 2:
        return []
    teams = [
        [_MODEL.rating(*current[user]) if user in current else _MODEL.rating()]
        for user, _ in players
    ]
    rated = _MODEL.rate(teams, ranks=[rank for _, rank in players])
    return [
        (user, team[0].mu, team[0].sigma)
        for (user, _), team in zip(players, rated, strict=True)
    ]


def display(mu: float | None, sigma: float | None) -> float:
    """The number shown on leaderboards: a conservative estimate (mu − 3σ), 0 for newcomers."""
    if mu is None or sigma is None:
        return 0.0
    return max(0.0, mu - 3 * sigma)
