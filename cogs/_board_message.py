"""What a game's one message says and shows, in its server's words: the lobby, or the board's
head line with the newest log lines, its picture and the picture's alt text, the game's buttons
and the web board's; and the result line a finished game is announced with.

The publisher's worker (`cogs._board_worker`) draws and sends what this composes. The log lines
are kept here as events, not text, and phrased at drawing time in the server's language, so a
change of language or a computer taking a seat shows at once.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.games.core import Event
from bot.i18n import Words
from bot.sessions.service import SessionService
from bot.sessions.transition import Transition
from cogs._lobby import lobby_buttons, lobby_text
from cogs._replies import DISCORD, server_words
from cogs._ui import EN
from cogs._web import WebButtons
from presentation.table import LOBBY_EVENTS, LOG_LINES, PLAIN, Style, alt_text, log_line

if TYPE_CHECKING:
    from cogs._bot import GameBot



class BoardMessages:
    """Each match's log lines, and the message each match's board is drawn as."""

    def __init__(self, bot: GameBot, sessions: SessionService,
                 web: WebButtons | None = None) -> None:
        self.bot = bot
        self.sessions = sessions
        # The web board's buttons under each running game, where there is room (None: no web
        # board, and nothing under the board but the game's own buttons).
        self.web = web
        # Each match's newest public events worth a log line.
        self.lines: dict[int, deque[Event]] = {}

    def note(self, transition: Transition) -> None:
        """Keep the transition's events worth a log line."""
        match = transition.match
        lines = self.lines.setdefault(match.id, deque(maxlen=LOG_LINES))
        for event in transition.events:
            if self.line(match, event, transition.seats, EN):
                lines.append(event)

    def forget(self, match_id: int) -> None:
        """The match's board is final: its log lines are not needed any more."""
        self.lines.pop(match_id, None)

    def line(self, match: MatchRow, event: Event, seats: Sequence[SeatRow], w: Words,
             style: Style = DISCORD) -> str:
        """One event's log line ('' when it is private or not worth a line); names escaped
        for Discord, or as written (`PLAIN`: the picture's alt text)."""
        ui = self.bot.uis.get(match.game)
        if ui is not None and style is DISCORD and event.visible_to is None \
                and event.kind not in LOBBY_EVENTS:
            return ui.describe(event, seats, w) or ""  # a game's UI may word its own
        return log_line(ui.table if ui is not None else None, event, seats, w, style)

    async def result_line(self, match: MatchRow, seats: list[SeatRow]) -> tuple[str, Words]:
        """The head line of a finished game (its result), in the server's words."""
        ui = self.bot.uis[match.game]
        view = self.sessions.rules(match.game).view(match.live, None)
        w = await server_words(self.bot, match.guild_id)
        return w("board.head", game=ui.name, id=match.id,
                 status=ui.status(match, seats, view, w)), w

    async def message(
        self, match: MatchRow, seats: list[SeatRow]
    ) -> tuple[str, str, bytes | None, list[discord.ui.Item[Any]], list[discord.ui.Item[Any]]]:
        """The board message: its text, its picture's alt text, the picture, the game's
        buttons and the web's (under a running game, where there is room)."""
        ui = self.bot.uis[match.game]
        w = await server_words(self.bot, match.guild_id)
        if match.status == "lobby":
            text = lobby_text(ui.name, match, seats, w)
            return text, "", None, lobby_buttons(match.id, w), []
        if match.status == "cancelled":
            return w("board.cancelled", game=ui.name, id=match.id), "", None, [], []
        rules = self.sessions.rules(match.game)
        view = rules.view(match.live, None)
        if match.id not in self.lines:
            await self._history_lines(match, seats)
        lines = [self.line(match, e, seats, w) for e in self.lines[match.id]]
        await ui.ready(match)  # a game may hold a picture back a moment
        png = await asyncio.to_thread(ui.board, match, seats, view, w)
        head = w("board.head", game=ui.name, id=match.id, status=ui.status(match, seats, view, w))
        active = match.status == "active"
        items = ui.controls(match, seats, view, w) if active else []
        extras = self.web(match, w) if self.web is not None and active else []
        shown = [f"> {line}" for line in lines if line]
        # The picture's alt text: whose turn, the scores (where the game's line lacks them)
        # and the newest moves, so a screen reader hears what the picture shows — as the web
        # board's picture says it.
        said = [self.line(match, e, seats, w, PLAIN) for e in self.lines[match.id]]
        alt = alt_text(ui.table, match, seats, view, [line for line in said if line], w)
        return "\n".join([head, *shown]), alt, png, items, extras

    async def _history_lines(self, match: MatchRow, seats: list[SeatRow]) -> None:
        """After a restart: the log's newest events rebuilt from the action log."""
        events = await self.sessions.history(match)
        worth = [e for e in events if self.line(match, e, seats, EN)]
        self.lines[match.id] = deque(worth, maxlen=LOG_LINES)
