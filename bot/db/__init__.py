"""Opening the SQLite database: WAL, foreign keys, and numbered migrations at start-up."""

from __future__ import annotations

import logging
import re
from importlib import resources

import aiosqlite

log = logging.getLogger(__name__)
_MIGRATION = re.compile(r"^(\d{4})_[\w-]+\.sql$")


def migration_files() -> list[tuple[int, str, str]]:
    """The numbered migrations shipped with the package, in order: (number, name, sql)."""
    found = []
    for entry in resources.files("bot.db.migrations").iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    if [n for n, _, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError("migrations must be numbered 0001, 0002, … without gaps")
    return found


async def open_db(path: str) -> aiosqlite.Connection:
    """Open (and create or upgrade) the database at ``path``."""
    db = await aiosqlite.connect(path)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute("PRAGMA foreign_keys = ON")
    # WAL with NORMAL survives a crash of the process but may lose the last commits to a
    # power cut or an OS crash; FULL syncs the WAL at every commit, so an acknowledged move
    # survives those too.
    await db.execute("PRAGMA synchronous = FULL")
    await migrate(db)
    return db


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply every migration newer than the database's ``user_version``; return the version."""
    async with db.execute("PRAGMA user_version") as cur:
        (current,) = await cur.fetchone()
    for number, name, sql in migration_files():
        if number <= current:
            continue
        log.info("applying migration %s", name)
        # executescript commits first; the version bump is part of the script so a crash
        # halfway leaves the old version and the migration is retried.
        await db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        current = number
    return current
