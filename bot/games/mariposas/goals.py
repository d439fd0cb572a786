"""Mariposas' scoring as pure functions: season goals, breeding goals, the Michoacán table and
who wins.

Reads nothing but its arguments (a goal card and the board from `content.load()`, a player's
butterflies on the map, their flower tokens) and changes nothing; the turn flow decides *when*
to call what. Rule text ``shared/rules/mariposas.txt`` §Examples of Season Goals, §Fall and
§Spring; spec ``shared/specs/mariposas.md`` open points 9–18.

A butterfly is the state's JSON object ``{"seat", "gen", "double", "space"}``, ``space`` an
index into ``board.spaces`` (Michoacán is ``board.michoacan``).

How a goal counts (spec 11–15):

- Every butterfly passed in counts, Michoacán included, whatever its generation; a double gen 4
  counts 2 in every count (`weight`). Michoacán is below and left of everything and has no
  colour; cities have no colour either (``Board.region`` holds that geometry).
- ``per_butterfly``: the points for each butterfly in the region.
- ``one_in_each``: the points once, for a butterfly in each region, each region its own
  marker (S5 goal A: one on red *and* one on yellow, both above Atlanta).
- ``count_and_none``: the points once, for at least ``at_least`` butterflies on the map and none
  in the region — any butterfly breaks "none", one in Michoacán too.
- ``each_flower_token``: the points once, for holding a token of every flower type when the
  season is scored.
- ``per_breeding`` ("!"): the points at the moment of a breeding (a paid hatch, the gen 4 →
  double flip included) whose parent landed in the region; nothing at the season's end.
- ``breeding_makes_double`` (F1): a paid hatch of that parent generation in the region puts the
  new gen 4 double side up; no points.

Choices where both texts are silent (each has a test in ``tests/games/mariposas/test_goals.py``):

- ``one_in_each`` wants a marker of its own in each region: a double, one marker on one space,
  fills one region even where two regions overlap (spec 12: "one double on one space cannot
  satisfy it alone"). The shipped cards' regions never overlap, so it never arises in play.
- ``per_breeding`` goals score only at the hatch, whether or not the card marks them "!": the end
  of a season does not know how many breedings there were (every shipped one is "!").
- ``michoacan_count`` for the Michoacán table counts generation 4 only (spec 17), the
  tie-breaker's ``in_michoacan`` every generation; neither adds the ability's extra butterfly,
  which the caller adds to the table's count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.mariposas.content import Board, Goal, GoalCard, Region

Butterfly = Mapping[str, Any]
"""``{"seat": int, "gen": 1..4, "double": bool, "space": int}``."""

MICHOACAN_TABLE = (0, 3, 7, 12, 17, 21, 24)
"""§Fall step 2: points for 0–6 generation 4 butterflies in Michoacán."""
MICHOACAN_BEYOND = 2
"""§Fall step 2: "Each subsequent generation 4 butterfly scores an additional 2 points"."""

_AT_SEASON_END = ("per_butterfly", "one_in_each", "count_and_none", "each_flower_token")

# Regions are looked up on every score and every AI probe: keep each one's spaces per board.
# The board itself is kept in the value so its id cannot be reused by another board.
_REGIONS: dict[int, tuple[Board, dict[Region, frozenset[int]]]] = {}


def spaces_of(board: Board, region: Region) -> frozenset[int]:
    """The spaces of ``region`` on ``board`` (``Board.region``, remembered)."""
    entry = _REGIONS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = _REGIONS[id(board)] = (board, {})
    known = entry[1]
    found = known.get(region)
    if found is None:
        found = known[region] = board.region(region)
    return found


def weight(b: Butterfly) -> int:
    """How many butterflies a marker counts as: 2 for a double gen 4, else 1 (spec 11)."""
    return 2 if b["gen"] == 4 and b.get("double", False) else 1


def count_in(mine: Iterable[Butterfly], spaces: frozenset[int]) -> int:
    """How many butterflies (doubles 2) stand on ``spaces``."""
    return sum(weight(b) for b in mine if b["space"] in spaces)


def _one_in_each(mine: Sequence[Butterfly], regions: Sequence[frozenset[int]]) -> bool:
    # Each region needs a marker of its own: a tiny matching, at most ten markers against
    # three regions, tried region by region.
    used = [False] * len(mine)

    def fill(k: int) -> bool:
        if k == len(regions):
            return True
        for i, b in enumerate(mine):
            if not used[i] and b["space"] in regions[k]:
                used[i] = True
                if fill(k + 1):
                    return True
                used[i] = False
        return False

    return fill(0)


def goal_points(goal: Goal, mine: Sequence[Butterfly], flowers: Mapping[str, int],
                board: Board) -> int:
    """End-of-season points of one goal for one player (0 for the breeding goals)."""
    if goal.type not in _AT_SEASON_END:
        return 0
    if goal.type == "each_flower_token":
        held = all(flowers.get(flower, 0) >= 1 for flower in board.flower_types)
        return goal.points if held else 0
    regions = [spaces_of(board, region) for region in goal.regions]
    if goal.type == "per_butterfly":
        return goal.points * count_in(mine, regions[0])
    if goal.type == "one_in_each":
        return goal.points if _one_in_each(mine, regions) else 0
    # count_and_none: enough butterflies on the map, and not one of them in the region.
    enough = sum(weight(b) for b in mine) >= goal.at_least
    return goal.points if enough and not count_in(mine, regions[0]) else 0


def season_points(card: GoalCard, mine: Sequence[Butterfly], flowers: Mapping[str, int],
                  board: Board) -> list[int]:
    """End-of-season points of each goal of ``card`` for one player, in the card's order.

    ``mine``: the player's butterflies on the map; ``flowers``: their tokens by flower type.
    """
    return [goal_points(goal, mine, flowers, board) for goal in card.goals]


def _check_parent(parent_gen: int) -> None:
    if not 1 <= parent_gen <= 4:
        raise ValueError(f"a parent is generation 1 to 4, not {parent_gen}")


def breeding_points(card: GoalCard, space: int, parent_gen: int, board: Board) -> int:
    """Immediate points of one breeding whose parent landed on ``space`` (spec 14).

    A breeding is a paid hatch, the gen 4 → double flip included; the season-end free hatch is
    none, so the caller does not ask.

    Raises:
        ValueError: ``parent_gen`` is not 1–4.
    """
    _check_parent(parent_gen)
    return sum(
        goal.points for goal in card.goals
        if goal.type == "per_breeding" and space in spaces_of(board, goal.regions[0])
    )


def hatches_double(card: GoalCard, space: int, parent_gen: int, board: Board) -> bool:
    """Whether a paid hatch from ``space`` puts the new gen 4 double side up (F1, spec 15).

    Raises:
        ValueError: ``parent_gen`` is not 1–4.
    """
    _check_parent(parent_gen)
    return any(
        goal.type == "breeding_makes_double" and goal.parent_generation == parent_gen
        and space in spaces_of(board, goal.regions[0])
        for goal in card.goals
    )


def michoacan_points(count: int) -> int:
    """§Fall step 2: points for ``count`` generation 4 butterflies in Michoacán.

    Raises:
        ValueError: a negative count.
    """
    if count < 0:
        raise ValueError("a count of butterflies is 0 or more")
    last = len(MICHOACAN_TABLE) - 1
    if count <= last:
        return MICHOACAN_TABLE[count]
    return MICHOACAN_TABLE[last] + MICHOACAN_BEYOND * (count - last)


def michoacan_count(mine: Iterable[Butterfly], board: Board) -> int:
    """Generation 4 butterflies in Michoacán, doubles 2: the count §Fall step 2 scores."""
    return sum(weight(b) for b in mine if b["gen"] == 4 and b["space"] == board.michoacan)


def in_michoacan(mine: Iterable[Butterfly], board: Board) -> int:
    """Butterflies of every generation in Michoacán, doubles 2: the first tie-breaker."""
    return count_in(mine, frozenset((board.michoacan,)))


def next_first_player(scores: Sequence[int], previous_first: int) -> int:
    """The next season's first player: fewest points; a tie goes to the first tied seat
    clockwise from the previous first player, that seat included (§Spring step 3, spec 18).

    Seats are numbered clockwise: seat ``i + 1`` plays after seat ``i``.

    Raises:
        ValueError: no scores, or ``previous_first`` is no seat.
    """
    if not scores or not 0 <= previous_first < len(scores):
        raise ValueError("the previous first player must be one of the seats scored")
    fewest = min(scores)
    seats = len(scores)
    return next(
        seat for seat in ((previous_first + k) % seats for k in range(seats))
        if scores[seat] == fewest
    )


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's figures at the end of the game, in the order they decide it (§Fall, spec
    17): points, then butterflies in Michoacán (every generation, doubles 2), flower tokens
    held, life cycle cards."""

    points: int
    in_michoacan: int
    flowers: int
    life_cycle_cards: int

    def key(self) -> tuple[int, int, int, int]:
        """Higher is better, compared left to right."""
        return (self.points, self.in_michoacan, self.flowers, self.life_cycle_cards)


def winners(standings: Sequence[Standing]) -> frozenset[int]:
    """The seats that win: the best by points and then the tie-breakers in order; still tied,
    they all win (§Fall: "Still tied? You all win!")."""
    if not standings:
        return frozenset()
    best = max(standing.key() for standing in standings)
    return frozenset(seat for seat, standing in enumerate(standings) if standing.key() == best)


TIE_BREAKERS = ("michoacan", "flowers", "cards")
"""The tie-breakers after points, in the order §Fall names them."""


def decided_by(standings: Sequence[Standing]) -> str | None:
    """Which tie-breaker settled first place: None when points alone did, one of
    `TIE_BREAKERS`, or "shared" when all of them left the best still tied."""
    keys = [standing.key() for standing in standings]
    if not keys:
        return None
    best = max(keys)
    rivals = [key for key in keys if key[0] == best[0] and key != best]
    if keys.count(best) > 1:
        return "shared"
    if not rivals:
        return None
    for level, name in enumerate(TIE_BREAKERS, start=1):
        if all(key[:level + 1] != best[:level + 1] for key in rivals):
            return name
    return "shared"  # unreachable: a rival equal on every figure would equal ``best``


def places(standings: Sequence[Standing]) -> tuple[int, ...]:
    """Each seat's place by the same order, competition style: 1 + the number of players
    strictly ahead (two shared firsts are both 1, the next is 3)."""
    keys = [standing.key() for standing in standings]
    return tuple(1 + sum(other > key for other in keys) for key in keys)
