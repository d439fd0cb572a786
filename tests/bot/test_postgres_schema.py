"""The PostgreSQL schema: its numbered migrations pair up with SQLite's file for file, apply in
order on a fresh database of a real server (tests/pg.py), and give the schema SQLite's give —
same tables, columns, keys, indexes, foreign keys and checks — with PostgreSQL's types for ids
and floats. And the server's absence is said in one line, never silently."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.db import migration_files, open_db
from bot.db.dialects import DIALECTS, check_migration_twins, unpaired
from bot.db.postgres import VERSION_TABLE, open_postgres
from tests.pg import SWITCH, one_line

ROOT = Path(__file__).resolve().parents[2]
SNOWFLAKE = 1_234_567_890_123_456_789  # a Discord id: far past 32 bits


async def migrate_postgres(url: str, *, after: int = 0, below: int | None = None) -> None:
    """Apply the PostgreSQL migrations numbered after ``after`` (and below ``below``) in
    order, each in its own transaction."""
    conn = await asyncpg.connect(url)
    try:
        for number, _, sql in migration_files("postgresql"):
            if number > after and (below is None or number < below):
                async with conn.transaction():
                    await conn.execute(sql)
    finally:
        await conn.close()


def _default(text: str | None) -> str | None:
    """A column default as both dialects would write it: 0, 'lobby' (PostgreSQL adds ::text)."""
    return None if text is None else text.removesuffix("::text")


async def sqlite_schema(path: Path) -> dict:
    """The schema open_db gives a new SQLite database, described as postgres_schema does."""
    db = await open_db(str(path))
    try:
        async def rows(sql: str) -> list:
            return await db.fetch_all(sql)

        tables = [r[0] for r in await rows("SELECT name FROM sqlite_master WHERE type = 'table'"
                                           " AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        schema: dict = {"tables": tables, "columns": {}, "primary_keys": {}, "indexes": {},
                        "foreign_keys": set(), "checks": {}}
        for table in tables:
            info = await rows(f"PRAGMA table_info({table})")
            # A primary key column is never NULL, whether SQLite says NOT NULL or not.
            schema["columns"][table] = [(r["name"], bool(r["notnull"] or r["pk"]),
                                         _default(r["dflt_value"])) for r in info]
            schema["primary_keys"][table] = tuple(
                r["name"] for r in sorted(info, key=lambda r: r["pk"]) if r["pk"])
            for index in await rows(f"PRAGMA index_list({table})"):
                if index["origin"] == "pk":
                    continue
                parts = await rows(f"PRAGMA index_info({index['name']})")
                columns = tuple(r["name"] for r in parts)
                schema["indexes"][index["name"]] = (table, columns, bool(index["unique"]),
                                                    bool(index["partial"]))
            for key in await rows(f"PRAGMA foreign_key_list({table})"):
                schema["foreign_keys"].add((table, key["from"], key["table"], key["to"],
                                            key["on_delete"]))
            (sql,) = (await rows(f"SELECT sql FROM sqlite_master WHERE name = '{table}'"))[0]  # noqa: S608
            if sql.count("CHECK ("):
                schema["checks"][table] = sql.count("CHECK (")
        return schema
    finally:
        await db.close()


ON_DELETE = {"a": "NO ACTION", "c": "CASCADE", "r": "RESTRICT", "n": "SET NULL",
             "d": "SET DEFAULT"}


async def postgres_schema(url: str) -> tuple[dict, dict]:
    """The schema of the database at ``url``: (the description sqlite_schema gives, each
    column's type as ``table.column`` → (data_type, identity generation or None))."""
    conn = await asyncpg.connect(url)
    try:
        tables = [r[0] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            " AND table_type = 'BASE TABLE' AND table_name <> $1 ORDER BY table_name",
            VERSION_TABLE)]
        schema: dict = {"tables": tables, "columns": {t: [] for t in tables}, "primary_keys": {},
                        "indexes": {}, "foreign_keys": set(), "checks": {}}
        types = {}
        for r in await conn.fetch(
                "SELECT table_name, column_name, is_nullable, column_default, data_type,"
                " identity_generation FROM information_schema.columns"
                " WHERE table_schema = 'public' AND table_name <> $1"
                " ORDER BY table_name, ordinal_position", VERSION_TABLE):
            schema["columns"][r["table_name"]].append(
                (r["column_name"], r["is_nullable"] == "NO", _default(r["column_default"])))
            types[f"{r['table_name']}.{r['column_name']}"] = (r["data_type"],
                                                              r["identity_generation"])
        for table in tables:
            schema["primary_keys"][table] = ()
        for r in await conn.fetch("""
                SELECT i.relname AS name, t.relname AS tbl, x.indisunique, x.indisprimary,
                       x.indpred IS NOT NULL AS partial,
                       array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(num, n)
                             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.num
                             ORDER BY k.n) AS columns
                FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
                JOIN pg_class t ON t.oid = x.indrelid
                JOIN pg_namespace s ON s.oid = t.relnamespace WHERE s.nspname = 'public'
                AND t.relname <> $1""", VERSION_TABLE):
            if r["indisprimary"]:
                schema["primary_keys"][r["tbl"]] = tuple(r["columns"])
            else:
                schema["indexes"][r["name"]] = (r["tbl"], tuple(r["columns"]),
                                                r["indisunique"], r["partial"])
        for r in await conn.fetch("""
                SELECT c.conrelid::regclass::text AS tbl, a.attname AS col,
                       c.confrelid::regclass::text AS ref, f.attname AS ref_col,
                       c.confdeltype::text AS confdeltype
                FROM pg_constraint c
                CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(col, ref_col)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
                JOIN pg_attribute f ON f.attrelid = c.confrelid AND f.attnum = k.ref_col
                WHERE c.contype = 'f'"""):
            schema["foreign_keys"].add((r["tbl"], r["col"], r["ref"], r["ref_col"],
                                        ON_DELETE[r["confdeltype"]]))
        for r in await conn.fetch("SELECT conrelid::regclass::text AS tbl, count(*) AS n"
                                  " FROM pg_constraint WHERE contype = 'c' AND conrelid <> 0"
                                  " AND connamespace = 'public'::regnamespace"
                                  " AND conrelid::regclass::text <> $1 GROUP BY 1", VERSION_TABLE):
            schema["checks"][r["tbl"]] = r["n"]
        return schema, types
    finally:
        await conn.close()


# -- the two dialects' migrations pair up ---------------------------------------------------

def test_each_dialect_has_the_same_numbered_migrations():
    assert DIALECTS == ("sqlite", "postgresql")
    names = {d: [name for _, name, _ in migration_files(d)] for d in DIALECTS}
    assert names["postgresql"] == names["sqlite"]
    assert check_migration_twins() == len(migration_files()) >= 9
    assert migration_files("postgresql")[0][1] == "0001_initial.sql"


def test_a_migration_without_its_twin_is_named():
    assert unpaired({"sqlite": ["0001_a.sql", "0002_b.sql", "0003_c.sql"],
                     "postgresql": ["0001_a.sql", "0002_b.sql"]}) == [
        "0003_c.sql has no postgresql twin"]
    assert unpaired({"sqlite": ["0001_a.sql", "0002_b.sql"],
                     "postgresql": ["0001_a.sql", "0002_renamed.sql"]}) == [
        "0002_b.sql has no postgresql twin", "0002_renamed.sql has no sqlite twin"]
    assert unpaired({"sqlite": ["0001_a.sql"], "postgresql": ["0001_a.sql"]}) == []


# -- applied on a real server ---------------------------------------------------------------

@pytest.mark.asyncio
async def test_every_postgres_migration_applies_and_gives_sqlites_schema(postgres_url, tmp_path):
    await migrate_postgres(postgres_url)
    ours, _ = await postgres_schema(postgres_url)
    theirs = await sqlite_schema(tmp_path / "twin.sqlite3")
    assert ours["tables"] == theirs["tables"]
    for table in theirs["tables"]:  # column by column, in order: name, NOT NULL, default
        assert ours["columns"][table] == theirs["columns"][table], table
    for part in ("primary_keys", "indexes", "foreign_keys", "checks"):
        assert ours[part] == theirs[part], part
    # The partial unique index that keeps one game open per channel is there on both.
    assert ours["indexes"]["matches_one_open_per_channel"] == (
        "matches", ("channel_id",), True, True)


@pytest.mark.asyncio
async def test_the_bot_opening_postgres_gives_the_same_schema_and_its_version(postgres_url):
    """open_postgres (the bot's way in) gives the migrations' schema, plus its version table,
    which the comparisons with SQLite's leave out (SQLite keeps its version in a pragma)."""
    db = await open_postgres(postgres_url)
    await db.close()
    opened, _ = await postgres_schema(postgres_url)
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval(f"SELECT version FROM {VERSION_TABLE}") == len(  # noqa: S608
            migration_files("postgresql"))
        await conn.execute(f"DROP TABLE {VERSION_TABLE}")
        for table in reversed(opened["tables"]):
            await conn.execute(f'DROP TABLE "{table}" CASCADE')
    finally:
        await conn.close()
    await migrate_postgres(postgres_url)
    migrated, _ = await postgres_schema(postgres_url)
    assert VERSION_TABLE not in opened["tables"]
    assert opened == migrated


@pytest.mark.asyncio
async def test_postgres_gives_ids_64_bits_and_floats_double_precision(postgres_url, tmp_path):
    await migrate_postgres(postgres_url)
    _, types = await postgres_schema(postgres_url)
    theirs = await sqlite_schema(tmp_path / "twin.sqlite3")
    assert types, "no columns"
    for column, (data_type, _) in types.items():
        name = column.split(".")[1]
        if name == "id" or name.endswith("_id") or column in ("inbox.at_ms", "inbox.seq"):
            assert data_type == "bigint", column
    assert types["actions.at_ms"][0] == "bigint"
    # SQLite's REAL is an 8-byte float; PostgreSQL's REAL would be 4 bytes.
    assert not [c for c, (t, _) in types.items() if t == "real"]
    for column in ("matches.deadline", "ratings.mu", "ratings.sigma", "records.value",
                   "inbox.at", "results.finished_at"):
        assert types[column][0] == "double precision", column
    # The numbers SQLite makes up itself are made up by an identity here, and may still be
    # given (copying a SQLite database keeps its match numbers).
    identities = {c: g for c, (_, g) in types.items() if g}
    assert identities == {"matches.id": "BY DEFAULT", "inbox.id": "BY DEFAULT"}
    assert set(theirs["columns"]) == {c.split(".")[0] for c in types}


@pytest.mark.asyncio
async def test_the_postgres_schema_keeps_discord_ids_and_its_rules(postgres_url):
    await migrate_postgres(postgres_url)
    conn = await asyncpg.connect(postgres_url)
    try:
        insert = ("INSERT INTO matches (game, guild_id, channel_id, host_id, seed, created_at,"
                  " updated_at, status) VALUES ('mimic', $1, $2, $1, 's', 0, 0, $3) RETURNING id")
        first = await conn.fetchval(insert, SNOWFLAKE, SNOWFLAKE + 1, "active")
        assert await conn.fetchval("SELECT guild_id FROM matches WHERE id = $1", first) == SNOWFLAKE
        # One open game per channel; a finished one does not count.
        with pytest.raises(asyncpg.UniqueViolationError):
            await conn.fetchval(insert, SNOWFLAKE, SNOWFLAKE + 1, "lobby")
        second = await conn.fetchval(insert, SNOWFLAKE, SNOWFLAKE + 1, "finished")
        assert second > first
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.fetchval(insert, SNOWFLAKE, SNOWFLAKE + 2, "paused")
        await conn.execute("INSERT INTO matches (id, game, guild_id, channel_id, host_id, seed,"
                           " created_at, updated_at) VALUES (500, 'mimic', 1, 2, 3, 's', 0, 0)")
        await conn.execute("INSERT INTO inbox (match_id, code, at, at_ms, seq)"
                           " VALUES ($1, 'x', 0.5, 0, $2)", first, SNOWFLAKE)
        # Deleting a match takes its rows with it, as in SQLite.
        await conn.execute("INSERT INTO seats (match_id, seat, user_id, name) VALUES ($1, 0, $2,"
                           " 'A')", first, SNOWFLAKE)
        await conn.execute("DELETE FROM matches WHERE id = $1", first)
        assert await conn.fetchval("SELECT count(*) FROM seats") == 0
        assert await conn.fetchval("SELECT count(*) FROM inbox") == 0
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.execute("INSERT INTO guild_timers VALUES (1, 'mimic', -1)")
    finally:
        await conn.close()


@pytest.mark.asyncio
async def test_an_older_postgres_database_gives_schicki_computers_their_lobby_level(
        postgres_url):
    await migrate_postgres(postgres_url, below=5)
    conn = await asyncpg.connect(postgres_url)
    try:
        for match_id, game, options in ((1, "schicki_micki", {"level": "hard"}),
                                        (2, "mimikri", {"level": "hard"}),
                                        (3, "schicki_micki", {})):
            await conn.execute("INSERT INTO matches (id, game, guild_id, channel_id, host_id,"
                               " seed, options, status, created_at, updated_at) VALUES"
                               " ($1, $2, 1, $1, 7, 's', $3, 'active', 0, 0)",
                               match_id, game, json.dumps(options))
            await conn.execute("INSERT INTO seats (match_id, seat, user_id, name)"
                               " VALUES ($1, 0, 7, 'A')", match_id)
            await conn.execute("INSERT INTO seats (match_id, seat, user_id, name, is_computer)"
                               " VALUES ($1, 1, NULL, 'Computer 1', 1)", match_id)
    finally:
        await conn.close()
    await migrate_postgres(postgres_url, after=4)
    conn = await asyncpg.connect(postgres_url)
    try:
        rows = await conn.fetch("SELECT match_id, level FROM seats ORDER BY match_id, seat")
    finally:
        await conn.close()
    assert [tuple(r) for r in rows] == [(1, "normal"), (1, "hard"), (2, "normal"),
                                        (2, "normal"), (3, "normal"), (3, "normal")]


# -- a server that cannot start is said, in one line ------------------------------------------

def test_why_the_server_did_not_start_fits_one_line(tmp_path):
    log = tmp_path / "log"
    log.write_text("LOG:  starting\nFATAL:  could not create lock file\n  \"/x/.s.PGSQL\"\n\n")
    error = subprocess.CalledProcessError(1, ["/somewhere/pginstall/bin/pg_ctl", "-D", "/x"])
    said = one_line(error, log)
    assert said == 'pg_ctl exited with status 1 (postgres log: "/x/.s.PGSQL")'
    assert one_line(PermissionError("no\nway"), tmp_path / "missing") == "PermissionError: no way"
    assert one_line(subprocess.TimeoutExpired(["/long/path/bin/initdb", "-D", "/x"], 10)) == (
        "initdb did not finish in 10 s")
    assert "\n" not in one_line(RuntimeError("a\nb\nc"))


@pytest.mark.parametrize("case", ["cannot start", "turned off"])
def test_a_session_without_the_server_skips_and_says_why_in_its_summary(tmp_path, case):
    environment = {k: v for k, v in os.environ.items() if k != SWITCH}
    if case == "cannot start":
        # A pgserver whose server will not start, found before the installed one.
        (tmp_path / "pgserver").mkdir()
        (tmp_path / "pgserver" / "__init__.py").write_text(
            "def get_server(pgdata, cleanup_mode=None):\n"
            "    raise OSError('could not bind the socket\\nin /nowhere')\n")
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(tmp_path), *filter(None, [environment.get("PYTHONPATH")])])
        expected = ("PostgreSQL tests skipped: the server did not start:"
                    " OSError: could not bind the socket in /nowhere")
    else:
        environment[SWITCH] = "off"
        expected = f"PostgreSQL tests skipped: {SWITCH}=off turned them off"
    here = Path(__file__).relative_to(ROOT)
    needing_the_server = [
        f"{here}::{test.__name__}" for test in (
            test_the_postgres_schema_keeps_discord_ids_and_its_rules,
            test_an_older_postgres_database_gives_schicki_computers_their_lobby_level)]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *needing_the_server],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=100, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines.count(expected) == 1, run.stdout  # said once, however many tests it skips
    assert "2 skipped" in lines[-1], run.stdout
