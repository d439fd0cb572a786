"""What Schicki Micki shows (`view.public_view`), and what a settled window's ``resolved``
event tells, key by key: the pictures and the Discord layer read these keys, so a renamed one
is a type error where it is read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict, cast


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


class Judged(TypedDict):
    """One reaction of a settled window: who, what, when, the table's verdict on it and what
    became of it (won all, won one, gave back, replaced…), with the cards it moved."""

    seat: int
    action: str
    at_ms: int
    order: int
    figure: str | None
    verdict: str | None  # None: replaced by the player's later reaction, never judged
    result: str
    cards: list[int]
    owed: int  # 1: won a card from an empty deck, owed


class GivenBack(TypedDict):
    """A card a fault gave back under the deck, and whose it was."""

    seat: int
    card: int


class Resolved(TypedDict):
    """The ``resolved`` event: the reading of the table (its situation, the right reaction,
    the pairs, twins and two-worm cards), the cards that lay, each reaction judged, and the
    table after it."""

    situation: str
    correct: str | None
    pairs: list[list[str]]  # (feature, colour) shown twice or more
    identical: list[list[int]]  # card ids of identical hens, pairwise
    two_worms: list[int]
    table: list[int]
    reactions: list[Judged]
    under_deck: list[int]
    given_back: list[GivenBack]
    table_cleared: bool
    dealer: int
    row: int
    deck: int
    last_chance: bool


def resolved(data: Mapping[str, object]) -> Resolved:
    """A ``resolved`` event's data as what it is: events carry their data as plain JSON, and
    `resolve.resolve` writes this one with Resolved's keys."""
    return cast(Resolved, data)
