"""What a seated player can click on the web board, per game: the choices their legal actions
offer, labelled in their words, and where on the board's picture each target lies.

A game may describe its board in ``web.games.<game>`` (found by name, like its Discord side in
``cogs.<game>``): its ``BOARD``, a `WebGame` that declares its ``panel(view, legal, w) ->
Panel`` and, where its choices are also targets on the picture, ``spots(view) -> {target:
box}``; a real-time game's choices are reactions, which go to the dealer (`web.play`). Where
Discord shows a seat a private picture (MIMIC's hand, Mariposas' private map), its ``hand(view,
legal, w) -> Hand`` draws it with the game's own renderer and says where on it each group or
choice is clicked; only that seat's board is told of it, and only its player may load it
(`web.server`).
Without one, every legal action is a button named by its code: a new game is playable on the
web from its first day, only plainer.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.i18n import Words
from web.frames import ChoiceData, GroupData, HandData, PanelData

Box = tuple[float, float, float, float]
"""A target's box on the board's picture: left, top, right, bottom as fractions of its size."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the player can do: the action ``code`` sent when it is clicked.

    ``group``: the group it is chosen from (a hand card; None: shown at once); ``spot``: the
    target on the picture it is also clicked at; ``key``: the keyboard key that makes it."""

    code: str
    label: str
    group: str | None = None
    spot: str | None = None
    key: str | None = None


@dataclass(frozen=True, slots=True)
class Group:
    """A first click that opens its choices (a hand card, a butterfly, a power card)."""

    id: str
    label: str


@dataclass(frozen=True, slots=True)
class Hand:
    """A seat's private picture: its ``alt`` text, where on it each group (by its id) or
    choice (by its code) is clicked, and how it is drawn — from the seats' names, off the
    event loop, only when its player loads it."""

    alt: str
    spots: dict[str, Box]
    draw: Callable[[Sequence[str]], bytes]


def _fractions(spots: Mapping[str, Box]) -> dict[str, list[float]]:
    return {k: [round(v, 4) for v in box] for k, box in spots.items()}


@dataclass(slots=True)
class Panel:
    """What a seated player's board offers: a prompt, groups, choices and picture targets,
    and the seat's private picture if it has one."""

    prompt: str = ""
    groups: list[Group] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    spots: dict[str, Box] = field(default_factory=dict)
    realtime: bool = False  # choices are reactions: judged by arrival, never stale
    holding: list[str] = field(default_factory=list)  # what the seat holds, turn or not
    hand: Hand | None = None

    def data(self) -> PanelData:
        """The panel as the page reads it (JSON)."""
        hand = None if self.hand is None else HandData(alt=self.hand.alt,
                                                       spots=_fractions(self.hand.spots))
        return {"prompt": self.prompt, "realtime": self.realtime, "holding": self.holding,
                "groups": [GroupData(id=g.id, label=g.label) for g in self.groups],
                "choices": [ChoiceData(code=c.code, label=c.label, group=c.group, spot=c.spot,
                                       key=c.key) for c in self.choices],
                "spots": _fractions(self.spots), "hand": hand}


@dataclass(frozen=True, slots=True)
class WebGame:
    """What a game's web module declares (its ``BOARD``): how its choices are offered."""

    panel: Callable[[Any, Sequence[str], Words], Panel]
    """A seat's panel from its view, its legal actions and its words."""
    spots: Callable[[Any], dict[str, Box]] | None = None
    """Where on the picture each target lies (None: no choice is clicked on the picture)."""
    emoji: str = ""
    """The emoji its labels show beyond the catalogues' words (the page's emoji font has
    them: `web.emoji`)."""
    hand: Callable[[Any, Sequence[str], Words], Hand | None] | None = None
    """A seat's private picture from its own view, its legal actions and its words (None:
    none now; the field None: the game has none)."""


def boards() -> dict[str, WebGame]:
    """Every game's web module that there is, by game."""
    from bot.games import GAMES

    return {game: board for game in GAMES if (board := _board(game)) is not None}


def _board(game: str) -> WebGame | None:
    name = f"{__name__}.{game}"
    if not importlib.util.find_spec(name):
        return None
    board: WebGame = importlib.import_module(name).BOARD
    return board


def panel(game: str, view: Mapping[str, Any], legal: Sequence[str], w: Words) -> Panel:
    """The board panel of a seat whose view is ``view`` and legal actions ``legal``."""
    board = _board(game)
    if board is None:
        return Panel(w("web.your_turn") if legal else "",
                     choices=[Choice(code, code) for code in legal])
    made = board.panel(view, legal, w)
    if board.spots is not None:
        made.spots = {spot: box for spot, box in board.spots(view).items()
                      if any(choice.spot == spot for choice in made.choices)}
    made.hand = hand(game, view, legal, w)
    if made.hand is not None:  # only what is offered now is clicked on it
        offered = {g.id for g in made.groups} | {c.code for c in made.choices}
        made.hand = replace(made.hand, spots={key: box for key, box in made.hand.spots.items()
                                              if key in offered})
    return made


def hand(game: str, view: Mapping[str, Any], legal: Sequence[str], w: Words) -> Hand | None:
    """The private picture of a seat whose view is ``view`` and legal actions ``legal``, if
    its game draws one now."""
    board = _board(game)
    if board is None or board.hand is None:
        return None
    return board.hand(view, legal, w)


def box_of(box: tuple[float, float, float, float], width: float, height: float) -> Box:
    """A pixel box as fractions of a ``width`` × ``height`` picture."""
    x0, y0, x1, y1 = box
    return (x0 / width, y0 / height, x1 / width, y1 / height)
