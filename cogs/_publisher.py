"""Keeps each game's one message up to date: the lobby, then the board, edited in place.

The session service calls `publish` right after each commit (inside the match lock, so log
lines keep the order of the action log). Publishing only queues: a worker per match renders
the newest state off the event loop and edits the message. Updates that arrive while an edit
is under way (or waiting out a rate limit) collapse into one, so the board always ends on the
latest state and a slow Discord never slows the game.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import discord

from bot.db.repo import MatchRow, SeatRow
from bot.sessions import Transition
from cogs._ui import LobbyButton, mention, png_file

if TYPE_CHECKING:
    from bot.app import MenagerieBot

log = logging.getLogger(__name__)

LOG_LINES = 6
NO_PINGS = discord.AllowedMentions.none()


class Publisher:
    """The board worker of every match."""

    def __init__(self, bot: MenagerieBot) -> None:
        self.bot = bot
        self.lines: dict[int, deque[str]] = {}
        self._endings: set[int] = set()  # finished matches whose result is not announced yet
        self._drawn: dict[int, tuple[int, float]] = {}  # match → (version on its board, when)
        self._drawn_event: dict[int, asyncio.Event] = {}
        self._drawing: dict[int, int] = {}
        self._dirty: dict[int, asyncio.Event] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self.idle = asyncio.Event()  # set whenever no board has pending work (tests wait on it)
        self.idle.set()

    # -- called by the session service ----------------------------------------------------

    def publish(self, transition: Transition) -> None:
        """Note the transition's log lines and schedule a redraw of its message."""
        match = transition.match
        ui = self.bot.uis.get(match.game)
        lines = self.lines.setdefault(match.id, deque(maxlen=LOG_LINES))
        for event in transition.events:
            text = _lobby_line(event.kind, event.data) if match.status == "lobby" else None
            if text is None and ui is not None and (event.visible_to is None):
                text = ui.describe(event, transition.seats)
            if text:
                lines.append(text)
        if transition.outcome is not None:
            self._endings.add(match.id)
        self.refresh(match.id)

    def refresh(self, match_id: int) -> None:
        """Redraw a match's message soon (also used at start-up)."""
        self._dirty.setdefault(match_id, asyncio.Event()).set()
        self.idle.clear()
        worker = self._workers.get(match_id)
        if worker is None or worker.done():
            self._workers[match_id] = asyncio.create_task(self._work(match_id))

    async def drawn(self, match_id: int, version: int, timeout: float = 15.0) -> float:
        """Wait until the board shows ``version`` (or newer); return when Discord acknowledged
        it. A real-time game measures reaction times from that moment."""
        async def shown() -> float:
            while self._drawn.get(match_id, (-1, 0.0))[0] < version:
                await self._drawn_event.setdefault(match_id, asyncio.Event()).wait()
            return self._drawn[match_id][1]
        return await asyncio.wait_for(shown(), timeout)

    async def remind(self, match: MatchRow, seat: SeatRow) -> None:
        """Ping the player whose turn timer is half gone."""
        if seat.user_id is None or match.message_id is None:
            return
        left = int(float(match.options.get("turn_timer", 0)) / 2)
        link = _link(match)
        try:
            await self.bot.get_partial_messageable(match.channel_id).send(
                f"⏰ <@{seat.user_id}>, it's your move in {link} — {_duration(left)} left before"
                " a computer player moves for you.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException:
            log.exception("could not send the turn reminder of match %s", match.id)

    async def close(self) -> None:
        """Stop the workers (pending redraws are redone at the next start-up)."""
        for task in self._workers.values():
            task.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)

    # -- the worker -----------------------------------------------------------------------

    async def _work(self, match_id: int) -> None:
        dirty = self._dirty[match_id]
        try:
            while dirty.is_set():
                dirty.clear()
                try:
                    await self._draw(match_id)
                except discord.HTTPException:
                    log.exception("could not update the board of match %s", match_id)
                except Exception:
                    log.exception("failed to draw the board of match %s", match_id)
                finally:
                    self._mark_drawn(match_id)
        finally:
            self._workers.pop(match_id, None)
            if not self._workers:
                self.idle.set()

    def _mark_drawn(self, match_id: int) -> None:
        """Note the version the board now shows (also after a failed edit: nobody may wait
        forever for a board Discord refused)."""
        version = self._drawing.pop(match_id, None)
        if version is not None:
            self._drawn[match_id] = (version, time.time())
            event = self._drawn_event.pop(match_id, None)
            if event is not None:
                event.set()

    async def _draw(self, match_id: int) -> None:
        repo = self.bot.sessions.repo
        match = await repo.match(match_id)
        if match is None or match.message_id is None:
            return
        seats = await repo.seats(match_id)
        self._drawing[match_id] = match.version
        content, png, items = await self._message(match, seats)
        view = discord.ui.View(timeout=None) if items else None
        for item in items:
            view.add_item(item)
        attachments = [png_file(png, "board.png")] if png else []
        message = self.bot.get_partial_messageable(match.channel_id).get_partial_message(
            match.message_id
        )
        try:
            await message.edit(content=content, attachments=attachments, view=view, embed=None,
                               allowed_mentions=NO_PINGS)
        except discord.NotFound:
            # The board was deleted: post a new one so the game can go on.
            sent = await message.channel.send(content=content, files=attachments, view=view,
                                              allowed_mentions=NO_PINGS)
            await repo.set_message(match_id, sent.id)
        if match.status in ("finished", "cancelled"):
            self.lines.pop(match_id, None)
        if match_id in self._endings and match.status == "finished":
            # Edits notify nobody: a short new message tells the table the game is over.
            self._endings.discard(match_id)
            await message.channel.send(
                f"{content.splitlines()[0]}\nSee the board: {_link(match)} · `/leaderboard`",
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def _message(
        self, match: MatchRow, seats: list[SeatRow]
    ) -> tuple[str, bytes | None, list[discord.ui.Item[Any]]]:
        ui = self.bot.uis[match.game]
        lines = list(self.lines.get(match.id, ()))
        if match.status == "lobby":
            return lobby_text(ui.name, match, seats), None, lobby_buttons(match.id)
        if match.status == "cancelled":
            return f"**{ui.name}** · game #{match.id} was cancelled.", None, []
        rules = self.bot.sessions.rules(match.game)
        view = rules.view(match.state, None)
        if not lines:
            lines = await self._history_lines(match, seats)
        png = await asyncio.to_thread(ui.board, match, seats, view)
        head = f"**{ui.name}** · game #{match.id} · {ui.status(match, seats, view)}"
        items = ui.controls(match, seats, view) if match.status == "active" else []
        return "\n".join([head, *(f"> {line}" for line in lines)]), png, items

    async def _history_lines(self, match: MatchRow, seats: list[SeatRow]) -> list[str]:
        """After a restart: the log lines rebuilt from the action log."""
        ui = self.bot.uis[match.game]
        events = await self.bot.sessions.history(match)
        lines = [ui.describe(e, seats) for e in events if e.visible_to is None]
        self.lines[match.id] = deque((x for x in lines if x), maxlen=LOG_LINES)
        return list(self.lines[match.id])


def lobby_buttons(match_id: int) -> list[discord.ui.Item[Any]]:
    """The five lobby buttons."""
    return [LobbyButton(match_id, op) for op in ("join", "leave", "computer", "start", "cancel")]


def lobby_text(name: str, match: MatchRow, seats: list[SeatRow]) -> str:
    """The lobby message: who is in, the options, and how to start."""
    players = "\n".join(
        f"{i + 1}. {'🤖 ' if s.is_computer else ''}{mention(s)}" for i, s in enumerate(seats)
    )
    options = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in sorted(match.options.items()))
    return (
        f"**{name}** · new game #{match.id} · host <@{match.host_id}>\n"
        f"Options: {options or 'defaults'}\n"
        f"Players:\n{players}\n"
        "Press **Join** to play; the host presses **Start** when everyone is in."
    )


def _lobby_line(kind: str, data: dict[str, Any]) -> str | None:
    if kind == "joined":
        return f"{data['name']} joined."
    if kind == "left":
        return f"{data['name']} left."
    return None


def _link(match: MatchRow) -> str:
    return f"https://discord.com/channels/{match.guild_id}/{match.channel_id}/{match.message_id}"


def _duration(seconds: int) -> str:
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"
