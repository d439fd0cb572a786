"""A Schicki Micki game between computer seats on a simulated clock, as bot.dealer runs one.

The dealer (bot/dealer.py) paces the game in wall time; this replays its timing in
milliseconds without asyncio, so the tournament can play hundreds of games in seconds:

- a row starts with its first card dealt at once (after the countdown, in which nothing
  counts), then one card every reveal interval until a reaction stops the dealer;
- after every deal each computer seat decides on the public view (`ai.decide`, with the
  dealer's RNG seed), and its reaction arrives after the delay it chose; a new card or a
  resolved window voids a thought still pending (the dealer's ``deal`` counter);
- the first reaction opens a settle window; every reaction that arrives within it is applied
  through the rules in order of arrival, with its delay as ``at_ms``, then SYSTEM resolves;
- after the last card a final window; with no reaction in it the quiet last chance resolves.

Every action goes through `apply_checked`, so an illegal one would raise; the dealer would
drop a refused reaction, and the tests check no computer reaction is ever refused here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.core import SYSTEM, Outcome, apply_checked, start
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki import ai as schicki_ai
from bot.games.schicki_micki.spec import TIMINGS

DEFAULTS = {key: seconds for key, seconds in TIMINGS.items() if key != "countdown"}
"""The dealer's default timing in seconds (the spec's, less the countdown, which only delays a
row: no reaction counts in it and no card lies on the table)."""

MAX_DEALS = 2_000
"""A guard: faults put cards back under the deck, so a game deals more than 64 cards, but
never this many."""

Decide = Callable[[Mapping[str, Any], str, random.Random], tuple[str, int] | None]


@dataclass
class SchickiGame:
    """One simulated game: its outcome, every action applied and the decision times."""

    outcome: Outcome
    actions: list[tuple[int, str, int]] = field(default_factory=list)
    """(seat, action, at_ms) in the order applied; SYSTEM's deals and resolves included."""
    decide_seconds: dict[str, list[float]] = field(default_factory=dict)
    """Per level, the wall time of each `decide` call."""
    deals: int = 0


def play_schicki(
    seed: str, levels: Sequence[str], timing: dict[str, float] | None = None,
    decide: Decide = schicki_ai.decide,
) -> SchickiGame:
    """Play one game between computer seats at ``levels`` (one per seat) to its end."""
    timing = {**DEFAULTS, **(timing or {})}
    n = len(levels)
    state = start(RULES, seed, n, {})
    version = 0
    game = SchickiGame(outcome=Outcome("", (), frozenset()),
                       decide_seconds={level: [] for level in levels})

    def act(seat: int, action: str, at_ms: int = 0) -> None:
        nonlocal state, version
        step = apply_checked(RULES, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=version, at_ms=at_ms)
        state, version = step.state, step.version
        game.actions.append((seat, action, at_ms))

    while RULES.outcome(state) is None:
        if game.deals >= MAX_DEALS:
            raise RuntimeError(f"Schicki Micki game {seed!r} did not end in {MAX_DEALS} deals")
        if RULES.legal_actions(state, SYSTEM) == ["deal"]:
            act(SYSTEM, "deal")
            game.deals += 1
        # What each computer makes of the table it now sees, as the dealer asks it
        # (bot.dealer.Dealer._computers_look: the public view, the same RNG seed).
        view = RULES.view(state, None)
        pending = []
        for seat, level in enumerate(levels):
            rng = random.Random(f"{seed}:{version}:react:{seat}")
            t0 = time.perf_counter()
            choice = decide(view, level, rng)
            game.decide_seconds[level].append(time.perf_counter() - t0)
            if choice is not None:
                pending.append((choice[1], seat, choice[0]))
        pending.sort()  # by arrival; equal delays in seat order, as the tasks were started
        wait_ms = 1000 * (timing["reveal"] if state["deck"] else timing["final"])
        if pending and pending[0][0] < wait_ms:
            closes = pending[0][0] + 1000 * timing["settle"]
            for delay, seat, action in pending:
                if delay <= closes:
                    act(seat, action, delay)
            act(SYSTEM, "resolve")
        elif not state["deck"]:
            act(SYSTEM, "resolve")  # the quiet last chance: nobody reacted to the last card
        # else: nobody reacted in time; the next card comes and voids the pending thoughts.
    outcome = RULES.outcome(state)
    assert outcome is not None  # played until there is one
    game.outcome = outcome
    return game
