"""Fixtures shared by the whole suite: a migrated database and a session service on it (on
SQLite, or — `any_repo`, `any_sessions` — once on each engine), and a PostgreSQL server
(tests/pg.py) whose absence the session's summary names."""

from __future__ import annotations

import pytest
import pytest_asyncio

from bot.db import open_db
from bot.db.repo import Repo
from bot.db.store import open_store
from bot.sessions.service import SessionService
from tests.pg import postgres_server, postgres_url, why_not_started  # noqa: F401 (fixtures)

# pytester: a test of a fixture's verdict runs a planted test file in a pytest of its own.
pytest_plugins = ["pytester"]


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


SLOW_FILES = {"test_wheel.py", "test_pg_cleanup.py", "test_two_processes.py", "test_soak.py",
              "test_web_processes.py", "test_web_restart.py",
              "test_tournament.py", "test_bench_pg.py"}
# Single tests of several seconds each (every message of both catalogues, every MIMIC picture
# with text): make test runs them, make check leaves them out to stay under a minute and a half.
SLOW_TESTS = {"test_no_message_is_empty_and_plurals_have_the_languages_forms",
              "test_no_text_is_cut_where_there_is_room",
              "test_a_computers_choice_ignores_what_its_seat_cannot_see"}
SLOW_PATHS = ("games/mariposas/test_contract.py",)  # whole games, many of them


def pytest_collection_modifyitems(items):
    """Mark each test by where it lives and what it needs, so `make check` (and anyone with ``-m``)
    can leave the slower kinds out: e2e (the Discord double: under tests/e2e, or asking for it
    elsewhere), browser (headless Chromium: asking for tests/web's ``browser``), postgres (the
    server, asked for directly or as the PostgreSQL run of ``store_target``), slow (SLOW_FILES,
    SLOW_PATHS, SLOW_TESTS; make test's coverage leaves them out too)."""
    for item in items:
        path = item.path
        if "e2e" in path.parts or "fake_discord" in item.fixturenames:
            item.add_marker(pytest.mark.e2e)
        if "browser" in item.fixturenames:
            item.add_marker(pytest.mark.browser)
        params = getattr(item, "callspec", None)
        if "postgres_server" in item.fixturenames or (
                params is not None and params.params.get("store_target") == "postgresql"):
            item.add_marker(pytest.mark.postgres)
        if (path.name in SLOW_FILES or str(path).endswith(SLOW_PATHS)
                or getattr(item, "originalname", item.name) in SLOW_TESTS):
            # Nor are they measured by make test's coverage: the soaks, bot processes, wheel and
            # tournament time processes against each other, which a tracer slowing this one
            # would skew, and the rest are long runs (every message, whole games) of code the
            # other tests measure, which the tracer made two and a half times slower (a soak
            # and every message's test overran their timeouts, a kill came too late).
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.no_cover)


def pytest_terminal_summary(terminalreporter):
    """Skipped PostgreSQL tests are counted with the others; say why, so it is never silent."""
    reason = why_not_started()
    if reason:
        terminalreporter.write_line(reason, yellow=True, bold=True)
