"""Computer players: one per seat, at a level, with the memory a game's AI keeps between moves."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from bot.games.core import Event, Seat
from bot.games.mariposas import ai as mariposas_ai
from bot.games.mimic import ai as mimic_ai
from bot.games.mimikri import ai as mimikri_ai

LEVELS = ("easy", "normal", "hard")
"""How well a computer plays, weakest first; chosen per computer seat in the lobby."""
DEFAULT_LEVEL = "normal"
"""The level of a computer that takes over an absent player's seat (and of older seats)."""


class Brain(Protocol):
    """A computer player: it watches public events and picks one of the legal actions."""

    def observe(self, events: Iterable[Event]) -> None:
        """Take in what happened at the table."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """Pick an action from ``legal``."""


class MimikriBrain:
    """Remembers turned-up butterflies, and forgets some: how many is its level
    (bot.games.mimikri.ai)."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.memory = mimikri_ai.Memory(level)

    def observe(self, events: Iterable[Event]) -> None:
        """Remember the cards that were turned up."""
        self.memory.observe(events)

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """Show a butterfly it knows, or turn the card it believes right."""
        return mimikri_ai.choose(view, list(legal), self.memory, rng)


class MimicBrain:
    """Builds sets and blocks the opponents' (bot.games.mimic.ai); no memory needed."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = level

    def observe(self, events: Iterable[Event]) -> None:
        """The board shows all it needs."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """The AI's pick."""
        return mimic_ai.choose(view, list(legal), rng, self.level)


class MariposasBrain:
    """Plans its card, moves and landings for the season goals, the flowers it needs and
    hatching on milkweed; at hard, whole turns and the way home (bot.games.mariposas.ai);
    the view holds all it needs."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = level

    def observe(self, events: Iterable[Event]) -> None:
        """The table shows all it needs."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """The AI's pick."""
        return mariposas_ai.choose(view, list(legal), rng, self.level)


class RandomBrain:
    """The fallback for games without their own AI yet: any legal action, at every level."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = level

    def observe(self, events: Iterable[Event]) -> None:
        """Remembers nothing."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
        """Any legal action."""
        return rng.choice(list(legal))


BRAINS: dict[str, type] = {"mimikri": MimikriBrain, "mimic": MimicBrain,
                           "mariposas": MariposasBrain}


def new_brain(game: str, level: str = DEFAULT_LEVEL) -> Brain:
    """A fresh computer player for ``game`` at ``level`` (an unknown level plays normal)."""
    return BRAINS.get(game, RandomBrain)(level if level in LEVELS else DEFAULT_LEVEL)


def visible(events: Iterable[Event], seat: Seat) -> list[Event]:
    """The events a seat may know of."""
    return [e for e in events if e.visible_to is None or seat in e.visible_to]
