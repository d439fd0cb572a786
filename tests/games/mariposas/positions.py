"""Hand-built Mariposas positions for the scenario tests: set up, then arrange the table."""

from __future__ import annotations

import copy
import random
from typing import Any

from bot.games.core import Event
from bot.games.mariposas import turn
from bot.games.mariposas.content import load
from bot.games.mariposas.rules import RULES

BOARD = load().board


def at(row: int, column: int) -> int:
    """The space id at a spec coordinate."""
    return BOARD.space_at((row, column)).id


def city(city_id: str) -> int:
    """The space id of a city."""
    return BOARD.city(city_id).space


class Die(random.Random):
    """An rng whose die (``randrange``) shows the given faces in turn (5 = the wild face)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self.faces.pop(0) if self.faces else 0


def table(n: int = 2, *, seat: int = 0, season: int = 0, cards: list[str] | None = None,
          butterflies: list[tuple[str, int, int, int]] | None = None,
          goal: str | None = None) -> dict[str, Any]:
    """A game with ``seat`` to play first in ``season``, holding ``cards``, its butterflies
    replaced by ``butterflies`` as ``(id, seat, gen, space)`` (others' left as set up), the
    season's goal card ``goal``, then a fresh turn (and undo checkpoint)."""
    state = RULES.setup(n, {}, random.Random("positions"))
    state["season"], state["first"], state["pos"] = season, seat, 0
    state["revealed"][season] = True
    if goal is not None:
        state["goal_cards"][season] = goal
    if cards is not None:
        hand(state, seat, cards)
    if butterflies is not None:
        state["butterflies"] = [
            {"id": bid, "seat": s, "gen": gen, "double": False, "space": space}
            for bid, s, gen, space in butterflies
        ]
        state["next_id"] = [10] * n
        for s in range(n):  # the markers placed come out of the supply
            for gen in (2, 3, 4):
                placed = sum(b[1] == s and b[2] == gen for b in butterflies)
                state["supply"][s][gen] = max(0, state["supply"][s][gen] - placed)
    turn.start(state)
    return state


def hand(state: dict[str, Any], seat: int, cards: list[str]) -> None:
    """Put exactly ``cards`` in ``seat``'s hand, swapping with wherever they were."""
    old = state["hands"][seat]
    for card in cards:
        for pile in (state["deck"], state["discard"], *state["hands"]):
            if card in pile and pile is not old:
                pile.remove(card)
    state["deck"] += [c for c in old if c not in cards]
    state["hands"][seat] = list(cards)


def flowers(state: dict[str, Any], seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these flower tokens (the rest back to the supply)."""
    for flower in BOARD.flower_types:
        want = counts.get(flower, 0)
        state["flower_supply"][flower] += state["flowers"][seat][flower] - want
        state["flowers"][seat][flower] = want


def restart(state: dict[str, Any]) -> dict[str, Any]:
    """Re-open the current turn after arranging the table (a fresh checkpoint)."""
    turn.start(state)
    return state


def act(state: dict[str, Any], *actions: str, seat: int | None = None,
        rng: random.Random | None = None) -> tuple[dict[str, Any], list[Event]]:
    """Apply legal actions one after another; each must be legal."""
    events: list[Event] = []
    for action in actions:
        who = seat if seat is not None else min(RULES.active_seats(state))
        legal = RULES.legal_actions(state, who)
        assert action in legal, f"{action} not in {legal}"
        state, more = RULES.apply(copy.deepcopy(state), who, action,
                                  rng=rng or random.Random(action), at_ms=0)
        events += more
    return state, events


def legal(state: dict[str, Any], seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat to act)."""
    who = seat if seat is not None else min(RULES.active_seats(state))
    return list(RULES.legal_actions(state, who))
