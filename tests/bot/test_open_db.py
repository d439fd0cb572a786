"""open_db refuses every unusable database with one StorageError that says what is wrong and
how to fix it, leaves no connection thread behind, and opens a good one with full sync."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading

import pytest

import bot.db
from bot.db import StorageError, migration_files, open_db
from tests.broken_databases import (
    CASES,
    open_folder,
    real_database,
    require_refused_write,
    unprivileged,
)


async def scalar(db, sql: str):
    return (await db.fetch_one(sql))[0]


def connection_threads() -> set[threading.Thread]:
    """aiosqlite's worker threads: not daemons, so one left running keeps the process alive."""
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


async def no_new_connection_threads(before: set[threading.Thread]) -> None:
    """A closed connection's thread ends a moment after close(); an unclosed one never does."""
    for _ in range(100):
        if not connection_threads() - before:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"connection threads left running: {connection_threads() - before}")


@pytest.mark.asyncio
@pytest.mark.parametrize("name", list(CASES))
async def test_an_unusable_database_is_refused_with_one_clear_line(name):
    case = CASES[name]
    with open_folder() as folder:
        path = await case.build(folder)
        before = connection_threads()
        with unprivileged() if case.unprivileged else contextlib.nullcontext():
            if case.unprivileged:
                require_refused_write(path)
            with pytest.raises(StorageError) as refused:
                db = await open_db(str(path))
                await db.close()
        message = str(refused.value)
        assert "\n" not in message
        assert str(path) in message and "DATABASE_PATH" in message
        for words in case.words:
            assert words in message, message
        await no_new_connection_threads(before)


@pytest.mark.asyncio
async def test_a_newer_database_is_refused_before_anything_is_written_to_it():
    with open_folder() as folder:
        path = await CASES["newer schema"].build(folder)
        before = path.read_bytes()
        with pytest.raises(StorageError, match="newer Menagerie"):
            await open_db(str(path))
        assert path.read_bytes() == before
        assert not path.with_name(path.name + "-wal").exists()


@pytest.mark.asyncio
async def test_a_failure_after_connecting_closes_the_connection(tmp_path, monkeypatch):
    """The file passed the checks, then a migration fails: the aiosqlite connection that was
    already open is closed, and the error is the same StorageError."""
    path = tmp_path / "fails-later.sqlite3"

    async def failing(db):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(bot.db, "migrate", failing)
    before = connection_threads()
    with pytest.raises(StorageError, match=r"disk I/O error.*DATABASE_PATH"):
        await open_db(str(path))
    await no_new_connection_threads(before)


@pytest.mark.asyncio
async def test_a_good_database_opens_migrated_in_wal_with_full_sync(tmp_path):
    path = tmp_path / "good.sqlite3"
    for _ in range(2):  # created, then reopened with its data
        db = await open_db(str(path))
        try:
            assert await scalar(db, "PRAGMA user_version") == len(migration_files())
            assert await scalar(db, "PRAGMA journal_mode") == "wal"
            assert await scalar(db, "PRAGMA synchronous") == 2  # FULL
            assert await scalar(db, "PRAGMA foreign_keys") == 1
        finally:
            await db.close()


@pytest.mark.asyncio
async def test_a_database_with_games_in_it_passes_the_checks(tmp_path):
    path = await real_database(tmp_path / "games.sqlite3")
    db = await open_db(str(path))
    try:
        assert await scalar(db, "SELECT COUNT(*) FROM matches") == 400
    finally:
        await db.close()
