"""What Mimikri shows a seat (`MimikriRules.view`), key by key: the pictures and the Discord
layer read these keys, so a renamed one is a type error where it is read."""

from __future__ import annotations

from typing import TypedDict


class Cell(TypedDict):
    """One position of the grid: its name, how its card lies, and a face-up card's butterfly."""

    pos: str
    face: str  # "down", "up" or "gone" (collected)
    butterfly: str | None


class Last(TypedDict):
    """The last card turned up: who turned it, where, its butterfly, whether it was wanted."""

    seat: int
    pos: str
    butterfly: str
    found: bool


class MimikriView(TypedDict):
    """The table: the grid, the camera and its subject card, who holds it, the score piles."""

    game: str
    animals: list[str]
    grid: list[Cell]
    collected: list[list[str]]
    holder: int
    turn: int
    phase: str
    subject: str
    orientation: str | None
    wanted: str | None
    tried: list[str]
    pile: int
    out: list[str]
    pass_no: int
    rounds: int
    must_be_uncollected: bool
    last: Last | None  # None before any card is turned up
