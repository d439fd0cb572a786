"""The Mariposas map and goal cards as the computer player looks them up, computed once.

Shortest walks between spaces, the way to milkweed and home, rows north, walks of exactly N
steps (`Graph.reachable`), and which of a goal card's regions each space lies in. The map
never changes during a game, so every table here is remembered for the process.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from bot.games.mariposas import goals
from bot.games.mariposas.content import GoalCard
from bot.games.mariposas.state import content


@cache
def distances() -> tuple[tuple[int, ...], ...]:
    """Shortest walk between every two spaces (breadth-first from each space)."""
    graph = content().board.graph
    size = len(content().board.spaces)
    table = []
    for source in range(size):
        dist = [size] * size
        dist[source] = 0
        todo = deque([source])
        while todo:
            here = todo.popleft()
            for other in graph.neighbours(here):
                if dist[other] == size:
                    dist[other] = dist[here] + 1
                    todo.append(other)
        table.append(tuple(dist))
    return tuple(table)


@cache
def to_milkweed() -> tuple[int, ...]:
    """Steps from each space to the nearest space next to milkweed."""
    near = content().board.next_to_milkweed
    return tuple(min(row[s] for s in near) for row in distances())


@cache
def via_milkweed() -> tuple[int, ...]:
    """Steps from each space home to Michoacán by way of a space next to milkweed."""
    near = content().board.next_to_milkweed
    home = content().board.michoacan
    dist = distances()
    return tuple(min(row[s] + dist[s][home] for s in near) for row in dist)


@cache
def rows_north() -> tuple[int, ...]:
    """Rows each space lies north of Michoacán's row."""
    spaces = content().board.spaces
    bottom = spaces[content().board.michoacan].at[0]
    return tuple(bottom - space.at[0] for space in spaces)


@cache
def reachable(space: int, steps: int) -> frozenset[int]:
    """`Graph.reachable`, remembered (the map never changes)."""
    return content().board.graph.reachable(space, steps)


@cache
def goal_card(card_id: str) -> GoalCard:
    """The goal card with this id."""
    return next(card for card in content().goal_cards if card.id == card_id)


@cache
def _regions(card_id: str) -> tuple[frozenset[int], ...]:
    board = content().board
    return tuple(goals.spaces_of(board, region)
                 for goal in goal_card(card_id).goals for region in goal.regions)


@cache
def signatures(card_id: str) -> tuple[tuple[bool, ...], ...]:
    """For each space, which of a card's regions it lies in: all that the card's season
    goals can see of a butterfly's place."""
    regions = _regions(card_id)
    return tuple(tuple(space in region for region in regions)
                 for space in range(len(content().board.spaces)))
