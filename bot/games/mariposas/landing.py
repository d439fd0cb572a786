"""What a landing gives: flowers, waystations, the choices they leave, and hatching.

§Landing on Flowers (never the same space twice in a turn, never the butterfly's start space;
spec 2's supply of 24), §Landing on a Waystation (the first visitor flips and rolls; each card
once), §Wild Flowers, "move 4 + take a flower" (spec 19), §Hatching Butterflies and §Hatching
Costs (spec 6, 14–16). Choices wait in the turn's ``queue`` in the order the rules give them:
the landing's own (die, wild flower, cards to gain), the neighbour's flower, then the hatch.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

from bot.games.core import Event
from bot.games.mariposas import goal_calls
from bot.games.mariposas.state import DIE_WILD, butterfly, content, owns_card

MATCHING = {1: 2, 2: 3, 3: 4, 4: 4}
"""§Hatching Costs by the parent's generation: that many matching tokens, or one more of any."""


def land(state: dict[str, Any], seat: int, space: int, rng: random.Random,
         events: list[Event]) -> bool:
    """End the current move on ``space`` and collect what landing there gives; True when a
    waystation's die was rolled (the caller then moves the undo checkpoint)."""
    turn = state["turn"]
    moving = turn["moving"]
    b = butterfly(state, moving["b"])
    assert b is not None  # noqa: S101 (narrows the type for mypy)
    group = turn["groups"][moving["g"]]
    group["used"], turn["moving"] = True, None
    events.append(Event("landed", seat, {"butterfly": b["id"], "from": b["space"],
                                         "space": space, "steps": group["steps"]}))
    b["space"] = space
    board = content().board
    where = board.spaces[space]
    rolled = False
    if where.kind == "flower" and may_collect(turn, b["id"], space):
        turn["visited"].append(space)
        for flower in where.flowers:
            give(state, seat, flower, events)
    elif where.kind == "city" and where.city is not None:
        rolled = waystation(state, seat, b["id"], where.city, space, rng, events)
    if group["flower"]:
        turn["queue"].append({"kind": "take", "space": space, "b": b["id"]})
    if space in board.next_to_milkweed:
        turn["queue"].append({"kind": "hatch", "b": b["id"]})
    return rolled


def may_collect(turn: Mapping[str, Any], butterfly_id: str, space: int) -> bool:
    """§Landing on Flowers: never the same space twice in a turn, never the butterfly's start."""
    return space not in turn["visited"] and turn["starts"].get(butterfly_id) != space


def waystation(state: dict[str, Any], seat: int, butterfly_id: str, city: str, space: int,
               rng: random.Random, events: list[Event]) -> bool:
    """§Landing on a Waystation; True when this landing flipped the marker and rolled the die."""
    data = content()
    marker = next(m for m in data.markers if m.id == state["markers"][city])
    turn = state["turn"]
    rolled = city not in state["face_up"]
    if rolled:
        state["face_up"].append(city)
        face = rng.randrange(len(data.board.flower_types) + 1)
        rolled_face = data.board.flower_types[face] if face < len(data.board.flower_types) \
            else DIE_WILD
        events.append(Event("waystation_flipped", seat,
                            {"city": city, "marker": marker.id, "die": rolled_face}))
        if rolled_face == DIE_WILD:
            turn["queue"].append({"kind": "flower", "why": "die"})
        else:
            give(state, seat, rolled_face, events)
    if marker.gives == "wild_flower":
        # Spec 3: after its flip the wild-flower city is a flower space like any other.
        if may_collect(turn, butterfly_id, space):
            turn["visited"].append(space)
            turn["queue"].append({"kind": "flower", "why": "wild"})
    else:
        card = marker.id if marker.gives == "life_cycle" else str(marker.card)
        if not owns_card(state, seat, card):
            gain_card(state, seat, card, events)
    return rolled


def give(state: dict[str, Any], seat: int, flower: str, events: list[Event]) -> None:
    """One flower token from the supply, if any is left (spec 2)."""
    if state["flower_supply"][flower] > 0:
        state["flower_supply"][flower] -= 1
        state["flowers"][seat][flower] += 1
        events.append(Event("flower", seat, {"flower": flower}))


def gain_card(state: dict[str, Any], seat: int, card: str, events: list[Event]) -> None:
    """Take a life cycle or bonus move card; completing a set earns its ability (spec 7)."""
    data = content()
    events.append(Event("card_gained", seat, {"card": card}))
    if card in {bonus.id for bonus in data.bonus_moves}:
        state["bonus"][seat]["held"].append(card)
        return
    state["life_cycle"][seat].append(card)
    life_set = next(m.set for m in data.markers if m.id == card)
    stages = {m.id for m in data.markers if m.set == life_set}
    if stages <= set(state["life_cycle"][seat]):
        grant_ability(state, seat, str(life_set), events)


def choice_options(state: Mapping[str, Any], seat: int, choice: Mapping[str, Any]) -> list[str]:
    """The answers to the choice at the head of the queue (empty: nothing to choose)."""
    board = content().board
    supply = state["flower_supply"]
    kind = choice["kind"]
    if kind == "flower":
        return [f"flower:{f}" for f in board.flower_types if supply[f] > 0]
    if kind == "take":
        # Both limits of §Landing on Flowers: not a space collected this turn, and not the
        # space the butterfly started on (games stored before "b" was queued: no start known).
        visited = state["turn"]["visited"]
        start = state["turn"]["starts"].get(choice.get("b"))
        return [f"take:{n}" for n in board.graph.neighbours(choice["space"])
                if board.spaces[n].kind == "flower" and n not in visited and n != start
                and any(supply[f] > 0 for f in board.spaces[n].flowers)]
    if kind == "gain":
        cards = [m.id for m in content().markers if m.gives == "life_cycle"]
        cards += [bonus.id for bonus in content().bonus_moves]
        return [f"gain:{c}" for c in cards if not owns_card(state, seat, c)]
    if kind == "hatch":
        parent = butterfly(state, choice["b"])
        if parent is None or hatch_source(state, parent) is None:
            return []
        pays = payments(state["flowers"][seat], parent["gen"])
        return [f"hatch:{p}" for p in pays] + ["hatch:none"] if pays else []
    raise ValueError(kind)


def hatch_source(state: Mapping[str, Any], parent: Mapping[str, Any]) -> str | None:
    """Where the new butterfly comes from: ``card`` (the season card, first — §Hatching
    Butterflies), ``supply``, ``flip`` (gen 4 → double), or None (no marker: no hatch)."""
    gen, seat = parent["gen"], parent["seat"]
    if gen == 4:
        return None if parent["double"] else "flip"
    if gen < len(state["on_card"]) and state["on_card"][gen][seat] > 0:
        return "card"
    return "supply" if state["supply"][seat][gen + 1] > 0 else None


def payments(flowers: Mapping[str, int], parent_gen: int) -> list[str]:
    """Every way to pay a hatch (§Hatching Costs): N matching tokens or any N + 1."""
    types = content().board.flower_types
    need = MATCHING[parent_gen]
    out = [".".join([f] * need) for f in types if flowers[f] >= need]
    for combo in itertools.combinations_with_replacement(types, need + 1):
        if all(combo.count(f) <= flowers[f] for f in set(combo)):
            out.append(".".join(combo))
    return out


def answer(state: dict[str, Any], seat: int, verb: str, rest: str, events: list[Event]) -> None:
    """Resolve the choice at the head of the queue."""
    queue = state["turn"]["queue"]
    head = queue[0]
    if verb == "flower":
        queue.pop(0)
        give(state, seat, rest, events)
    elif verb == "take":
        queue.pop(0)
        space = int(rest)
        state["turn"]["visited"].append(space)
        give(state, seat, content().board.spaces[space].flowers[0], events)
    elif verb == "gain":
        head["left"] -= 1
        if head["left"] == 0:
            queue.pop(0)
        gain_card(state, seat, rest, events)  # may queue another ability's choice first
    elif verb == "hatch":
        queue.pop(0)
        if rest != "none":
            parent = butterfly(state, head["b"])
            assert parent is not None  # noqa: S101 (narrows the type for mypy)
            for flower in rest.split("."):
                state["flowers"][seat][flower] -= 1
                state["flower_supply"][flower] += 1
            hatch(state, parent, paid=True, events=events)


def advance(state: dict[str, Any], seat: int) -> None:
    """Drop choices at the head of the queue that offer nothing (no flower left, no marker to
    hatch, nothing to pay with)."""
    queue = state["turn"]["queue"]
    while queue and not choice_options(state, seat, queue[0]):
        queue.pop(0)


def hatch(state: dict[str, Any], parent: dict[str, Any], *, paid: bool,
          events: list[Event]) -> None:
    """§Hatching Butterflies: a new butterfly of the next generation on the parent's space,
    or a gen 4 turned double. A paid hatch scores the current card's "!" breeding goals and
    may hatch a double (F1); the free season-end hatch does neither (spec 14)."""
    seat, gen, space = parent["seat"], parent["gen"], parent["space"]
    card = state["goal_cards"][state["season"]]
    source = hatch_source(state, parent)
    data: dict[str, Any] = {"parent": parent["id"], "space": space, "paid": paid}
    if source == "flip":
        parent["double"] = True
        data["double"] = parent["id"]
    else:
        if source == "card":
            state["on_card"][gen][seat] -= 1
            if not any(state["on_card"][gen]) and not state["revealed"][gen]:
                state["revealed"][gen] = True
                events.append(Event("goal_revealed", None,
                                    {"season": gen, "card": state["goal_cards"][gen]}))
        else:
            state["supply"][seat][gen + 1] -= 1
        double = paid and gen == 3 and goal_calls.hatches_double(card, space, gen)
        child = {"id": f"{seat}.{state['next_id'][seat]}", "seat": seat, "gen": gen + 1,
                 "double": double, "space": space}
        state["next_id"][seat] += 1
        state["butterflies"].append(child)
        if state["turn"] is not None:
            state["turn"]["starts"][child["id"]] = space
        data["child"] = dict(child)
    points = goal_calls.breeding_points(card, space, gen) if paid else 0
    if "point_per_hatch" in state["has_ability"][seat]:
        points += 1
    state["scores"][seat] += points
    data["points"] = points
    events.append(Event("hatched", seat, data))


def grant_ability(state: dict[str, Any], seat: int, life_set: str, events: list[Event]) -> None:
    """§Life Cycle Ability Tokens: the set's token to the seat that completed it (spec 7);
    the immediate ones act now, the others are looked up when they apply."""
    ability = state["abilities"][life_set]
    state["has_ability"][seat].append(ability)
    events.append(Event("ability", seat, {"set": life_set, "ability": ability}))
    if ability == "each_flower":
        for flower in content().board.flower_types:
            give(state, seat, flower, events)
    elif ability == "two_cards" and state["turn"] is not None:
        state["turn"]["queue"].insert(0, {"kind": "gain", "left": 2})
