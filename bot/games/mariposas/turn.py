"""One player's turn as sub-step actions: card, moves, landings, choices, hatching, confirm, undo.

§On Your Turn: play a card, move and land (§Movement, §Landing), collect what the landing
gives (§Landing on Flowers, §Landing on a Waystation), hatch next to milkweed (§Hatching
Butterflies), draw back to 2 with the trade-in. Action codes:

    card:<id>                     an action card, or a bonus card played instead of one
    card:<reuse-id>=<target-id>   a reuse card and the played card it copies
    card:<…>+add_1_move           with a bonus card; ``+add_2_to_move@<n>`` lengthens a move of n
    card:pass                     only when no card can be played at all
    move:<butterfly-id>:<group>   use one move group (index into the card's moves) for a butterfly
    land:<space>                  end that move on a space a walk of exactly N steps reaches
    flower:<flower>               a flower of one's choice (wild die face, wild flower city)
    take:<space>                  "move 4 + take a flower": the neighbour to take it from
    gain:<card>                   the "gain any 2 cards" ability, one card at a time
    hatch:<f1>.<f2>…|hatch:none   pay for a hatch with these flower tokens, or do not hatch
    confirm                       end the turn: draw back to 2
    trade:<id>|trade:both|keep    §On Your Turn 3's trade-in, when the new hand qualifies
    undo                          back to the turn's start or the last die roll

The turn (``state["turn"]``) keeps the card, its move ``groups`` (``steps``, ``flower``,
``used``), the butterfly ``moving``, each butterfly's ``starts`` space, the spaces ``visited``
(flowers collected), the ``queue`` of choices the last landing left, and the undo
``checkpoint``: the state as it was at the turn's start or just after the last die roll.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping
from typing import Any

from bot.games.core import Event, dump
from bot.games.mariposas import goal_calls
from bot.games.mariposas.state import (
    DIE_WILD,
    butterfly,
    content,
    current_seat,
    is_action_card,
    mine,
    owns_card,
)

MATCHING = {1: 2, 2: 3, 3: 4, 4: 4}
"""§Hatching Costs by the parent's generation: that many matching tokens, or one more of any."""


# Starting a turn and undo ---------------------------------------------------------------------

def start(state: dict[str, Any]) -> None:
    """Open the turn of the seat whose turn it is, with its first undo checkpoint."""
    state["phase"] = "turn"
    state["turn"] = {
        "seat": current_seat(state), "card": None, "bonus": [], "groups": [], "moving": None,
        "starts": {}, "visited": [], "queue": [], "checkpoint": None, "steps": 0,
    }
    checkpoint(state)


def checkpoint(state: dict[str, Any]) -> None:
    """Remember the state as it is now; `undo` comes back here and never further."""
    turn = state["turn"]
    turn["checkpoint"], turn["steps"] = None, 0
    turn["checkpoint"] = dump(state)


def undo(state: dict[str, Any]) -> None:
    """Restore the last checkpoint (in place)."""
    saved = state["turn"]["checkpoint"]
    restored = json.loads(saved)
    restored["turn"]["checkpoint"] = saved
    state.clear()
    state.update(restored)


# Legal actions -------------------------------------------------------------------------------

def legal(state: Mapping[str, Any]) -> list[str]:
    """Every legal action code of the player whose turn is open (phase "turn" or "trade")."""
    if state["phase"] == "trade":
        return trade_options(state)
    turn = state["turn"]
    seat = turn["seat"]
    if turn["card"] is None:
        return card_options(state, seat)
    undo_code = ["undo"] if turn["steps"] else []
    if turn["queue"]:
        return choice_options(state, seat, turn["queue"][0]) + undo_code
    if turn["moving"] is not None:
        return land_options(state) + undo_code
    groups = open_groups(turn)
    if groups and mine(state, seat):  # no butterfly on the map: the moves are lost
        return [f"move:{b['id']}:{g}" for b in mine(state, seat) for g in groups] + undo_code
    return ["confirm", *undo_code]


def open_groups(turn: Mapping[str, Any]) -> list[int]:
    """Unused move groups, one index per different (steps, flower) so no option repeats."""
    seen: set[tuple[int, bool]] = set()
    out = []
    for index, group in enumerate(turn["groups"]):
        key = (group["steps"], group["flower"])
        if not group["used"] and key not in seen:
            seen.add(key)
            out.append(index)
    return out


def land_options(state: Mapping[str, Any]) -> list[str]:
    """Where the moving butterfly can land: walks of exactly N steps (spec 1)."""
    turn = state["turn"]
    moving = turn["moving"]
    b = butterfly(state, moving["b"])
    assert b is not None
    steps = turn["groups"][moving["g"]]["steps"]
    return [f"land:{s}" for s in sorted(content().board.graph.reachable(b["space"], steps))]


def card_moves(state: Mapping[str, Any], card: str) -> tuple[tuple[int, ...], bool]:
    """The moves (steps of each group) and the take-a-flower mark of a card or bonus card id,
    or of an action kind id (what a reuse resolved to)."""
    data = content()
    for bonus in data.bonus_moves:
        if bonus.id == card:
            return bonus.moves, False
    kinds = {kind.id: kind for kind in data.action_kinds}
    kind = kinds.get(card) or data.action(card)
    return kind.moves, kind.take_adjacent_flower


def reuse_targets(state: Mapping[str, Any], seat: int, whose: str) -> list[str]:
    """Cards a reuse card may copy: action cards played this season by ``seat`` (``own``) or
    by the others (``other``) that resolved to moves. Bonus cards never (§Movement)."""
    seats = [seat] if whose == "own" else [s for s in range(state["players"]) if s != seat]
    return [entry["card"] for s in seats for entry in state["played"][s]
            if is_action_card(entry["card"]) and entry["as"] is not None]


def card_options(state: Mapping[str, Any], seat: int) -> list[str]:
    """Every card (with every bonus combination) ``seat`` may play now."""
    data = content()
    bases: list[tuple[str, tuple[int, ...]]] = []
    kinds_seen: set[str] = set()
    for card in state["hands"][seat]:
        kind = data.action(card)
        if kind.id in kinds_seen:  # two copies of one kind play the same
            continue
        kinds_seen.add(kind.id)
        if kind.reuse is None:
            bases.append((card, kind.moves))
            continue
        targets = reuse_targets(state, seat, kind.reuse)
        if not targets:
            bases.append((card, ()))  # a reuse with nothing to copy is played for nothing
        for target in targets:
            bases.append((f"{card}={target}", card_moves(state, _resolved(state, target))[0]))
    held = state["bonus"][seat]["held"]
    played = {bonus.id: bonus for bonus in data.bonus_moves}
    bases += [(card, played[card].moves) for card in held if played[card].played == "instead"]
    withs = [card for card in held if played[card].played == "with"]
    options = []
    for base, moves in bases:
        options.append(f"card:{base}")
        if moves:
            options += [f"card:{base}{suffix}" for suffix in _bonus_suffixes(withs, moves)]
    return options or ["card:pass"]


def _bonus_suffixes(withs: list[str], moves: tuple[int, ...]) -> list[str]:
    adds = ["", "+add_1_move"] if "add_1_move" in withs else [""]
    lengthens = [""]
    if "add_2_to_move" in withs:
        lengthens += [f"+add_2_to_move@{steps}" for steps in sorted(set(moves))]
    return [a + b for a, b in itertools.product(adds, lengthens) if a + b]


def _resolved(state: Mapping[str, Any], card: str) -> str:
    """What a played card resolved to (a reuse of a reuse resolves to the original)."""
    for pile in state["played"]:
        for entry in pile:
            if entry["card"] == card:
                return str(entry["as"])
    raise KeyError(card)


def choice_options(state: Mapping[str, Any], seat: int, choice: Mapping[str, Any]) -> list[str]:
    """The answers to the choice at the head of the queue (empty: nothing to choose)."""
    board = content().board
    supply = state["flower_supply"]
    kind = choice["kind"]
    if kind == "flower":
        return [f"flower:{f}" for f in board.flower_types if supply[f] > 0]
    if kind == "take":
        visited = state["turn"]["visited"]
        return [f"take:{n}" for n in board.graph.neighbours(choice["space"])
                if board.spaces[n].kind == "flower" and n not in visited
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


def trade_options(state: Mapping[str, Any]) -> list[str]:
    """§On Your Turn 3: trade in one card (either, when they are the same kind) or both."""
    hand = state["hands"][state["turn"]["seat"]]
    data = content()
    kinds = {data.action(hand[0]).id: hand[0]}
    kinds.setdefault(data.action(hand[1]).id, hand[1])
    return [f"trade:{card}" for card in kinds.values()] + ["trade:both", "keep"]


def can_trade(state: Mapping[str, Any], seat: int) -> bool:
    """Two of the same action card, or two reuse cards (spec: both types count as the same),
    and something left to draw."""
    hand = state["hands"][seat]
    if len(hand) != 2 or not (state["deck"] or state["discard"]):
        return False
    a, b = (content().action(card) for card in hand)
    return a.id == b.id or (a.reuse is not None and b.reuse is not None)


# Applying ------------------------------------------------------------------------------------

def apply(state: dict[str, Any], seat: int, action: str, rng: random.Random,
          events: list[Event]) -> bool:
    """Apply a legal turn action; True when the turn is over (the caller moves play on)."""
    verb, _, rest = action.partition(":")
    if verb == "trade":
        trade(state, seat, rest, rng, events)
        return True
    if verb == "keep":
        return True
    if verb == "undo":
        undo(state)
        events.append(Event("undone", seat))
        return False
    if verb == "confirm":
        return confirm(state, seat, rng, events)
    turn = state["turn"]
    turn["steps"] += 1
    if verb == "card":
        play_card(state, seat, rest, events)
    elif verb == "move":
        butterfly_id, _, group = rest.partition(":")
        b = butterfly(state, butterfly_id)
        assert b is not None
        turn["starts"].setdefault(b["id"], b["space"])
        turn["moving"] = {"b": butterfly_id, "g": int(group)}
    elif verb == "land":
        land(state, seat, int(rest), rng, events)
    else:
        answer(state, seat, verb, rest, events)
    advance(state, seat)
    return False


def play_card(state: dict[str, Any], seat: int, code: str, events: list[Event]) -> None:
    """Play a card and set up its move groups (§Movement, §Waystation Bonus Move Cards)."""
    turn = state["turn"]
    base, *bonuses = code.split("+")
    card, _, target = base.partition("=")
    bonus = state["bonus"][seat]
    entry: dict[str, Any] = {"card": card, "as": None, "target": target or None, "bonus": []}
    if card == "pass":
        pass
    elif card in state["hands"][seat]:
        state["hands"][seat].remove(card)
        kind = content().action(card)
        if kind.reuse is None:
            entry["as"] = kind.id
        elif target:
            entry["as"] = _resolved(state, target)
    else:  # a bonus card played instead of an action card
        bonus["held"].remove(card)
        bonus["used"].append(card)
        entry["as"] = card
    moves, flower = card_moves(state, entry["as"]) if entry["as"] else ((), False)
    groups = [{"steps": steps, "flower": flower, "used": False} for steps in moves]
    for extra in bonuses:
        name, _, steps = extra.partition("@")
        bonus["held"].remove(name)
        bonus["used"].append(name)
        entry["bonus"].append(name)
        if name == "add_1_move":
            groups.append({"steps": 1, "flower": False, "used": False})
        else:  # add_2_to_move lengthens one move; it is not a separate move
            group = next(g for g in groups if g["steps"] == int(steps))
            group["steps"] += 2
    state["played"][seat].append(entry)
    turn["card"] = code
    turn["groups"] = groups
    events.append(Event("card_played", seat, {**entry, "bonus": list(entry["bonus"])}))


def land(state: dict[str, Any], seat: int, space: int, rng: random.Random,
         events: list[Event]) -> None:
    """End the current move on ``space`` and collect what landing there gives."""
    turn = state["turn"]
    moving = turn["moving"]
    b = butterfly(state, moving["b"])
    assert b is not None
    group = turn["groups"][moving["g"]]
    group["used"], turn["moving"] = True, None
    b["space"] = space
    events.append(Event("landed", seat, {"butterfly": b["id"], "space": space}))
    board = content().board
    where = board.spaces[space]
    rolled = False
    if where.kind == "flower" and may_collect(turn, b["id"], space):
        turn["visited"].append(space)
        for flower in where.flowers:
            give(state, seat, flower, events)
    elif where.kind == "city":
        rolled = waystation(state, seat, b["id"], where.city, space, rng, events)
    if group["flower"]:
        turn["queue"].append({"kind": "take", "space": space})
    if space in board.next_to_milkweed:
        turn["queue"].append({"kind": "hatch", "b": b["id"]})
    if rolled:
        advance(state, seat)
        checkpoint(state)  # a die roll is never taken back


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
    from bot.games.mariposas.seasons import grant_ability  # seasons imports this module

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
            assert parent is not None
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


def confirm(state: dict[str, Any], seat: int, rng: random.Random, events: list[Event]) -> bool:
    """End the turn's play: draw back to 2 action cards; offer the trade-in if it applies."""
    draw_up(state, seat, rng, events)
    if can_trade(state, seat):
        state["phase"] = "trade"
        return False
    return True


def draw(state: dict[str, Any], rng: random.Random, events: list[Event]) -> str | None:
    """The top card; an empty deck is the discards shuffled anew (spec, Action deck)."""
    if not state["deck"] and state["discard"]:
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state["deck"])
        events.append(Event("reshuffled", None, {"cards": len(state["deck"])}))
    return state["deck"].pop(0) if state["deck"] else None


def draw_up(state: dict[str, Any], seat: int, rng: random.Random, events: list[Event]) -> None:
    """Draw until ``seat`` holds 2 action cards or nothing is left to draw."""
    hand = state["hands"][seat]
    drawn = []
    while len(hand) < 2:
        card = draw(state, rng, events)
        if card is None:
            break
        hand.append(card)
        drawn.append(card)
    if drawn:
        events.append(Event("drew", seat, {"count": len(drawn)}))
        events.append(Event("drew_cards", seat, {"cards": drawn}, frozenset({seat})))


def trade(state: dict[str, Any], seat: int, which: str, rng: random.Random,
          events: list[Event]) -> None:
    """Trade in one card or both: draw replacements first, then discard the traded ones."""
    hand = state["hands"][seat]
    out = list(hand) if which == "both" else [which]
    for card in out:
        hand.remove(card)
    draw_up(state, seat, rng, events)
    state["discard"].extend(out)
    events.append(Event("traded", seat, {"count": len(out)}))
