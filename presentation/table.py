"""A game's public table for every front end — its picture, its status line, its log lines and
the alt text's scores: `Table`, which each game's presentation package subclasses (its spec
names the class), and `Tables`, every game's, built once by the composition root.

Discord's board and the web's board (and a replay's steps) show the same picture and say the
same words because they ask the same `Table`; each front end only says how a name is written
into its text (`Style`: Discord mentions and escapes, the web writes names as they are).

A table may remember what its next picture needs beyond the game's view (Schicki Micki's newest
result): `Tables` hears every committed change as a listener of the session service, before any
board is redrawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from bot.db.rows import SeatRow
from bot.games.spec import named
from bot.i18n import Words
from bot.sessions.transition import Listener, Transition
from presentation.languages import game_name
from presentation.seats import computer_name, seat_name

if TYPE_CHECKING:
    from bot.db.rows import MatchRow
    from bot.games.core import Event
    from bot.games.spec import GameSpec

View = TypeVar("View", bound=Mapping[str, Any])


@dataclass(frozen=True, slots=True)
class Style:
    """How a front end writes names into a table's words."""

    seat: Callable[[SeatRow, Words], str]
    """A seat to act or who won (Discord: a mention of a person, which highlights them)."""
    quote: Callable[[str], str]
    """A name as written (Discord: its markdown and mentions escaped)."""
    controls: bool = False
    """Whether the words may name the front end's own controls (Discord's commands and
    buttons); else they say what happens, which every front end and the picture share."""


LOG_LINES = 6
"""How many of the newest moves a board tells beside its picture (and in its alt text)."""
LOBBY_EVENTS = ("joined", "left")
"""A lobby's comings and goings: told in a board's log by the lobby, not by the game."""

PLAIN = Style(seat=seat_name, quote=str)
"""Names exactly as written: the web's page and the pictures' alt text."""


class Table(Generic[View]):
    """How one game's table is drawn, whichever front end shows it. Pictures are slow, pure
    renders: front ends call them off their event loop."""

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: View,
                w: Words) -> bytes:
        """The public table picture of ``view`` (the match as it stands now)."""
        raise NotImplementedError

    def status(self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words,
               style: Style = PLAIN) -> str:
        """One line saying whose move it is and what to do, or who won ('' : none)."""
        return ""

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words,
                 style: Style = PLAIN) -> str | None:
        """One log line for a public event (None: not worth a line)."""
        return None

    def scores(self, seats: Sequence[SeatRow], view: View, w: Words) -> str | None:
        """The scores, for the picture's alt text where the status line lacks them."""
        return None

    def step(self, match: MatchRow, seats: Sequence[SeatRow], view: View,
             events: Sequence[Event], w: Words) -> bytes:
        """A replay step's picture, as the table showed it then (``events``: what the step
        did). A table that remembers (`heard`) draws from the step's events instead."""
        return self.picture(match, seats, view, w)

    def step_status(self, match: MatchRow, seats: Sequence[SeatRow], view: View,
                    events: Sequence[Event], w: Words, style: Style = PLAIN) -> str:
        """A replay step's status line, as `step` its picture."""
        return self.status(match, seats, view, w, style)

    # -- a seat's own hand, shown only to its player (a replay) ----------------------------

    own_hand: ClassVar[Literal["picture", "words"] | None] = None
    """How a seat's own hand is shown to its player: a picture (`hand`), a line of words
    (`hand_words`), or not at all (the game has no hand)."""

    def hand(self, seats: Sequence[SeatRow], view: View, w: Words) -> bytes | None:
        """A seat's own hand drawn from its own view (``own_hand == "picture"``)."""
        return None

    def hand_words(self, view: View, w: Words) -> str | None:
        """A seat's own hand named in a line (``own_hand == "words"``)."""
        return None

    # -- the rules card ----------------------------------------------------------------------

    def rules(self, w: Words) -> tuple[str, bytes] | None:
        """The game's rules in short and their picture, as its `/… rules` shows them (None:
        it has none here). The picture is a slow render too."""
        return None

    def heard(self, transition: Transition) -> None:
        """A change was committed (before its board is redrawn): keep what the next picture
        needs that the view does not say."""

    def forget(self, match_id: int) -> None:
        """The match is over and its last board drawn: drop what was kept for it."""


_MARKUP = re.compile(r"\*\*|__|`|^> ", re.MULTILINE)  # the catalogues' bold and quotes


def alt_text(table: Table[Any], match: MatchRow, seats: Sequence[SeatRow], view: Any,
             lines: Sequence[str], w: Words) -> str:
    """What the table's picture shows, in words, for a screen reader — the same on Discord
    (the attachment's description) and on the web (the picture's alt): the game, whose move
    it is (or who won), the scores where that line lacks them and ``lines``, the newest
    moves (written `PLAIN`); names as written, no formatting."""
    head = w("board.head", game=game_name(match.game), id=match.id,
             status=table.status(match, seats, view, w, PLAIN))
    scores = table.scores(seats, view, w)
    return unmarked("\n".join([head, *([scores] if scores else []), *lines]))


def log_line(table: Table[Any] | None, event: Event, seats: Sequence[SeatRow], w: Words,
             style: Style = PLAIN) -> str:
    """One event's line in a board's log, for every front end ('' when it is private or not
    worth a line): a lobby's comings and goings, else what the game's table says of it."""
    if event.kind in LOBBY_EVENTS:
        name = event.data["name"]
        if "level" in event.data:  # a computer: named in the reader's words
            name = computer_name(name, event.data["level"], w)
        return w(f"lobby.{event.kind}", name=style.quote(name))
    if table is None or event.visible_to is not None:
        return ""
    return table.describe(event, seats, w, style) or ""


def unmarked(text: str) -> str:
    """A table's words without the catalogues' formatting (bold, quotes): for a page or a
    screen reader."""
    return _MARKUP.sub("", text).strip()


class Tables(Listener):
    """Every game's `Table`, by game id, as its spec names it; a listener of the session
    service, so each table hears its own game's changes."""

    def __init__(self, specs: Mapping[str, GameSpec]) -> None:
        self._tables: dict[str, Table[Any]] = {
            game: named(spec.table)() for game, spec in specs.items() if spec.table}

    def __getitem__(self, game: str) -> Table[Any]:
        return self._tables[game]

    def __contains__(self, game: object) -> bool:
        return game in self._tables

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def get(self, game: str) -> Table[Any] | None:
        """A game's table (None: the game has no picture)."""
        return self._tables.get(game)

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: Any,
                w: Words) -> bytes | None:
        """A match's public table picture (None: its game has no table)."""
        table = self._tables.get(match.game)
        return table.picture(match, seats, view, w) if table is not None else None

    def published(self, transition: Transition) -> None:
        """Tell the game's table of a committed change."""
        table = self._tables.get(transition.match.game)
        if table is not None:
            table.heard(transition)
