"""The PostgreSQL `Database` (bot/db/postgres.py): placeholders numbered outside literals,
row counts, integrity errors, transactions, the migrations and their version on a real server
(tests/pg.py), two writers on two connections never both applying one action, and the URL
that selects the engine."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.db import StorageError, migration_files
from bot.db.engine import IntegrityError, SqliteDatabase
from bot.db.postgres import (
    VERSION_TABLE,
    PostgresDatabase,
    changed_rows,
    numbered,
    open_postgres,
)
from bot.db.repo import Repo
from bot.db.store import is_postgres, open_store

SNOWFLAKE = 1_234_567_890_123_456_789


# -- without a server -------------------------------------------------------------------------

def test_placeholders_are_numbered_in_order():
    assert numbered("SELECT * FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)")
    assert numbered("SELECT 1") == "SELECT 1"


def test_a_question_mark_in_a_literal_name_or_comment_is_left_alone():
    assert numbered("SELECT '?', ? FROM t WHERE s = 'it''s ?' AND x = ?") == (
        "SELECT '?', $1 FROM t WHERE s = 'it''s ?' AND x = $2")
    assert numbered('SELECT "odd?name" FROM t WHERE a = ?') == (
        'SELECT "odd?name" FROM t WHERE a = $1')
    assert numbered("SELECT ? -- why?\n, ? /* and ? here */ , ?") == (
        "SELECT $1 -- why?\n, $2 /* and ? here */ , $3")
    assert numbered("SELECT 'unclosed ?") == "SELECT 'unclosed ?"  # the server says it is wrong


def test_row_counts_come_from_the_command_tag():
    assert changed_rows("UPDATE 3") == 3
    assert changed_rows("INSERT 0 1") == 1
    assert changed_rows("DELETE 0") == 0
    assert changed_rows("CREATE TABLE") == 0


@pytest.mark.asyncio
async def test_an_unreachable_server_is_one_line_without_the_password(tmp_path):
    url = f"postgresql://menagerie:s3cret@/nothing?host={tmp_path}"
    with pytest.raises(StorageError) as caught:
        await open_postgres(url)
    said = str(caught.value)
    assert "\n" not in said and "s3cret" not in said
    assert said.startswith("Cannot use the database 'postgresql://menagerie:***@/nothing")
    assert "DATABASE_URL" in said


# -- on a real server -------------------------------------------------------------------------

async def version_of(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(f"SELECT version FROM {VERSION_TABLE}")  # noqa: S608
    finally:
        await conn.close()


@pytest.mark.asyncio
async def test_opening_migrates_once_and_keeps_the_data(postgres_url, caplog):
    caplog.set_level("INFO", logger="bot.db.postgres")
    db = await open_postgres(postgres_url)
    try:
        match_id = await Repo(db).create_match(
            game="mimikri", guild_id=SNOWFLAKE, channel_id=SNOWFLAKE + 1, host_id=7,
            host_name="Host", seed="abc", options={"subjects": 5}, now=1.0)
    finally:
        await db.close()
    assert len([r for r in caplog.records if "applying migration" in r.getMessage()]) == len(
        migration_files("postgresql"))
    assert await version_of(postgres_url) == len(migration_files("postgresql"))
    caplog.clear()
    db = await open_postgres(postgres_url)
    try:
        assert not [r for r in caplog.records if "applying migration" in r.getMessage()]
        match = await Repo(db).match(match_id)
        assert (match.guild_id, match.options, match.status) == (SNOWFLAKE, {"subjects": 5},
                                                                 "lobby")
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_two_processes_starting_at_once_migrate_once(postgres_url):
    first, second = await asyncio.gather(open_postgres(postgres_url), open_postgres(postgres_url))
    await first.close()
    await second.close()
    assert await version_of(postgres_url) == len(migration_files("postgresql"))


@pytest.mark.asyncio
async def test_a_database_newer_than_the_code_is_refused(postgres_url):
    db = await open_postgres(postgres_url)
    await db.execute(f"UPDATE {VERSION_TABLE} SET version = 999")  # noqa: S608
    await db.close()
    with pytest.raises(StorageError, match=r"newer Menagerie \(schema 999") as caught:
        await open_postgres(postgres_url)
    assert "\n" not in str(caught.value)


@pytest.mark.asyncio
async def test_statements_counts_ids_and_integrity_errors(postgres_url):
    db = await open_postgres(postgres_url)
    try:
        insert = ("INSERT INTO matches (game, guild_id, channel_id, host_id, seed, created_at,"
                  " updated_at, status) VALUES ('mimic', ?, ?, ?, 's', 0, 0, ?)")
        first = await db.insert_returning_id(insert, (SNOWFLAKE, 5, 7, "active"))
        second = await db.insert_returning_id(insert, (SNOWFLAKE, 6, 7, "lobby"))
        assert second == first + 1
        with pytest.raises(IntegrityError):  # one open game per channel
            await db.insert_returning_id(insert, (SNOWFLAKE, 5, 7, "lobby"))
        with pytest.raises(IntegrityError):  # CHECK
            await db.execute("UPDATE matches SET status = 'paused' WHERE id = ?", (first,))
        with pytest.raises(IntegrityError):  # foreign key
            await db.execute("INSERT INTO seats (match_id, seat, name) VALUES (?, 0, 'A')",
                             (999,))
        with pytest.raises(IntegrityError):  # NOT NULL
            await db.execute_many("INSERT INTO seats (match_id, seat, name) VALUES (?, ?, ?)",
                                  [(first, 0, "A"), (first, 1, None)])
        assert await db.fetch_all("SELECT * FROM seats") == []  # all or nothing
        assert await db.execute("UPDATE matches SET reminded = 1 WHERE guild_id = ?",
                                (SNOWFLAKE,)) == 2
        row = await db.fetch_one("SELECT id, guild_id FROM matches WHERE id = ?", (first,))
        assert (row["guild_id"], row[0]) == (SNOWFLAKE, first)
        (count,) = await db.fetch_one("SELECT COUNT(*) FROM matches WHERE status = '?'")
        assert count == 0
        assert await db.fetch_one("SELECT * FROM matches WHERE id = ?", (12345,)) is None
        await db.execute_many("DELETE FROM matches WHERE id = ?", [])
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_a_transaction_commits_rolls_back_and_dies_with_its_connection(postgres_url):
    db = await open_postgres(postgres_url)
    other = await open_postgres(postgres_url)
    try:
        assert not db.in_transaction
        await db.begin()
        assert db.in_transaction
        await db.execute("INSERT INTO guild_settings (guild_id, language) VALUES (1, 'cs')")
        # Not seen elsewhere before COMMIT.
        assert await other.fetch_one("SELECT * FROM guild_settings") is None
        await db.commit()
        assert not db.in_transaction
        assert (await other.fetch_one("SELECT language FROM guild_settings"))[0] == "cs"

        await db.begin()
        await db.execute("UPDATE guild_settings SET language = 'en'")
        with pytest.raises(IntegrityError):  # PostgreSQL aborts the transaction here
            await db.execute("INSERT INTO guild_settings (guild_id, language) VALUES (1, 'x')")
        await db.rollback()
        assert not db.in_transaction
        assert (await db.fetch_one("SELECT language FROM guild_settings"))[0] == "cs"

        await db.begin()
        await db.execute("UPDATE guild_settings SET language = 'en'")
    finally:
        await db.close()  # no commit
    try:
        assert (await other.fetch_one("SELECT language FROM guild_settings"))[0] == "cs"
    finally:
        await other.close()


# -- two writers, one match -------------------------------------------------------------------

async def started_match(repo: Repo) -> int:
    match_id = await repo.create_match(
        game="mimikri", guild_id=1, channel_id=2, host_id=7, host_name="Host", seed="s",
        options={}, now=0.0)
    await repo.add_seat(match_id, 8, "Guest")
    await repo.start_match(match_id, {"turn": 0}, None, 0.0)
    return match_id


@pytest.mark.asyncio
@pytest.mark.parametrize("rounds", [20])
async def test_two_writers_never_both_apply_an_action_to_one_match(postgres_url, rounds):
    """Two processes (two connections) commit an action at the same version at the same
    time, again and again: each time one wins, the other is told, and the log has one action
    per version."""
    one, two = await open_postgres(postgres_url), await open_postgres(postgres_url)
    try:
        repos = (Repo(one), Repo(two))
        match_id = await started_match(repos[0])
        for version in range(rounds):
            async def commit(writer: int, version: int = version) -> str:
                await repos[writer].commit_action(
                    match_id, expected_version=version, state={"turn": version + 1,
                                                               "by": writer},
                    seat=writer, code=f"w{writer}", at_ms=version, actor="player",
                    deadline=None, now=1.0)
                return "won"

            outcome = await asyncio.gather(commit(0), commit(1), return_exceptions=True)
            winners = [w for w, o in enumerate(outcome) if o == "won"]
            losers = [o for o in outcome if isinstance(o, Exception)]
            assert len(winners) == 1 and len(losers) == 1, outcome
            # The version guard in the UPDATE told it, before it wrote anything.
            assert isinstance(losers[0], RuntimeError), losers[0]
            assert "not at version" in str(losers[0])
            match = await repos[1].match(match_id)
            assert match.version == version + 1
            assert match.state == {"turn": version + 1, "by": winners[0]}
            log = await repos[0].action_log(match_id)
            assert len(log) == version + 1 and log[-1][1] == f"w{winners[0]}"
        assert not one.in_transaction and not two.in_transaction
    finally:
        await one.close()
        await two.close()


def test_a_postgresql_url_selects_postgres_and_anything_else_a_sqlite_file():
    assert is_postgres("postgresql://bot:pw@db.example/menagerie")
    assert is_postgres("postgres://bot@/menagerie?host=/run/postgresql")
    assert not is_postgres("menagerie.sqlite3")
    assert not is_postgres("/var/lib/menagerie/postgresql.sqlite3")


@pytest.mark.asyncio
async def test_open_store_opens_the_engine_its_target_names(postgres_url, tmp_path):
    for target, engine in ((postgres_url, PostgresDatabase),
                           (str(tmp_path / "x.sqlite3"), SqliteDatabase)):
        db = await open_store(target)
        try:
            assert isinstance(db, engine)
            assert await Repo(db).open_matches() == []
        finally:
            await db.close()


@pytest.mark.asyncio
async def test_a_connection_the_server_closed_is_made_again_between_transactions(
        postgres_url, caplog):
    db = await open_postgres(postgres_url)
    admin = await asyncpg.connect(postgres_url)
    try:
        await db.execute("INSERT INTO guild_settings (guild_id, language) VALUES (1, 'cs')")

        async def terminate() -> None:
            (pid,) = await db.fetch_one("SELECT pg_backend_pid()")
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)

        # Lost inside a transaction: that transaction fails, nothing of it is kept.
        await db.begin()
        await db.execute("UPDATE guild_settings SET language = 'en'")
        await terminate()
        with pytest.raises(Exception):  # noqa: B017 (asyncpg's error depends on timing)
            await db.execute("UPDATE guild_settings SET language = 'de'")
        await db.rollback()
        assert not db.in_transaction
        # Lost between transactions (the server restarted meanwhile): the next statement
        # connects again, and the store works on.
        await terminate()
        for _ in range(50):  # asyncpg sees the server's goodbye a moment later
            if db._db.is_closed():
                break
            await asyncio.sleep(0.02)
        assert (await db.fetch_one("SELECT language FROM guild_settings"))[0] == "cs"
        await db.begin()
        await db.execute("UPDATE guild_settings SET language = 'en'")
        await db.commit()
        assert await admin.fetchval("SELECT language FROM guild_settings") == "en"
        assert "connecting again" in caplog.text
    finally:
        await admin.close()
        await db.close()
