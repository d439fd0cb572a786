"""Schicki Micki's rules as pure functions: dealing, reacting and settling, in real time.

Implements ``shared/rules/schicki-micki.cs.txt`` (the authority; sections cited by their
Czech headings, English ones of ``schicki-micki.en.md`` in brackets) with the choices of
``shared/specs/schicki-micki.md``. The deck order is the only secret.

Phases (``state["phase"]``):

``dealing``  the SYSTEM seat may ``deal`` the next card while the deck lasts; once at least
             one card lies face up every player may react. After the last card the SYSTEM
             action is ``resolve`` instead: the last chance (§Konec hry [End of the game]).
``window``   the first reaction stopped the dealer (spec §Real time; the players' hands are
             off the table edge, §Průběh hry, Poznámka); more reactions may come, then the
             SYSTEM ``resolve`` settles them all at once, in the order they arrived.
``over``     no more actions.

Actions:
    ``deal``                 SYSTEM: turn the top card of the deck face up on the table.
    ``resolve``              SYSTEM: settle the window (see ``resolve.py``).
    ``call:umbrella`` … ``call:worm``, ``grab:blue``, ``grab:red``, ``knock``
                             a player's reaction; ``at_ms`` is milliseconds since the newest
                             card was revealed, kept for the result message.

Exactly one SYSTEM action is legal whenever the game runs, so the session layer can always
ask ``legal_actions(state, SYSTEM)`` what its timer should send next.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from bot.games.core import JSON, SYSTEM, Event, IllegalAction, Outcome, Seat, State
from bot.games.schicki_micki.deck import DECK_SIZE
from bot.games.schicki_micki.resolve import REPLACED as REPLACED  # for the pictures
from bot.games.schicki_micki.resolve import WON_ALL, WON_ONE, resolve, scores
from bot.games.schicki_micki.table import CALLS, GRAB_BLUE, GRAB_RED, KNOCK, REACTIONS
from bot.games.schicki_micki.view import public_view
from bot.games.schicki_micki.views import SchickiView

SCHEMA = 1
DEAL = "deal"
RESOLVE = "resolve"
PHASES = ("dealing", "window", "over")
AFTER_CALL = (GRAB_BLUE, GRAB_RED, KNOCK)
"""What may replace a call (§Zvolání, Chybný tah: "může vzápětí chytit modrou figurku nebo
zaklepat"; the red figure is read into it by the general "pozdější akce … zrušení akce
předchozí")."""


def blue_figures(n_players: int) -> int:
    """§Příprava a cíl hry: 3 blue figures, only 2 with 3 players, only 1 with 2."""
    return min(3, n_players - 1)


class SchickiMickiRules:
    """The Schicki Micki game for 2–7 seats."""

    id: ClassVar[str] = "schicki_micki"
    name: ClassVar[str] = "Schicki Micki"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    schema: ClassVar[int] = SCHEMA
    realtime: ClassVar[bool] = True
    """Paced by a dealer's clock (bot.dealer), not by turns: no turn timers."""

    # -- set-up ---------------------------------------------------------------------------

    def setup(self, n_players: int, options: Mapping[str, JSON], rng: random.Random) -> State:
        """Shuffle the 64 cards into one deck (§Příprava a cíl hry); seat 0 deals first.

        The rule text lets the most colourfully dressed player deal first; here the lobby's
        first seat does. Timing options (reveal interval, windows) belong to the session
        layer and are ignored here.
        """
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        return {
            "schema": SCHEMA,
            "players": n_players,
            "blue_figures": blue_figures(n_players),
            "phase": "dealing",
            "dealer": 0,
            "row": 1,
            "deck": deck,
            "table": [],
            "won": [[] for _ in range(n_players)],
            "owed": [0] * n_players,
            "reactions": [],
        }

    # -- who may do what ------------------------------------------------------------------

    def active_seats(self, state: State) -> frozenset[Seat]:
        """SYSTEM while the game runs, and every player who may still react."""
        if state["phase"] == "over":
            return frozenset()
        players = {s for s in range(state["players"]) if self.legal_actions(state, s)}
        return frozenset({SYSTEM, *players})

    def legal_actions(self, state: State, seat: Seat) -> list[str]:
        """SYSTEM: the one action its timer sends next. A player: the reactions left to them.

        A player may react while a card lies face up; after a call only a grab or a knock
        may replace it; after a grab or a knock nothing more in this window. Grabbing stays
        legal when the figures are gone: such a grab counts for nothing (spec §Reactions).
        """
        if state["phase"] == "over":
            return []
        if seat == SYSTEM:
            if state["phase"] == "window" or not state["deck"]:
                return [RESOLVE]
            return [DEAL]
        if not 0 <= seat < state["players"] or not state["table"]:
            return []
        previous = _reaction_of(state, seat)
        if previous is None:
            return list(REACTIONS)
        return list(AFTER_CALL) if previous["action"] in CALLS else []

    def explain_illegal(self, state: State, seat: Seat, action: str) -> IllegalAction:
        """Say exactly why an action is not legal now."""
        if seat == SYSTEM:
            if action == DEAL:
                if state["phase"] == "window":
                    return IllegalAction("schicki.rule.resolve_first")
                return IllegalAction("schicki.rule.last_chance")
            if action == RESOLVE:
                return IllegalAction("schicki.rule.nothing_to_resolve")
            return IllegalAction("schicki.rule.table_only")
        if action not in REACTIONS:
            return IllegalAction("schicki.rule.not_a_reaction")
        if not state["table"]:
            return IllegalAction("schicki.rule.wait")
        previous = _reaction_of(state, seat)
        if previous is not None and previous["action"] in CALLS:
            return IllegalAction("schicki.rule.called")
        if previous is not None and previous["action"] == KNOCK:
            return IllegalAction("schicki.rule.knocked")
        return IllegalAction("schicki.rule.grabbed")

    # -- playing --------------------------------------------------------------------------

    def apply(
        self, state: State, seat: Seat, action: str, *, rng: random.Random, at_ms: int
    ) -> tuple[State, list[Event]]:
        """Apply a legal action (the gate has checked it) to ``state`` in place."""
        events: list[Event] = []
        if action == DEAL:
            _deal(state, events)
        elif action == RESOLVE:
            resolve(state, events)
        else:
            _react(state, seat, action, at_ms, events)
        return state, events

    # -- what players see -----------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> SchickiView:
        """The public table; every seat sees the same (see ``view.py``)."""
        return public_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Most cards wins (§Konec hry); owed cards count; equal counts share the win."""
        if state["phase"] != "over":
            return None
        points = tuple(scores(state))
        best = max(points)
        winners = frozenset(s for s, p in enumerate(points) if p == best)
        return Outcome("deck_empty", points, winners)

    def records(self, events: list[Event]) -> list[tuple[Seat, str, float]]:
        """The leaderboard's numbers: the time of every reaction that won something (spec §What
        the leaderboard learns), as (seat, "reaction_ms", milliseconds). A right reaction that
        came too late or found no figure left won nothing, so it is no record."""
        return [
            (result["seat"], "reaction_ms", float(result["at_ms"]))
            for event in events if event.kind == "resolved"
            for result in event.data["reactions"] if result["result"] in (WON_ALL, WON_ONE)
        ]

    def load(self, data: Mapping[str, JSON]) -> State:
        """Check the stored state (every card exactly once, sane fields) and return a copy."""
        if data.get("schema") != SCHEMA:
            raise ValueError(f"unknown Schicki Micki state schema {data.get('schema')!r}")
        state = copy.deepcopy(dict(data))
        n = state["players"]
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Schicki Micki cannot seat {n} players")
        if state["phase"] not in PHASES or not 0 <= state["dealer"] < n:
            raise ValueError("Schicki Micki state has a bad phase or dealer")
        if len(state["won"]) != n or len(state["owed"]) != n or min(state["owed"]) < 0:
            raise ValueError("Schicki Micki state has piles for the wrong seats")
        if state["blue_figures"] != blue_figures(n):
            raise ValueError("Schicki Micki state has the wrong number of blue figures")
        placed = state["deck"] + state["table"] + [c for pile in state["won"] for c in pile]
        if sorted(placed) != list(range(DECK_SIZE)):
            raise ValueError("Schicki Micki state loses or invents cards")
        for reaction in state["reactions"]:
            if reaction["action"] not in REACTIONS or not 0 <= reaction["seat"] < n:
                raise ValueError("Schicki Micki state holds a bad reaction")
        if bool(state["reactions"]) != (state["phase"] == "window"):
            raise ValueError("Schicki Micki reactions belong to an open window only")
        return state


def _reaction_of(state: State, seat: Seat) -> dict[str, Any] | None:
    """The seat's latest reaction in the open window, if any."""
    return next((r for r in reversed(state["reactions"]) if r["seat"] == seat), None)


def _deal(state: State, events: list[Event]) -> None:
    """§Průběh hry: the dealer lays the next card face up beside the others."""
    card = state["deck"].pop(0)
    state["table"].append(card)
    events.append(Event("dealt", state["dealer"], {
        "card": card,
        "position": len(state["table"]) - 1,
        "deck": len(state["deck"]),
        "last_card": not state["deck"],
    }))


def _react(state: State, seat: Seat, action: str, at_ms: int, events: list[Event]) -> None:
    """Record a reaction; a grab takes a figure if one is left (§Příprava: figures on the
    table; a figure already taken cannot be grabbed again). The first one stops the dealer."""
    previous = _reaction_of(state, seat)
    figure = None
    if action == GRAB_BLUE:
        taken = sum(r["figure"] == "blue" for r in state["reactions"])
        figure = "blue" if taken < state["blue_figures"] else None
    elif action == GRAB_RED:
        figure = "red" if all(r["figure"] != "red" for r in state["reactions"]) else None
    first = not state["reactions"]
    state["reactions"].append(
        {"seat": seat, "action": action, "at_ms": int(at_ms), "figure": figure}
    )
    state["phase"] = "window"
    events.append(Event("reacted", seat, {
        "action": action,
        "at_ms": int(at_ms),
        "order": len(state["reactions"]),
        "figure": figure,
        "replaces": previous["action"] if previous else None,
        "first": first,
    }))
