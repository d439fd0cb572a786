"""`make bench`'s two-process figure: interaction → first response when two real bot processes,
one shard each of two, share one PostgreSQL database with 200 open games in each one's guild.

The Discord double serves two guilds, one on each shard. COUNT open Mimikri games per guild are
stored first, as `/mimikri new turn_timer:0` leaves them a few moves in, their board messages
posted but showing an older version; then each guild's process (`python -m bot`, SHARD_COUNT=2,
its own SHARD_IDS) starts, picks its guild's games up and redraws their boards. Then users click
a legal move in a random game of each guild, the two guilds at once (one sequence of clicks a
guild, each click after the previous one's board was redrawn, as the one-process figure does),
and we time each click until Discord has the process's first response (the deferral). Which
process got each interaction is read from the gateway session it was sent on. The first
process also serves the web board: a board of a game of the second guild is opened on it, and
moves clicked in Discord (so made by the second process) are timed until that board has them,
told across by PostgreSQL's NOTIFY. Last, each process is stopped as systemd stops it
(SIGINT), timed until it has exited.

The double, the clicking users and this timing share one event loop here, while the bot runs in
two processes of its own: the double's share of each round trip is in these figures too.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

import aiohttp

from bot.autoplay import Move, autoplay
from bot.db.repo import Repo
from bot.db.store import open_store
from bot.games import REGISTRY
from bot.links import SPECTATOR, board_url
from bot.shards import shard_of
from tests import pg
from tests.double import BotProcess, Driver, FakeDiscord, Guild, Message, World
from tests.double.process import start_bot_process
from tests.waiting import until
from tools.bench_figures import p95
from tools.bench_resume import store_open_game
from tools.bench_web import SECRET as WEB_SECRET
from tools.bench_web import free_port

TITLE = "two processes × {count} open games: interaction → first response p95"
COUNT = 200  # open games in each guild
SAMPLES = 40  # clicks in each guild
PUSHES = 10  # moves made through one process and timed to a board served by the other
SHARDS = 2
MOVES = 6  # actions into each stored game
OPENINGS = 8  # distinct seeded openings the stored games take turns with
OPTIONS = {"subjects": 4, "turn_timer": 0}  # what `/mimikri new turn_timer:0` stores
PLAYERS = ("alice", "bob")
RULES = REGISTRY["mimikri"]
CHANNEL_PATH = re.compile(r"^/channels/(\d+)(?:/|$)")


@dataclass
class Side:
    """One guild, its channels, its open games and the process that runs its shard."""

    guild: Guild
    prefix: str  # its channels are PREFIX0, PREFIX1, …
    games: list[tuple[int, Message]] = field(default_factory=list)  # match id, board
    process: BotProcess | None = None
    ready: float = 0.0  # seconds from the process's start until it said it was ready
    drawn: float = 0.0  # … until every board showed its stored version
    stopped: float = 0.0  # seconds from Ctrl-C (SIGINT) until the process had exited
    web: str | None = None  # the address of its web board's server, if it serves one
    pushed: list[float] = field(default_factory=list)  # click → a board here had the move
    moved: list[int] = field(default_factory=list)  # the interactions of those moves' clicks
    samples: list[float] = field(default_factory=list)  # click → first response
    sent: list[int] = field(default_factory=list)  # the interactions' ids
    unanswered: list[str] = field(default_factory=list)  # what went wrong, per interaction


@dataclass
class TwoProcesses:
    """A whole run: both sides, and which process's gateway session got each interaction."""

    sides: list[Side]
    received: dict[int, str]  # interaction id → bot token of the session it went to
    errors: dict[str, list[str]]  # bot token → the lines it logged at ERROR or worse
    touched: dict[str, set[int | None]]  # bot token → guilds of the channels it called


@functools.cache
def _opening(seed: str, moves: int) -> tuple[Move, ...]:
    return tuple(islice(autoplay(RULES, seed, len(PLAYERS), OPTIONS), moves))


async def store_games(url: str, world: World, side: Side, count: int, moves: int) -> None:
    """Store ``count`` open two-player Mimikri games in the side's guild, one a channel,
    ``moves`` actions into each, with a board message the bot posted earlier."""
    db = await open_store(url)
    repo, now = Repo(db), time.time()
    users = [world.user(name) for name in PLAYERS]
    try:
        for i in range(count):
            seed = f"two-processes-{i % OPENINGS}"
            channel = world.channel(f"{side.prefix}{i}")
            board = world.new_message(channel, world.bot_user, content="(the board before)")
            match_id = await store_open_game(
                repo, game="mimikri", guild_id=side.guild.id, channel_id=channel.id,
                board_id=board.id, users=users, seed=seed, options=OPTIONS,
                opening=_opening(seed, moves), deadline=None, now=now)
            side.games.append((match_id, board))
    finally:
        await db.close()


def shows(board: Message, match_id: int, version: int) -> bool:
    """Whether the board's latest version has the buttons of that version of the game."""
    prefix = f"mg:{match_id}:{version}:"
    return any(c.get("custom_id", "").startswith(prefix) for c in board.iter_components())


async def start_side(server: FakeDiscord, url: str, side: Side, workdir: Path, repo: Repo,
                     timeout: float) -> None:
    """Start the side's process on its shard; return once every board shows its game."""
    t0 = time.perf_counter()
    web = {}
    if side.web is not None:
        web = {"WEB_URL": side.web, "WEB_SECRET": WEB_SECRET,
               "WEB_PORT": side.web.rsplit(":", 1)[1]}
    side.process = await start_bot_process(
        server, database=url, workdir=workdir, shard_count=SHARDS,
        shard_ids=[shard_of(side.guild.id, SHARDS)], dev_guild_id=side.guild.id,
        extra_env=web, ready_timeout=timeout)
    side.ready = time.perf_counter() - t0
    versions = {m.id: m.version for m in await repo.open_matches(side.guild.id)}

    async def all_drawn() -> bool:
        return all(shows(board, m, versions[m]) for m, board in side.games)
    await until(all_drawn, f"the boards of {side.guild.name}", timeout)
    side.drawn = time.perf_counter() - t0


async def click_along(driver: Driver, repo: Repo, side: Side, samples: int,
                      rng: random.Random, timeout: float) -> None:
    """``samples`` clicks, each a legal move in a random open game of the side's guild, each
    once the previous one's board was redrawn."""
    for _ in range(samples):
        match_id, board = rng.choice(side.games)
        match = await repo.match(match_id)
        assert match is not None and match.status == "active", match
        assert match.state is not None  # an active game has one
        seat = min(RULES.active_seats(match.state))
        label = RULES.legal_actions(match.state, seat)[0].split(":")[1]
        t0 = time.perf_counter()
        result = await driver.click(PLAYERS[seat], board, label=label)
        side.samples.append(time.perf_counter() - t0)
        if result.record is not None:
            side.sent.append(result.record.id)
        if not result.ok:
            side.unanswered.append(f"{label} in game {match_id}: {result.errors}")
            continue

        async def redrawn(match_id=match_id, board=board, version=match.version + 1) -> bool:
            return shows(board, match_id, version)
        await until(redrawn, f"game {match_id}'s board after {label}", timeout)


async def push_across(driver: Driver, repo: Repo, serving: Side, playing: Side,
                      samples: int, timeout: float) -> None:
    """A board of one of ``playing``'s games open on ``serving``'s web server (the other
    process): ``samples`` moves clicked in Discord, each timed from the click until that
    board's socket has the move (committed by one process, announced with NOTIFY, pushed by
    the other)."""
    assert serving.web is not None
    match_id, board = playing.games[0]
    token = board_url(serving.web, WEB_SECRET, match_id, SPECTATOR, time.time())
    async with aiohttp.ClientSession() as http, http.ws_connect(
            f"{serving.web}/m/{match_id}/ws?t={token.split('?t=')[1]}",
            headers={"Origin": serving.web}) as ws:
        seen = json.loads((await ws.receive(timeout=timeout)).data)["version"]
        for _ in range(samples):
            match = await repo.match(match_id)
            if match is None or match.status != "active":
                break
            assert match.state is not None  # an active game has one
            seat = min(RULES.active_seats(match.state))
            label = RULES.legal_actions(match.state, seat)[0].split(":")[1]
            t0 = time.perf_counter()
            result = await driver.click(PLAYERS[seat], board, label=label)
            if result.record is not None:
                playing.moved.append(result.record.id)
            if not result.ok:
                playing.unanswered.append(f"{label} in game {match_id}: {result.errors}")
                break
            while seen <= match.version:
                seen = json.loads((await ws.receive(timeout=timeout)).data).get("version", seen)
            serving.pushed.append(time.perf_counter() - t0)

            async def redrawn(version: int = match.version + 1) -> bool:
                return shows(board, match_id, version)
            await until(redrawn, f"game {match_id}'s board after {label}", timeout)


def guilds_called(server: FakeDiscord) -> dict[str, set[int | None]]:
    """Each bot token → the guilds of the channels its REST calls named (None: no such
    channel), from the double's request log."""
    called: dict[str, set[int | None]] = {}
    for request in server.requests:
        found = CHANNEL_PATH.match(request.path)
        if request.token is not None and found:
            channel = server.world.channels.get(int(found[1]))
            called.setdefault(request.token, set()).add(channel.guild_id if channel else None)
    return called


def received_by(server: FakeDiscord) -> dict[int, str]:
    """Every interaction the double dispatched: its id → the bot token of the gateway session
    (so the process) it went to."""
    found: dict[int, str] = {}
    for session in server.gateway.sessions:
        for _, frame in session._frames:  # every dispatch it was sent, kept for RESUME
            if '"INTERACTION_CREATE"' in frame and session.token is not None:
                found[int(json.loads(frame)["d"]["id"])] = session.token
    return found


async def measure(server_url: str, count: int = COUNT, samples: int = SAMPLES,
                  moves: int = MOVES, pushes: int = PUSHES,
                  timeout: float = 120.0) -> TwoProcesses:
    """The whole run on a fresh database of the server at ``server_url``."""
    world = World(channel_names=[f"table-{i}" for i in range(count)])
    first = world.guild
    second = world.add_guild("Second Guild", shard=(1 - shard_of(first.id, SHARDS), SHARDS),
                             channel_names=[f"table-2-{i}" for i in range(count)])
    sides = [Side(first, "table-"), Side(second, "table-2-")]
    sides[0].web = f"http://127.0.0.1:{free_port()}"  # the first serves the web board
    server = await FakeDiscord(world, check_contract=False).start()
    try:
        async with pg.fresh_database(server_url, prefix="bench") as url:
            db = await open_store(url)
            repo = Repo(db)
            try:
                for side in sides:
                    await store_games(url, world, side, count, moves)
                with tempfile.TemporaryDirectory() as folder:
                    try:
                        await asyncio.gather(*(start_side(server, url, side, Path(folder), repo,
                                                          timeout) for side in sides))
                        driver = Driver(server)
                        await asyncio.gather(*(
                            click_along(driver, repo, side, samples, random.Random(n), timeout)
                            for n, side in enumerate(sides)))
                        await push_across(driver, repo, sides[0], sides[1], pushes, timeout)
                    finally:
                        for side in sides:
                            if side.process is not None:
                                t0 = time.perf_counter()
                                await side.process.stop()
                                side.stopped = time.perf_counter() - t0
            finally:
                await db.close()
    finally:
        await server.stop()
    errors = {s.process.token: s.process.errors for s in sides if s.process is not None}
    return TwoProcesses(sides, received_by(server), errors, guilds_called(server))


def row(name: str, samples: list[float]) -> str:
    """One line of the table: median and p95 of click → first response."""
    return (f"  {name:44s} {len(samples):4d} clicks  median"
            f" {statistics.median(samples) * 1e3:7.2f} ms  p95 {p95(samples) * 1e3:7.2f} ms")


async def bench_two_processes(server_url: str | None, one_process: list[float] | None = None,
                              count: int = COUNT, samples: int = SAMPLES,
                              pushes: int = PUSHES) -> TwoProcesses | None:
    """Print the figure (per process and overall) beside the one-process figure of the same
    run when given; one line instead when there is no PostgreSQL server."""
    if server_url is None:
        print(f"{TITLE.format(count=count)}: skipped, no PostgreSQL server (see above)")
        return None
    run = await measure(server_url, count, samples, pushes=pushes)
    print(f"{TITLE.format(count=count)} (and median), two guilds at once:")
    for number, side in enumerate(run.sides, 1):
        print(row(f"process {number} ({side.guild.name}, {len(side.games)} games)",
                  side.samples))
    print(row(f"both processes ({sum(len(s.games) for s in run.sides)} games)",
              [t for side in run.sides for t in side.samples]))
    if one_process:
        print(row(f"one process, {count} games, in-process, SQLite", one_process))
    pushed = run.sides[0].pushed
    if pushed:
        print(f"  a move clicked in Discord (process 2) → on a web board served by process 1"
              f" (NOTIFY): median {statistics.median(pushed) * 1e3:7.2f} ms"
              f"  p95 {p95(pushed) * 1e3:7.2f} ms ({len(pushed)} moves)")
    for number, side in enumerate(run.sides, 1):
        token = side.process.token if side.process is not None else None
        astray = sum(run.received.get(i) != token for i in side.sent)
        elsewhere = len(run.touched.get(token or "", set()) - {side.guild.id})
        print(f"  process {number}: ready after {side.ready:5.2f} s, every board redrawn after"
              f" {side.drawn:5.2f} s, stopped by SIGINT after {side.stopped:5.2f} s; its"
              f" guild's clicks unanswered {len(side.unanswered)}, sent elsewhere {astray};"
              f" other guilds called {elsewhere}")
    for token, lines in run.errors.items():
        if lines:
            print(f"  {token} logged {len(lines)} errors, the first: {lines[0]}")
    return run


async def main() -> int:
    """`python -m tools.bench_processes`: this figure alone, on a server of its own."""
    from tools.bench_engines import postgres_server

    with postgres_server() as server:
        await bench_two_processes(server)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
