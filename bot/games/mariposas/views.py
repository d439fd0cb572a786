"""What Mariposas shows a seat (`MariposasRules.view`), key by key: the pictures, the
computer player and the Discord layer read these keys, so a renamed one is a type error where
it is read."""

from __future__ import annotations

from typing import Any, TypedDict


class MariposasView(TypedDict):
    """Everything public (an open turn as it started, but to its player), plus the seat's
    own hand."""

    game: str
    players: int
    seat: int | None
    season: int
    phase: str
    active: list[int]
    first: int
    round: int
    extra: list[int] | None
    goal_cards: list[str | None]
    on_card: list[Any]
    supply: Any
    butterflies: list[dict[str, Any]]
    markers: dict[str, str]
    face_down: list[str]
    life_cycle: list[list[str]]
    bonus: list[dict[str, Any]]
    abilities: dict[str, str]
    has_ability: list[list[str]]
    flowers: list[dict[str, int]]
    flower_supply: dict[str, int]
    deck: int
    discard: list[str]
    hand_sizes: list[int]
    played: list[Any]
    scores: list[int]
    season_scores: list[Any]
    turn: Any  # the open turn (None between turns); its parts are not spelt out
    free: Any
    result: Any  # None until the final scoring
    hand: list[str]
