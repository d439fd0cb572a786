"""Building Mimikri positions by hand and playing actions through the engine's gate."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from bot.games.core import Event, apply_checked, dump
from bot.games.mimikri import RULES
from bot.games.mimikri.rules import ANIMALS, ORIENTATIONS, butterfly, positions
from bot.games.mimikri.views import MimikriView


def all_keys(n_subjects: int = 4) -> list[str]:
    """Every butterfly in play, animal by animal (frog:N, frog:E, …)."""
    return [butterfly(a, o) for a in ANIMALS[:n_subjects] for o in ORIENTATIONS]


def ordered_layout(n_subjects: int = 4) -> dict[str, str]:
    """A known layout: A1 frog:N, A2 frog:E, A3 frog:S, A4 frog:W, B1 chameleon:N, …

    With four subjects a row holds one animal; with five the rows do not line up with animals.
    """
    return dict(zip(positions(n_subjects), all_keys(n_subjects), strict=True))


def position(
    n_players: int, *, collected: list[list[str]], n_subjects: int = 4, **fields
) -> dict:
    """A set-up state with the given fields replaced and the ordered layout minus collected.

    The result passes ``RULES.load`` (the conservation law), which it is checked against.
    """
    state = RULES.setup(n_players, {"subjects": n_subjects}, random.Random(0))
    taken = {key for pile in collected for key in pile}
    state["layout"] = {p: k for p, k in ordered_layout(n_subjects).items() if k not in taken}
    state["collected"] = [list(pile) for pile in collected]
    state.update(fields)
    state["rounds"] = fields.get("rounds", len(taken))
    return RULES.load(json.loads(dump(state)))


def where(state: dict, key: str) -> str:
    """The position of a butterfly still on the table."""
    return next(pos for pos, k in state["layout"].items() if k == key)


@dataclass
class Table:
    """A match in progress: every action passes ``core.apply_checked``."""

    state: dict
    seed: str = "scenario"
    version: int = 0
    events: list[Event] = field(default_factory=list)
    last: list[Event] = field(default_factory=list)

    def play(self, seat: int, action: str) -> list[Event]:
        step = apply_checked(RULES, self.state, seed=self.seed, version=self.version,
                             seat=seat, action=action, seen_version=self.version)
        self.state, self.version, self.last = step.state, step.version, step.events
        self.events.extend(step.events)
        RULES.load(json.loads(dump(self.state)))
        return step.events

    def try_play(self, seat: int, action: str) -> None:
        """Play an action expected to be rejected (the state must not change)."""
        before = dump(self.state)
        try:
            apply_checked(RULES, self.state, seed=self.seed, version=self.version, seat=seat,
                          action=action, seen_version=self.version)
        finally:
            assert dump(self.state) == before

    def kinds(self) -> list[str]:
        return [e.kind for e in self.last]

    def view(self, seat: int | None = None) -> MimikriView:
        return RULES.view(self.state, seat)
