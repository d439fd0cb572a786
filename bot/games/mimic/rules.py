"""MIMIC's rules as pure functions: solo, 2–4 players, teams, and the advanced option.

Implements ``shared/rules/mimic.txt`` with the choices of ``shared/specs/mimic.md``. The grid
geometry lives in `geometry`, sets in `sets`, set-up in `setup`, legal actions in `moves` (its
docstring lists the action codes) and the state changes in `flow`.

State (JSON-safe; card ids ``c1``…``c60`` from ``data/mimic/cards.json``)::

    schema, players, mode ("solo" | "players" | "teams"), advanced,
    sides        [[seats]…]           cube owners: one seat each, or two teams [[0, 2], [1, 3]]
    starts       {cell: "red"|"yellow"}
    cards        {cell: card id}      MIMIC cards on the grid (cubed ones too)
    cubes        {cell: side}         cubes on the grid
    deck         [card ids]           secret order, top first
    faceup       [card ids]           the draw area (none in solo)
    hands        [[card ids]…]        secret, one per seat
    removed      [card ids]           out of play through Red power cards (face up)
    yellow_left, cubes_left [per side]
    powers       [{"active": [...], "used": [...]}…]   per seat, public
    power_deck   [colours]            advanced: secret order; power_line: the three face up
    turn, turns, phase ("exchange" | "place" | "start" | "draw" | "showdown" | "over")
    step         {placed, extra, jump, start_done, pending}   this turn so far
    exchange     {"stage": "partner" | "back"} | None
    showdown     {"sides", "round", "picks": {seat: card} (secret), "revealed"} | None
    result       {"termination", "winners"} | None
    last         {"seat", "turn", "placed", "moved", "removed", "cubes", "starts"} | absent
                 the grid changes of the newest turn that made any (``flow.LAST_KINDS``);
                 absent in states stored before it was kept, and before the first change

A turn: (teams: exchange) → placement, with power cards at any time and a start card right
after the first completed set → draw back to five → next seat clockwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, cast

import bot.games.mimic.flow as flow
import bot.games.mimic.moves as moves
from bot.games.core import JSON, Event, IllegalAction, Outcome, Seat, State
from bot.games.mimic.cards import components
from bot.games.mimic.moves import side_of
from bot.games.mimic.setup import SCHEMA, new_state
from bot.games.mimic.views import Face, Laid, Last, MimicView, Ranked, Showdown, Step

__all__ = ["SCHEMA", "MimicRules", "card_face", "side_of"]


def card_face(card_id: str) -> Face:
    """A card as players see it: id, colour, animal."""
    card = components().card(card_id)
    return {"id": card.id, "colour": card.colour, "animal": card.animal}


class MimicRules:
    """MIMIC for 1–4 seats (options ``teams`` with 4, ``advanced`` with 2–4)."""

    id: ClassVar[str] = "mimic"
    name: ClassVar[str] = "MIMIC"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    schema: ClassVar[int] = SCHEMA

    def setup(self, n_players: int, options: Mapping[str, JSON], rng: random.Random) -> State:
        """Shuffle, lay the opening grid, deal hands and power cards (§Preparation).

        Raises:
            IllegalAction: the options do not fit the player count.
        """
        state = new_state(n_players, options, rng)
        flow.settle(state, [])
        return state

    def active_seats(self, state: State) -> frozenset[Seat]:
        """The seat to act; in a tie showdown every tied seat that has not picked yet."""
        return moves.active(state)

    def legal_actions(self, state: State, seat: Seat) -> list[str]:
        """Every legal action code for ``seat`` (see `moves` for the codes)."""
        return moves.legal(state, seat)

    def explain_illegal(self, state: State, seat: Seat, action: str) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now."""
        return moves.explain(state, seat, action)

    def apply(
        self, state: State, seat: Seat, action: str, *, rng: random.Random, at_ms: int
    ) -> tuple[State, list[Event]]:
        """Apply a legal action to ``state`` in place (the gate passes a copy).

        MIMIC needs no chance after set-up: the deck was shuffled then.
        """
        events: list[Event] = []
        flow.apply_action(state, seat, action, events)
        return state, events

    def view(self, state: State, seat: Seat | None) -> MimicView:
        """The public table, plus the hand (and showdown pick) of ``seat`` only."""
        board: dict[str, Laid] = {
            cell: {**card_face(card), "cube": state["cubes"].get(cell)}
            for cell, card in state["cards"].items()
        }
        show = state["showdown"]
        showdown: Showdown | None = None if show is None else {
            "sides": list(show["sides"]),
            "round": show["round"],
            "picked": sorted(int(s) for s in show["picks"]),
            "revealed": [[list(p) for p in r] for r in show["revealed"]],
        }
        # The state is untyped JSON: its parts copied whole are cast to their view types here.
        view: MimicView = {
            "game": self.id,
            "mode": state["mode"],
            "advanced": state["advanced"],
            "players": state["players"],
            "sides": [list(s) for s in state["sides"]],
            "seat": seat,
            "turn": state["turn"],
            "turns": state["turns"],
            "phase": state["phase"],
            "active": sorted(moves.active(state)),
            "starts": dict(state["starts"]),
            "board": board,
            "faceup": [card_face(c) for c in state["faceup"]],
            "deck": len(state["deck"]),
            "removed": [card_face(c) for c in state["removed"]],
            "hand_sizes": [len(h) for h in state["hands"]],
            "yellow_left": state["yellow_left"],
            "cubes_left": list(state["cubes_left"]),
            "cubes_placed": flow.placed_cubes(state),
            "powers": [{"active": list(p["active"]), "used": list(p["used"])}
                       for p in state["powers"]],
            "power_line": list(state["power_line"]),
            "power_deck": len(state["power_deck"]),
            "step": cast(Step, {**state["step"], "pending": _copy(state["step"]["pending"])}),
            "exchange": _copy(state["exchange"]),
            "showdown": showdown,
            "result": _copy(state["result"]),
            "last": _last(state.get("last")),
            "ranking": [cast(Ranked, {**entry, "card": card_face(entry["card"])})
                        for entry in flow.showdown_rank(state)],
            "hand": [],
        }
        if seat is not None:
            view["hand"] = [card_face(c) for c in state["hands"][seat]]
            if showdown is not None and str(seat) in show["picks"]:
                showdown["my_pick"] = card_face(show["picks"][str(seat)])
            if seat in moves.active(state) and state["phase"] == "place":
                view["can_place"] = bool(moves.placement_actions(state))
        return view

    def outcome(self, state: State) -> Outcome | None:
        """Cubes placed per seat (a team's count for both members) and the winners.

        Terminations: ``last_cube`` (a side placed all its cubes), ``stuck`` (a player could
        not lay the required two cards; most cubes wins), ``showdown`` (tie broken by §Ties).
        """
        result = state["result"]
        if result is None:
            return None
        placed = flow.placed_cubes(state)
        scores = tuple(placed[moves.side_of(state, s)] for s in range(state["players"]))
        return Outcome(result["termination"], scores, frozenset(result["winners"]))

    def load(self, data: Mapping[str, JSON]) -> State:
        """Check the schema and that no card is lost or invented; return the state.

        Raises:
            ValueError: the stored data is not a consistent MIMIC state.
        """
        if data.get("schema") != SCHEMA:
            raise ValueError(f"unknown MIMIC state schema {data.get('schema')!r}")
        state = dict(data)
        expected = sorted(components().deck_for(state["players"]))
        show = state.get("showdown") or {"picks": {}, "revealed": []}
        seen = [
            *state["deck"], *state["faceup"], *state["removed"], *state["cards"].values(),
            *(c for hand in state["hands"] for c in hand), *show["picks"].values(),
            *(c for rnd in show["revealed"] for _, c in rnd),
        ]
        if sorted(seen) != expected:
            raise ValueError("MIMIC state loses or invents MIMIC cards")
        if any(cell not in state["cards"] for cell in state["cubes"]):
            raise ValueError("MIMIC state has a cube on an empty cell")
        return state


def _last(last: Any) -> Last | None:
    """The last turn's record, copied (its lists too), or None."""
    if last is None:
        return None
    return cast(Last, {k: [list(v) if isinstance(v, list) else v for v in val]
                       if isinstance(val, list) else val for k, val in last.items()})


def _copy(value: Any) -> Any:
    return None if value is None else dict(value)
