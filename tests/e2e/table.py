"""Helpers for playing Menagerie through the fake Discord: start the real bot, open a table,
wait for the board to settle, and read the game's state to decide moves.

The tests decide *which* move to make from the stored state (as a player would from the
table); every move itself goes through Discord as a slash command or a button click.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.app import create_bot
from bot.db.rows import MatchRow
from bot.settings import Settings
from cogs._bot import GameBot
from tests.double import Driver, FakeDiscord, RunningBot

StartBot = Callable[..., Awaitable[RunningBot]]


class ErrorLog(logging.Handler):
    """Collects ERROR records of the bot's own loggers (discord's are checked by the runner)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in ("bot", "cogs"):
            self.records.append(record)

    def take(self) -> list[str]:
        found = [r.getMessage() for r in self.records]
        self.records.clear()
        return found


class Table:
    """One bot process (restartable) on one database, and the users who play with it."""

    def __init__(self, server: FakeDiscord, driver: Driver, start_bot: StartBot, db: Path) -> None:
        self.server = server
        self.driver = driver
        self.start_bot = start_bot
        self.db = db
        self.running: RunningBot | None = None
        self.time_scale = 1.0  # real-time games' clocks; a test may speed them up
        self.settings: dict[str, Any] = {}  # more settings (a test may turn the web board on)
        self.drawn: list[str] = []  # texts drawn into pictures, when a test records them

    @property
    def bot(self) -> GameBot:
        assert self.running is not None
        return self.running.client  # type: ignore[return-value]

    async def start(self) -> GameBot:
        """Start a fresh bot process on the same database and wait until boards are redrawn."""
        settings = Settings(token="", database_path=str(self.db),
                            dev_guild_id=self.server.world.guild.id, computer_delay=0,
                            time_scale=self.time_scale, retry_delay=0.05, **self.settings)
        self.running = await self.start_bot(create_bot(settings))
        await self.idle()
        return self.bot

    async def kill(self) -> None:
        """Crash the bot: no clean-up, as a killed process (the OS closes its database file)."""
        assert self.running is not None
        bot = self.bot
        await self.running.kill(release=bot.db.close)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no computer move or board redraw is pending and every open game's board
        shows its stored version (a commit is visible a moment before its redraw is queued)."""
        async def settled() -> bool:
            if not self.bot.publisher.idle.is_set():
                return False
            if self.bot.sessions.scheduled("computer"):
                return False
            shown = self.bot.publisher.shown
            for match in await self.bot.sessions.repo.open_matches():
                if match.status == "active" and shown(match.id)[0] < match.version:
                    return False
            return True

        async def wait() -> None:
            while not await settled():
                await asyncio.sleep(0.005)
        await asyncio.wait_for(wait(), timeout)

    async def match(self, match_id: int) -> MatchRow:
        """The stored match."""
        row = await self.bot.sessions.repo.match(match_id)
        assert row is not None
        return row


async def czech(table: Table) -> Table:
    """Make the fake server Czech (Alice's client Czech, Bob's English), then start the bot."""
    world = table.server.world
    world.guild.preferred_locale = "cs"
    world.user("alice").locale = "cs"
    world.user("bob").locale = "en-US"
    await table.start()
    return table


def game_id(content: str) -> int:
    """The match id a lobby or board message names ("game #12", Czech "hra č. 12")."""
    found = re.search(r"(?:game #|hra č\. )(\d+)", content)
    assert found, content
    return int(found.group(1))


def ephemeral_text(result: Any) -> str:
    """What a user was told privately: the response itself or its first follow-up."""
    if result.ephemeral and result.content:
        return result.content
    for message in result.followups:
        return message.content
    return ""
