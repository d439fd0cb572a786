"""`make bench`'s PostgreSQL figures run: apply + commit on SQLite and on PostgreSQL, the one
line when PostgreSQL is missing, a restart picking up stored games on each engine, and two bot
processes answering clicks in their own guilds — tiny workloads, and no time is asserted
(tools.bench_engines, tools.bench_resume, tools.bench_processes)."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests import pg
from tools import bench_engines
from tools.bench_engines import POSTGRES, SQLITE, postgres_server
from tools.bench_engines import bench_engines as run_engines
from tools.bench_processes import bench_two_processes
from tools.bench_resume import measure_restart, measure_restarts

SMALL = {"mimikri": (2, {"subjects": 4})}


@pytest.mark.asyncio
async def test_apply_and_commit_are_measured_on_both_engines(tmp_path, postgres_server, capsys):
    runs = await run_engines(SMALL, tmp_path, postgres_server)
    assert set(runs) == {SQLITE, POSTGRES}
    for engine in runs:
        run = runs[engine]["mimikri"]
        assert len(run.samples) > 10
        assert run.version == len(run.samples)  # every action was committed, in order
    out = capsys.readouterr().out
    assert "mimikri        SQLite" in out and "mimikri        PostgreSQL" in out
    assert "all games      PostgreSQL" in out
    assert out.count("PostgreSQL / SQLite: median") == 2  # the game's and the pooled one


@pytest.mark.asyncio
async def test_without_a_server_sqlite_stands_alone(tmp_path, capsys):
    runs = await run_engines(SMALL, tmp_path, None)
    assert set(runs) == {SQLITE}
    out = capsys.readouterr().out
    assert "SQLite" in out and "PostgreSQL" not in out


def test_a_server_that_cannot_start_is_one_line(monkeypatch, capsys):
    @contextmanager
    def broken():
        raise pg.NotStarted("the server did not start: initdb exited with status 1")
        yield  # pragma: no cover

    monkeypatch.delenv(pg.SWITCH, raising=False)
    monkeypatch.setattr(bench_engines.pg, "running_server", broken)
    with postgres_server() as server:
        assert server is None
    assert capsys.readouterr().out == (
        "PostgreSQL figures skipped: the server did not start: initdb exited with status 1\n")


def test_the_switch_turns_postgres_off_in_one_line(monkeypatch, capsys):
    monkeypatch.setenv(pg.SWITCH, "off")
    with postgres_server() as server:
        assert server is None
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "turned them off" in out


@pytest.mark.asyncio
async def test_a_restart_picks_up_every_stored_game_on_sqlite(tmp_path):
    figures = await measure_restart(str(tmp_path / "resume.sqlite3"), count=4, moves=6,
                                    timeout=60)
    assert figures.matches == 4 and figures.moves == 6
    assert figures.redrawn == 4  # each stored board message was brought up to date
    assert 0 < figures.ready <= figures.picked_up and figures.rate > 0


@pytest.mark.asyncio
async def test_a_second_restart_draws_only_the_real_time_tables_again(tmp_path):
    first, again = await measure_restarts(str(tmp_path / "again.sqlite3"), count=4, moves=6,
                                          timeout=60)
    assert first.redrawn == 4
    assert again.matches == 4 and again.redrawn == 1  # the one Schicki Micki table of four
    assert 0 < again.ready <= again.picked_up


@pytest.mark.asyncio
async def test_a_restart_picks_up_every_stored_game_on_postgres(postgres_url):
    figures = await measure_restart(postgres_url, count=4, moves=6, timeout=60)
    assert figures.matches == 4 and figures.redrawn == 4
    assert 0 < figures.ready <= figures.picked_up


@pytest.mark.asyncio
async def test_two_processes_answer_every_click_of_their_own_guild(postgres_server, capsys):
    run = await bench_two_processes(postgres_server, one_process=[0.001, 0.002], count=3,
                                    samples=4, pushes=3)
    assert run is not None and len(run.sides) == 2
    tokens = [side.process.token for side in run.sides]
    assert len(set(tokens)) == 2  # two processes, one a guild
    for side, token in zip(run.sides, tokens, strict=True):
        assert len(side.games) == 3 and side.drawn >= side.ready > 0
        assert side.stopped > 0 and side.process.proc.returncode == 0  # stopped by itself
        assert len(side.samples) == len(side.sent) == 4
        assert side.unanswered == []  # every click had its first response in time
        assert [run.received[i] for i in side.sent] == [token] * 4  # to its guild's process
        assert run.touched[token] == {side.guild.id}  # it redrew its own boards only
        assert run.errors[token] == []
    assert set(run.received) == {i for side in run.sides for i in side.sent + side.moved}
    out = capsys.readouterr().out
    assert "two processes × 3 open games: interaction → first response p95" in out
    assert out.count(" 4 clicks  median") == 2 and " 8 clicks  median" in out
    assert "one process, 3 games, in-process, SQLite" in out and "   2 clicks" in out
    assert out.count("clicks unanswered 0, sent elsewhere 0; other guilds called 0") == 2
    assert out.count("stopped by SIGINT after") == 2
    # Moves made through the second process reach a board the first serves (NOTIFY).
    assert len(run.sides[0].pushed) == 3 and run.sides[1].pushed == []
    assert [run.received[i] for i in run.sides[1].moved] == [tokens[1]] * 3
    assert "on a web board served by process 1 (NOTIFY): median" in out and "(3 moves)" in out


@pytest.mark.asyncio
async def test_two_processes_without_a_server_are_one_line(capsys):
    assert await bench_two_processes(None, count=3) is None
    assert capsys.readouterr().out == (
        "two processes × 3 open games: interaction → first response p95: skipped, no"
        " PostgreSQL server (see above)\n")
