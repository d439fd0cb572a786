"""Changes committed by other bot processes on the same PostgreSQL database: each committed
change of a match is announced on one channel (`Repo.announce_change`, inside its transaction,
so a rolled-back change is never heard of), and `Listener` hears them on a connection of its
own, calling back with the match's id. It reconnects by itself when that connection is lost,
then calls ``missed`` so its owner can catch up on whatever it did not hear meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import asyncpg

log = logging.getLogger(__name__)

CHANGES = "menagerie_matches"
"""The channel every committed change of a match is announced on; its payload: the match id."""


class Listener:
    """Hears ``CHANGES`` on its own connection to ``url`` and calls ``heard(match_id)`` for each
    (in order, one at a time); after a lost connection is replaced, ``missed()``."""

    def __init__(self, url: str, heard: Callable[[int], Awaitable[None]],
                 missed: Callable[[], Awaitable[None]], *, retry: float = 0.5,
                 most: float = 10.0) -> None:
        self.url = url
        self.heard, self.missed = heard, missed
        self.retry, self.most = retry, most
        self.queue: asyncio.Queue[int] = asyncio.Queue()
        self.connection: asyncpg.Connection | None = None
        self.connected = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Connect and listen (raises if the database cannot be reached now)."""
        await self._connect()
        self.tasks = [asyncio.create_task(self._watch()), asyncio.create_task(self._deliver())]

    async def close(self) -> None:
        """Stop listening."""
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.connection is not None and not self.connection.is_closed():
            await self.connection.close()

    async def _connect(self) -> None:
        self.connection = await asyncpg.connect(self.url)
        await self.connection.add_listener(CHANGES, self._notified)
        self.connected.set()

    def _notified(self, connection: object, pid: int, channel: str, payload: str) -> None:
        if payload.isdigit():
            self.queue.put_nowait(int(payload))

    async def _watch(self) -> None:
        """Connect again whenever the connection is lost (with growing waits), then catch up."""
        while True:
            await asyncio.sleep(self.retry)
            if self.connection is not None and not self.connection.is_closed():
                continue
            self.connected.clear()
            wait = self.retry
            while True:
                try:
                    await self._connect()
                    break
                except (OSError, asyncpg.PostgresError) as why:
                    log.warning("listening for other processes' changes: %s; again in %.1f s",
                                why, wait)
                    await asyncio.sleep(wait)
                    wait = min(wait * 2, self.most)
            await self._safely(self.missed())

    async def _deliver(self) -> None:
        while True:
            match_id = await self.queue.get()
            await self._safely(self.heard(match_id))

    @staticmethod
    async def _safely(call: Awaitable[None]) -> None:
        try:
            await call
        except Exception:
            log.exception("a change from another process could not be shown")
