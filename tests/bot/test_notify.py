"""Changes other processes commit on PostgreSQL (`Repo.announce_change`, heard by
`bot.db.postgres.Listener`): a committed change of a match is heard by a listener on another
connection; a rolled-back one never is; a listener whose connection is cut connects again by
itself and says it may have missed some."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.db.postgres import Listener
from bot.db.repo import CHANGES, Repo
from bot.db.store import open_store
from bot.sessions.service import SessionService
from tests.waiting import until


class Heard:
    def __init__(self) -> None:
        self.ids: list[int] = []
        self.missed = 0

    async def heard(self, match_id: int) -> None:
        self.ids.append(match_id)

    async def caught_up(self) -> None:
        self.missed += 1


async def lobby(sessions: SessionService, channel: int) -> int:
    opened = await sessions.open_lobby("mimikri", guild_id=1, channel_id=channel, host_id=1,
                                       host_name="A", options={"subjects": 4, "turn_timer": 0})
    return opened.id


@pytest.mark.asyncio
async def test_a_committed_change_is_heard_elsewhere_and_a_rolled_back_one_never(postgres_url):
    db = await open_store(postgres_url)
    sessions = SessionService(Repo(db), computer_delay=0)
    heard = Heard()
    listener = Listener(postgres_url, CHANGES, heard.heard, heard.caught_up, retry=0.05)
    await listener.start()
    try:
        match_id = await lobby(sessions, 10)
        await sessions.join(match_id, 2, "B")
        await until(lambda: heard.ids == [match_id], "the join heard")
        with pytest.raises(RuntimeError):
            async with sessions.repo.transaction():
                await sessions.repo.announce_change(999_999)
                raise RuntimeError("rolled back")
        started = await sessions.start(match_id, 1)
        await until(lambda: len(heard.ids) == 2, "the start heard")
        assert heard.ids == [match_id] * 2 and started.match.status == "active"
        # Its connection cut (a server restart, a fail-over): it connects again by itself,
        # says it may have missed some, and hears the next change.
        assert listener.connection is not None
        killer = await asyncpg.connect(postgres_url)
        await killer.execute("SELECT pg_terminate_backend($1)",
                             listener.connection.get_server_pid())
        await killer.close()
        await until(lambda: heard.missed == 1, "caught up after reconnecting", timeout=10)
        await listener.connected.wait()
        await sessions.cancel(match_id, 1, is_admin=False)
        await until(lambda: len(heard.ids) == 3, "the cancel heard")
        assert heard.ids == [match_id] * 3  # never the rolled-back 999999
    finally:
        await listener.close()
        await sessions.close()
        await db.close()


@pytest.mark.asyncio
async def test_a_sqlite_file_announces_nothing(tmp_path):
    db = await open_store(str(tmp_path / "one.sqlite3"))
    try:
        async with Repo(db).transaction():
            await Repo(db).announce_change(1)  # one process: nobody else to tell
    finally:
        await db.close()


class Silent:
    """A connection whose network went quiet: it looks open and never answers."""

    def __init__(self, real: asyncpg.Connection) -> None:
        self.real = real

    def is_closed(self) -> bool:
        return False

    async def fetchval(self, query: str) -> None:
        await asyncio.Event().wait()

    def terminate(self) -> None:
        self.real.terminate()


@pytest.mark.asyncio
async def test_a_connection_gone_quiet_is_found_out_and_replaced(postgres_url):
    heard = Heard()
    listener = Listener(postgres_url, CHANGES, heard.heard, heard.caught_up, retry=0.05,
                        most=0.2, probe=0.1)
    await listener.start()
    try:
        assert listener.connection is not None
        listener.connection = Silent(listener.connection)
        await until(lambda: heard.missed == 1, "a new connection, and a catch-up", timeout=10)
        assert not isinstance(listener.connection, Silent)
    finally:
        await listener.close()
