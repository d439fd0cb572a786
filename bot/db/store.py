"""Which database the bot opens: a PostgreSQL server for a postgresql:// URL, else a SQLite
file. Both come back as a migrated `bot.db.engine.Database`; nothing above knows which."""

from __future__ import annotations

from bot.db import open_db
from bot.db.engine import Database
from bot.db.postgres import open_postgres
from bot.settings import POSTGRES_SCHEMES


def is_postgres(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database (else it is a SQLite file's path)."""
    return target.startswith(POSTGRES_SCHEMES)


async def open_store(target: str) -> Database:
    """Open, create or upgrade the database ``target`` names: a postgresql:// URL, or the path
    of a SQLite file.

    Raises:
        bot.db.StorageError: it cannot be used (one line saying why and what to do).
    """
    if is_postgres(target):
        return await open_postgres(target)
    return await open_db(target)
