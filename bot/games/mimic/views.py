"""What MIMIC shows a seat (`MimicRules.view`), key by key: the pictures, the hints, the
computer player and the Discord layer read these keys, so a renamed one is a type error where
it is read."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class MimicView(TypedDict):
    """The public table, plus the seat's own hand (and its showdown pick)."""

    game: str
    mode: str
    advanced: bool
    players: int
    sides: list[list[int]]
    seat: int | None
    turn: int
    turns: int
    phase: str
    active: list[int]
    starts: dict[str, Any]
    board: dict[str, dict[str, Any]]
    faceup: list[dict[str, str]]
    deck: int
    removed: list[dict[str, str]]
    hand_sizes: list[int]
    yellow_left: int
    cubes_left: list[int]
    cubes_placed: list[Any]
    powers: list[dict[str, list[str]]]
    power_line: list[str]
    power_deck: int
    step: dict[str, Any]
    # Nested parts are not spelt out; these are None outside their moment (the team exchange,
    # a tie's showdown, the end, before the first move).
    exchange: Any
    showdown: Any
    result: Any
    last: Any
    ranking: list[dict[str, Any]]
    hand: list[dict[str, str]]
    can_place: NotRequired[bool]  # the seat to act, while placing: whether any card fits
