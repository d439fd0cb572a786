"""The one place the rules engine calls the season goals (`goals`), from state data.

`goals` takes content objects (a `GoalCard`, the board); the engine keeps card ids in its
state. This module turns the one into the other, so the turn and season code read as rules.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.mariposas import goals
from bot.games.mariposas.content import GoalCard
from bot.games.mariposas.state import content


@functools.cache
def card(card_id: str) -> GoalCard:
    """The goal card with this id."""
    for goal_card in content().goal_cards:
        if goal_card.id == card_id:
            return goal_card
    raise KeyError(card_id)


def weight(b: Mapping[str, Any]) -> int:
    """How many butterflies a marker counts as (a double gen 4 counts 2; spec 11)."""
    return goals.weight(b)


def season_points(card_id: str, mine: Sequence[Mapping[str, Any]],
                  flowers: Mapping[str, int]) -> list[int]:
    """Points per goal of a season card for one player's butterflies and flowers."""
    return list(goals.season_points(card(card_id), list(mine), flowers, content().board))


def breeding_points(card_id: str, space: int, parent_gen: int) -> int:
    """Points a paid hatch scores at once on this card ("!" goals; spec 14)."""
    return goals.breeding_points(card(card_id), space, parent_gen, content().board)


def hatches_double(card_id: str, space: int, parent_gen: int) -> bool:
    """Whether a paid hatch here puts the new gen 4 double side up (F1; spec 15)."""
    return goals.hatches_double(card(card_id), space, parent_gen, content().board)


def michoacan_points(count: int) -> int:
    """§Fall 2: the Michoacán table (3, 7, 12, 17, 21, 24, then +2 each)."""
    return goals.michoacan_points(count)


def michoacan_count(mine: Sequence[Mapping[str, Any]], *, gen4_only: bool) -> int:
    """Butterflies in Michoacán, a double counting 2: gen 4 only for the table (spec 9),
    every generation for the tie-breaker (spec 17)."""
    board = content().board
    if gen4_only:
        return goals.michoacan_count(mine, board)
    return goals.in_michoacan(mine, board)


def next_first_player(scores: Sequence[int], previous_first: int) -> int:
    """§Spring 3 / spec 18: fewest points; ties to the first clockwise from the previous."""
    return goals.next_first_player(list(scores), previous_first)


def standings(points: Sequence[int], in_michoacan: Sequence[int], flowers: Sequence[int],
              life_cycle: Sequence[int]) -> dict[str, Any]:
    """The end of the game as the result records it (§Fall tie-breakers; spec 17): the
    winners, each seat's place, the figures that ranked them and the tie-breaker that
    decided first place (None: points alone did; "shared": nothing did)."""
    table = [goals.Standing(*row)
             for row in zip(points, in_michoacan, flowers, life_cycle, strict=True)]
    return {"winners": sorted(goals.winners(table)),
            "places": [int(place) for place in goals.places(table)],
            "standings": [list(standing.key()) for standing in table],
            "decided_by": goals.decided_by(table)}
