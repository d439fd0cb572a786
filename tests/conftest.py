"""Fixtures shared by the whole suite: a migrated database and a session service on it (on
SQLite, or — `any_repo`, `any_sessions` — once on each engine), and a PostgreSQL server
(tests/pg.py) whose absence the session's summary names."""

from __future__ import annotations

import pytest
import pytest_asyncio

from bot.db import open_db
from bot.db.repo import Repo
from bot.db.store import open_store
from bot.sessions import SessionService
from tests.pg import postgres_server, postgres_url, why_not_started  # noqa: F401 (fixtures)


class FakeClock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def repo(tmp_path):
    db = await open_db(str(tmp_path / "test.sqlite3"))
    try:
        yield Repo(db)
    finally:
        await db.close()


ENGINES = ["sqlite", "postgresql"]


@pytest.fixture(params=ENGINES)
def store_target(request, tmp_path) -> str:
    """Where a test's database lives, once per engine: a new SQLite file, or a new database
    on the session's PostgreSQL server (skipped, and said why, where it cannot start)."""
    if request.param == "sqlite":
        return str(tmp_path / "test.sqlite3")
    return request.getfixturevalue("postgres_url")


@pytest_asyncio.fixture
async def any_repo(store_target):
    """`repo` on each engine in turn: the storage behaviour both must share."""
    db = await open_store(store_target)
    try:
        yield Repo(db)
    finally:
        await db.close()


@pytest_asyncio.fixture
async def any_sessions(any_repo):
    """`sessions` on each engine in turn."""
    service = SessionService(any_repo, clock=FakeClock(), computer_delay=0)
    try:
        yield service
    finally:
        await service.close()


@pytest_asyncio.fixture
async def sessions(repo):
    service = SessionService(repo, clock=FakeClock(), computer_delay=0)
    try:
        yield service
    finally:
        await service.close()


def pytest_terminal_summary(terminalreporter):
    """Skipped PostgreSQL tests are counted with the others; say why, so it is never silent."""
    reason = why_not_started()
    if reason:
        terminalreporter.write_line(reason, yellow=True, bold=True)
