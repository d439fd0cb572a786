"""Mimikri's rules as pure functions: the camera, the search and the passes.

Implements ``shared/rules/mimikri.txt`` (§Set-up, §Course of the Game 1–2, §Ending and
Winning) with the choices of ``shared/specs/mimikri.md``. A butterfly is the key
``"animal:orientation"``; the face-down layout and the subject pile are the only secrets.

Actions:
    ``orient:N`` (E, S, W)  the camera holder inserts the subject card with that edge first.
    ``reveal:B3``           the seat whose turn it is turns up one face-down butterfly card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, cast

from bot.games.core import JSON, Event, IllegalAction, Outcome, Seat, State
from bot.games.mimikri.views import Last, MimikriView

ANIMALS = ("frog", "chameleon", "snake", "sloth", "toucan")
ORIENTATIONS = ("N", "E", "S", "W")
ROWS = "ABCD"
SCHEMA = 1


def butterfly(animal: str, orientation: str) -> str:
    """The key of the butterfly a subject card shows with ``orientation`` edge first."""
    return f"{animal}:{orientation}"


def positions(n_animals: int) -> list[str]:
    """Grid positions A1… for 4 rows of ``n_animals`` columns (4 × 4 or 4 × 5)."""
    return [f"{row}{col}" for row in ROWS for col in range(1, n_animals + 1)]


class MimikriRules:
    """The Mimikri game for 2–6 seats (the box says 2–4; the spec allows 6)."""

    id: ClassVar[str] = "mimikri"
    name: ClassVar[str] = "Mimikri"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    schema: ClassVar[int] = SCHEMA

    # -- set-up ---------------------------------------------------------------------------

    def setup(self, n_players: int, options: Mapping[str, JSON], rng: random.Random) -> State:
        """Shuffle the butterflies face down and the subject pile; seat 0 holds the camera.

        Option ``subjects`` (4 or 5, default 4): §Set-up starts with 4 subject cards.
        """
        n_subjects = int(options.get("subjects", 4))
        if n_subjects not in (4, 5):
            raise IllegalAction("mimikri.refused.subjects")
        animals = list(ANIMALS[:n_subjects])
        cards = [butterfly(a, o) for a in animals for o in ORIENTATIONS]
        rng.shuffle(cards)
        pile = animals[:]
        rng.shuffle(pile)
        state: State = {
            "schema": SCHEMA,
            "players": n_players,
            "animals": animals,
            "layout": dict(zip(positions(n_subjects), cards, strict=True)),
            "face_up": [],
            "collected": [[] for _ in range(n_players)],
            "pile": pile,
            "aside": [],
            "out": [],
            "pass_no": 1,
            "holder": 0,
            "turn": 0,
            "subject": None,
            "orientation": None,
            "tried": [],
            "phase": "orient",
            "rounds": 0,
            "last": None,
        }
        _draw_subject(state, rng, [])
        return state

    # -- who may do what ------------------------------------------------------------------

    def active_seats(self, state: State) -> frozenset[Seat]:
        """The one seat to act: the holder while orienting, the searcher while searching."""
        return frozenset() if state["phase"] == "over" else frozenset({state["turn"]})

    def legal_actions(self, state: State, seat: Seat) -> list[str]:
        """Untried orientations for the holder, or every face-down position for the searcher."""
        if seat not in self.active_seats(state):
            return []
        if state["phase"] == "orient":
            return [f"orient:{o}" for o in ORIENTATIONS if o not in state["tried"]]
        return [f"reveal:{p}" for p in face_down(state)]

    def explain_illegal(self, state: State, seat: Seat, action: str) -> IllegalAction:
        """Say exactly why an action for the seat to act is not legal now."""
        kind, _, arg = action.partition(":")
        if kind == "orient":
            if state["phase"] != "orient":
                return IllegalAction("mimikri.refused.camera_set")
            if arg in state["tried"]:
                return IllegalAction("mimikri.refused.tried")
            return IllegalAction("mimikri.refused.choose_edge")
        if kind == "reveal":
            if state["phase"] != "search":
                return IllegalAction("mimikri.refused.insert_first")
            if arg not in positions(len(state["animals"])):
                return IllegalAction("mimikri.refused.no_card", pos=arg) if arg else \
                    IllegalAction("mimikri.refused.name")
            if arg in state["face_up"]:
                return IllegalAction("mimikri.refused.face_up", pos=arg)
            return IllegalAction("mimikri.refused.collected", pos=arg)
        return IllegalAction("mimikri.refused.not_a_move")

    # -- playing --------------------------------------------------------------------------

    def apply(
        self, state: State, seat: Seat, action: str, *, rng: random.Random, at_ms: int
    ) -> tuple[State, list[Event]]:
        """Apply a legal action (the gate has checked it) to ``state`` in place."""
        kind, _, arg = action.partition(":")
        events: list[Event] = []
        if kind == "orient":
            _orient(state, seat, arg, events)
        else:
            _reveal(state, seat, arg, rng, events)
        return state, events

    # -- what players see -----------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> MimikriView:
        """Everyone sees the same table: face-down cards carry no identity.

        Memory is the game, so no seat sees more than the public table.
        """
        wanted = None
        if state["phase"] == "search":
            wanted = butterfly(state["subject"], state["orientation"])
        return {
            "game": self.id,
            "animals": list(state["animals"]),
            "grid": [
                {
                    "pos": pos,
                    "face": (
                        "gone" if pos not in state["layout"]
                        else "up" if pos in state["face_up"] else "down"
                    ),
                    "butterfly": state["layout"].get(pos) if pos in state["face_up"] else None,
                }
                for pos in positions(len(state["animals"]))
            ],
            "collected": [list(c) for c in state["collected"]],
            "holder": state["holder"],
            "turn": state["turn"],
            "phase": state["phase"],
            "subject": state["subject"],
            "orientation": state["orientation"],
            "wanted": wanted,
            "tried": list(state["tried"]),
            "pile": len(state["pile"]),
            "out": list(state["out"]),
            "pass_no": state["pass_no"],
            "rounds": state["rounds"],
            "must_be_uncollected": state["pass_no"] > 1,
            # The last card turned up, for "what changed" on the table: states stored before
            # it was recorded have no "last" and show none.
            "last": cast(Last, dict(state["last"])) if state.get("last") else None,
        }

    def outcome(self, state: State) -> Outcome | None:
        """Most butterflies wins; equal counts share the win (§Ending and Winning)."""
        if state["phase"] != "over":
            return None
        scores = tuple(len(c) for c in state["collected"])
        best = max(scores)
        return Outcome(
            "all_collected", scores, frozenset(s for s, v in enumerate(scores) if v == best)
        )

    def load(self, data: Mapping[str, JSON]) -> State:
        """Check the conservation law (collected + on the table = in play) and return a copy."""
        if data.get("schema") != SCHEMA:
            raise ValueError(f"unknown Mimikri state schema {data.get('schema')!r}")
        state = dict(data)
        in_play = 4 * len(state["animals"])
        held = sum(len(c) for c in state["collected"])
        if held + len(state["layout"]) != in_play:
            raise ValueError("Mimikri state loses or invents butterfly cards")
        return state


def face_down(state: State) -> list[str]:
    """Positions whose card lies face down, in grid order."""
    return [p for p in state["layout"] if p not in state["face_up"]]


def collected_keys(state: State) -> set[str]:
    """Every butterfly some player has put in front of them."""
    return {key for pile in state["collected"] for key in pile}


def _next(state: State, seat: Seat) -> Seat:
    return (seat + 1) % int(state["players"])


def _orient(state: State, seat: Seat, orientation: str, events: list[Event]) -> None:
    """§Course of the Game 1 and the later passes: show a butterfly nobody has collected."""
    shown = butterfly(state["subject"], orientation)
    events.append(Event("oriented", seat, {"orientation": orientation}))
    if shown in collected_keys(state):
        # Illus. 5a–5b: a collected butterfly; camera and card go to the left neighbour.
        state["tried"].append(orientation)
        state["holder"] = state["turn"] = _next(state, seat)
        events.append(Event("camera_passed", seat, {"to": state["holder"], "reason": "collected"}))
        return
    state["orientation"] = orientation
    state["phase"] = "search"
    state["turn"] = seat


def _reveal(
    state: State, seat: Seat, pos: str, rng: random.Random, events: list[Event]
) -> None:
    """§Course of the Game 2: a wrong card stays up; the right one is collected."""
    wanted = butterfly(state["subject"], state["orientation"])
    # The card is face up for everyone now, so the event may name it; the cogs' text never does.
    seen = {"pos": pos, "butterfly": state["layout"][pos], "round": state["rounds"]}
    # Public from now on (it lies face up, or in front of the finder): the table shows it.
    state["last"] = {"seat": seat, "pos": pos, "butterfly": state["layout"][pos],
                     "found": state["layout"][pos] == wanted}
    if state["layout"][pos] != wanted:
        state["face_up"].append(pos)
        events.append(Event("revealed", seat, {**seen, "found": False}))
        state["turn"] = _next(state, seat)
        return
    del state["layout"][pos]
    state["collected"][seat].append(wanted)
    events.append(Event("revealed", seat, {**seen, "found": True}))
    state["face_up"] = []
    state["aside"].append(state["subject"])
    state["rounds"] += 1
    if not state["layout"]:
        state["phase"] = "over"
        state["subject"] = state["orientation"] = None
        events.append(Event("game_over"))
        return
    # Illus. 5d: the camera goes to the player after the one who set it, not the finder.
    state["holder"] = state["turn"] = _next(state, state["holder"])
    _draw_subject(state, rng, events)


def _draw_subject(state: State, rng: random.Random, events: list[Event]) -> None:
    """The holder draws the top subject card, reshuffling the used ones when the pile is out.

    Spec choice 4: a card whose four butterflies are all collected is put out of the game.
    """
    taken = collected_keys(state)
    while True:
        if not state["pile"]:
            state["pile"] = state["aside"]
            state["aside"] = []
            rng.shuffle(state["pile"])
            state["pass_no"] += 1
            events.append(Event("pile_reshuffled", None, {"pass_no": state["pass_no"]}))
        animal = state["pile"].pop(0)
        if all(butterfly(animal, o) in taken for o in ORIENTATIONS):
            state["out"].append(animal)
            events.append(Event("subject_out", None, {"animal": animal}))
            continue
        break
    state["subject"] = animal
    state["orientation"] = None
    state["tried"] = []
    state["phase"] = "orient"
    events.append(Event("subject_drawn", state["holder"], {"animal": animal}))
