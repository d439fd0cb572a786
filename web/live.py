"""The open boards of every match and what they are sent: a `Listener` of the session service
that pushes each committed change, as the public view, to every board of its match.

A board only ever gets what every seat may see (`Rules.view(state, None)`): the spectator's
view. Each board has its own writer: a slow connection gets the newest frame when it is ready
for it (frames in between collapse), and never holds up the game or another board.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from aiohttp import web

from bot.db.repo import MatchRow
from bot.sessions import Listener, SessionService, Transition

log = logging.getLogger(__name__)


def frame(sessions: SessionService, match: MatchRow) -> str:
    """The board's message for ``match`` as it stands: its version, status and public view."""
    view: Any = None
    if match.state is not None:
        view = dict(sessions.rules(match.game).view(match.state, None))
    return json.dumps({"type": "state", "match": match.id, "game": match.game,
                       "version": match.version, "status": match.status, "view": view,
                       "sent": time.time()}, separators=(",", ":"))


class Board:
    """One open board: its socket and the newest frame it has yet to be sent."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self.pending: str | None = None
        self.ready = asyncio.Event()
        self.writer = asyncio.ensure_future(self._write())

    def send(self, text: str) -> None:
        """Queue ``text`` in place of whatever this board has not been sent yet."""
        self.pending = text
        self.ready.set()

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

    def __init__(self, sessions: SessionService) -> None:
        self.sessions = sessions
        self.boards: dict[int, set[Board]] = {}
        # match -> (version, status) its boards were last sent: a cancel keeps the version
        self.pushed: dict[int, tuple[int, str]] = {}

    def published(self, transition: Transition) -> None:
        """A change was committed here: its frame goes to every board of its match."""
        self.push(transition.match)

    async def refresh(self, match_id: int) -> None:
        """A change to ``match_id`` was committed elsewhere (another process): its boards get
        the match as it now stands, unless they have it already."""
        if match_id not in self.boards:
            return
        match = await self.sessions.repo.match(match_id)
        if match is not None:
            self.push(match)

    def push(self, match: MatchRow) -> None:
        """Send ``match`` to its boards, unless they were sent it as it is already."""
        boards = self.boards.get(match.id)
        if not boards or self.pushed.get(match.id) == (match.version, match.status):
            return
        self.pushed[match.id] = (match.version, match.status)
        text = frame(self.sessions, match)
        for board in boards:
            board.send(text)

    def open(self, match_id: int, socket: web.WebSocketResponse) -> Board:
        """A board connected to ``match_id``."""
        board = Board(socket)
        self.boards.setdefault(match_id, set()).add(board)
        return board

    async def closed(self, match_id: int, board: Board) -> None:
        """A board went away."""
        boards = self.boards.get(match_id, set())
        boards.discard(board)
        if not boards:
            self.boards.pop(match_id, None)
            self.pushed.pop(match_id, None)
        await board.close()

    def count(self) -> int:
        """How many boards are open."""
        return sum(len(boards) for boards in self.boards.values())
