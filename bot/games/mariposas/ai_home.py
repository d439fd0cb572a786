"""Hard's foresight about the way home: fall's steps as a budget for gen 4 in Michoacán.

§Fall 2 scores only generation 4 butterflies in Michoacán at the end of fall, so from summer
on the hard level prices a position by the Michoacán points it can still reach: the steps the
turns ahead give, shared out between the gen 4 away from home and the gen 4 the fall may still
hatch (or flip double), as far as the flowers pay for them (`homeward`). Nothing here reads
the state or any randomness; `ai_worth.Worth` calls it, handing itself in as the `Seat` it
reads (this module does not import that one, which imports it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.games.mariposas import goals
from bot.games.mariposas.ai_map import distances, via_milkweed
from bot.games.mariposas.content import Board
from bot.games.mariposas.state import TURNS


class Seat(Protocol):
    """What `homeward` reads of one seat's view, as `ai_worth.Worth` holds it."""

    @property
    def board(self) -> Board: ...
    @property
    def season(self) -> int: ...
    @property
    def turns_after(self) -> int:
        """The seat's turns in this season after the current one."""
    @property
    def abilities(self) -> set[str]: ...
    @property
    def free_markers(self) -> dict[int, int]:
        """Markers left to hatch, by the generation hatched."""

STEPS_AHEAD = 3.0
"""Foresight: the steps a future turn is worth on the way home (a card gives about 4, some
of them lost to moves longer than the distance left)."""
HATCH_FLOWERS = 5
"""Foresight: the tokens a gen 3 hatch or a gen 4 flip costs (4 matching or any 5)."""
FLOWERS_PER_TURN = 2.0
"""Foresight: the tokens a turn of fall collects on the way."""
FALL_FLOWER = 0.2
"""Foresight: a token in fall beyond the gen 4 it helps hatch (priced in `homeward`)."""
HATCH_ODDS = 0.8
"""Foresight: the most a gen 3 that still has a marker to hatch counts as a gen 4 at home."""
LONG_WAY = 0.03
"""How much less sure a way home is per step, even when the budget covers it."""


REACH = ((3, 1.0), (4, 0.85), (5, 0.4))
"""Foresight: how far one butterfly gets in a turn, and how likely: any card moves one
butterfly 3, most 4 (a move of 4 or 5, 1 + 3, 2 + 2), only a move of 5 goes 5."""


def reach_odds(d: float, turns: int) -> float:
    """How likely one butterfly covers ``d`` steps in ``turns`` turns (alone; `homeward`
    shares the steps between butterflies)."""
    if d <= 0:
        return 1.0
    for per_turn, odds in REACH:
        if d <= per_turn * turns:
            return odds
    return 0.0


def michoacan_value(count: float) -> float:
    """The Michoacán table at a fractional (expected) count, between its steps."""
    low = int(count)
    frac = count - low
    return goals.michoacan_points(low) * (1 - frac) + goals.michoacan_points(low + 1) * frac


def homeward(seat: Seat, mine: Sequence[Mapping[str, Any]], flowers: Mapping[str, int],
         left: int) -> float:
    """Foresight's Michoacán points, in fall and already in summer (for fall's turns):
    the steps still to come (``left`` this turn, about `STEPS_AHEAD` each later fall turn)
    spent on the cheapest ways home — a gen 4 its distance; a gen 4 the fall may still
    hatch (a gen 3 with a marker left, in summer also the free hatch on a gen 2) or flip
    double, the way through milkweed, as likely as the flowers held and still to collect
    pay for it. The first way that no longer fits counts in part; a long way is a little
    less sure even when it fits."""
    home = seat.board.michoacan
    dist = distances()
    via = via_milkweed()
    count = 1.0 if "michoacan_extra" in seat.abilities else 0.0
    units: list[tuple[float, float]] = []
    hatches: list[float] = []
    gen4 = 0
    for b in mine:
        if b["gen"] != 4:
            continue
        gen4 += 1
        d = dist[b["space"]][home]
        if d == 0:
            count += goals.weight(b)
            continue
        units.append((d, float(goals.weight(b))))
        if not b["double"]:
            hatches.append(via[b["space"]] - d + 1)  # a flip: the detour to milkweed
    parents = sorted(via[b["space"]] + 1 for b in mine if b["gen"] == 3)
    turns = seat.turns_after
    if seat.season == 1:
        turns = TURNS[2]
        gen2 = [via[b["space"]] + 1 for b in mine if b["gen"] == 2]
        if gen2 and seat.free_markers[3] > 0:
            parents = sorted([*parents, min(gen2)])
    hatches += [cost for cost in parents for _ in range(2)][:max(0, 4 - gen4)]
    tokens = sum(flowers.values()) + FLOWERS_PER_TURN * turns
    for k, cost in enumerate(sorted(hatches)):
        odds = HATCH_ODDS * min(1.0, max(0.0, (tokens - HATCH_FLOWERS * k) / HATCH_FLOWERS))
        if odds <= 0:
            break
        units.append((cost, odds))
    budget = left + STEPS_AHEAD * turns
    for d, w in sorted(units, key=lambda u: u[0] / u[1]):
        sure = w * (1 - LONG_WAY * d) * reach_odds(max(0.0, d - left), turns)
        if d <= budget:
            count += sure
            budget -= d
        else:
            count += sure * budget / d
            break
    return michoacan_value(count)
