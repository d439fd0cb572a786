"""Runs the real bot as a separate OS process against a running double, and kills it for real.

`start_bot_process` launches `python -m tests.double.child` with the bot's settings in its
environment (its own bot token, so the double's request log and gateway tell the processes
apart), waits until each of its shards has identified at the double and the bot said it is
ready, and returns a `BotProcess`. ``kill()`` is a real ``kill -9`` (SIGKILL: no clean-up at
all, the OS drops its sockets); ``stop()`` is a Ctrl-C, the bot's own shutdown. Everything the
process writes is kept (``output``), and a start that fails shows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from .child import READY_LINE
from .server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]  # where `tests` and `bot` are importable from
_names = itertools.count(1)


class BotProcessFailed(AssertionError):
    """The process did not become ready (or died); the message ends with what it wrote."""


class BotProcess:
    """One running bot process; ``token`` is what it logged in with."""

    def __init__(self, server: FakeDiscord, env: dict[str, str], *, token: str,
                 shard_ids: Sequence[int], shard_count: int | None, workdir: Path) -> None:
        self.server = server
        self.env = env
        self.token = token
        self.shard_ids = tuple(shard_ids)
        self.shard_count = shard_count
        self.workdir = workdir
        self.lines: list[str] = []
        self.proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    # -- what it said ---------------------------------------------------------------------
    @property
    def output(self) -> str:
        """Everything it wrote to stdout and stderr so far."""
        return "\n".join(self.lines)

    @property
    def errors(self) -> list[str]:
        """Its logged errors and tracebacks (lines at ERROR or CRITICAL, or of a traceback)."""
        return [line for line in self.lines
                if " ERROR " in line or " CRITICAL " in line or line.startswith("Traceback")]

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.lines[-lines:])

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    # -- life and death -------------------------------------------------------------------
    async def start(self, ready_timeout: float = 30.0) -> BotProcess:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.double.child", self.server.base_url,
            cwd=self.workdir, env=self.env, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            limit=1 << 24,  # a long log line (a traceback's repr) must not stop the reader
        )
        self._reader = asyncio.create_task(self._read(), name=f"bot-process-{self.proc.pid}")
        try:
            async with asyncio.timeout(ready_timeout):
                await self._wait_ready()
        except TimeoutError:
            await self.kill()
            raise BotProcessFailed(f"bot process not ready within {ready_timeout} s:\n"
                                   + self.tail()) from None
        return self

    async def _wait_ready(self) -> None:
        waiter = asyncio.create_task(self._ready.wait())
        assert self._reader is not None
        try:
            done, _ = await asyncio.wait({waiter, self._reader},
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
        if waiter not in done:  # its output ended: it died before it was ready
            assert self.proc is not None
            code = await self.proc.wait()
            raise BotProcessFailed(f"bot process exited with {code} before it was ready:\n"
                                   + self.tail())
        # on_ready follows the IDENTIFY of every shard; check the double agrees.
        shards = {s.shard for s in self.server.gateway.live if s.token == self.token}
        wanted = {(i, self.shard_count) for i in self.shard_ids} if self.shard_count else None
        if wanted is not None and shards != wanted:
            raise BotProcessFailed(f"bot process ready with shards {shards}, not {wanted}")

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for raw in self.proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            self.lines.append(line)
            if line == READY_LINE:
                self._ready.set()

    async def kill(self) -> int:
        """``kill -9``: no shutdown code runs; reaped before this returns (its exit code)."""
        return await self._end(signal.SIGKILL, 10.0)

    async def stop(self, timeout: float = 15.0) -> int:
        """Ctrl-C: the bot closes itself (games stay stored); killed if it does not in time."""
        return await self._end(signal.SIGINT, timeout)

    async def _end(self, how: signal.Signals, timeout: float) -> int:
        assert self.proc is not None
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(how)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.proc.kill()
                await self.proc.wait()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        assert self.proc.returncode is not None
        return self.proc.returncode


async def start_bot_process(
    server: FakeDiscord,
    *,
    database: str,
    workdir: Path,
    shard_ids: Sequence[int] | None = None,
    shard_count: int | None = None,
    dev_guild_id: int | None = None,
    computer_delay: float = 0.0,
    retry_delay: float = 0.05,
    time_scale: float = 1.0,
    log_level: str = "INFO",
    extra_env: Mapping[str, str] | None = None,
    ready_timeout: float = 30.0,
) -> BotProcess:
    """Start `python -m bot` (through the child runner) on ``database`` (a SQLite path or a
    postgresql:// URL) and wait until it is ready.

    ``shard_count`` and ``shard_ids`` become SHARD_COUNT / SHARD_IDS (unset: not sharded);
    ``workdir`` is its working directory. Every setting the bot reads is set, empty when not
    used, so a developer's .env cannot slip in.
    """
    token = f"{server.world.token}.process{next(_names)}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_DISCORD_")}
    pythonpath = [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
    postgres = database.startswith(("postgresql://", "postgres://"))
    env.update(
        PYTHONPATH=os.pathsep.join(pythonpath),
        PYTHONUNBUFFERED="1",
        DISCORD_TOKEN=token,
        DATABASE_URL=database if postgres else "",
        DATABASE_PATH="" if postgres else database,
        DEV_GUILD_ID=str(dev_guild_id or ""),
        LOG_LEVEL=log_level,
        SHARD_COUNT=str(shard_count or ""),
        SHARD_IDS=",".join(map(str, shard_ids or ())),
        FAKE_DISCORD_COMPUTER_DELAY=str(computer_delay),
        FAKE_DISCORD_RETRY_DELAY=str(retry_delay),
        FAKE_DISCORD_TIME_SCALE=str(time_scale),
    )
    env.update(extra_env or {})
    ids = tuple(shard_ids) if shard_ids is not None else tuple(range(shard_count or 0))
    process = BotProcess(server, env, token=token, shard_ids=ids, shard_count=shard_count,
                         workdir=workdir)
    return await process.start(ready_timeout)
