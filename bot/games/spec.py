"""What a game declares about itself, once: the one object the rest of the bot reads.

A game package's ``spec`` module exports ``GAME``, a `GameSpec`: its rules, what it can do
(played in real time, turns of several steps, records for the leaderboard), its computer
players, its own turn timer and lobby defaults, the option sets its tests play and the picture
the README shows of it. The registry finds every such package (`bot.games.discover`), and the
session service, server settings, replays, demo, showcase, contract tests, bench and tournament
loop over what it found: a new game is a new package, not edits all over the code.

Pure like the rules: it names the README picture's renderer by its dotted path, so nothing
here imports Pillow.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot.games.core import JSON, Event, Rules, Seat, State

# The view a computer player reads: its game's (``MimicView``…), so that a key it reads
# wrong is a type error as it is in the pictures. Only taken in, hence contravariant.
View = TypeVar("View", bound=Mapping[str, Any], contravariant=True)


class Brain(Protocol[View]):
    """A computer player: it watches public events and picks one of the legal actions."""

    def observe(self, events: Iterable[Event]) -> None:
        """Take in what happened at the table."""

    def choose(self, view: View, legal: Sequence[str], rng: random.Random) -> str:
        """Pick an action from ``legal``."""


Records = Callable[[list[Event]], list[tuple[Seat, str, float]]]


def no_extra_options(n_players: int) -> list[dict[str, JSON]]:
    """A game played with its defaults only."""
    return []


@dataclass(frozen=True, slots=True)
class Showcase:
    """The README's picture of the game (`bot.showcase`): a game between computers, drawn at
    the move ``pick`` chooses by the function ``render`` names (``"module:function"``, called
    as ``render(public view, names, words, **extra(move))``)."""

    file: str
    players: int
    render: str
    pick: Callable[[list[Any]], Any]
    options: Mapping[str, JSON] = field(default_factory=dict)
    extra: Callable[[Any], Mapping[str, Any]] | None = None


@dataclass(frozen=True, slots=True)
class RealTime:
    """How a game played in real time is dealt (`bot.dealer`): the dealer plays the SYSTEM
    seat's ``deal`` and ``resolve`` by a clock, and this says the rest of the game's own."""

    timings: Mapping[str, float]
    """Seconds (a lobby's options may change some): ``reveal`` between cards, ``settle`` for
    a window to gather its reactions, ``final`` after the last card, ``countdown`` before a
    round's first card."""
    round_of: Callable[[State], int]
    """Which round a state is in (Schicki Micki's row): a new round begins with a countdown,
    and input meant for another round is refused."""
    on_table: Callable[[State], bool]
    """Whether cards lie on the table (the first card of a round comes at once)."""
    react: Callable[[Any, str, random.Random], tuple[str, int] | None]
    """A computer's reaction to the public view at its level: the action and its delay in
    ms, or None to let the card pass."""
    refusals: Mapping[str, str]
    """Why a reaction is refused before the rules see it, as catalogue keys: from someone
    not playing (``not_playing``), in the countdown (``too_early``), after its window
    (``too_late``), or meant for another round (``past_row``)."""


@dataclass(frozen=True, slots=True)
class ServerOption:
    """A lobby option whose default each server may choose (`/settings server`): stored for
    the server under the game and ``key``, whatever the game, and offered by the command as
    the option ``command``."""

    key: str
    """The lobby option it sets (a key of the game's ``lobby_defaults``)."""
    command: str
    """Its name among `/settings server`'s options (what admins type)."""
    text: str
    """How the command describes it (in English: the catalogues translate it)."""
    choices: Mapping[str, str]
    """Each value it may take, with the command's English name for it (translated too)."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game, as the bot knows it."""

    rules: Rules[Any]
    order: int
    """Where the game stands in the lists players read (help, settings, leaderboards)."""
    brain: Callable[[str], Brain[Any]] | None = None
    """A computer player at a level; None: the game has none of its own (any legal move). It
    reads the game's own view type: the bot hands it what the game's rules showed the seat."""
    realtime: RealTime | None = None
    """Played on its own clock (a dealer, dealt as this says), not in turns with turn
    timers; None: a turn-based game."""
    turn_open: Callable[[State], bool] | None = None
    """For a game whose turn takes several steps: whether the turn is still open (the public
    board then shows its start, and replays skip its sub-steps)."""
    records: Records | None = None
    """The game's own numbers for the leaderboard (e.g. reaction times), by seat."""
    turn_timer: int | None = None
    """The game's own turn timer in seconds (a server may choose another); None: it has
    none (real time)."""
    timer_text: str = ""
    """How `/settings server` describes the game's turn timer option (in English: the
    catalogues translate it)."""
    lobby_defaults: Mapping[str, JSON] = field(default_factory=dict)
    """Options a lobby gets when neither its host nor the server chose them."""
    server_options: tuple[ServerOption, ...] = ()
    """The lobby options whose default a server may choose for its own games."""
    typical: tuple[int, Mapping[str, JSON]] = (2, {})
    """A typical table: its players and options (what `make bench` measures)."""
    test_options: Callable[[int], list[dict[str, JSON]]] = no_extra_options
    """The option sets the contract test plays at a player count, beside the defaults."""
    test_seeds: int = 3
    """Seeds the contract test plays at each player count and option set."""
    showcase: Showcase | None = None
    table: str | None = None
    """The class (``"module:Class"``) that draws the game's public table for every front end
    (a `presentation.table.Table`); None: the game has no picture."""
    demo: str | None = None
    """The function (``"module:function"``) that plays the game's demo into a folder and
    returns its transcript's lines (`python -m presentation.demo`)."""

    @property
    def id(self) -> str:
        """The game's id (the rules')."""
        return self.rules.id

    @property
    def name(self) -> str:
        """The game's name as players write it."""
        return self.rules.name

    @property
    def timed(self) -> bool:
        """Whether the game has a turn timer."""
        return self.turn_timer is not None


def named(path: str) -> Callable[..., Any]:
    """The function a spec names as ``"module:function"`` (imported only when used)."""
    module, _, name = path.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return found


def middle(moves: list[Any]) -> Any:
    """A move halfway through the game: the board has filled up but is not yet decided."""
    return moves[len(moves) // 2]
