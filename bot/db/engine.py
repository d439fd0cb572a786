"""The one interface through which the bot talks to its database engine, and its SQLite
implementation (the only module that imports aiosqlite).

`Repo` and the storage modules above it run their SQL through a `Database` and nothing else,
so a second engine is a second implementation of this protocol, not a second code path.

The SQL the bot writes is the subset SQLite and PostgreSQL share:

- Placeholders are ``?``. `SqliteDatabase` passes them on as they are; a PostgreSQL
  implementation numbers them ``$1, $2, …`` before handing the statement to asyncpg (no
  statement has a ``?`` inside a quoted literal, so counting them is enough).
- Flags are INTEGER columns holding 0 or 1 in both schemas, compared and summed as numbers.
- A row is read by column name (``row["seat"]``) or by position / tuple unpacking
  (``(count,) = row``), which aiosqlite's ``Row`` and asyncpg's ``Record`` both allow; nothing
  else of either is used (no ``keys()``, no ``dict(row)``).
- New ids come from `Database.insert_returning_id`, not ``cursor.lastrowid``, which
  PostgreSQL has not (there the implementation appends ``RETURNING id``).
- A write that breaks a constraint (a second open game in a channel, a duplicate result)
  raises `IntegrityError`, whatever the engine calls it.

Transactions: `Database.begin` opens one, `commit`/`rollback` end it, and every write runs
between them (`Repo.transaction` does this; it also keeps the connection to one coroutine at a
time). Reads may run outside one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import aiosqlite


class IntegrityError(Exception):
    """A write broke a constraint of the schema (unique, primary or foreign key, NOT NULL,
    CHECK); nothing of that statement was written."""


class Row(Protocol):
    """One result row: by column name or by position, and unpackable like a tuple."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Database(Protocol):
    """One connection to the bot's database. Not safe for two coroutines at once: `Repo`
    hands it to one at a time."""

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open (begun, not yet committed or rolled back)."""
        ...

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None when it has none."""
        ...

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        ...

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it inserted, changed or deleted."""
        ...

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once for each row of arguments."""
        ...

    async def insert_returning_id(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one plain ``INSERT … VALUES (…)`` (no RETURNING clause) into a table whose key
        is an integer ``id`` column; the id of the new row."""
        ...

    async def begin(self) -> None:
        """Open a transaction: the statements up to `commit` or `rollback` belong to it."""
        ...

    async def commit(self) -> None:
        """Make the open transaction's changes permanent (nothing happens without one)."""
        ...

    async def rollback(self) -> None:
        """Undo the open transaction's changes (nothing happens without one)."""
        ...

    async def close(self) -> None:
        """Close the connection; an open transaction is lost, as if the process had died."""
        ...

    async def announce(self, channel: str, payload: str) -> None:
        """Tell the other processes on this database ``payload`` on ``channel`` once the open
        transaction commits (never if it rolls back)."""
        ...


@contextmanager
def _translated() -> Iterator[None]:
    """SQLite's constraint failure as the engine-neutral `IntegrityError`."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        raise IntegrityError(str(error)) from error


class SqliteDatabase:
    """`Database` over one aiosqlite connection (opened and configured by `bot.db.open_db`).

    `begin` sends nothing: Python's sqlite3 (in its default isolation level) opens the
    transaction itself right before the first write, so a transaction that only reads takes no
    lock and costs no round trip to the connection's thread, and `commit` / `rollback` end it.
    """

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def connect(cls, path: str) -> SqliteDatabase:
        """Open the file at ``path`` (created if missing), rows readable by column name.

        Raises:
            sqlite3.Error: it cannot be opened.
        """
        connection = await aiosqlite.connect(path)
        connection.row_factory = aiosqlite.Row
        return cls(connection)

    @property
    def in_transaction(self) -> bool:
        """Whether a write began a transaction that is not committed or rolled back yet."""
        return self._db.in_transaction

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None when it has none."""
        with _translated():
            async with self._db.execute(sql, args) as cur:
                row: Row | None = await cur.fetchone()
                return row

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        with _translated():
            async with self._db.execute(sql, args) as cur:
                return list(await cur.fetchall())

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        with _translated():
            # The cursor is not closed: that would cost one more trip to the connection's
            # thread, and it holds nothing once the statement is done.
            cur = await self._db.execute(sql, args)
            return cur.rowcount

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once for each row of arguments."""
        with _translated():
            await self._db.executemany(sql, rows)

    async def insert_returning_id(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one INSERT; the new row's id (SQLite's rowid, which an ``INTEGER PRIMARY KEY``
        ``id`` column is). Not ``RETURNING id``: SQLite has it only since 3.35, and some
        systems still ship older ones."""
        with _translated():
            cur = await self._db.execute(sql, args)
            new_id = cur.lastrowid
        if new_id is None:
            raise RuntimeError(f"the statement inserted no row: {sql}")
        return new_id

    async def begin(self) -> None:
        """Nothing to send: sqlite3 begins the transaction before the first write."""

    async def commit(self) -> None:
        """Commit the open transaction, if any."""
        with _translated():
            await self._db.commit()

    async def rollback(self) -> None:
        """Roll the open transaction back, if any."""
        await self._db.rollback()

    async def close(self) -> None:
        """Close the connection and end its worker thread."""
        await self._db.close()

    async def announce(self, channel: str, payload: str) -> None:
        """Nothing: a SQLite file has one bot process, which hears its own changes."""

    async def execute_script(self, script: str) -> None:
        """Run several statements as they are written (SQLite only: the migrations). Python's
        sqlite3 commits an open transaction first."""
        await self._db.executescript(script)
