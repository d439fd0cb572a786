"""What Schicki Micki shows (`view.public_view`), key by key: the pictures and the Discord
layer read these keys, so a renamed one is a type error where it is read."""

from __future__ import annotations

from typing import Literal, TypedDict


class Hen(TypedDict):
    """A hen card: her worms (one or two) and the colour of each of the six features."""

    id: int
    kind: Literal["hen"]
    worms: int
    colours: dict[str, str]


class Closeup(TypedDict):
    """A close-up card: one feature in one colour."""

    id: int
    kind: Literal["closeup"]
    feature: str
    colour: str


CardFace = Hen | Closeup
"""A card as the deck file stores it and the view shows it (``kind`` tells which)."""


class Figures(TypedDict):
    """The wooden figures: how many blue there are and left, who holds which."""

    blue: int
    blue_left: int
    blue_holders: list[int]
    red_left: bool
    red_holder: int | None


class Reaction(TypedDict):
    """One reaction of the open window, in the order it came."""

    seat: int
    action: str
    at_ms: int
    order: int
    figure: str | None
    replaced: bool


class SchickiView(TypedDict):
    """The table: the row's cards, the dealer, the deck, the scores and the window's
    reactions."""

    game: str
    seat: int | None
    players: int
    phase: str
    dealer: int
    row: int
    table: list[CardFace]
    deck: int
    last_chance: bool
    won: list[int]
    owed: list[int]
    scores: list[int]
    figures: Figures
    reactions: list[Reaction]
