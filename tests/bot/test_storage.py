"""Storage (DESIGN.md §Testing 5): migrations, the one-transaction commit, crashes between
statements, replay of every finished game, results and ratings, and seat renumbering. What the
Repo does runs on each engine (the `any_repo` / `any_sessions` / `store_target` fixtures:
SQLite, then PostgreSQL); what only SQLite's file can show (WAL, a copy taken mid-commit)
runs on SQLite.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.db import leaderboards, migrate, migration_files, open_db
from bot.db.engine import IntegrityError
from bot.db.repo import Repo
from bot.db.rows import ResultRow
from bot.db.store import open_store
from bot.games import REGISTRY
from bot.games.core import dump, replay
from bot.sessions.service import SessionService
from tests.conftest import FakeClock

GUILD = 10
MIMIKRI = REGISTRY["mimikri"]
TABLES = {"matches", "seats", "actions", "results", "ratings"}


async def scalar(db, sql: str, *args):
    row = await db.fetch_one(sql, args)
    return row[0]


# -- migrations -----------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_a_fresh_database_is_migrated_to_the_newest_version(tmp_path):
    db = await open_db(str(tmp_path / "fresh.sqlite3"))
    try:
        assert await scalar(db, "PRAGMA user_version") == len(migration_files()) >= 1
        tables = {row[0] for row in await db.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables >= TABLES
        assert await scalar(db, "PRAGMA journal_mode") == "wal"
        assert await scalar(db, "PRAGMA foreign_keys") == 1
        assert await scalar(db, "PRAGMA synchronous") == 2  # FULL: commits survive power loss
    finally:
        await db.close()


def test_migrations_are_numbered_without_gaps():
    numbers = [number for number, _, _ in migration_files()]
    assert numbers == list(range(1, len(numbers) + 1))
    assert migration_files()[0][1] == "0001_initial.sql"


@pytest.mark.asyncio
async def test_reopening_applies_nothing_and_keeps_the_data(tmp_path, caplog):
    path = str(tmp_path / "again.sqlite3")
    caplog.set_level(logging.INFO, logger="bot.db")
    db = await open_db(path)
    match_id = await Repo(db).create_match(
        game="mimikri", guild_id=GUILD, channel_id=1, host_id=7, host_name="Host",
        seed="abc", options={"subjects": 5}, now=1.0,
    )
    await db.close()
    applied_first = [r for r in caplog.records if "applying migration" in r.getMessage()]
    assert len(applied_first) == len(migration_files())

    caplog.clear()
    db = await open_db(path)
    try:
        assert not [r for r in caplog.records if "applying migration" in r.getMessage()]
        assert await scalar(db, "PRAGMA user_version") == len(migration_files())
        assert await migrate(db) == len(migration_files())  # idempotent
        match = await Repo(db).match(match_id)
        assert (match.seed, match.options, match.status) == ("abc", {"subjects": 5}, "lobby")
        assert [s.name for s in await Repo(db).seats(match_id)] == ["Host"]
    finally:
        await db.close()


# -- helpers: a match with two humans on a file database ------------------------------------

HOST, GUEST = 100, 200


async def two_player_match(sessions: SessionService, channel: int = 20) -> int:
    match = await sessions.open_lobby(
        "mimikri", guild_id=GUILD, channel_id=channel, host_id=HOST, host_name="Host",
        options={"subjects": 4, "turn_timer": 0},
    )
    await sessions.join(match.id, GUEST, "Guest")
    await sessions.start(match.id, HOST)
    return match.id


async def play_one(sessions: SessionService, match_id: int) -> None:
    """The seat to act plays its first legal action."""
    match = await sessions.repo.match(match_id)
    assert match is not None and match.state is not None
    (seat,) = MIMIKRI.active_seats(match.state)
    action = MIMIKRI.legal_actions(match.state, seat)[0]
    await sessions.submit(match_id, (HOST, GUEST)[seat], action, match.version, at_ms=1234)


class Crash(BaseException):
    """The process dies here (not an Exception: nothing in the bot may swallow it)."""


def fail_on(db, monkeypatch, prefix: str, before_dying=None) -> None:
    """Make the statement starting with ``prefix`` die instead of running."""
    execute = db.execute

    def dying(sql, *args, **kwargs):
        if sql.lstrip().startswith(prefix):
            if before_dying is not None:
                before_dying()
            raise Crash(sql)
        return execute(sql, *args, **kwargs)

    monkeypatch.setattr(db, "execute", dying)


async def check_after_crash(target: str, match_id: int, state_after_1: dict) -> None:
    """A new connection (to a SQLite file or a PostgreSQL URL) finds action 1 committed and
    nothing of action 2."""
    db = await open_store(target)
    try:
        repo = Repo(db)
        match = await repo.match(match_id)
        assert match is not None and match.version == 1 and match.status == "active"
        assert match.state is not None and dump(match.state) == dump(state_after_1)
        log = await repo.action_log(match_id)
        assert len(log) == 1
        replayed, _ = replay(MIMIKRI, match.seed, 2, match.options, log)
        assert dump(replayed) == dump(match.state)
    finally:
        await db.close()


# -- crash between two actions --------------------------------------------------------------

@pytest.mark.asyncio
async def test_a_crash_inside_the_second_commit_leaves_the_first_action_on_disk(
    tmp_path, monkeypatch
):
    """The process dies after ``UPDATE matches`` and before ``INSERT INTO actions``: the files
    on disk at that moment (copied then) hold action 1 only, and so does the live file."""
    path = tmp_path / "crash.sqlite3"
    image = tmp_path / "image"
    image.mkdir()
    db = await open_db(str(path))
    sessions = SessionService(Repo(db), clock=FakeClock(), computer_delay=0)
    try:
        match_id = await two_player_match(sessions)
        await play_one(sessions, match_id)
        after_1 = await sessions.repo.match(match_id)
        assert after_1.version == 1

        def snapshot() -> None:  # what a power cut would leave behind
            for suffix in ("", "-wal"):
                source = Path(f"{path}{suffix}")
                if source.exists():
                    shutil.copyfile(source, image / f"crash.sqlite3{suffix}")

        fail_on(db, monkeypatch, "INSERT INTO actions", snapshot)
        with pytest.raises(Crash):
            await play_one(sessions, match_id)
        monkeypatch.undo()
    finally:
        await sessions.close()
        await db.close()
    assert (image / "crash.sqlite3").exists()
    await check_after_crash(str(image / "crash.sqlite3"), match_id, after_1.state)
    await check_after_crash(str(path), match_id, after_1.state)


@pytest.mark.asyncio
async def test_a_failing_insert_rolls_back_the_state_update(store_target, monkeypatch):
    """An error in ``INSERT INTO actions`` (after the state was updated) undoes the update,
    so the same connection and a new one both see version 1; the game then goes on."""
    path = store_target
    db = await open_store(path)
    sessions = SessionService(Repo(db), clock=FakeClock(), computer_delay=0)
    try:
        match_id = await two_player_match(sessions)
        await play_one(sessions, match_id)
        after_1 = await sessions.repo.match(match_id)

        execute = db.execute

        def failing(sql, *args, **kwargs):
            if sql.startswith("INSERT INTO actions"):
                raise sqlite3.OperationalError("disk I/O error")
            return execute(sql, *args, **kwargs)

        monkeypatch.setattr(db, "execute", failing)
        with pytest.raises(sqlite3.OperationalError):
            await play_one(sessions, match_id)
        monkeypatch.undo()
        same = await sessions.repo.match(match_id)
        assert (same.version, dump(same.state)) == (1, dump(after_1.state))
        assert len(await sessions.repo.action_log(match_id)) == 1
        await check_after_crash(path, match_id, after_1.state)
        await play_one(sessions, match_id)  # nothing is stuck
        assert (await sessions.repo.match(match_id)).version == 2
    finally:
        await sessions.close()
        await db.close()


@pytest.mark.asyncio
async def test_an_uncommitted_transaction_dies_with_its_connection(store_target):
    """Half of commit_action's statements, then the connection goes away without COMMIT."""
    path = store_target
    db = await open_store(path)
    sessions = SessionService(Repo(db), clock=FakeClock(), computer_delay=0)
    try:
        match_id = await two_player_match(sessions)
        await play_one(sessions, match_id)
        after_1 = await sessions.repo.match(match_id)
        await db.begin()
        await db.execute(
            "UPDATE matches SET state = ?, version = 2 WHERE id = ?",
            (json.dumps({"torn": True}), match_id),
        )
        await db.execute(
            "INSERT INTO actions (match_id, seq, seat, code, at_ms, actor)"
            " VALUES (?, 1, 0, 'orient:N', 0, 'player')",
            (match_id,),
        )
        assert db.in_transaction
    finally:
        await sessions.close()
        await db.close()  # no commit
    await check_after_crash(path, match_id, after_1.state)


# -- commit_action --------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_commit_action_with_a_wrong_version_raises_and_changes_nothing(any_sessions):
    sessions = any_sessions
    match_id = await two_player_match(sessions)
    await play_one(sessions, match_id)
    repo = sessions.repo
    before = await repo.match(match_id)
    log = await repo.action_log(match_id)
    for expected in (0, 2, 7):
        with pytest.raises(RuntimeError, match="not at version"):
            await repo.commit_action(
                match_id, expected_version=expected, state={"bogus": 1}, seat=0,
                code="orient:N", at_ms=0, actor="player", deadline=None, now=5.0,
                finished=[ResultRow(0, HOST, False, 9, 1, True)], ratings=[(HOST, 30.0, 5.0)],
            )
    assert await repo.match(match_id) == before
    assert await repo.action_log(match_id) == log
    assert await scalar(repo.db, "SELECT COUNT(*) FROM results") == 0
    assert await scalar(repo.db, "SELECT COUNT(*) FROM ratings") == 0
    assert not repo.db.in_transaction


@pytest.mark.asyncio
async def test_a_finishing_commit_that_fails_on_results_keeps_the_game_running(any_sessions):
    sessions = any_sessions
    """Results are part of the same transaction: if they cannot be stored, neither is the
    action nor the finished status."""
    match_id = await two_player_match(sessions)
    repo = sessions.repo
    before = await repo.match(match_id)
    duplicate = [ResultRow(0, HOST, False, 9, 1, True), ResultRow(0, GUEST, False, 7, 2, False)]
    with pytest.raises(IntegrityError):
        await repo.commit_action(
            match_id, expected_version=0, state=before.state, seat=0, code="orient:N",
            at_ms=0, actor="player", deadline=None, now=5.0, finished=duplicate,
        )
    assert await repo.match(match_id) == before
    assert await repo.action_log(match_id) == []
    assert await scalar(repo.db, "SELECT COUNT(*) FROM results") == 0


# -- every finished game replays ------------------------------------------------------------

async def drive(sessions: SessionService, match_id: int, rng: random.Random, *,
                leave: tuple[int, int] | None = None) -> None:
    """Humans play random legal actions, computers play in their own tasks, to the end.

    ``leave``: (user_id, version) — that player leaves the running game at that version and
    a computer takes the seat.
    """
    async def loop() -> None:
        nonlocal leave
        at_ms = 0
        while True:
            match = await sessions.repo.match(match_id)
            assert match is not None
            if match.status != "active":
                break
            assert match.state is not None
            if leave is not None and match.version >= leave[1]:
                await sessions.leave_game(match_id, leave[0])
                leave = None
                continue
            seats = await sessions.repo.seats(match_id)
            (seat,) = MIMIKRI.active_seats(match.state)
            if seats[seat].is_computer:
                await asyncio.sleep(0.001)  # the computer's task moves
                continue
            at_ms += rng.randrange(1, 5000)
            action = rng.choice(MIMIKRI.legal_actions(match.state, seat))
            user_id = seats[seat].user_id
            assert user_id is not None  # a person's seat
            await sessions.submit(match_id, user_id, action, match.version, at_ms)

    await asyncio.wait_for(loop(), 60)
    assert leave is None, "the player never got to leave"


async def lobby(sessions, channel: int, host: int, *, humans=(), computers=0, subjects=4):
    match = await sessions.open_lobby(
        "mimikri", guild_id=GUILD, channel_id=channel, host_id=host, host_name=f"U{host}",
        options={"subjects": subjects, "turn_timer": 0},
    )
    for user in humans:
        await sessions.join(match.id, user, f"U{user}")
    for _ in range(computers):
        await sessions.add_computer(match.id, host)
    await sessions.start(match.id, host)
    return match.id


@pytest.mark.asyncio
async def test_every_finished_game_replays_and_has_its_results_and_ratings(any_sessions):
    sessions = any_sessions
    rng = random.Random("storage")
    # Two humans and a computer; three humans of whom one leaves; one human with computers;
    # a host who leaves to computers; two humans with all five subject cards.
    games = [
        (await lobby(sessions, 1, 1, humans=[2], computers=1), None),
        (await lobby(sessions, 2, 1, humans=[3, 4]), (4, 20)),
        (await lobby(sessions, 3, 5, computers=2), None),
        (await lobby(sessions, 4, 6, computers=1), (6, 0)),
        (await lobby(sessions, 5, 7, humans=[8], subjects=5), None),
    ]
    for match_id, leave in games:
        await drive(sessions, match_id, rng, leave=leave)
    rated_expected = {1, 2, 3, 7, 8}  # humans still seated, in games with two or more

    db = sessions.repo.db
    finished = [row[0] for row in await db.fetch_all(
        "SELECT id FROM matches WHERE status = 'finished' ORDER BY id")]
    assert finished == [match_id for match_id, _ in games]
    for match_id in finished:
        match = await sessions.repo.match(match_id)
        seats = await sessions.repo.seats(match_id)
        log = await sessions.repo.action_log(match_id)
        assert match.version == len(log)
        replayed, _ = replay(MIMIKRI, match.seed, len(seats), match.options, log)
        assert dump(replayed) == dump(match.state)
        assert match.deadline is None

        outcome = MIMIKRI.outcome(match.state)
        assert outcome is not None
        results = [tuple(row) for row in await db.fetch_all(
            "SELECT seat, user_id, is_computer, score, rank, won, guild_id, game FROM results"
            " WHERE match_id = ? ORDER BY seat", (match_id,),
        )]
        assert results == [
            (s.seat, s.user_id, int(s.is_computer), outcome.scores[s.seat],
             outcome.ranks()[s.seat], int(s.seat in outcome.winners), GUILD, "mimikri")
            for s in seats
        ]
        assert len(match.state["animals"]) == match.options["subjects"]
        assert sum(outcome.scores) == 4 * match.options["subjects"]
        actors = {row[0] for row in await db.fetch_all(
            "SELECT DISTINCT actor FROM actions WHERE match_id = ?", (match_id,))}
        assert actors <= {"player", "computer"}

    rated = {row[0] for row in await db.fetch_all(
        "SELECT user_id FROM ratings WHERE guild_id = ?", (GUILD,))}
    assert rated == rated_expected
    # The leaderboard lists every human who finished seated; the lone human has no rating.
    board = {row.user_id: row for row in await leaderboards.board(sessions.repo, GUILD, "mimikri")}
    assert set(board) == rated_expected | {5}
    assert board[5].mu is None and board[5].games == 1
    assert board[1].games == 2 and all(board[u].mu is not None for u in rated_expected)


# -- seats ----------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_remove_seat_renumbers_the_seats_of_that_match_only(any_repo):
    repo = any_repo
    match_id = await repo.create_match(
        game="mimikri", guild_id=GUILD, channel_id=1, host_id=1, host_name="P0", seed="s",
        options={}, now=0.0,
    )
    other = await repo.create_match(
        game="mimikri", guild_id=GUILD, channel_id=2, host_id=9, host_name="Q0", seed="t",
        options={}, now=0.0,
    )
    for k in range(1, 5):
        await repo.add_seat(match_id, k + 1, f"P{k}")
        await repo.add_seat(other, 90 + k, f"Q{k}")
    await repo.add_seat(match_id, None, "Computer 1", is_computer=True)

    async def layout(mid):
        return [(s.seat, s.name) for s in await repo.seats(mid)]

    await repo.remove_seat(match_id, 1)
    assert await layout(match_id) == list(enumerate(["P0", "P2", "P3", "P4", "Computer 1"]))
    await repo.remove_seat(match_id, 4)  # the last seat
    assert await layout(match_id) == list(enumerate(["P0", "P2", "P3", "P4"]))
    await repo.remove_seat(match_id, 0)  # the first seat
    assert await layout(match_id) == list(enumerate(["P2", "P3", "P4"]))
    assert await repo.add_seat(match_id, 50, "P5") == 3
    assert await layout(match_id) == list(enumerate(["P2", "P3", "P4", "P5"]))
    seats = await repo.seats(match_id)
    assert [s.user_id for s in seats] == [3, 4, 5, 50]
    assert await layout(other) == list(enumerate(["Q0", "Q1", "Q2", "Q3", "Q4"]))
