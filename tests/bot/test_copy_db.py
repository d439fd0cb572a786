"""`python -m bot.db.copy` (bot/db/copy.py): a SQLite database the bot filled through its own
code — every game played to the end, a daily try, server and player settings, a game in a
thread, input waiting in the inbox — is copied into PostgreSQL row for row; the bot reads the
same games and leaderboards there and numbers its next rows after the copied ones; a target
holding data, a missing source, schemas that differ and a value that does not fit are refused
without a trace in the target, and the password never appears in what the command says."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import decimal
import io
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.autoplay import pick_seat
from bot.daily import DailyChallenge
from bot.db import leaderboards, open_db
from bot.db.copy import _hidden, copy_database, main
from bot.db.copy_values import converter
from bot.db.history import finished_games
from bot.db.players import set_pings, wants_pings
from bot.db.postgres import VERSION_TABLE, open_postgres
from bot.db.repo import Repo
from bot.db.server_settings import (
    allow_channel,
    server_settings,
    set_guild_language,
    set_option,
    set_threads,
    set_timer,
)
from bot.db.turn_pings import PingRow, add_ping
from bot.games import REGISTRY
from bot.games.core import SYSTEM, NotYourTurn, StaleAction
from bot.sessions.service import SessionService
from tests.conftest import FakeClock

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "s3cret-Pw"
GUILD = 1_234_567_890_123_456_789  # a snowflake past 2**53: kept exactly, not as a float
OTHER_GUILD = GUILD + 1
ALICE, BOB = GUILD + 10, GUILD + 11
CHANNEL = GUILD + 100
THREAD = GUILD + 900
TABLE_LINE = re.compile(r"^  (\w+) +(\d+) rows?$")


# -- the SQLite database, filled by the bot's own code -----------------------------------------

async def play_to_the_end(sessions: SessionService, match_id: int, rng: random.Random) -> None:
    """Humans play random legal actions (a real-time game's table deals as SYSTEM), computers
    move in their own tasks, until the game is over."""
    at_ms = 0
    async with asyncio.timeout(60):
        while True:
            match = await sessions.repo.match(match_id)
            assert match is not None
            if match.status != "active":
                break
            assert match.state is not None
            rules = sessions.rules(match.game)
            seats = await sessions.repo.seats(match_id)
            seat = pick_seat(rules.active_seats(match.state), rng)
            if seat != SYSTEM and seats[seat].is_computer:
                await asyncio.sleep(0.001)  # the computer's task moves
                continue
            code = rng.choice(rules.legal_actions(match.state, seat))
            at_ms += rng.randrange(200, 3000)
            try:
                if seat == SYSTEM:
                    await sessions.act(match_id, SYSTEM, code, actor="system", at_ms=at_ms)
                else:
                    user_id = seats[seat].user_id
                    assert user_id is not None  # a person's seat
                    await sessions.submit(match_id, user_id, code, match.version, at_ms)
            except (StaleAction, NotYourTurn):  # a computer moved first
                continue


async def opened(sessions: SessionService, game: str, channel: int, *, guild: int = GUILD,
                 humans: tuple[int, ...] = (ALICE, BOB), computers: tuple[str, ...] = (),
                 **options) -> int:
    match = await sessions.open_lobby(game, guild_id=guild, channel_id=channel,
                                      host_id=humans[0], host_name=f"Player {humans[0]}",
                                      options={"turn_timer": 0, **options})
    for user in humans[1:]:
        await sessions.join(match.id, user, f"Player {user}")
    for level in computers:
        await sessions.add_computer(match.id, humans[0], level)
    return match.id


async def build(path: str) -> None:
    clock = FakeClock()
    db = await open_db(path)
    repo = Repo(db)
    sessions = SessionService(repo, clock=clock, computer_delay=0)
    rng = random.Random("copy")
    try:
        channel = CHANNEL
        for game in REGISTRY:  # two humans to the end: results, ratings, Schicki's records
            match_id = await opened(sessions, game, channel)
            await sessions.start(match_id, ALICE)
            await play_to_the_end(sessions, match_id, rng)
            await repo.mark_shown(match_id, board_final=True, announced=True)
            channel += 1
            clock.now += 600
        # Against a hard computer, in a thread the game moved to.
        match_id = await opened(sessions, "mimikri", channel, computers=("hard",))
        await sessions.start(match_id, ALICE)
        await repo.move_to_thread(match_id, THREAD, THREAD + 1)
        await play_to_the_end(sessions, match_id, rng)
        await repo.mark_shown(match_id, board_final=True, home_announced=True)
        channel += 1
        # A cancelled lobby, an open one, and a running game with a turn timer elsewhere.
        cancelled = await opened(sessions, "mariposas", channel)
        await sessions.cancel(cancelled, ALICE, is_admin=False)
        await opened(sessions, "mimic", channel, humans=(BOB,))
        running = await opened(sessions, "mimikri", CHANNEL, guild=OTHER_GUILD, turn_timer=300)
        await sessions.start(running, ALICE)
        await repo.set_message(running, CHANNEL + 77)
        await add_ping(repo, PingRow(CHANNEL + 78, running, 1, 0, CHANNEL))  # its turn's ping
        # Reactions waiting in a running Schicki Micki table's inbox (one already dropped).
        table = await opened(sessions, "schicki_micki", CHANNEL + 1, guild=OTHER_GUILD)
        await sessions.start(table, ALICE)
        waiting = [await repo.add_inbox(table, user_id=user, seat=seat, code="grab:1",
                                        at=clock.now + seat, at_ms=100 * seat, seq=GUILD + seat)
                   for seat, user in enumerate((ALICE, BOB, ALICE))]
        await repo.drop_inbox(waiting[:1])
        # The daily challenge: yesterday's try finished, today's running.
        daily = DailyChallenge(sessions, clock=clock)
        for user in (ALICE, BOB):
            tried = await daily.open(guild_id=GUILD, channel_id=CHANNEL + 50 + user - ALICE,
                                     user_id=user, name=f"Player {user}")
            await daily.start(tried.id, user)
            if user == ALICE:
                await play_to_the_end(sessions, tried.id, rng)
                await daily.mark_announced(tried.id)
        # The server's and the players' own settings.
        await set_guild_language(repo, GUILD, "de")
        await set_threads(repo, GUILD, True)
        await set_option(repo, GUILD, "schicki_micki", "input", "buttons")
        await set_timer(repo, GUILD, "mimikri", 120)
        await allow_channel(repo, GUILD, CHANNEL, True)
        await set_pings(repo, BOB, False)
    finally:
        await sessions.close()
        await db.close()


@pytest.fixture(scope="module")
def filled(tmp_path_factory) -> Path:
    """The filled database, built once; each test copies the file (opening it writes)."""
    path = tmp_path_factory.mktemp("copy") / "filled.sqlite3"
    asyncio.run(build(str(path)))
    return path


@pytest.fixture
def source(filled, tmp_path) -> Path:
    path = tmp_path / "menagerie.sqlite3"
    shutil.copy(filled, path)
    return path


def with_password(url: str) -> str:
    """The test server's URL with a password in it (its trust login ignores it)."""
    head, sep, tail = url.partition(":@")
    assert sep, url
    return f"{head}:{PASSWORD}@{tail}"


# -- reading both sides ------------------------------------------------------------------------

def _normal(value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, decimal.Decimal):
        return float(value)
    return value


def sqlite_rows(path: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(path) as con:
        names = [n for (n,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {name: sorted((tuple(map(_normal, row)) for row in con.execute(
            f'SELECT * FROM "{name}"')), key=repr) for name in names}  # noqa: S608


async def postgres_rows(url: str, names) -> dict[str, list[tuple]]:
    conn = await asyncpg.connect(url)
    try:
        found = {}
        for name in names:
            rows = await conn.fetch(f'SELECT * FROM "{name}"')  # noqa: S608
            found[name] = sorted((tuple(map(_normal, row)) for row in rows), key=repr)
        return found
    finally:
        await conn.close()


async def postgres_tables(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        return {row[0] for row in await conn.fetch(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema()")}
    finally:
        await conn.close()


def run(argv, env=None) -> tuple[int, str, str]:
    """``main`` as the command runs it (``env`` instead of the environment and .env): the exit
    code, what it printed and what it said on stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv], {} if env is None else env)
    return code, out.getvalue(), err.getvalue()


def by_user(row) -> int:
    return row.user_id


async def run_async(argv, env=None) -> tuple[int, str, str]:
    """`run` from a test's event loop: ``main`` starts a loop of its own, so in a thread."""
    return await asyncio.to_thread(run, argv, env)


# -- the copy ----------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_every_table_is_copied_row_for_row(source, postgres_url):
    before = sqlite_rows(source)
    assert set(before) >= {"matches", "seats", "actions", "results", "ratings", "records",
                           "inbox", "daily_tries", "guild_settings", "guild_options",
                           "guild_timers", "game_channels", "player_settings", "turn_pings"}
    assert all(before.values()), [name for name, rows in before.items() if not rows]
    assert {row[1] for row in before["matches"]} == set(REGISTRY)

    code, out, err = await run_async([source, with_password(postgres_url)])
    assert (code, err) == (0, "")
    assert PASSWORD not in out
    lines = out.splitlines()
    assert lines[0].startswith(f"Copying {source} into postgresql://") and ":***@" in lines[0]
    counts = {m[1]: int(m[2]) for m in map(TABLE_LINE.match, lines[1:-1]) if m}
    assert len(counts) == len(lines) - 2, lines
    assert counts == {name: len(rows) for name, rows in before.items()}
    # Parents first: matches before every table whose rows name a match.
    assert list(counts).index("matches") < min(list(counts).index(t)
                                               for t in ("seats", "actions", "results", "inbox"))
    assert lines[-1] == f"Copied {sum(counts.values())} rows in {len(counts)} tables."

    after = await postgres_rows(postgres_url, before)
    for name in before:
        assert after[name] == before[name], name
    assert await postgres_tables(postgres_url) == set(before) | {VERSION_TABLE}


@pytest.mark.asyncio
async def test_the_bot_reads_the_same_games_on_postgresql_and_numbers_on(source, postgres_url):
    said: list[str] = []
    total = await copy_database(str(source), postgres_url, said.append)
    assert said[-1] == f"Copied {total} rows in 14 tables."

    lite, pg = await open_db(str(source)), await open_postgres(postgres_url)
    try:
        views = []
        for db in (lite, pg):
            repo = Repo(db)
            sessions = SessionService(repo, clock=FakeClock(), computer_delay=3600)
            daily = DailyChallenge(sessions, clock=FakeClock())
            ids = [row[0] for row in await db.fetch_all("SELECT id FROM matches ORDER BY id")]
            views.append({
                "matches": [await repo.match(i) for i in ids],
                "seats": [await repo.seats(i) for i in ids],
                "logs": [await repo.action_log(i) for i in ids],
                "inbox": [await repo.inbox(i) for i in ids],
                "boards": {(guild, game): sorted(await leaderboards.board(repo, guild, game),
                                                  key=by_user)
                           for guild in (GUILD, OTHER_GUILD) for game in REGISTRY},
                "solo": sorted(await leaderboards.solo_board(repo, GUILD, "mimic"), key=by_user),
                "records": await leaderboards.records(repo, GUILD, "schicki_micki", "reaction_ms"),
                "history": await finished_games(repo, GUILD, offset=0, limit=50),
                "daily": await daily.board(GUILD, daily.today()),
                "settings": await server_settings(repo, GUILD),
                "pings": [await wants_pings(repo, u) for u in (ALICE, BOB)],
                "open": await repo.open_matches(),
            })
        on_sqlite, on_postgres = views
        assert on_postgres == on_sqlite
        assert on_sqlite["records"] and on_sqlite["boards"][(GUILD, "mariposas")]
        assert on_sqlite["settings"].language == "de" and on_sqlite["pings"] == [True, False]
        assert any(m.thread_id == THREAD for m in on_sqlite["matches"])

        # The next rows take the numbers after the copied ones (the sequences were set).
        top = max(m.id for m in on_sqlite["matches"])
        new = await Repo(pg).create_match(game="mimikri", guild_id=GUILD, channel_id=CHANNEL + 999,
                                          host_id=ALICE, host_name="Alice", seed="s", options={},
                                          now=1.0)
        assert new == top + 1
        (inbox_top,) = await lite.fetch_one("SELECT MAX(id) FROM inbox")
        assert await Repo(pg).add_inbox(new, user_id=ALICE, seat=0, code="x", at=1.0, at_ms=1,
                                        seq=1) == inbox_top + 1
    finally:
        await lite.close()
        await pg.close()


@pytest.mark.asyncio
async def test_an_empty_database_copies_as_empty_and_numbers_from_one(tmp_path, postgres_url):
    path = tmp_path / "new.sqlite3"
    await (await open_db(str(path))).close()  # created and migrated, with no rows
    said: list[str] = []
    assert await copy_database(str(path), postgres_url, said.append) == 0
    assert said[-1] == "Copied 0 rows in 14 tables."
    pg = await open_postgres(postgres_url)
    try:
        assert await Repo(pg).create_match(game="mimic", guild_id=GUILD, channel_id=CHANNEL,
                                           host_id=ALICE, host_name="Alice", seed="s",
                                           options={}, now=1.0) == 1
    finally:
        await pg.close()


@pytest.mark.asyncio
async def test_a_target_holding_data_is_refused_and_left_unchanged(source, postgres_url):
    db = await open_postgres(postgres_url)
    await set_pings(Repo(db), BOB, True)
    await db.close()
    names = sqlite_rows(source)
    before = await postgres_rows(postgres_url, names)

    code, out, err = await run_async([source, with_password(postgres_url)])
    assert code == 1
    assert len(err.splitlines()) == 1 and "already holds data (in player_settings)" in err
    assert PASSWORD not in out + err and ":***@" in err
    assert await postgres_rows(postgres_url, names) == before

    # A second copy of the same file is refused too: two histories are never merged.
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("DELETE FROM player_settings")
    await conn.close()
    assert (await run_async([source, postgres_url]))[0] == 0
    copied = await postgres_rows(postgres_url, names)
    code, _, err = await run_async([source, postgres_url])
    assert code == 1 and "already holds data (in " in err
    assert await postgres_rows(postgres_url, names) == copied


@pytest.mark.asyncio
async def test_a_missing_source_is_refused_without_creating_it(tmp_path, postgres_url):
    missing = tmp_path / "nothing.sqlite3"
    code, out, err = await run_async([missing, with_password(postgres_url)])
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1 and "no such file" in err and str(missing) in err
    assert list(tmp_path.iterdir()) == []
    assert await postgres_tables(postgres_url) == set()  # the target was not even opened


@pytest.mark.asyncio
async def test_schemas_that_differ_are_refused_naming_the_table_and_column(source,
                                                                           postgres_url):
    with sqlite3.connect(source) as con:
        con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        con.execute("ALTER TABLE matches ADD COLUMN colour TEXT")
    code, _, err = await run_async([source, postgres_url])
    assert code == 1 and len(err.splitlines()) == 1
    assert "table notes is missing in PostgreSQL" in err
    assert "column matches.colour is missing in PostgreSQL" in err
    assert not any((await postgres_rows(postgres_url, ["matches", "seats"])).values())


@pytest.mark.asyncio
async def test_a_value_that_does_not_fit_copies_nothing(source, postgres_url):
    with sqlite3.connect(source) as con:
        (match_id,) = con.execute("SELECT MAX(id) FROM matches").fetchone()
        con.execute("UPDATE matches SET version = 2.5 WHERE id = ?", (match_id,))
    code, _, err = await run_async([source, postgres_url])
    assert code == 1 and len(err.splitlines()) == 1
    assert f"matches.version of the row with rowid {match_id}" in err and "2.5" in err
    names = sqlite_rows(source)
    assert not any((await postgres_rows(postgres_url, names)).values())  # not even the first


def test_an_unreachable_target_is_one_line_without_the_password(source, tmp_path):
    code, out, err = run([source, f"postgresql://menagerie:{PASSWORD}@/nothing?host={tmp_path}"])
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1 and PASSWORD not in err
    assert err.startswith("Cannot use the database 'postgresql://menagerie:***@/nothing")


def test_bad_arguments_exit_2_in_one_line(tmp_path):
    url = "postgresql://menagerie:hunter2@db.example/menagerie"
    for argv, env, said in [
        ([], {}, "usage:"),
        (["a.sqlite3", url, "extra"], {}, "usage:"),
        (["--force", url], {}, "usage:"),
        ([url, url], {}, "the SQLite file to copy from"),
        (["a.sqlite3"], {}, "set DATABASE_URL"),
        (["a.sqlite3"], {"DATABASE_URL": "other.sqlite3"}, "not a file's path"),
        (["a.sqlite3", "mysql://root:hunter2@db/x"], {}, "not mysql://…"),
    ]:
        code, out, err = run(argv, env)
        assert (code, out) == (2, ""), argv
        assert len(err.splitlines()) == 1 and said in err and "hunter2" not in err, argv
    assert not list(tmp_path.iterdir()) and not os.path.exists("a.sqlite3")
    code, out, _ = run(["--help"])
    assert code == 0 and "DATABASE_URL" in out


def test_the_command_runs_with_the_url_from_database_url(source, postgres_url):
    env = {**os.environ, "DATABASE_URL": with_password(postgres_url)}
    done = subprocess.run([sys.executable, "-m", "bot.db.copy", str(source)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 16 and all(TABLE_LINE.match(line) for line in lines[1:-1])
    assert re.fullmatch(r"Copied \d+ rows in 14 tables\.", lines[-1])
    assert PASSWORD not in done.stdout


# -- values ------------------------------------------------------------------------------------

def test_values_become_what_their_postgresql_column_takes():
    assert converter("int8")(3.0) == 3 and converter("int8")(True) == 1
    assert converter("int4")(" 42") == 42
    with pytest.raises(ValueError, match="whole number"):
        converter("int8")(2.5)
    assert converter("float8")(2) == 2.0 and isinstance(converter("float8")(2), float)
    assert converter("numeric")(0.1) == decimal.Decimal("0.1")
    assert converter("bool")(1) is True and converter("bool")(0) is False
    assert converter("bool")("false") is False
    with pytest.raises(ValueError, match="flag"):
        converter("bool")(2)
    assert converter("jsonb")('{"a": 1}') == '{"a": 1}'
    with pytest.raises(ValueError, match="not JSON"):
        converter("json")("{oops")
    assert converter("text")(7) == "7" and converter("text")(b"abc") == "abc"
    moment = dt.datetime(2026, 12, 2, 15, 0, tzinfo=dt.UTC)
    assert converter("timestamptz")(moment.timestamp()) == moment
    assert converter("timestamptz")("2026-12-02 15:00:00") == moment
    assert converter("timestamp")("2026-12-02T16:00:00+01:00") == moment.replace(tzinfo=None)
    assert converter("date")("2026-12-02") == dt.date(2026, 12, 2)
    assert converter("bytea")("hi") == b"hi"
    assert converter("uuid")("kept") == "kept"  # a type not named: as SQLite gave it
    assert all(converter(t)(None) is None for t in ("int8", "bool", "jsonb", "timestamptz"))


@pytest.mark.asyncio
async def test_postgresql_stores_the_converted_values(postgres_url):
    types = ["bool", "jsonb", "json", "timestamptz", "timestamp", "date", "bytea", "numeric",
             "int8", "float8", "text"]
    stored = [1, '{"level": "hard"}', "[1, 2]", 1_780_000_000.5, "2026-12-02 15:00:00",
              "2026-12-02", b"\x00\x01", 0.1, 3.0, 2, 5]
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("CREATE TABLE kinds (" + ", ".join(
            f"c{i} {t}" for i, t in enumerate(types)) + ")")
        record = tuple(converter(t)(v) for t, v in zip(types, stored, strict=True))
        await conn.copy_records_to_table("kinds", records=[record, (None,) * len(types)])
        rows = await conn.fetch("SELECT * FROM kinds")
    finally:
        await conn.close()
    assert tuple(rows[0]) == record
    assert tuple(rows[1]) == (None,) * len(types)


def test_ctrl_c_in_the_middle_copies_nothing(source, postgres_url, monkeypatch):
    import bot.db.copy as command

    copy_table, copied = command._copy_table, []

    async def interrupted_after_two(src, dst, table):
        if len(copied) == 2:
            raise KeyboardInterrupt
        copied.append(table.name)
        return await copy_table(src, dst, table)

    monkeypatch.setattr(command, "_copy_table", interrupted_after_two)
    code, _, err = run([source, with_password(postgres_url)])
    assert (code, err) == (130, "Stopped: nothing was copied.\n")
    names = sqlite_rows(source)
    assert len(copied) == 2
    assert not any(asyncio.run(postgres_rows(postgres_url, names)).values())


# -- the source is only read; only the URL's password is masked --------------------------------

def an_old_database(path: Path, upto: int = 9) -> Path:
    """A SQLite file as an older Menagerie left it: the migrations up to ``upto`` only."""
    folder = ROOT / "bot" / "db" / "migrations"
    with sqlite3.connect(path) as con:
        for migration in sorted(folder.glob("*.sql")):
            number = int(migration.name.split("_")[0])
            if number <= upto:
                con.executescript(migration.read_text(encoding="utf-8"))
        con.execute(f"PRAGMA user_version = {upto}")
    return path


def untouched(folder: Path) -> dict[str, bytes]:
    return {entry.name: entry.read_bytes() for entry in sorted(folder.iterdir())}


def user_version(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as con:
        return con.execute("PRAGMA user_version").fetchone()[0]


def test_a_failed_copy_leaves_an_older_source_as_it_was(tmp_path):
    folder = tmp_path / "bot"
    folder.mkdir()
    old = an_old_database(folder / "menagerie.sqlite3")
    before = untouched(folder)
    code, _, err = run([old, f"postgresql://menagerie:{PASSWORD}@/nothing?host={tmp_path}"])
    assert code == 1 and "Cannot use the database" in err
    assert untouched(folder) == before  # not upgraded, no -wal or -shm beside it
    assert user_version(old) == 9


@pytest.mark.asyncio
async def test_an_older_source_is_copied_upgraded_and_left_as_it_was(tmp_path, postgres_url):
    folder = tmp_path / "bot"
    folder.mkdir()
    old = an_old_database(folder / "menagerie.sqlite3")
    with sqlite3.connect(old) as con:
        con.execute("INSERT INTO ratings (guild_id, game, user_id, mu, sigma)"
                    " VALUES (1, 'mimic', 7, 25.0, 8.3)")
    before = untouched(folder)
    code, _out, err = await run_async([old, postgres_url])
    assert code == 0, err
    assert untouched(folder) == before
    assert (await postgres_rows(postgres_url, ["ratings"]))["ratings"][0][:3] == (1, "mimic", 7)


def test_an_unreadable_source_is_one_line_and_left_as_it_was(tmp_path):
    junk = tmp_path / "menagerie.sqlite3"
    junk.write_bytes(b"this is not a database, only some words" * 100)
    before = untouched(tmp_path)
    code, out, err = run([junk, f"postgresql://menagerie:{PASSWORD}@/nothing?host={tmp_path}"])
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1 and "cannot be read as a SQLite database" in err
    assert untouched(tmp_path) == before


@pytest.mark.parametrize("password", ["e", "s", "no", "is"])
def test_a_short_password_is_masked_in_the_url_only(tmp_path, password):
    """A password that is also a letter or a word of the message: the words stay whole."""
    missing = tmp_path / "there.sqlite3"
    code, _out, err = run([missing, f"postgresql://menagerie:{password}@db.example/menagerie"])
    assert code == 1
    assert f"Cannot copy {str(missing)!r}: there is no such file" in err


def test_the_password_is_masked_where_a_message_quotes_the_url():
    url = "postgresql://menagerie:s3cr%40t@db.example/menagerie"
    said = _hidden(f"could not connect to {url} (as menagerie:s3cr@t@db.example); the rest"
                   " of the words stay: s3 cr t", url)
    assert "s3cr" not in said
    assert said == ("could not connect to postgresql://menagerie:***@db.example/menagerie"
                    " (as menagerie:***@db.example); the rest of the words stay: s3 cr t")
