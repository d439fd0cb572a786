"""A turn's card: what a hand may play and what playing it sets up.

§On Your Turn 1 and §Movement (the action cards, reuse cards that copy a card played this
season, a reuse of a reuse resolving to the original, never a bonus card), §Waystation Bonus
Move Cards (played instead of an action card, or with one: a separate 1-step move, or 2 more
steps on one of the card's moves). Codes: see `turn`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from bot.games.core import Event
from bot.games.mariposas.state import content, is_action_card


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
