"""Keeps each game's one message up to date: the lobby, then the board, edited in place.

The publisher is a `Listener` of the session service: it hears of each commit right after it
(`published`, inside the match lock, so log lines keep the order of the action log). That only
queues: a worker per match (`cogs._board_worker`) renders the newest state off the event loop
and edits the message. Updates that arrive while an edit is under way (or waiting out a rate
limit) collapse into one, so the board always ends on the latest state and a slow Discord never
slows the game. At start-up the publisher brings every message behind the database up to date,
leaving the boards that already show their game (`resume`).

Board edits notify nobody: the start of a turn gets its own mention (`cogs._pings`, a listener
of its own that the root builds beside the publisher). A game
played in its own thread is kept usable there (`cogs._threads`). A game whose channel was
deleted (told by the gateway, or found by a draw after a restart) is ended and nothing more is
sent for it (`channel_gone`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.db.rows import MatchRow
from bot.sessions.service import SessionService
from bot.sessions.transition import Listener, Transition, is_realtime
from cogs._board_key import board_key
from cogs._board_worker import BoardWorker
from cogs._pings import where as where
from cogs._replies import server_words
from cogs._threads import Threads
from cogs._web import WebButtons

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)


class Publisher(BoardWorker, Listener):
    """What keeps every match's message up to date: the session service's listener over the
    board workers."""

    def __init__(self, bot: GameBot, sessions: SessionService, threads: Threads, *,
                 retry_delay: float = 1.0,
                 web: WebButtons | None = None) -> None:
        super().__init__(bot, sessions, threads, retry_delay=retry_delay, web=web)
        self._checking: asyncio.Task[None] | None = None  # the start-up's look at boards

    # -- called by the session service ----------------------------------------------------

    def published(self, transition: Transition) -> None:
        """Note the transition's log lines and schedule a redraw of its message."""
        match = transition.match
        if not self.shows(match):  # a deleted channel, or another process's game
            return
        self.messages.note(transition)
        ui = self.bot.uis.get(match.game)
        if ui is not None and ui.quiet(transition) and self._skip(match):
            return
        self.refresh(match.id)

    async def close(self) -> None:
        """Stop the workers (pending redraws are redone at the next start-up)."""
        tasks = [*self._workers.values(), *self._beside,
                 *([self._checking] if self._checking is not None else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- at start-up ----------------------------------------------------------------------

    def resume(self, matches: Sequence[MatchRow]) -> None:
        """At start-up: bring every match's message up to date. A board that may already show
        its game (`cogs._board_key`) is looked at in the background, so the start is not held
        up by thousands of them; the others are redrawn. A game in a thread is always drawn
        (its first draw in a process looks at the thread: archived ones are reopened), and a
        real-time one too (its table is the dealer's)."""
        maybe = []
        for match in matches:
            rules = self.sessions.rules(match.game) if match.game in self.bot.uis else None
            if (match.board_key is not None and match.status in ("lobby", "active")
                    and match.thread_id is None and rules is not None
                    and not is_realtime(rules)):
                maybe.append(match.id)
            else:
                self.refresh(match.id)
        self._resuming = True
        self.idle.clear()
        self._checking = asyncio.create_task(self._after_start(
            maybe, [m for m in matches if m.status in ("lobby", "active")]))

    async def _after_start(self, maybe: list[int], open_matches: list[MatchRow]) -> None:
        """Leave each board that shows what it would be drawn as; redraw the rest. Then, once
        the gateway has told the bot its servers and their channels, end the open games that
        can never be shown again: of a server that removed the bot while it was down (not in
        the gateway's list at all; one in an outage is, as unavailable), and those left as
        they were whose channel was deleted meanwhile (no draw found out)."""
        try:
            left = {match.id for match in await self._leave_current(maybe)}
            await self.bot.wait_until_ready()
            for match in open_matches:
                guild = self.bot.get_guild(match.guild_id)
                if guild is None:
                    home = [match.home_channel_id] if match.home_channel_id else []
                    await self.channel_gone(match.id, match.channel_id, *home)
                elif (match.id in left and not guild.unavailable
                        and guild.get_channel_or_thread(match.channel_id) is None):
                    await self.channel_gone(match.id, match.channel_id)
        finally:
            self._resuming = False
            self.settled()

    async def _leave_current(self, match_ids: list[int]) -> list[MatchRow]:
        """Mark as drawn each board whose fingerprint still matches (returned); queue a redraw
        of the others."""
        left = []
        for match_id in match_ids:
            if self._busy(match_id):
                continue  # drawn or being drawn since the start: nothing to decide
            match = await self.sessions.repo.match(match_id)
            if match is None or match.status not in ("lobby", "active"):
                continue
            seats = await self.sessions.repo.seats(match_id)
            language = (await server_words(self.bot, match.guild_id)).lang
            if self._busy(match_id):
                continue  # a move came while we read: its own draw is on the way
            if board_key(match, seats, language, self.buttons_key) != match.board_key:
                self.refresh(match_id)
                continue
            self._drawing[match_id] = match.version if match.status != "lobby" else -1
            self._mark_drawn(match_id)
            left.append(match)
        return left
