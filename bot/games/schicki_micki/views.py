"""What Schicki Micki shows (`view.public_view`), key by key: the pictures and the Discord
layer read these keys, so a renamed one is a type error where it is read."""

from __future__ import annotations

from typing import Any, TypedDict


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
    table: list[dict[str, Any]]
    deck: int
    last_chance: bool
    won: list[int]
    owed: list[int]
    scores: list[int]
    figures: Figures
    reactions: list[Reaction]
