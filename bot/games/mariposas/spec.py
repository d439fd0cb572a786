"""Mariposas as the bot knows it (`bot.games.spec`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games.core import Event
from bot.games.mariposas import ai
from bot.games.mariposas.rules import RULES
from bot.games.spec import GameSpec, Showcase


class Brain:
    """Plans its card, moves and landings for the season goals, the flowers it needs and
    hatching on milkweed; at hard, whole turns and the way home (`ai`); the view holds all it
    needs."""

    def __init__(self, level: str) -> None:
        self.level = level

    def observe(self, events: Iterable[Event]) -> None:
        """The table shows all it needs."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """The AI's pick."""
        return ai.choose(view, list(legal), rng, self.level)


def turn_start(moves: list[Any]) -> Any:
    """The first turn's start after the game's middle, as the public board shows it (the board
    is redrawn once per turn, never mid-turn)."""
    half = len(moves) // 2
    return next((m for m in moves[half:] if m.state["phase"] == "turn"
                 and m.state["turn"]["card"] is None), moves[half])


GAME = GameSpec(
    rules=RULES, order=4, brain=Brain, turn_open=RULES.turn_open, turn_timer=10 * 60,
    typical=(4, {}),
    timer_text="Mariposas' turn timer in minutes unless its host chooses (0 = none)",
    test_seeds=1,  # its own contract test plays many more
    table="presentation.mariposas.table:MariposasTable",
    demo="presentation.mariposas.demo:play",
    showcase=Showcase("mariposas", 3, "rendering.mariposas:render_board", turn_start),
)
