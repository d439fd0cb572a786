"""MIMIC as the bot knows it (`bot.games.spec`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from bot.games.core import JSON, Event
from bot.games.mimic import RULES, ai
from bot.games.mimic.views import MimicView
from bot.games.spec import GameSpec, Showcase, middle


class Brain:
    """Builds sets and blocks the opponents' (`ai`); no memory needed."""

    def __init__(self, level: str) -> None:
        self.level = level

    def observe(self, events: Iterable[Event]) -> None:
        """The board shows all it needs."""

    def choose(self, view: MimicView, legal: Sequence[str], rng: random.Random) -> str:
        """The AI's pick."""
        return ai.choose(view, list(legal), rng, self.level)


def test_options(n_players: int) -> list[dict[str, JSON]]:
    """The advanced game from two players; teams (with and without it) at four."""
    sets: list[dict[str, JSON]] = []
    if n_players >= 2:
        sets.append({"advanced": True})
    if n_players == 4:
        sets += [{"teams": True}, {"teams": True, "advanced": True}]
    return sets


GAME = GameSpec(
    rules=RULES, order=3, brain=Brain, turn_timer=10 * 60,
    timer_text="MIMIC's turn timer in minutes unless its host chooses (0 = none)",
    test_options=test_options,
    table="presentation.mimic.table:MimicTable",
    demo="presentation.mimic.demo:play",
    showcase=Showcase("mimic", 2, "rendering.mimic:render_board", middle),
)
