"""The `Database` contract every engine keeps (bot/db/engine.py), on a migrated store: rows by
name, position and unpacking, changed-row counts, new ids, constraint failures as
`IntegrityError`, and transactions that commit, roll back, or die with their connection.

Parametrised by engine: a second implementation adds its opener to `OPENERS`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.db import open_db
from bot.db.engine import Database, IntegrityError

Opener = Callable[[], Awaitable[Database]]


def sqlite_opener(folder: Path) -> Opener:
    path = str(folder / "engine.sqlite3")
    return lambda: open_db(path)


OPENERS = {"sqlite": sqlite_opener}


@pytest.fixture(params=sorted(OPENERS))
def opener(request, tmp_path) -> Opener:
    """Opens a new connection to one migrated store, the same store each time."""
    return OPENERS[request.param](tmp_path)


INSERT_MATCH = ("INSERT INTO matches (game, guild_id, channel_id, host_id, seed, options,"
                " created_at, updated_at) VALUES (?, ?, ?, 1, 's', '{}', 0, 0)")


async def new_match(db: Database, channel: int, guild: int = 5) -> int:
    await db.begin()
    match_id = await db.insert_returning_id(INSERT_MATCH, ("mimikri", guild, channel))
    await db.commit()
    return match_id


@pytest.mark.asyncio
async def test_new_ids_and_rows_by_name_position_and_unpacking(opener):
    db = await opener()
    try:
        first, second = await new_match(db, 1), await new_match(db, 2)
        assert second > first >= 1
        row = await db.fetch_one("SELECT id, channel_id, status FROM matches WHERE id = ?",
                                 (second,))
        assert row is not None
        assert (row["id"], row["channel_id"], row["status"]) == (second, 2, "lobby")
        assert (row[0], row[1], row[2]) == (second, 2, "lobby")
        match_id, channel, status = row
        assert (match_id, channel, status) == (second, 2, "lobby")
        assert tuple(row) == (second, 2, "lobby") and len(row) == 3
        assert [tuple(r) for r in await db.fetch_all(
            "SELECT id, channel_id FROM matches ORDER BY id")] == [(first, 1), (second, 2)]
        assert await db.fetch_one("SELECT id FROM matches WHERE id = ?", (second + 1,)) is None
        assert await db.fetch_all("SELECT id FROM matches WHERE guild_id = 99") == []
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_execute_counts_the_rows_it_changed_and_execute_many_runs_each_row(opener):
    db = await opener()
    try:
        match_id = await new_match(db, 1)
        await db.begin()
        await db.execute_many("INSERT INTO seats (match_id, seat, user_id, name)"
                              " VALUES (?, ?, ?, ?)",
                              [(match_id, seat, 10 + seat, f"P{seat}") for seat in range(3)])
        assert await db.execute("UPDATE seats SET timeouts = 1 WHERE match_id = ? AND seat > 0",
                                (match_id,)) == 2
        assert await db.execute("DELETE FROM seats WHERE match_id = ?", (match_id + 1,)) == 0
        await db.commit()
        assert [tuple(r) for r in await db.fetch_all(
            "SELECT seat, user_id, timeouts FROM seats WHERE match_id = ? ORDER BY seat",
            (match_id,))] == [(0, 10, 0), (1, 11, 1), (2, 12, 1)]
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_a_broken_constraint_is_an_integrity_error_and_the_rollback_undoes_the_rest(
    opener,
):
    db = await opener()
    try:
        match_id = await new_match(db, 1)
        await db.begin()
        await db.execute("INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, 1, 'A')",
                         (match_id,))
        with pytest.raises(IntegrityError):
            await db.execute("INSERT INTO seats (match_id, seat, user_id, name)"
                             " VALUES (?, 0, 2, 'B')", (match_id,))
        await db.rollback()
        assert not db.in_transaction
        assert await db.fetch_all("SELECT seat FROM seats WHERE match_id = ?", (match_id,)) == []
        with pytest.raises(IntegrityError):  # a second open game in one channel
            await new_match(db, 1)
        await db.rollback()
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_commit_keeps_rollback_undoes_and_close_loses_an_open_transaction(opener):
    db = await opener()
    try:
        match_id = await new_match(db, 1)
        for status, end in (("active", db.commit), ("cancelled", db.rollback)):
            await db.begin()
            assert await db.execute("UPDATE matches SET status = ? WHERE id = ?",
                                    (status, match_id)) == 1
            assert db.in_transaction
            await end()
            assert not db.in_transaction
        await db.begin()
        await db.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (match_id,))
    finally:
        await db.close()  # no commit: as if the process had died
    db = await opener()
    try:
        (status,) = await db.fetch_one("SELECT status FROM matches WHERE id = ?", (match_id,))
        assert status == "active"
    finally:
        await db.close()
