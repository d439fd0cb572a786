"""Hard's whole-turn planner: the moves of a card planned together, from the seat's view only.

A turn's moves are not independent: a butterfly may use two of them in a row, a flower picked
up on the first landing may pay a hatch on the second, a butterfly hatched on the way may fly
on with the moves left, and the season goals count butterflies together. `plan` searches the
sequences of (move, butterfly, landing) a set of move groups allows, simulating what each
landing gives as `landing` does (flowers under §Landing on Flowers' two limits, waystation
items, "take a flower" from a neighbour, a paid hatch next to milkweed when it gains), and
prices the end of the turn with `ai_worth.Worth` (no steps of this turn left). A beam keeps
the work bounded: every first step is tried, then only the best partial turns grow.
Nothing here reads the state or any randomness.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.games.mariposas import goals
from bot.games.mariposas.ai_map import (
    distances,
    goal_card,
    reachable,
    rows_north,
    signatures,
    to_milkweed,
    via_milkweed,
)
from bot.games.mariposas.ai_worth import CHILD, GEN4_BASE, Worth

BEAM = 4
"""Partial turns kept after each move (every first move is tried)."""

Step = tuple[str, int, int]
"""One move of a plan: (butterfly id, move group index, landing space)."""


@dataclass(frozen=True)
class Sim:
    """A turn in progress as the plan sees it."""

    mine: tuple[Mapping[str, Any], ...]
    flowers: Mapping[str, int]
    groups: tuple[tuple[int, bool, bool], ...]
    """Each move group: (steps, takes a flower, used)."""
    visited: frozenset[int]
    starts: Mapping[str, int]
    gained: frozenset[str] = frozenset()
    """Waystation cards collected in this plan."""
    flipped: frozenset[int] = frozenset()
    """Face-down waystations turned in this plan (their item is priced, then known spent)."""
    hatched: Mapping[int, int] = field(default_factory=dict)
    """Markers used by this plan's hatches, by the generation hatched."""
    extra: float = 0.0
    """What the plan gained beyond the end position: items, a hatch's base and points."""
    steps: tuple[Step, ...] = ()

    def left(self) -> int:
        """Steps of this turn not yet moved."""
        return sum(steps for steps, _, used in self.groups if not used)


def start(worth: Worth, groups: Sequence[tuple[int, bool, bool]]) -> Sim:
    """The turn as the view shows it, with these move groups."""
    return Sim(tuple(worth.mine), dict(worth.flowers), tuple(groups),
               frozenset(worth.visited), dict(worth.starts))


def value(worth: Worth, sim: Sim) -> float:
    """What a (partial) plan is worth: its position, the steps still to move, plus extras."""
    return worth.position(sim.mine, sim.flowers, sim.left()) + sim.extra


def plan(worth: Worth, sim: Sim, first: tuple[str, int] | None = None,
         beam: int = BEAM) -> tuple[float, tuple[Step, ...]]:
    """The best value reachable by using every open move group of ``sim``, and its steps;
    ``first`` forces the first step's butterfly and group (a move already chosen)."""
    frontier = [(value(worth, sim), sim)]
    depth = 0
    while sim.mine and any(not used for _, _, used in frontier[0][1].groups):
        children = [(value(worth, child), child)
                    for _, node in frontier
                    for child in _expand(worth, node, first if depth == 0 else None)]
        if not children:
            break
        # Best first; equal values by the steps themselves, so a replay chooses alike.
        children.sort(key=lambda pair: (-pair[0], pair[1].steps))
        frontier = children[:beam]
        depth += 1
    return frontier[0][0], frontier[0][1].steps


def _expand(worth: Worth, node: Sim, first: tuple[str, int] | None) -> list[Sim]:
    """Every next step of a partial plan: one per distinct open group, distinct butterfly
    (same generation, side, space and start count as one) and reachable landing."""
    out = []
    seen_groups = set()
    for g, (steps, flower, used) in enumerate(node.groups):
        if used or (first is not None and g != first[1]):
            continue
        if (steps, flower) in seen_groups:
            continue
        seen_groups.add((steps, flower))
        seen_b = set()
        for b in node.mine:
            if first is not None and b["id"] != first[0]:
                continue
            key = (b["gen"], b["double"], b["space"], node.starts.get(b["id"], b["space"]))
            if key in seen_b:
                continue
            seen_b.add(key)
            for space in _landings(worth, node, b, steps):
                out.append(land(worth, node, b, g, space))
    return out


def _landings(worth: Worth, node: Sim, b: Mapping[str, Any], steps: int) -> list[int]:
    """The reachable landings worth trying: of spaces the pricing cannot tell apart (same
    goal regions, same flowers to collect, same milkweed, same spacing in summer), only the
    one furthest along the season's direction (north in spring, home later)."""
    board = worth.board
    sigs = signatures(worth.card) if worth.card is not None else None
    dist = distances()
    milkweed = to_milkweed()
    north = rows_north()
    home = board.michoacan
    via = via_milkweed()
    others = [o["space"] for o in node.mine if o is not b] if worth.season == 1 else []
    start_space = node.starts.get(b["id"], b["space"])
    top = max(sorted(node.flowers), key=lambda f: node.flowers[f])
    best: dict[tuple[Any, ...], tuple[int, int]] = {}
    for space in sorted(reachable(b["space"], steps)):
        where = board.spaces[space]
        if where.kind != "flower":
            best[("city", space)] = (0, space)
            continue
        tokens: tuple[int, bool] = (0, False)
        if space not in node.visited and space != start_space:
            # Flowers count by how many, and whether they add to the type held most.
            tokens = (len(where.flowers), where.flowers[0] == top)
        key = (sigs[space] if sigs is not None else None, tokens,
               space in board.next_to_milkweed, milkweed[space] <= 2,
               min((dist[space][o] for o in others), default=4) >= 4)
        if worth.season == 0:
            rank = -north[space]
        elif b["gen"] == 4:
            rank = dist[space][home]
        else:
            rank = via[space]
        if key not in best or (rank, space) < best[key]:
            best[key] = (rank, space)
    return sorted(space for _, space in best.values())


def land(worth: Worth, node: Sim, b: Mapping[str, Any], g: int, space: int) -> Sim:
    """``b`` makes move group ``g`` and lands on ``space``: what `landing.land` would give,
    then the hatch, taken when it gains."""
    board = worth.board
    _, flower, _ = node.groups[g]
    groups = tuple((s, f, True if i == g else u) for i, (s, f, u) in enumerate(node.groups))
    moved = dict(b, space=space)
    mine = tuple(moved if x is b else x for x in node.mine)
    flowers = dict(node.flowers)
    visited = set(node.visited)
    starts = dict(node.starts)
    starts.setdefault(b["id"], b["space"])
    extra = node.extra
    gained, flipped = node.gained, node.flipped
    where = board.spaces[space]
    collect = space not in visited and starts[b["id"]] != space
    if where.kind == "flower" and collect:
        visited.add(space)
        for f in where.flowers:
            if worth.supply.get(f, 0) > flowers[f] - worth.flowers[f]:
                flowers[f] += 1
    elif where.kind == "city":
        if space in worth.face_down and space not in flipped:
            extra += worth.waystation(space, True)
            flipped = flipped | {space}
        elif space not in worth.face_down:
            marker = worth.by_marker.get(worth.markers.get(space, ""))
            if marker is not None and marker.gives == "wild_flower":
                if collect:
                    visited.add(space)
                    top = max(sorted(flowers), key=lambda f: flowers[f])
                    flowers[top] += 1
            elif marker is not None:
                card = marker.id if marker.gives == "life_cycle" else str(marker.card)
                if card not in gained:
                    extra += worth.waystation(space, True)
                    gained = gained | {card}
    if flower:
        options = [n for n in board.graph.neighbours(space)
                   if board.spaces[n].kind == "flower" and n not in visited]
        if options:
            best = max(options, key=lambda n: (flowers[board.spaces[n].flowers[0]], -n))
            visited.add(best)
            flowers[board.spaces[best].flowers[0]] += 1
    sim = replace(node, mine=mine, flowers=flowers, groups=groups, visited=frozenset(visited),
                  starts=starts, gained=gained, flipped=flipped, extra=extra,
                  steps=(*node.steps, (str(b["id"]), g, space)))
    if space in board.next_to_milkweed:
        return _hatch(worth, sim, moved)
    return sim


def _hatch(worth: Worth, sim: Sim, parent: Mapping[str, Any]) -> Sim:
    """The paid hatch of ``parent`` where it landed, if it has a marker, can pay and gains."""
    gen = parent["gen"]
    if gen == 4:
        if parent["double"]:
            return sim
    elif worth.free_markers[gen + 1] - sim.hatched.get(gen + 1, 0) <= 0:
        return sim
    if not worth.affordable(sim.flowers, gen):
        return sim
    paid = worth.cheapest_payment(sim.flowers, gen)
    space = parent["space"]
    if gen == 4:
        mine = tuple(dict(b, double=True) if b is parent else b for b in sim.mine)
        base = 0.0
        starts = sim.starts
    else:
        double = worth.card is not None and gen == 3 and goals.hatches_double(
            goal_card(worth.card), space, gen, worth.board)
        child_id = f"new{len(sim.steps)}"
        child = {"id": child_id, "seat": worth.seat, "gen": gen + 1, "double": double,
                 "space": space}
        mine = (*sim.mine, child)
        base = CHILD.get(gen + 1, GEN4_BASE)
        starts = {**sim.starts, child_id: space}
    points = 1.0 if "point_per_hatch" in worth.abilities else 0.0
    if worth.card is not None:
        points += goals.breeding_points(goal_card(worth.card), space, gen, worth.board)
    hatched = dict(sim.hatched)
    if gen < 4:
        hatched[gen + 1] = hatched.get(gen + 1, 0) + 1
    grown = replace(sim, mine=mine, flowers=paid, starts=starts, hatched=hatched,
                    extra=sim.extra + base + points)
    return grown if value(worth, grown) > value(worth, sim) else sim

