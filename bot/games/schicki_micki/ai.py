"""A Schicki Micki computer player: it reads the table as a person would, a little late and
sometimes wrong, so one person can play against the bot.

Pure: the caller schedules the reaction after the returned delay and gives the RNG.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import REACTIONS, read_table


@dataclass(frozen=True, slots=True)
class Level:
    """How a computer plays: how often it errs, how fast it is (ms, mean and spread)."""

    error_rate: float
    mean_ms: int
    spread_ms: int


LEVELS = {
    "easy": Level(0.25, 1900, 600),
    "normal": Level(0.12, 1250, 400),
    "hard": Level(0.05, 800, 250),
}
"""Person-like players: easy a slow beginner (about 2 s to spot the table, one reaction in
four wrong or missed), hard a practised one. `make tournament` plays them against each other on
the dealer's clock (tools.schicki_sim): the faster, surer level wins nearly every 2-player game."""


def decide(view: Mapping[str, Any], level: str, rng: random.Random) -> tuple[str, int] | None:
    """The reaction to the table in ``view`` and after how many milliseconds, or None.

    A computer sees what everyone sees: the face-up cards. It reacts when the table calls for
    a reaction (missing it sometimes), and now and then makes a mistake a person would make.
    """
    if not view["table"]:
        return None
    how = LEVELS[level]
    delay = max(250, int(rng.gauss(how.mean_ms, how.spread_ms)))
    correct = read_table(cards()[c["id"]] for c in view["table"]).correct
    if rng.random() < how.error_rate:
        wrong = [r for r in REACTIONS if r != correct]
        # Half its mistakes are a miss (no reaction), half a wrong reaction.
        return (rng.choice(wrong), delay) if rng.random() < 0.5 else None
    return (correct, delay) if correct else None
