"""Mimikri as the bot knows it (`bot.games.spec`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games.core import JSON, Event
from bot.games.mimikri import RULES, ai
from bot.games.spec import GameSpec, Showcase, middle


class Brain:
    """Remembers turned-up butterflies, and forgets some: how many is its level (`ai`)."""

    def __init__(self, level: str) -> None:
        self.memory = ai.Memory(level)

    def observe(self, events: Iterable[Event]) -> None:
        """Remember the cards that were turned up."""
        self.memory.observe(events)

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """Show a butterfly it knows, or turn the card it believes right."""
        return ai.choose(view, list(legal), self.memory, rng)


def test_options(n_players: int) -> list[dict[str, JSON]]:
    """Five subject cards as well as the four of the basic game."""
    return [{"subjects": 5}]


GAME = GameSpec(
    rules=RULES, order=1, brain=Brain, turn_timer=5 * 60,
    typical=(4, {"subjects": 5}),
    timer_text="Mimikri's turn timer in minutes unless its host chooses (0 = none)",
    test_options=test_options, test_seeds=5,
    table="presentation.mimikri.table:MimikriTable",
    demo="presentation.mimikri.demo:play",
    showcase=Showcase("mimikri", 3, "rendering.mimikri:render_board", middle, {"subjects": 5}),
)
