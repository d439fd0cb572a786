"""The open boards of every match and what they are sent: a `Listener` of the session service
that pushes each committed change to every board of its match.

Every board gets what every seat may see (`Rules.view(state, None)`); a seated player's board
also gets their own panel — what they can do now, hand cards included, and where on their
private picture each is clicked (`web.games`; the picture is loaded with their own link) —
and no other board ever does. Each board has its own writer: a slow connection gets the newest frame
when it is ready for it (frames in between collapse), and never holds up the game or another
board.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from bot.db.rows import MatchRow, SeatRow
from bot.games.core import Event
from bot.i18n import Words
from bot.i18n import words as words_of
from bot.links import SPECTATOR
from bot.sessions.service import SessionService
from bot.sessions.transition import Listener, Transition, players
from presentation.seats import seat_name
from presentation.table import LOG_LINES, PLAIN, Table, Tables, alt_text, log_line, unmarked
from web import frames, games
from web.frames import StateFrame, TableWords, YouData
from web.lobby import lobby_data

log = logging.getLogger(__name__)
EN = words_of("en")


class Scene:
    """What a match's boards are told beyond its state: its seats, the events of its newest
    change (none when another process made it: the change feed says only that it changed),
    and the newest moves worth a line (``log``, as many as Discord's board tells)."""

    def __init__(self, seats: list[SeatRow], events: list[Event] | None = None,
                 log: list[Event] | None = None) -> None:
        self.seats = seats
        self.events = events or []
        self.log = log or []

    def then(self, seats: list[SeatRow], events: list[Event], table: Table[Any] | None
             ) -> Scene:
        """This scene after a change that did ``events``: its log goes on with those of them
        its table tells in a line."""
        said = [e for e in events if table is not None and told(table, e, seats)]
        return Scene(seats, events, (self.log + said)[-LOG_LINES:])


def told(table: Table[Any], event: Event, seats: list[SeatRow]) -> bool:
    """Whether a board's log tells everyone ``event`` in a line (as Discord's board does)."""
    return bool(log_line(table, event, seats, EN))


def table_words(sessions: SessionService, tables: Tables, match: MatchRow, scene: Scene,
                view: Any, w: Words) -> TableWords | None:
    """The table's words for the page, as Discord's board says them (names as written; None:
    the game has no table)."""
    table = tables.get(match.game)
    if table is None or match.state is None:
        return None
    seats = scene.seats

    def lines(events: list[Event]) -> list[str]:
        return [unmarked(line) for e in events if (line := log_line(table, e, seats, w))]
    last = lines(scene.events)
    to_act = players(sessions.rules(match.game).active_seats(match.state)) \
        if match.status == "active" else []
    # The alt text tells the newest moves as Discord's copy of the picture does; the page's
    # own line tells the newest change's.
    return TableWords(status=unmarked(table.status(match, seats, view, w, PLAIN)),
                      alt=alt_text(table, match, seats, view, lines(scene.log), w), last=last,
                      acting=[seat_name(seats[s], w) for s in to_act if s < len(seats)],
                      deadline=match.deadline)


def frame(sessions: SessionService, match: MatchRow, seat: int | None = None,
          w: Words | None = None, tables: Tables | None = None, scene: Scene | None = None
          ) -> str:
    """The board's message for ``match`` as it stands: its version, status and public view,
    and what its table says (given the ``tables`` and the ``scene``); for ``seat`` (a seated
    player's own board) also their panel, in the words ``w``."""
    view: Any = None
    you: YouData | None = None
    said: TableWords | None = None
    if match.state is not None:
        rules = sessions.rules(match.game)
        view = dict(rules.view(match.state, None))
        if seat is not None and match.status == "active":
            legal = rules.legal_actions(match.state, seat)
            mine = games.panel(match.game, rules.view(match.state, seat), legal, w or EN)
            you = YouData(seat=seat, **mine.data())
        if tables is not None and scene is not None:
            said = table_words(sessions, tables, match, scene, view, w or EN)
    data = StateFrame(type="state", match=match.id, game=match.game, version=match.version,
                      status=match.status, view=view, sent=time.time())
    if match.status == "lobby" and scene is not None:  # who sits, for the page's lobby
        rules = sessions.rules(match.game)
        data["lobby"] = lobby_data(match, scene.seats, rules.min_players, rules.max_players,
                                   w or EN)
    if said is not None:
        data["said"] = said
    if you is not None:
        data["you"] = you
    return frames.text(data)


class Board:
    """One open board: its socket, whose it is (``user``; ``seat`` None: a spectator's, or a
    user not seated), the match as it was last sent, and the newest frame it has yet to be
    sent. A user's seat is looked up again with every frame: one who joins the lobby after
    opening the board plays on it once the game starts."""

    def __init__(self, socket: web.WebSocketResponse, seat: int | None = None,
                 w: Words | None = None, live: LiveBoards | None = None,
                 user: int = SPECTATOR) -> None:
        self.socket = socket
        self.seat = seat
        self.user = user
        self.w = w or EN
        self.live = live  # the boards it is one of: the tables and scenes its frames tell
        self.shown: MatchRow | None = None  # what it was last sent
        self.seen: tuple[int, float] | None = None  # (version, when its picture loaded there)
        self.pending: str | None = None
        self.ready = asyncio.Event()
        self.writer = asyncio.ensure_future(self._write())

    def send(self, text: str) -> None:
        """Queue ``text`` in place of whatever this board has not been sent yet."""
        self.pending = text
        self.ready.set()

    def show(self, sessions: SessionService, match: MatchRow, public: str | None = None
             ) -> None:
        """Queue the frame of ``match`` for this board (a spectator's board takes the public
        frame ``public`` when one was made for all of them)."""
        self.shown = match
        live = self.live
        scene = live.scenes.get(match.id) if live is not None else None
        if self.user != SPECTATOR and scene is not None:
            self.seat = next((s.seat for s in scene.seats
                              if s.user_id == self.user and not s.is_computer), None)
        if public is None or self.seat is not None:
            public = frame(sessions, match, self.seat, self.w,
                           live.tables if live is not None else None,
                           live.scenes.get(match.id) if live is not None else None)
        self.send(public)

    def seen_at(self) -> float | None:
        """When the version this board was last sent reached its screen, if it said so."""
        if self.seen is None or self.shown is None or self.seen[0] != self.shown.version:
            return None
        return self.seen[1]

    async def _write(self) -> None:
        while not self.socket.closed:
            await self.ready.wait()
            self.ready.clear()
            text, self.pending = self.pending, None
            if text is not None:
                try:
                    await self.socket.send_str(text)
                except (ConnectionError, RuntimeError):
                    return  # gone: the server's handler drops it

    async def close(self) -> None:
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.writer


class LiveBoards(Listener):
    """Every open board, by match; told of each commit by the session service."""

    def __init__(self, sessions: SessionService, tables: Tables | None = None) -> None:
        self.sessions = sessions
        self.tables = tables  # what each game's table says (None: pictures and views only)
        self.scenes: dict[int, Scene] = {}  # match → its seats and newest events, while open
        self.boards: dict[int, set[Board]] = {}
        # match -> (version, status) its boards were last sent: a cancel keeps the version
        self.pushed: dict[int, tuple[int, str]] = {}
        # Told of each match as it is sent to its boards (the server begins its picture).
        self.pushing: list[Callable[[MatchRow], None]] = []

    def published(self, transition: Transition) -> None:
        """A change was committed here: its frame goes to every board of its match, with the
        log lines of what it did."""
        match = transition.match
        # Told already (by the change feed, which may hear another process's change before
        # the session service tells it): its events are in the scene.
        if match.id in self.boards \
                and self.pushed.get(match.id) != (match.version, match.status):
            before = self.scenes.get(match.id) or Scene(transition.seats)
            table = self.tables.get(match.game) if self.tables is not None else None
            self.scenes[match.id] = before.then(transition.seats, transition.events, table)
        self.push(match)

    async def heard(self, match_id: int) -> None:
        """A change to ``match_id`` was committed (the change feed: by any process): its
        boards get the match as it now stands, unless they have it already."""
        await self.refresh(match_id)

    async def missed(self) -> None:
        """Changes may have gone unheard (the change feed was down): catch up."""
        await self.refresh_all()

    async def refresh(self, match_id: int) -> None:
        """Its boards get the match as it now stands, unless they have it already."""
        if match_id not in self.boards:
            return
        match = await self.sessions.repo.match(match_id)
        if match is not None and self.pushed.get(match_id) != (match.version, match.status):
            # The seats as they are now (its table's words, its lobby), and the events of the
            # actions its boards were not sent (changed elsewhere: rebuilt from the log).
            shown = [b.shown.version for b in self.boards.get(match_id, ()) if b.shown]
            told = self.pushed[match_id][0] if match_id in self.pushed else min(shown, default=None)
            events = await self.sessions.events_since(match, told) if told is not None else []
            before = self.scenes.get(match_id) or Scene([])
            table = self.tables.get(match.game) if self.tables is not None else None
            self.scenes[match_id] = before.then(await self.sessions.repo.seats(match_id),
                                                events, table)
            self.push(match)

    async def refresh_all(self) -> None:
        """Changes elsewhere may have gone unheard (a lost connection): every open board gets
        its match as it now stands."""
        for match_id in list(self.boards):
            await self.refresh(match_id)

    def push(self, match: MatchRow) -> None:
        """Send ``match`` to its boards, unless they were sent it as it is already."""
        boards = self.boards.get(match.id)
        if not boards or self.pushed.get(match.id) == (match.version, match.status):
            return
        self.pushed[match.id] = (match.version, match.status)
        scene = self.scenes.get(match.id)
        public: dict[str, str] = {}  # one public frame for all spectators, per language
        for board in boards:
            lang = board.w.lang
            if lang not in public:
                public[lang] = frame(self.sessions, match, None, board.w, self.tables, scene)
            board.show(self.sessions, match, public[lang])
        for told in self.pushing:
            told(match)

    def open(self, match_id: int, socket: web.WebSocketResponse, seat: int | None = None,
             w: Words | None = None, seats: list[SeatRow] | None = None,
             user: int = SPECTATOR) -> Board:
        """A board connected to ``match_id``: a spectator's, or ``user``'s (at ``seat``) in
        the words ``w`` (``seats``: the match's, as just read, for its table's words)."""
        board = Board(socket, seat, w, self, user)
        self.boards.setdefault(match_id, set()).add(board)
        if seats is not None and match_id not in self.scenes:
            self.scenes[match_id] = Scene(seats)
        return board

    async def recall(self, match: MatchRow) -> None:
        """A board opened on ``match``: where its boards know no moves yet (the first one
        here, or after a restart), their log is rebuilt from its history, as Discord's board
        rebuilds its own."""
        scene = self.scenes.get(match.id)
        table = self.tables.get(match.game) if self.tables is not None else None
        if scene is None or scene.log or table is None or match.status != "active":
            return
        events = await self.sessions.history(match)
        scene.log = [e for e in events if told(table, e, scene.seats)][-LOG_LINES:]

    async def closed(self, match_id: int, board: Board) -> None:
        """A board went away."""
        boards = self.boards.get(match_id, set())
        boards.discard(board)
        if not boards:
            self.boards.pop(match_id, None)
            self.pushed.pop(match_id, None)
            self.scenes.pop(match_id, None)
        await board.close()

    def count(self) -> int:
        """How many boards are open."""
        return sum(len(boards) for boards in self.boards.values())
