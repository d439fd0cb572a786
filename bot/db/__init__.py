"""Opening the SQLite database: refuse an unusable one with a clear reason, else WAL, foreign
keys, full sync and numbered migrations at start-up. What it opens is a `bot.db.engine.Database`,
the one interface everything above uses."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
from importlib import resources

from bot.db.engine import SqliteDatabase

log = logging.getLogger(__name__)
_MIGRATION = re.compile(r"^(\d{4})_[\w-]+\.sql$")


class StorageError(Exception):
    """The database cannot be used. The message is one line: what is wrong, and what to do."""


# Where each SQL dialect's numbered migrations live; the two are twins, file for file
# (bot/db/dialects.py checks that they pair up).
MIGRATION_PACKAGES = {"sqlite": "bot.db.migrations", "postgresql": "bot.db.migrations_postgres"}


def migration_files(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """The numbered migrations shipped with the package for ``dialect`` (a key of
    ``MIGRATION_PACKAGES``), in order: (number, name, sql)."""
    found = []
    for entry in resources.files(MIGRATION_PACKAGES[dialect]).iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    if [n for n, _, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"{dialect} migrations must be numbered 0001, 0002, … without gaps")
    return found


async def open_db(path: str) -> SqliteDatabase:
    """Open (and create or upgrade) the database at ``path``, after checking it can be used.

    Raises:
        StorageError: the path cannot be opened, the file is damaged or truncated, it is
            read-only, or it was written by a newer version of the bot.
    """
    # Checked on a plain sqlite3 connection that is closed whatever happens: when an aiosqlite
    # connect fails, its worker thread is left to stop by itself, and dies with a traceback if
    # the event loop has ended by then.
    await asyncio.to_thread(_check_usable, path)
    try:
        db = await SqliteDatabase.connect(path)
    except sqlite3.Error as error:
        raise StorageError(_cannot_use(path, _explain(path, error))) from error
    try:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        # WAL with NORMAL survives a crash of the process but may lose the last commits to a
        # power cut or an OS crash; FULL syncs the WAL at every commit, so an acknowledged
        # move survives those too.
        await db.execute("PRAGMA synchronous = FULL")
        await migrate(db)
    except BaseException as error:
        # Always close: the connection's worker thread is not a daemon, so an open one keeps
        # the process alive after the bot gave up.
        with contextlib.suppress(Exception):
            await db.close()
        if isinstance(error, sqlite3.Error):
            raise StorageError(_cannot_use(path, _explain(path, error))) from error
        if isinstance(error, StorageError):
            raise StorageError(_cannot_use(path, str(error))) from error
        raise
    return db


def _check_usable(path: str) -> None:
    """Refuse a file that is damaged, truncated, from a newer schema, or will not take writes,
    before anything is written to it."""
    try:
        with contextlib.closing(sqlite3.connect(path)) as con:
            # quick_check reads every page, so a truncated file fails now rather than at some
            # later move; it skips integrity_check's index-content checks. Measured on a
            # 4.3 MB database of 500 finished games: about 60 ms warm, 110 ms from a cold cache.
            (verdict,) = con.execute("PRAGMA quick_check(1)").fetchone()
            if verdict != "ok":
                raise StorageError(f"it is damaged ({verdict}): restore it from a backup, or"
                                   " point DATABASE_PATH at a new file")
            (version,) = con.execute("PRAGMA user_version").fetchone()
            _refuse_newer(version)
            con.execute("PRAGMA journal_mode = WAL")  # needs room for the -wal file beside it
            # Prove the file takes writes now, not at the first move, by committing the schema
            # version unchanged. Taking the write lock alone proves nothing: in WAL mode a
            # read-only file grants it when its directory is writable.
            con.execute("BEGIN IMMEDIATE")
            con.execute(f"PRAGMA user_version = {int(version)}")
            con.commit()
    except sqlite3.Error as error:
        raise StorageError(_cannot_use(path, _explain(path, error))) from error
    except StorageError as error:  # a reason without the path
        raise StorageError(_cannot_use(path, str(error))) from error


def _refuse_newer(version: int) -> None:
    known = len(migration_files())
    if version > known:
        raise StorageError(f"it was written by a newer Menagerie (schema {version}, this build"
                           f" knows up to {known}): upgrade the bot, or point DATABASE_PATH"
                           " elsewhere")


async def migrate(db: SqliteDatabase) -> int:
    """Apply every migration newer than the database's ``user_version``; return the version.

    Raises:
        StorageError: the database is newer than every migration this build knows.
    """
    row = await db.fetch_one("PRAGMA user_version")
    assert row is not None  # noqa: S101 (narrows the type for mypy)
    current = int(row[0])
    _refuse_newer(current)
    for number, name, sql in migration_files():
        if number <= current:
            continue
        log.info("applying migration %s", name)
        # executescript commits first; the version bump is part of the script so a crash
        # halfway leaves the old version and the migration is retried.
        await db.execute_script(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        current = number
    return current


def _cannot_use(path: str, reason: str) -> str:
    return f"Cannot use the database {path!r}: {reason}."


def _explain(path: str, error: sqlite3.Error) -> str:
    """What an SQLite error at start-up means for the person running the bot, and the fix."""
    code = getattr(error, "sqlite_errorname", "")
    if code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return (f"it is damaged, truncated or not a SQLite database ({error}): restore it from"
                " a backup, or point DATABASE_PATH at a new file")
    if code.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return _why_not_opened(path, error)
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return (f"another process holds it locked ({error}); is a second bot running on it?"
                " Stop that one, or point DATABASE_PATH elsewhere")
    if code.startswith("SQLITE_FULL"):
        return f"the disk is full ({error}): free some space, or point DATABASE_PATH elsewhere"
    return f"{error}: check the file, or point DATABASE_PATH elsewhere"


def _why_not_opened(path: str, error: sqlite3.Error) -> str:
    # os.path's checks answer False where this user may not look, instead of raising.
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return ("it is a directory: set DATABASE_PATH to a file, e.g."
                f" {os.path.join(path, 'menagerie.sqlite3')}")
    if not os.path.exists(folder):
        return (f"the directory {folder} does not exist: create it, or point DATABASE_PATH"
                " elsewhere")
    if not os.path.isdir(folder):
        return f"{folder} is not a directory: point DATABASE_PATH elsewhere"
    if not os.path.exists(path):
        return (f"this user may not open or create files in {folder} ({error}): fix the"
                " directory's permissions, or point DATABASE_PATH elsewhere")
    if getattr(error, "sqlite_errorname", "").startswith("SQLITE_READONLY"):
        return (f"it is read-only ({error}): let this user write the file and its directory"
                " (SQLite keeps -wal and -shm files beside it), or point DATABASE_PATH elsewhere")
    return (f"permission denied ({error}): let this user read and write the file and its"
            " directory (SQLite keeps -wal and -shm files beside it), or point DATABASE_PATH"
            " elsewhere")
