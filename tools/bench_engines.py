"""The storage half of `make bench`: each game's apply + commit per action on a SQLite file and
on a fresh database of a PostgreSQL server the run starts itself (pgserver, as the tests do),
side by side, with the ratio PostgreSQL / SQLite.

Where the server cannot start (or MENAGERIE_TEST_POSTGRES=off), one line says why and the
SQLite figures stand alone.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import ExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.autoplay import Move, autoplay
from bot.db.repo import Repo
from bot.db.store import open_store
from bot.games import REGISTRY
from bot.games.core import apply_checked, start
from tests import pg
from tools.bench_figures import p95, summary

SQLITE, POSTGRES = "SQLite", "PostgreSQL"


@contextmanager
def postgres_server() -> Iterator[str | None]:
    """The URL of a PostgreSQL server started for this run (stopped afterwards), or None after
    printing one line saying why there is none."""
    if os.environ.get(pg.SWITCH, "").lower() in ("0", "off", "no", "false"):
        print(f"PostgreSQL figures skipped: {pg.SWITCH}={os.environ[pg.SWITCH]} turned them off")
        yield None
        return
    with ExitStack() as stack:
        try:
            url: str | None = stack.enter_context(pg.running_server())
        except pg.NotStarted as why:
            print(f"PostgreSQL figures skipped: {why}")
            url = None
        yield url


def engines(server: str | None) -> tuple[str, ...]:
    """The engines this run measures: SQLite, and PostgreSQL when its server is up."""
    return (SQLITE,) if server is None else (SQLITE, POSTGRES)


@asynccontextmanager
async def database(engine: str, folder: Path, server: str | None,
                   name: str) -> AsyncIterator[str]:
    """Where one measurement stores: a new SQLite file in ``folder``, or a new database on
    ``server`` (dropped afterwards). What the bot would be given as DATABASE_URL."""
    if engine == SQLITE:
        yield str(folder / f"{name}.sqlite3")
        return
    assert server is not None
    async with pg.fresh_database(server, prefix="bench") as url:
        yield url


@dataclass
class Run:
    """One game played through apply_checked + Repo.commit_action on one engine."""

    samples: list[float] = field(default_factory=list)  # apply + commit, each action
    apply_only: list[float] = field(default_factory=list)
    seconds: float = 0.0  # the whole game, commits included
    version: int = 0  # the match's stored version at the end (read back)

    @property
    def rate(self) -> float:
        """Actions a second."""
        return len(self.samples) / self.seconds


def computer_game(game: str, players: int, options: Mapping[str, Any]) -> list[Move]:
    """The seeded computer game every engine replays."""
    return list(autoplay(REGISTRY[game], "bench", players, options))


async def play_through(game: str, target: str, players: int, options: Mapping[str, Any],
                       moves: list[Move] | None = None) -> Run:
    """Replay one computer game of ``game`` (``moves``, else `computer_game`'s) action by
    action: the rules' apply, then its commit (the match's state and its log line in one
    transaction), into ``target``."""
    rules = REGISTRY[game]
    if moves is None:
        moves = computer_game(game, players, options)
    db = await open_store(target)
    run = Run()
    try:
        repo = Repo(db)
        match_id = await repo.create_match(game=game, guild_id=1, channel_id=hash(game) & 0xFFFF,
                                           host_id=1, host_name="bench", seed="bench",
                                           options=dict(options), now=0.0)
        state = start(rules, "bench", players, options)
        await repo.start_match(match_id, state, None, 0.0)
        t_all = time.perf_counter()
        for version, move in enumerate(moves):
            t0 = time.perf_counter()
            step = apply_checked(rules, state, seed="bench", version=version, seat=move.seat,
                                 action=move.action, seen_version=version)
            t1 = time.perf_counter()
            await repo.commit_action(match_id, expected_version=version, state=step.state,
                                     seat=move.seat, code=move.action, at_ms=0,
                                     actor="computer", deadline=None, now=0.0)
            run.samples.append(time.perf_counter() - t0)
            run.apply_only.append(t1 - t0)
            state = step.state
        run.seconds = time.perf_counter() - t_all
        stored = await repo.match(match_id)
        run.version = stored.version if stored is not None else -1
    finally:
        await db.close()
    return run


def _row(label: str, engine: str, run: Run) -> str:
    return (f"{label:14s} {engine:10s} {len(run.samples):5d} actions  apply+commit"
            f" {summary(run.samples)}  (apply alone {summary(run.apply_only)})"
            f"  {run.rate:7.0f} actions/s")


def _ratio(runs: Mapping[str, Run]) -> str:
    pg_run, lite = runs[POSTGRES], runs[SQLITE]
    return (f"PostgreSQL / SQLite: median"
            f" {statistics.median(pg_run.samples) / statistics.median(lite.samples):5.2f},"
            f" p95 {p95(pg_run.samples) / p95(lite.samples):5.2f},"
            f" actions/s {pg_run.rate / lite.rate:5.2f}")


async def bench_engines(games: Mapping[str, tuple[int, Mapping[str, Any]]], folder: Path,
                        server: str | None) -> dict[str, dict[str, Run]]:
    """Print, per game and for all of them pooled, apply + commit on each engine (median, p95,
    actions/s) and the ratio PostgreSQL / SQLite; return the runs (engine → game → run)."""
    runs: dict[str, dict[str, Run]] = {engine: {} for engine in engines(server)}
    for game, (players, options) in games.items():
        moves = computer_game(game, players, options)
        for engine in runs:
            async with database(engine, folder, server, f"actions-{game}") as target:
                runs[engine][game] = run = await play_through(game, target, players, options,
                                                              moves)
            print(_row(game, engine, run))
        if POSTGRES in runs:
            print(f"{'':25s} {_ratio({e: r[game] for e, r in runs.items()})}")
    pooled = {engine: Run([t for r in by_game.values() for t in r.samples],
                          [t for r in by_game.values() for t in r.apply_only],
                          sum(r.seconds for r in by_game.values()))
              for engine, by_game in runs.items()}
    for engine, run in pooled.items():
        print(_row("all games", engine, run))
    if POSTGRES in pooled:
        print(f"{'':25s} {_ratio(pooled)}")
    return runs
