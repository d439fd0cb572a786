"""The one database connection the bot shares between all its coroutines, one user at a time.

A connection has one transaction at a time: were two coroutines to write through it at once,
one's rollback would undo the other's half-written change and one's commit would store the
other's half. So the connection has one user at a time (`SharedConnection.transaction` for
writes, a short turn for each read), and a change that spans several statements runs inside one
`transaction()` block, which inner calls join. Reads never see another coroutine's uncommitted
writes. Nothing else touches the connection: `bot.db.repo.Repo` and the other storage modules
run every statement through these primitives.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.db.engine import Database, Row


class SharedConnection:
    """A `bot.db.engine.Database` with one user at a time: its transactions and reads."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._turn = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task whose transaction is open

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """Everything inside is committed together, or rolled back if it raises.

        No other coroutine uses the connection meanwhile. Inside a transaction of the same
        task this joins it (the outer block commits), so methods can be combined freely.
        """
        task = asyncio.current_task()
        if self._owner is task:
            yield
            return
        async with self._turn:
            self._owner = task
            try:
                await self.db.begin()
                yield
                await self.db.commit()
            except BaseException:
                await self.db.rollback()
                raise
            finally:
                self._owner = None

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        if self._owner is asyncio.current_task():
            yield
            return
        async with self._turn:
            yield

    async def fetch_one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        """The first row of a query (None: no row), in the caller's transaction if it has
        one, else in a turn of its own."""
        async with self._reading():
            return await self.db.fetch_one(sql, args)

    async def fetch_row(self, sql: str, args: Sequence[Any] = ()) -> Row:
        """The row a query always has (an aggregate, or a row the caller knows exists)."""
        row = await self.fetch_one(sql, args)
        if row is None:
            raise LookupError(f"the query found no row: {sql}")
        return row

    async def fetch_all(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query, in the caller's transaction if it has one, else in a turn of
        its own."""
        async with self._reading():
            return await self.db.fetch_all(sql, args)

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """One statement in its own transaction (or the caller's); the rows it changed."""
        async with self.transaction():
            return await self.db.execute(sql, args)

    async def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """One statement for each row of arguments, all in one transaction (or the
        caller's)."""
        async with self.transaction():
            await self.db.execute_many(sql, rows)

    async def insert_returning_id(self, sql: str, args: Sequence[Any] = ()) -> int:
        """One ``INSERT … VALUES`` into a table keyed by ``id``, in its own transaction (or
        the caller's); the new row's id."""
        async with self.transaction():
            return await self.db.insert_returning_id(sql, args)
