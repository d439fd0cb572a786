"""What MIMIC shows a seat (`MimicRules.view`), key by key: the pictures, the hints, the
computer player and the Discord layer read these keys, so a renamed one is a type error where
it is read."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict


class Face(TypedDict):
    """A card as players see it."""

    id: str
    colour: str
    animal: str


class Laid(Face):
    """A card on the grid, and the side whose cube is on it (None: no cube)."""

    cube: int | None


# "from" is a keyword, so this one is spelt the functional way.
Pending = TypedDict("Pending", {"power": str, "from": str})
"""A power half used: Yellow's card lifted from ``from``, to be laid again."""


class Step(TypedDict):
    """The turn so far: cards laid, extra cards allowed, a jump, the start card, a pending power."""

    placed: int
    extra: int
    jump: bool
    start_done: bool
    pending: Pending | None


class Exchange(TypedDict):
    """The team exchange: ``partner`` gives first, then the player gives ``back``."""

    stage: str


class Showdown(TypedDict):
    """A tie's showdown: the sides still in, the round, who has picked, the rounds shown."""

    sides: list[int]
    round: int
    picked: list[int]
    revealed: list[list[list[Any]]]  # per round, [seat, card id] pairs
    my_pick: NotRequired[Face]  # the seat's own pick, once made


class Result(TypedDict):
    """How the game ended and who won."""

    termination: str  # "last_cube", "stuck" or "showdown"
    winners: list[int]


class Last(TypedDict):
    """What the newest turn that changed the grid changed: cells laid on, [from, to] moves,
    cells emptied, cells given a cube, cells given a yellow start card."""

    seat: int
    turn: int
    placed: list[str]
    moved: list[list[str]]
    removed: list[str]
    cubes: list[str]
    starts: list[str]


LastKind = Literal["placed", "moved", "removed", "cubes", "starts"]
"""The changes a turn's record lists (``Last``'s lists)."""


class Ranked(TypedDict):
    """A side of the showdown, best first: the last round it showed a card in and its best."""

    side: int
    round: int
    card: Face


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
    starts: dict[str, str]  # cell → the colour of its start card
    board: dict[str, Laid]
    faceup: list[Face]
    deck: int
    removed: list[Face]
    hand_sizes: list[int]
    yellow_left: int
    cubes_left: list[int]
    cubes_placed: list[int]
    powers: list[dict[str, list[str]]]
    power_line: list[str]
    power_deck: int
    step: Step
    # None outside their moment: the team exchange, a tie's showdown, the end, the first move.
    exchange: Exchange | None
    showdown: Showdown | None
    result: Result | None
    last: Last | None
    ranking: list[Ranked]
    hand: list[Face]
    can_place: NotRequired[bool]  # the seat to act, while placing: whether any card fits
