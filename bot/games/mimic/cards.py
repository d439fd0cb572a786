"""MIMIC's components as data: the card list in ``data/mimic/cards.json`` and its loader.

Implements ``shared/rules/mimic.txt`` §Contents and Cards, §Preparation step 1 and 4 (which
cards and cubes a game uses) and §Ties (the animal and colour hierarchy). The file is read once,
on first use, never at import time.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

from bot.games.content import folder

DATA_FILE = folder("mimic") / "cards.json"
POWER_COLOURS = ("green", "yellow", "red", "blue", "orange")
"""The five power cards, in the order the bot lists them."""


@dataclass(frozen=True, slots=True)
class Card:
    """One MIMIC card: its id (``c17``), colour, animal and copy number (1–4)."""

    id: str
    colour: str
    animal: str
    copy: int

    @property
    def kind(self) -> tuple[str, str]:
        """What matters for sets: ``(colour, animal)``."""
        return (self.colour, self.animal)

    @property
    def title(self) -> str:
        """``Red Lion``."""
        return f"{self.colour.title()} {self.animal.title()}"


@dataclass(frozen=True, slots=True)
class Components:
    """The validated content of the data file."""

    animals: tuple[str, ...]
    colours: tuple[str, ...]
    cards: dict[str, Card]
    small_game_removes_copy: int
    yellow_start_cards: int
    power_cards: dict[str, int]
    power_titles: dict[str, str]
    cubes: dict[str, int]
    hand_size: int
    face_up: int
    power_line: int

    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            KeyError: no such card.
        """
        return self.cards[card_id]

    def deck_for(self, n_players: int) -> list[str]:
        """The card ids in play: all 60 for 4 players/teams, 45 for 1–3 (§Preparation 4)."""
        if n_players >= 4:
            return list(self.cards)
        return [c.id for c in self.cards.values() if c.copy != self.small_game_removes_copy]

    def rank(self, card_id: str) -> tuple[int, int]:
        """Showdown rank, smaller is better: animal first, then colour (§Ties)."""
        card = self.cards[card_id]
        return (self.animals.index(card.animal), self.colours.index(card.colour))


def _validate(raw: dict[str, Any]) -> Components:
    animals = tuple(raw["animals"])
    colours = tuple(raw["colours"])
    cards: dict[str, Card] = {}
    for entry in raw["cards"]:
        card = Card(entry["id"], entry["colour"], entry["animal"], int(entry["copy"]))
        if card.id in cards:
            raise ValueError(f"duplicate MIMIC card id {card.id}")
        if card.colour not in colours or card.animal not in animals:
            raise ValueError(f"MIMIC card {card.id} has an unknown colour or animal")
        cards[card.id] = card
    powers = raw["power_cards"]
    if set(powers) != set(POWER_COLOURS):
        raise ValueError("MIMIC power cards must be green, yellow, red, blue and orange")
    return Components(
        animals=animals,
        colours=colours,
        cards=cards,
        small_game_removes_copy=int(raw["small_game_removes_copy"]),
        yellow_start_cards=int(raw["start_cards"]["yellow"]),
        power_cards={c: int(powers[c]["count"]) for c in POWER_COLOURS},
        power_titles={c: str(powers[c]["title"]) for c in POWER_COLOURS},
        cubes={k: int(v) for k, v in raw["cubes"].items()},
        hand_size=int(raw["hand_size"]),
        face_up=int(raw["face_up"]),
        power_line=int(raw["power_line"]),
    )


@functools.cache
def components(path: Traversable = DATA_FILE) -> Components:
    """Load and validate the MIMIC component file (cached).

    Raises:
        ValueError: the file is inconsistent.
        OSError: the file cannot be read.
    """
    return _validate(json.loads(path.read_text(encoding="utf-8")))


def kind_of(card_id: str) -> tuple[str, str]:
    """``(colour, animal)`` of a card id."""
    return components().cards[card_id].kind
