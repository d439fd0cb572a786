"""Runs a real discord.py client against the fake server, and can kill it like a crashed process.

Every task the bot creates (its gateway loop, event handlers, view timeouts,
its own background jobs) is tagged through a context variable and a loop
task factory, so ``kill()`` can cancel exactly the bot's tasks and drop its
sockets without running ``Client.close()`` or any of the bot's shutdown code.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from .server import FakeDiscord

_OWNER: contextvars.ContextVar[RunningBot | None] = contextvars.ContextVar(
    "fake_discord_bot", default=None
)
_runs = itertools.count(1)


class _ErrorCollector(logging.Handler):
    """Collects errors discord.py logs for a bot (exceptions in commands, views, events)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self.loop = loop
        self.logged = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        # Logging may happen off the loop thread (the heartbeat thread does).
        self.loop.call_soon_threadsafe(self.logged.set)


class RunningBot:
    """A started client; ``close()`` is a clean shutdown, ``kill()`` is a crash."""

    def __init__(self, server: FakeDiscord, client: discord.Client) -> None:
        self.server = server
        self.client = client
        self.tasks: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        self._main: asyncio.Task[None] | None = None
        self._errors = _ErrorCollector(asyncio.get_running_loop())
        self.stopped = False
        self.token = f"{server.world.token}.{next(_runs)}"

    @property
    def errors(self) -> list[str]:
        """Errors discord.py logged while this bot ran (tracebacks included)."""
        return [self._errors.format(r) for r in self._errors.records]

    def take_errors(self) -> list[str]:
        """Return and forget the logged errors (so the e2e fixture does not fail the test)."""
        found = self.errors
        self._errors.records.clear()
        return found

    async def wait_for_error(self, timeout: float = 5.0) -> str:
        """Wait until discord.py logs an error for this bot; return the newest."""
        async with asyncio.timeout(timeout):
            while not self._errors.records:
                self._errors.logged.clear()
                await self._errors.logged.wait()
        return self.errors[-1]

    async def start(
        self, *, ready_timeout: float = 10.0, guild_ready_timeout: float = 0.05
    ) -> RunningBot:
        # discord.py waits this long after the last GUILD_CREATE before
        # on_ready; the default 2 s would dominate every test.
        self.client._connection.guild_ready_timeout = guild_ready_timeout
        logging.getLogger("discord").addHandler(self._errors)
        _install_task_factory()
        token = _OWNER.set(self)
        try:
            self._main = asyncio.create_task(self.client.start(self.token), name="fake-discord-bot")
        finally:
            _OWNER.reset(token)
        ready = asyncio.create_task(self.client.wait_until_ready())
        done, _ = await asyncio.wait(
            {self._main, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            await asyncio.gather(ready, return_exceptions=True)
            if self._main in done:
                await self._shutdown_after_failure()
                self._main.result()  # re-raise why the bot could not start
            await self.kill()
            raise TimeoutError(f"bot not ready within {ready_timeout}s")
        return self

    async def _shutdown_after_failure(self) -> None:
        await self.client.close()
        self._detach()

    async def close(self) -> None:
        """Clean shutdown, as on SIGTERM: the bot's own close() runs."""
        if self.stopped:
            return
        await self.client.close()
        if self._main is not None:
            await asyncio.gather(self._main, return_exceptions=True)
        self._detach()

    async def kill(self, *, release: Callable[[], Awaitable[None]] | None = None) -> None:
        """Simulate a killed process: no close(), no goodbye to the gateway.

        The gateway connection is reset, the heartbeat thread stopped, every
        task the bot created cancelled and its HTTP sockets dropped. Cancelling
        does run ``finally`` blocks, which a real kill would not; resources the
        OS would reclaim (say an aiosqlite connection, whose thread would keep
        pytest alive) can be released by the test through ``release``.
        """
        if self.stopped:
            return
        # Everything up to the cancels is synchronous, so the bot gets no
        # chance to notice the dropped connection and react to it.
        self.server.gateway.drop(self.token)
        keep_alives = [k for k in map(_keep_alive, _websockets(self.client)) if k is not None]
        for keep_alive in keep_alives:
            keep_alive.stop()
        victims = [t for t in self.tasks if not t.done()]
        for task in victims:
            task.cancel()
        if victims:
            # A task that swallows its cancellation must not hang the test.
            await asyncio.wait(victims, timeout=5)
        for keep_alive in keep_alives:
            await asyncio.to_thread(keep_alive.join, 5)
        session = getattr(self.client.http, "_HTTPClient__session", None)
        if session is not None and not isinstance(session, type(discord.utils.MISSING)):
            await session.close()  # the OS closing a dead process's sockets
        if release is not None:
            await release()
        self._detach()

    def _detach(self) -> None:
        self.stopped = True
        logging.getLogger("discord").removeHandler(self._errors)


def _websockets(client: discord.Client) -> list[Any]:
    """The client's gateway connections: its one, or one per shard of a sharded client."""
    shards = getattr(client, "_AutoShardedClient__shards", None) or {}
    found = [shard.ws for shard in shards.values()]
    return found if found else [client.ws]


def _keep_alive(ws: Any) -> Any:
    """A connection's heartbeat thread (None before it has one)."""
    return getattr(ws, "_keep_alive", None) if ws is not None else None


def _install_task_factory() -> None:
    loop = asyncio.get_running_loop()
    current = loop.get_task_factory()
    if getattr(current, "_fake_discord", False):
        return

    def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        # A task factory is typed as making a future; the one installed before makes tasks.
        task = (cast("asyncio.Task[Any]", current(loop, coro, **kwargs)) if current
                else asyncio.Task(coro, loop=loop, **kwargs))
        owner = _OWNER.get()  # the creator's context: a bot task or not
        if owner is not None:
            owner.tasks.add(task)
        return task

    factory._fake_discord = True  # type: ignore[attr-defined]
    loop.set_task_factory(factory)


async def run_bot(server: FakeDiscord, client: discord.Client, **kwargs: Any) -> RunningBot:
    """Start ``client`` against ``server`` and wait until it is ready."""
    return await RunningBot(server, client).start(**kwargs)
