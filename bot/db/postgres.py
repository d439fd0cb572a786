"""The PostgreSQL implementation of `bot.db.engine.Database` over one asyncpg connection,
`open_postgres`, which connects and brings the schema up to date, and `Listener`, which hears
the changes other bot processes commit (the only other module, with engine.py, that imports a
database driver).

The bot's SQL is written once, with ``?`` placeholders (see bot/db/engine.py); here each
statement is renumbered ``$1, $2, …`` once and remembered, and asyncpg prepares and caches it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.transaction import Transaction

from bot.db import StorageError, migration_files
from bot.db.engine import IntegrityError, Row

log = logging.getLogger(__name__)

# The table of the schema's version: SQLite keeps it in PRAGMA user_version, PostgreSQL has no
# such field. One row, written in the same transaction as the migration it records.
VERSION_TABLE = "schema_version"
# What a PostgreSQL server or a lost connection to it raises, for callers that name no driver.
SERVER_ERRORS: tuple[type[BaseException], ...] = (asyncpg.PostgresError, asyncpg.InterfaceError,
                                                  OSError)
# Held while migrating, so two processes starting at once do not both apply a migration.
_MIGRATION_LOCK = 0x4D454E41  # "MENA"


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` with each ``?`` placeholder numbered ``$1, $2, …`` in order, leaving alone a
    ``?`` inside a quoted literal ('…', with '' for a quote), a quoted name ("…") or a
    comment (-- to the end of the line, /* … */)."""
    out: list[str] = []
    count = 0
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        if ch in "'\"":
            end = i + 1
            while end < n:  # a doubled quote is a quote inside, not the end
                if sql[end] == ch:
                    if end + 1 < n and sql[end + 1] == ch:
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i:end + 1])
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end])
            i = end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(sql[i:end])
            i = end
        elif ch == "?":
            count += 1
            out.append(f"${count}")
            i += 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def changed_rows(status: str) -> int:
    """The row count of asyncpg's command tag ("UPDATE 3", "INSERT 0 1", "DELETE 0"); 0 for a
    command that counts none ("CREATE TABLE")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@contextmanager
def _translated() -> Iterator[None]:
    """PostgreSQL's integrity errors (class 23: unique, foreign key, NOT NULL, CHECK, …) as
    the engine-neutral `IntegrityError`."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error


class PostgresDatabase:
    """`Database` over one asyncpg connection (opened by `open_postgres`).

    Every statement outside a transaction commits by itself (PostgreSQL's autocommit); `begin`
    opens a real transaction. A statement that fails inside one leaves PostgreSQL's transaction
    aborted until it is rolled back, which `Repo.transaction` does whenever a block raises.
    """

    def __init__(self, connection: asyncpg.Connection, url: str | None = None) -> None:
        self._db = connection
        self._url = url  # to connect again when the server closed the connection
        self._transaction: Transaction | None = None
        self._closed = False

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        """Connect to the database at ``url`` (postgresql://…).

        Raises:
            OSError, asyncpg.PostgresError: it cannot be reached or refuses the connection.
        """
        return cls(await asyncpg.connect(url), url)

    async def _live(self) -> asyncpg.Connection:
        """The connection; a new one when the server closed the old (a restart, a fail-over,
        an idle timeout) between transactions, so the bot does not lose its storage for good.
        Inside a transaction a lost connection is not replaced: the transaction is lost with
        it, and its statements fail."""
        if self._db.is_closed() and self._transaction is None and self._url and not self._closed:
            log.warning("the PostgreSQL connection was closed; connecting again")
            self._db = await asyncpg.connect(self._url)
        return self._db

    @property
    def in_transaction(self) -> bool:
        """Whether `begin` opened a transaction not yet committed or rolled back."""
        return self._transaction is not None

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None when it has none."""
        with _translated():
            row: Row | None = await (await self._live()).fetchrow(numbered(sql), *args)
            return row

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        with _translated():
            return list(await (await self._live()).fetch(numbered(sql), *args))

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        with _translated():
            return changed_rows(await (await self._live()).execute(numbered(sql), *args))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once for each row of arguments."""
        rows = list(rows)
        if not rows:
            return
        with _translated():
            await (await self._live()).executemany(numbered(sql), rows)

    async def copy_records(self, table: str, columns: Sequence[str],
                           records: Sequence[Sequence[Any]]) -> None:
        """Bulk-load rows with PostgreSQL's COPY: for moving a whole database in (twice as
        fast as ``execute_many``); the bot's own writes never need it."""
        with _translated():
            await (await self._live()).copy_records_to_table(
                table, columns=list(columns), records=list(records))

    async def insert_returning_id(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one plain INSERT with ``RETURNING id`` appended; the new row's id."""
        with _translated():
            new_id = await (await self._live()).fetchval(numbered(sql) + " RETURNING id", *args)
        if new_id is None:
            raise RuntimeError(f"the statement inserted no row: {sql}")
        return int(new_id)

    async def begin(self) -> None:
        """Open a transaction (READ COMMITTED, PostgreSQL's default)."""
        if self._transaction is not None:
            raise RuntimeError("a transaction is already open on this connection")
        transaction = (await self._live()).transaction()
        await transaction.start()
        self._transaction = transaction

    async def commit(self) -> None:
        """Commit the open transaction, if any."""
        transaction, self._transaction = self._transaction, None
        if transaction is not None:
            with _translated():  # a deferred constraint is checked at COMMIT
                await transaction.commit()

    async def rollback(self) -> None:
        """Roll the open transaction back, if any."""
        transaction, self._transaction = self._transaction, None
        if transaction is None or self._db.is_closed():
            return
        try:
            await transaction.rollback()
        except Exception:  # whatever broke, the connection is done for
            # A connection that cannot roll back (lost mid-statement, a query still running)
            # is dropped: the server rolls the transaction back itself, and the next
            # transaction connects again.
            log.warning("rolling back failed; dropping the PostgreSQL connection", exc_info=True)
            self._db.terminate()

    async def announce(self, channel: str, payload: str) -> None:
        """NOTIFY ``channel``: PostgreSQL delivers it to every listener at commit, and drops it
        on a rollback (`Listener` hears it)."""
        await (await self._live()).execute("SELECT pg_notify($1, $2)", channel, payload)

    async def close(self) -> None:
        """Close the connection; the server rolls back a transaction left open."""
        self._transaction = None
        self._closed = True
        await self._db.close()


def redacted(url: str) -> str:
    """The URL without its password, fit for a log or an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


async def open_postgres(url: str) -> PostgresDatabase:
    """Connect to the PostgreSQL database at ``url`` and apply the migrations it lacks.

    Raises:
        StorageError: it cannot be reached or refuses the connection, or it was written by a
            newer version of the bot (one line naming it, without its password).
    """
    try:
        db = await PostgresDatabase.connect(url)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StorageError(f"Cannot use the database {redacted(url)!r}: {one_line(error)}:"
                           " check DATABASE_URL and that the server runs.") from error
    try:
        await migrate_postgres(db)
    except BaseException as error:
        await db.close()
        if isinstance(error, StorageError):
            raise StorageError(f"Cannot use the database {redacted(url)!r}: {error}.") from error
        if isinstance(error, (asyncpg.PostgresError, asyncpg.InterfaceError)):
            raise StorageError(f"Cannot use the database {redacted(url)!r}: {one_line(error)}."
                               ) from error
        raise
    return db


async def migrate_postgres(db: PostgresDatabase) -> int:
    """Apply every PostgreSQL migration newer than the database's version, each in one
    transaction with its version; return the version.

    Raises:
        StorageError: the database is newer than every migration this build knows.
    """
    connection = db._db  # the migrations need asyncpg's multi-statement execute
    await connection.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
    try:
        await connection.execute(
            f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE}"
            " (one INTEGER PRIMARY KEY DEFAULT 1 CHECK (one = 1), version INTEGER NOT NULL)")
        current = await connection.fetchval(f"SELECT version FROM {VERSION_TABLE}") or 0  # noqa: S608
        known = migration_files("postgresql")
        if current > len(known):
            raise StorageError(f"it was written by a newer Menagerie (schema {current}, this"
                               f" build knows up to {len(known)}): upgrade the bot, or point"
                               " DATABASE_URL elsewhere")
        for number, name, sql in known:
            if number <= current:
                continue
            log.info("applying migration %s (postgresql)", name)
            async with connection.transaction():
                await connection.execute(sql)  # no arguments: several statements may run
                await connection.execute(
                    f"INSERT INTO {VERSION_TABLE} (one, version) VALUES (1, $1)"  # noqa: S608
                    " ON CONFLICT (one) DO UPDATE SET version = excluded.version", number)
            current = number
        return current
    finally:
        if not connection.is_closed():
            await connection.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)


def one_line(error: BaseException) -> str:
    """An error as one line: its type and its words."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class Listener:
    """Hears ``channel`` (`bot.db.repo.CHANGES`: other processes' committed changes) on a
    connection of its own to ``url`` and calls ``heard(match_id)`` for each, in order, one at
    a time; it connects again by itself when that connection is lost, then calls ``missed()``
    so its owner can catch up on whatever it did not hear meanwhile."""

    def __init__(self, url: str, channel: str, heard: Callable[[int], Awaitable[None]],
                 missed: Callable[[], Awaitable[None]], *, retry: float = 0.5,
                 most: float = 10.0, probe: float = 30.0) -> None:
        self.url, self.channel = url, channel
        self.probe = probe  # seconds between asking the connection whether it still answers
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
        connection = await asyncpg.connect(self.url)
        try:
            await connection.add_listener(self.channel, self._notified)
        except BaseException:
            connection.terminate()  # not left open behind a failed start
            raise
        self.connection = connection
        self.connected.set()

    async def _alive(self) -> bool:
        """Whether the connection is open and answers: a network that went silent without
        closing it would otherwise leave the listener deaf for good."""
        connection = self.connection
        if connection is None or connection.is_closed():
            return False
        try:
            await asyncio.wait_for(connection.fetchval("SELECT 1"), self.most)
        except Exception:  # whatever it is, this connection is done for
            connection.terminate()
            return False
        return True

    def _notified(self, connection: object, pid: int, channel: str, payload: str) -> None:
        if payload.isdigit():
            self.queue.put_nowait(int(payload))

    async def _watch(self) -> None:
        """Connect again whenever the connection is lost (with growing waits), then catch up."""
        checked = 0.0
        while True:
            await asyncio.sleep(self.retry)
            checked += self.retry
            if self.connection is not None and not self.connection.is_closed():
                if checked < self.probe:
                    continue
                checked = 0.0
                if await self._alive():
                    continue
            self.connected.clear()
            wait = self.retry
            while True:
                try:
                    await self._connect()
                    break
                except Exception as why:  # refused, reset, timed out: again
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
