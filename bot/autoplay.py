"""Games between computer players without Discord or a database: for the demo and the bench."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.computers import DEFAULT_LEVEL, new_brain, visible
from bot.games.core import SYSTEM, Event, Rules, action_rng, apply_checked, start


@dataclass(frozen=True, slots=True)
class Move:
    """One action of an autoplayed game and what it led to."""

    version: int
    seat: int
    action: str
    events: list[Event]
    state: dict[str, Any]


def autoplay(
    rules: Rules[Any], seed: str, n_players: int, options: Mapping[str, Any],
    max_moves: int = 10_000,
    levels: Sequence[str] = (),
) -> Iterator[Move]:
    """Play a whole game, every seat a computer, choosing as the session service does;
    ``levels`` gives each seat's level (seats beyond it play normal)."""
    state = start(rules, seed, n_players, options)
    history: list[Event] = []
    version = 0
    while rules.outcome(state) is None and version < max_moves:
        seat = pick_seat(rules.active_seats(state), action_rng(f"{seed}:seat", version))
        brain = new_brain(rules.id, levels[seat] if 0 <= seat < len(levels) else DEFAULT_LEVEL)
        brain.observe(visible(history, seat))
        action = brain.choose(rules.view(state, seat), rules.legal_actions(state, seat),
                              action_rng(f"{seed}:computer:{seat}", version))
        step = apply_checked(rules, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=version, at_ms=0)
        history.extend(step.events)
        state, version = step.state, step.version
        yield Move(version, seat, action, step.events, state)


def pick_seat(active: frozenset[int], rng: random.Random) -> int:
    """Who acts when several may (a reaction window): the table (SYSTEM) deals more often than
    players react, as at a real table; otherwise any of them."""
    if SYSTEM in active and (len(active) == 1 or rng.random() < 0.6):
        return SYSTEM
    return rng.choice(sorted(s for s in active if s != SYSTEM))
