"""What Mariposas shows a seat (`MariposasRules.view`), key by key: the pictures, the
computer player and the Discord layer read these keys, so a renamed one is a type error where
it is read."""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict


class Butterfly(TypedDict):
    """A butterfly on the map: ``"<seat>.<n>"``, its generation, a gen 4 marker's two sides."""

    id: str
    seat: int
    gen: int
    double: bool
    space: int


class Bonus(TypedDict):
    """A seat's bonus move cards, still held and played."""

    held: list[str]
    used: list[str]


# "as" is a keyword, so this one is spelt the functional way.
Played = TypedDict("Played", {"card": str, "as": str | None, "target": str | None,
                              "bonus": list[str]})
"""A card played this season: the card, the action it counted as (a reuse card copies one),
the played card a reuse card copied, and the bonus cards played with it."""


class Group(TypedDict):
    """One move of the card: its length, whether it takes a flower, whether it is used."""

    steps: int
    flower: bool
    used: bool


class Moving(TypedDict):
    """The butterfly being moved (``b``, its id) and the move group it uses (``g``)."""

    b: str
    g: int


class Choice(TypedDict, total=False):
    """A choice a landing left (``kind``: take, hatch, flower or gain) and what it needs."""

    kind: Required[str]
    space: int  # take: the space a flower is taken next to
    b: str  # take, hatch: the butterfly that landed
    why: str  # flower: "die" or "wild"
    left: int  # gain: cards still to gain


class Turn(TypedDict):
    """The open turn (without its undo checkpoints): whose, the card, its moves, the
    butterfly moving, where each butterfly started, the spaces visited, choices left."""

    seat: int
    card: str | None
    groups: list[Group]
    moving: Moving | None
    starts: dict[str, int]
    visited: list[int]
    queue: list[Choice]
    steps: int


class Final(TypedDict):
    """A seat's points of the final scoring: butterflies in Michoacán, life cycle cards,
    the three-points ability."""

    michoacan: int
    life_cycle: int
    abilities: int


class Result(TypedDict):
    """The end: scores, winners, each seat's place, the figures that ranked them and the
    tie-breaker that decided first place (None: the points did)."""

    scores: list[int]
    winners: list[int]
    places: list[int]
    standings: list[list[int]]  # per seat: points, in Michoacán, flowers, life cycle cards
    # Results stored before these were recorded lack them.
    decided_by: NotRequired[str | None]
    final: NotRequired[list[Final]]


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
    on_card: list[list[int]]  # per season card, butterflies on it per seat
    supply: list[list[int]]  # per seat, markers in supply by generation (index 0 unused)
    butterflies: list[Butterfly]
    markers: dict[str, str]
    face_down: list[str]
    life_cycle: list[list[str]]
    bonus: list[Bonus]
    abilities: dict[str, str]
    has_ability: list[list[str]]
    flowers: list[dict[str, int]]
    flower_supply: dict[str, int]
    deck: int
    discard: list[str]
    hand_sizes: list[int]
    played: list[list[Played]]
    scores: list[int]
    season_scores: list[list[list[int]]]  # per season scored, per seat, points per goal
    turn: Turn | None  # None between turns
    free: dict[str, list[str]]  # seat → the parents it may still hatch for free
    result: Result | None  # None until the final scoring
    hand: list[str]
