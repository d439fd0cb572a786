"""Mariposas on the engine contract (bot/games/core.py): 2–5 seats.

Set-up and load checks in `state`; a turn's sub-steps in `turn` (its docstring lists the
action codes), the card in `cards`, what a landing gives and hatching in `landing`; turn order,
season ends, the free hatch, final scoring and abilities in `seasons`; the season goals through
`goal_calls`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any, ClassVar, cast

from bot.games.core import JSON, Event, IllegalAction, Outcome, Seat, State
from bot.games.mariposas import seasons, turn
from bot.games.mariposas.state import SCHEMA, check, new_state

# The game's content, offered with its rules: the renderers and the web read it from here.
from bot.games.mariposas.state import content as content
from bot.games.mariposas.views import MariposasView, Turn


class MariposasRules:
    """Mariposas for 2–5 seats (no options)."""

    id: ClassVar[str] = "mariposas"
    name: ClassVar[str] = "Mariposas"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    schema: ClassVar[int] = SCHEMA

    def setup(self, n_players: int, options: Mapping[str, JSON], rng: random.Random) -> State:
        """§Setup, then the first player's turn."""
        state = new_state(n_players, rng)
        turn.start(state)
        return state

    def active_seats(self, state: State) -> frozenset[Seat]:
        """The player whose turn it is; at a season's free hatch every seat still choosing."""
        if state["phase"] in ("turn", "trade"):
            return frozenset({state["turn"]["seat"]})
        if state["phase"] == "free":
            return frozenset(int(seat) for seat in state["free"])
        return frozenset()

    def legal_actions(self, state: State, seat: Seat) -> list[str]:
        """Every legal action code for ``seat`` (see `turn` for the codes)."""
        if seat not in self.active_seats(state):
            return []
        if state["phase"] == "free":
            return seasons.free_options(state, seat)
        return turn.legal(state)

    def turn_open(self, state: State) -> bool:
        """Whether a turn is under way — a card played, or the trade-in still to choose: a
        computer taking a timed-out player's step finishes the turn (``bot.sessions``)."""
        current = state.get("turn")
        if state["phase"] == "trade":
            return True
        return state["phase"] == "turn" and current is not None and (
            current["card"] is not None or current["steps"] > 0)

    def explain_illegal(self, state: State, seat: Seat, action: str) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now."""
        return IllegalAction(f"mariposas.discord.refused.{reason(self, state, seat, action)}")

    def apply(
        self, state: State, seat: Seat, action: str, *, rng: random.Random, at_ms: int
    ) -> tuple[State, list[Event]]:
        """Apply a legal action in place (the gate passes a copy); chance comes from ``rng``
        (the waystation die, reshuffles)."""
        events: list[Event] = []
        if state["phase"] == "free":
            seasons.apply_free(state, seat, action.partition(":")[2], events)
        elif turn.apply(state, seat, action, rng, events):
            seasons.next_turn(state, events)
        return state, events

    def view(self, state: State, seat: Seat | None) -> MariposasView:
        """Everything public, plus ``seat``'s own hand; never the deck order, another hand,
        a face-down marker, a face-down goal card, or a turn not yet confirmed (but to its
        player)."""
        if seat not in self.active_seats(state) and self.turn_open(state):
            # Everyone but the player sees the turn's start until it is confirmed: a card
            # played, a butterfly landed, all of it can still be undone (the public board is
            # drawn from this view, at any moment: a restart, a retry, a redraw in a race).
            state = turn.opened_state(state)
        current = state["turn"]
        public_turn: Turn | None = None
        if current is not None:  # the state is untyped JSON; its turn has Turn's keys
            public_turn = cast(Turn, {k: copy.deepcopy(v) for k, v in current.items()
                                      if k not in ("checkpoint", "opened")})
        view: MariposasView = {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "season": state["season"],
            "phase": state["phase"],
            "active": sorted(self.active_seats(state)),
            "first": state["first"],
            "round": state["round"],
            "extra": list(state["extra"]) if state["extra"] is not None else None,
            "goal_cards": [card if shown else None
                           for card, shown in zip(state["goal_cards"], state["revealed"],
                                                  strict=True)],
            "on_card": copy.deepcopy(state["on_card"]),
            "supply": copy.deepcopy(state["supply"]),
            "butterflies": copy.deepcopy(state["butterflies"]),
            "markers": {city: state["markers"][city] for city in state["face_up"]},
            "face_down": sorted(c.id for c in content().board.cities
                                if c.id not in state["face_up"]),
            "life_cycle": copy.deepcopy(state["life_cycle"]),
            "bonus": copy.deepcopy(state["bonus"]),
            "abilities": dict(state["abilities"]),
            "has_ability": copy.deepcopy(state["has_ability"]),
            "flowers": copy.deepcopy(state["flowers"]),
            "flower_supply": dict(state["flower_supply"]),
            "deck": len(state["deck"]),
            "discard": list(state["discard"]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "played": copy.deepcopy(state["played"]),
            "scores": list(state["scores"]),
            "season_scores": copy.deepcopy(state["season_scores"]),
            "turn": public_turn,
            "free": copy.deepcopy(state["free"]),
            "result": copy.deepcopy(state["result"]),
            "hand": list(state["hands"][seat]) if seat is not None else [],
        }
        return view

    def outcome(self, state: State) -> Outcome | None:
        """None while the game runs; then the scores and the winners after tie-breakers."""
        result = state["result"]
        if result is None:
            return None
        return Outcome("final_scoring", tuple(result["scores"]), frozenset(result["winners"]))

    def load(self, data: Mapping[str, JSON]) -> State:
        """Check the stored state and return a copy.

        Raises:
            ValueError: the stored data is not a consistent Mariposas state.
        """
        try:
            check(data)
        except (KeyError, TypeError) as error:
            raise ValueError(f"Mariposas state is missing or mistypes {error}") from None
        return copy.deepcopy(dict(data))


def reason(rules: MariposasRules, state: Any, seat: Seat, action: str) -> str:
    """Why ``action`` is refused, as the last part of its message's key
    (``mariposas.discord.refused.…``)."""
    if state["phase"] == "over":
        return "over"
    if seat not in rules.active_seats(state):
        return "not_your_turn"
    if state["phase"] == "free":
        return "free_hatch"
    if state["phase"] == "trade":
        return "trade_now"
    verb = action.partition(":")[0]
    current = state["turn"]
    if verb == "undo":
        return "nothing_to_undo"
    if current["card"] is None:
        return "card_not_playable" if verb == "card" else "choose_card"
    if current["queue"]:
        return "choose_first"
    if current["moving"] is not None:
        return "not_reachable" if verb == "land" else "land_first"
    if verb == "confirm":
        return "moves_left"
    if verb == "move":
        return "no_such_move"
    return "not_possible"


RULES = MariposasRules()
