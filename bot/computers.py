"""Computer players: one per seat, at a level, with the memory a game's AI keeps between moves
(each game declares its own, `bot.games.spec.GameSpec.brain`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games import GAMES
from bot.games.core import Event, Seat
from bot.games.spec import Brain as Brain

LEVELS = ("easy", "normal", "hard")
"""How well a computer plays, weakest first; chosen per computer seat in the lobby."""
DEFAULT_LEVEL = "normal"
"""The level of a computer that takes over an absent player's seat (and of older seats)."""


class RandomBrain:
    """The fallback for games without their own AI yet: any legal action, at every level."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = level

    def observe(self, events: Iterable[Event]) -> None:
        """Remembers nothing."""

    def choose(self, view: Mapping[str, object], legal: Sequence[str],
               rng: random.Random) -> str:
        """Any legal action (it reads nothing of the view, so takes any game's)."""
        return rng.choice(list(legal))


def new_brain(game: str, level: str = DEFAULT_LEVEL) -> Brain[Any]:
    """A fresh computer player for ``game`` at ``level`` (an unknown level plays normal): the
    game's own (its `bot.games.spec.GameSpec.brain`), else one that plays any legal move. It
    reads its game's view type, which the caller, looking a game up by name, cannot name: it
    hands over what the game's rules showed the seat."""
    spec = GAMES.get(game)
    make = spec.brain if spec is not None and spec.brain is not None else RandomBrain
    return make(level if level in LEVELS else DEFAULT_LEVEL)


def visible(events: Iterable[Event], seat: Seat) -> list[Event]:
    """The events a seat may know of."""
    return [e for e in events if e.visible_to is None or seat in e.visible_to]
