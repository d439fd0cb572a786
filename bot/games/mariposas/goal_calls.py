"""The one place the rules engine calls the season goals (``goals.py``), from state data.

``goals.py`` is written in parallel; until it is on main this module stands in with a
provisional reading of the spec's goal table (points 10–18), so the engine can play whole
games. Once ``goals`` imports, everything here goes through it and the stand-in is unused.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.mariposas.content import Board, GoalCard
from bot.games.mariposas.state import content

try:  # pragma: no cover - which branch runs depends on whether goals.py has landed
    from bot.games.mariposas import goals as _goals  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    _goals = None


def card(card_id: str) -> GoalCard:
    """The goal card with this id."""
    for goal_card in content().goal_cards:
        if goal_card.id == card_id:
            return goal_card
    raise KeyError(card_id)


def weight(b: Mapping[str, Any]) -> int:
    """How many butterflies a marker counts as (a double gen 4 counts 2; spec 11)."""
    if _goals is not None:
        return int(_goals.weight(b))
    return 2 if b["double"] else 1


def season_points(card_id: str, mine: Sequence[Mapping[str, Any]],
                  flowers: Mapping[str, int]) -> list[int]:
    """Points per goal of a season card for one player's butterflies and flowers."""
    board = content().board
    if _goals is not None:
        return [int(p) for p in _goals.season_points(card(card_id), list(mine), dict(flowers),
                                                       board)]
    return [_provisional_points(goal, mine, flowers, board) for goal in card(card_id).goals]


def breeding_points(card_id: str, space: int, parent_gen: int) -> int:
    """Points a paid hatch scores at once on this card ("!" goals; spec 14)."""
    board = content().board
    if _goals is not None:
        return int(_goals.breeding_points(card(card_id), space, parent_gen, board))
    return sum(goal.points for goal in card(card_id).goals
               if goal.type == "per_breeding" and space in board.region(goal.regions[0]))


def hatches_double(card_id: str, space: int, parent_gen: int) -> bool:
    """Whether a paid hatch here puts the new gen 4 double side up (F1; spec 15)."""
    board = content().board
    if _goals is not None:
        return bool(_goals.hatches_double(card(card_id), space, parent_gen, board))
    return any(goal.type == "breeding_makes_double" and goal.parent_generation == parent_gen
               and space in board.region(goal.regions[0]) for goal in card(card_id).goals)


def michoacan_points(count: int) -> int:
    """§Fall 2: the Michoacán table (3, 7, 12, 17, 21, 24, then +2 each)."""
    if _goals is not None:
        return int(_goals.michoacan_points(count))
    table = (0, 3, 7, 12, 17, 21, 24)
    return table[count] if count < len(table) else 24 + 2 * (count - 6)


def next_first_player(scores: Sequence[int], previous_first: int) -> int:
    """§Spring 3 / spec 18: fewest points; ties to the first clockwise from the previous."""
    if _goals is not None:
        return int(_goals.next_first_player(list(scores), previous_first))
    n = len(scores)
    order = [(previous_first + i) % n for i in range(n)]
    return min(order, key=lambda seat: scores[seat])


def standings(points: Sequence[int], in_michoacan: Sequence[int], flowers: Sequence[int],
              life_cycle: Sequence[int]) -> tuple[frozenset[int], list[int]]:
    """The winners and each seat's place (§Fall tie-breakers; spec 17)."""
    rows = list(zip(points, in_michoacan, flowers, life_cycle, strict=True))
    if _goals is not None:
        table = [_goals.Standing(*row) for row in rows]
        return frozenset(_goals.winners(table)), [int(p) for p in _goals.places(table)]
    best = max(rows)
    winners = frozenset(seat for seat, row in enumerate(rows) if row == best)
    places = [1 + sum(other > row for other in rows) for row in rows]
    return winners, places


def _provisional_points(goal: Any, mine: Sequence[Mapping[str, Any]],
                        flowers: Mapping[str, int], board: Board) -> int:
    def count(region: Any) -> int:
        spaces = board.region(region)
        return sum(weight(b) for b in mine if b["space"] in spaces)

    if goal.type == "per_butterfly":
        return goal.points * count(goal.regions[0])
    if goal.type == "count_and_none":
        total = sum(weight(b) for b in mine)
        return goal.points if total >= goal.at_least and not count(goal.regions[0]) else 0
    if goal.type == "each_flower_token":
        return goal.points if all(flowers.get(f, 0) for f in board.flower_types) else 0
    if goal.type == "one_in_each":
        # A distinct butterfly for each region (spec 12): a double on one space is one place.
        regions = [board.region(region) for region in goal.regions]
        spaces = [b["space"] for b in mine]
        for chosen in itertools.permutations(range(len(spaces)), len(regions)):
            if all(spaces[i] in region for i, region in zip(chosen, regions, strict=True)):
                return goal.points
        return 0
    return 0
