"""The whole bot on PostgreSQL (DATABASE_URL=postgresql://…): the same games through the Discord
double as on SQLite — played to the end with a computer and a leaderboard, and killed and
restarted mid-game with nothing lost — on a fresh database of the test session's server; and
a server it cannot reach stops `python -m bot` with one line."""

from __future__ import annotations

import sys

import pytest
import pytest_asyncio

from bot.db.postgres import PostgresDatabase
from tests.e2e import test_mimikri
from tests.e2e.test_startup import said, start


@pytest_asyncio.fixture
async def pg_table(table, postgres_url):
    """The `table` of the other end-to-end tests, its bot opening PostgreSQL, started."""
    table.db = postgres_url
    await table.start()
    return table


@pytest.mark.asyncio
async def test_a_whole_game_with_a_computer_and_its_leaderboard(pg_table):
    await test_mimikri.test_a_whole_game_two_users_and_a_computer(pg_table)
    assert isinstance(pg_table.bot.db, PostgresDatabase)


@pytest.mark.asyncio
async def test_a_restart_mid_game_loses_nothing(pg_table):
    await test_mimikri.test_restart_mid_game_loses_nothing(pg_table)
    assert isinstance(pg_table.bot.db, PostgresDatabase)


def test_an_unreachable_postgres_stops_the_start_in_one_line_without_the_password(tmp_path):
    url = f"postgresql://menagerie:s3cret@/menagerie?host={tmp_path / 'nowhere'}"
    result = start([sys.executable, "-m", "bot"], tmp_path, DATABASE_URL=url)
    assert result.returncode == 1, result.stderr  # as every unusable database
    lines = said(result)
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Cannot use the database 'postgresql://menagerie:***@/menagerie")
    assert "DATABASE_URL" in lines[0] and "s3cret" not in result.stderr
    assert not (tmp_path / "menagerie.sqlite3").exists()  # DATABASE_PATH's file is not made


@pytest.mark.asyncio
async def test_a_turn_ping_sent_before_a_restart_is_taken_away(pg_table):
    from tests.e2e import test_turn_pings
    await test_turn_pings.test_a_ping_sent_before_a_restart_is_taken_away_when_its_turn_ends(
        pg_table)
