"""What a board's page may send, and what is done with it: a seated player's move goes to the
session service (`SessionService.submit`, the one gate Discord's buttons use too), a real-time
reaction to the game's dealer in the order the server receives it; everything else gets an
error frame and changes nothing.

A refused move is answered with the reason in the board's words and the match as it now stands,
so a stale page catches up at once.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

from bot.games import spec_of
from bot.games.core import RuleError, StaleAction
from bot.i18n import Words
from bot.reactions import Reaction
from presentation.seats import reason
from web import frames, games
from web.frames import ErrorFrame, RefusedFrame
from web.live import Board

if TYPE_CHECKING:
    from web.host import Host

log = logging.getLogger(__name__)

CODE_LENGTH = 100  # longer than any action code of any game


def error(kind: str) -> str:
    """An error frame: the page's message was not understood or not allowed."""
    return frames.text(ErrorFrame(type="error", error=kind))


def refused(text: str) -> str:
    """A refusal frame: the move was understood but not legal now; ``text`` says why."""
    return frames.text(RefusedFrame(type="refused", text=text))


class Bucket:
    """A board's allowance of messages: ``rate`` a second, ``burst`` at once. A message over
    it is dropped (the page is told); a page that keeps sending regardless is closed."""

    def __init__(self, rate: float, burst: int, patience: int = 50) -> None:
        self.rate, self.burst, self.patience = rate, burst, patience
        self.tokens, self.dropped = float(burst), 0
        self.at: float | None = None

    def take(self, now: float) -> bool | None:
        """Whether a message at ``now`` may be handled; None: close the board."""
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.dropped = 0
            return True
        self.dropped += 1
        return None if self.dropped > self.patience else False


class Player:
    """The messages of one board's page: who sent them (a user, 0 for a spectator) and where
    its answers go."""

    def __init__(self, host: Host, board: Board, match_id: int, user_id: int,
                 w: Words) -> None:
        self.host = host
        self.board = board
        self.match_id = match_id
        self.user_id = user_id
        self.w = w

    async def heard(self, text: str) -> None:
        """One message from the page."""
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            await self._answer(error("bad_message"))
            return
        kind, code = message.get("type"), message.get("code")
        if kind == "seen" and isinstance(message.get("version"), int):
            self.board.seen = (message["version"], time.time())
            return
        if kind not in ("move", "react") or not isinstance(code, str) \
                or not 0 < len(code) <= CODE_LENGTH:
            await self._answer(error("bad_message"))
            return
        if self.board.seat is None:
            await self._answer(error("read_only"))
            return
        if kind == "react":
            await self._react(code)
            return
        version = message.get("version")
        if not isinstance(version, int):
            await self._answer(error("bad_message"))
            return
        await self._move(code, version)

    async def _move(self, code: str, version: int) -> None:
        sessions = self.host.sessions
        try:
            # Stored with the moment it was heard, as a Discord click is with Discord's.
            await sessions.submit(self.match_id, self.user_id, code, version,
                                  at_ms=int(time.time() * 1000))
        except RuleError as why:
            if isinstance(why, StaleAction):
                text = self.w("web.stale")
            else:
                text = reason(why, await sessions.repo.seats(self.match_id), self.w)
            await self._answer(refused(self.w("web.refused", reason=text)))
            match = await sessions.repo.match(self.match_id)
            if match is not None:
                self.board.show(sessions, match)  # the page catches up with what is

    async def _react(self, code: str) -> None:
        shown = self.board.shown
        realtime = shown is not None \
            and spec_of(self.host.sessions.rules(shown.game)).realtime is not None
        if shown is None or not realtime or shown.state is None \
                or code not in {c.code for c in games.panel(shown.game, {}, [], self.w).choices}:
            await self._answer(error("bad_message"))
            return
        now = time.time()

        async def said_no(why: RuleError) -> None:
            await self._answer(refused(self.w("web.refused", reason=why.say(self.w))))

        seen = self.board.seen_at()
        self.host.dealer.react(self.match_id, Reaction(
            (now, 0), now, code, user_id=self.user_id, refused=said_no,
            row=int(shown.state["row"]), heard=now, seen=seen))

    async def _answer(self, text: str) -> None:
        try:
            await self.board.socket.send_str(text)
        except (ConnectionError, RuntimeError):
            log.debug("a board went away before its answer", exc_info=True)


