"""The Discord half of `make bench`: interaction → first response through the test double.

The real bot runs against the fake Discord on 127.0.0.1 with 1, 50 and 200 Mimikri games open
at once; a user clicks a legal move on a random game and we time until Discord has the bot's
first response (the deferral). With 1 and 200 games open the clicks are timed again with two
CPU-burning processes running alongside (tools.bench_hogs), as on a busy machine. Memory per
active game is what Python allocated for the extra games, traced outside the double (which
keeps every image it was ever sent). Schicki Micki: the time until a window's result shows in
the table message, and the Discord calls of a won row (the bot's own requests the double
recorded, up to the next row's first card). Two processes on one PostgreSQL have their own
module, tools.bench_processes.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

from bot.app import create_bot
from bot.games import REGISTRY
from bot.settings import Settings
from tests.double import Driver, FakeDiscord, Message, World, run_bot
from tests.e2e.table import Table, game_id
from tools.bench_figures import p95
from tools.bench_hogs import HOG, HOGS, cpu_hogs

COUNTS = (1, 50, 200)
HOGGED = (1, 200)  # games open when it is measured again with CPU hogs alongside
SAMPLES = 40
RULES = REGISTRY["mimikri"]


def _legal_label(state: dict) -> str:
    seat = min(RULES.active_seats(state))
    action = RULES.legal_actions(state, seat)[0]
    return action.split(":")[1]


def _traced_outside_double() -> int:
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, "*tests/double/*")])
    return sum(stat.size for stat in snapshot.statistics("filename"))


async def bench_latency(counts: tuple[int, ...] = COUNTS, hogged: tuple[int, ...] = HOGGED,
                        samples: int = SAMPLES,
                        hog: Sequence[str] = HOG) -> dict[int, list[float]]:
    """Print median and p95 of interaction → first response at each of ``counts`` games open,
    also with two CPU hogs (``hog``) alongside at each of ``hogged``, and memory per game;
    return the samples of the machine at rest by games open."""
    world = World(channel_names=[f"table-{i}" for i in range(max(counts))])
    server = await FakeDiscord(world, check_contract=False).start()
    with tempfile.TemporaryDirectory() as folder, server.patch_discord():
        driver = Driver(server)

        async def start_bot(client):
            return await run_bot(server, client)

        table = Table(server, driver, start_bot, Path(folder) / "bench.sqlite3")
        settings = Settings(token="", database_path=str(table.db),
                            dev_guild_id=world.guild.id, computer_delay=0)
        table.running = await start_bot(create_bot(settings))
        games: list[tuple[int, Message]] = []
        rng = random.Random(7)
        tracemalloc.start()
        try:
            memory: dict[int, int] = {}
            figures: dict[int, list[float]] = {}
            busy: dict[int, list[float]] = {}
            for count in counts:
                while len(games) < count:
                    games.append(await _open(table, f"table-{len(games)}"))
                await table.idle(60)
                memory[count] = _traced_outside_double()
                figures[count] = await _clicks(table, games, rng, samples)
                print(_line(f"{count:4d} games open", figures[count]))
                if count in hogged:
                    # The hogs only while clicking: opening games is no part of the figure.
                    with cpu_hogs(HOGS, hog):
                        busy[count] = await _clicks(table, games, rng, samples)
                    print(_line(f"{count:4d} games open, {HOGS} CPU hogs alongside",
                                busy[count]))
            if len(counts) > 1:
                per_game = (memory[counts[-1]] - memory[counts[0]]) / (counts[-1] - counts[0])
                print("memory per active game (Python heap, outside the double):"
                      f" {per_game / 1024:.1f} KiB")
            if busy:
                print("interaction → first response p95, at rest → with two CPU hogs: " + ", ".join(
                    f"{count} game{'s' * (count != 1)} {p95(figures[count]) * 1e3:.2f} →"
                    f" {p95(taken) * 1e3:.2f} ms"
                    for count, taken in busy.items()))
        finally:
            tracemalloc.stop()
            await table.running.close()
    await server.stop()
    return figures


async def _clicks(table: Table, games: list[tuple[int, Message]], rng: random.Random,
                  samples: int) -> list[float]:
    """``samples`` clicks, each a legal move in a random open game once the board of the
    previous one is redrawn: click → the first response Discord has (the deferral). A click
    Discord had no answer to in time is timed all the same (its wait) and said so."""
    driver = table.driver
    taken, unanswered = [], 0
    for _ in range(samples):
        match_id, board = rng.choice(games)
        match = await table.match(match_id)
        assert match.state is not None  # its game is on (a board to click)
        user = ("alice", "bob")[min(RULES.active_seats(match.state))]
        t0 = time.perf_counter()
        result = await driver.click(user, board, label=_legal_label(match.state))
        taken.append(time.perf_counter() - t0)
        unanswered += not result.ok
        await table.idle(30)
    if unanswered:
        print(f"  {unanswered} of {samples} clicks had no answer within Discord's"
              f" {table.server.interaction_deadline:.0f} s")
    return taken


def _line(what: str, samples: list[float]) -> str:
    return (f"{what}: interaction → first response median {statistics.median(samples) * 1e3:6.2f}"
            f" ms  p95 {p95(samples) * 1e3:6.2f} ms")


async def _open(table: Table, channel: str) -> tuple[int, Message]:
    driver = table.driver
    opened = await driver.slash("alice", channel, "mimikri new", turn_timer=0)
    board = opened.message
    assert board is not None
    await driver.click("bob", board, label="Join")
    await driver.click("alice", board, label="Start")
    return game_id(board.content), board


async def bench_reactions(rows: int = 12) -> None:
    """Schicki Micki with 7 players: the time from the last reaction to the result shown in the
    table message, beyond the settle window, and the Discord calls of a won row (from the
    reactions to the next row's first card), when all 7 react within 10 ms and when one does."""
    print("Schicki Micki, one table message per game; a won row's calls: the window's edit,"
          " the result's edit, one removal per player's reaction, the next row's first card")
    await _reaction_rows(rows, reacting=7)
    await _reaction_rows(rows, reacting=1)


async def _reaction_rows(rows: int, reacting: int) -> None:
    from bot.games.schicki_micki.deck import cards
    from bot.games.schicki_micki.table import read_table
    from presentation.schicki_micki.words import SAY

    world = World()
    server = await FakeDiscord(world, check_contract=False).start()
    scale = 0.2  # settle window 0.3 s, a card every 0.5 s
    players = ["alice", "bob", "carol", "dave", "erin", "frank", "grace"]
    with tempfile.TemporaryDirectory() as folder, server.patch_discord():
        driver = Driver(server)

        async def start_bot(client):
            return await run_bot(server, client)

        table = Table(server, driver, start_bot, Path(folder) / "bench.sqlite3")
        table.time_scale = scale
        await table.start()
        opened = await driver.slash("alice", "games", "schicki new")
        lobby = opened.message
        assert lobby is not None
        match_id = game_id(lobby.content)
        for name in players[1:]:
            await driver.click(name, lobby, label="Join")
        await driver.click("alice", lobby, label="Start")
        latencies: list[float] = []
        calls: list[int] = []
        removals: list[int] = []
        settle = 1.5 * scale
        try:
            while len(latencies) < rows:
                match = await table.match(match_id)
                if match.status != "active":
                    break
                state = match.state
                assert state is not None and match.message_id is not None  # on, at its table
                correct = read_table(cards()[c] for c in state["table"]).correct
                if state["phase"] != "dealing" or not correct:
                    await asyncio.sleep(0.01)
                    continue
                await table.bot.publisher.drawn(match_id, match.version)  # players see it
                before = len(server.requests)
                mark = driver.mark()
                burst = [(p, match.message_id, SAY[correct]) for p in players[:reacting]]
                await driver.react_burst(burst)
                t0 = time.perf_counter()
                await driver.wait_for_message(lambda m: "\n**Row" in m.content, since=mark,
                                              timeout=10, edits=True)
                latencies.append(time.perf_counter() - t0 - settle)
                await _next_card(table, match_id, state["row"])
                done = server.requests[before:]
                calls.append(len(done))
                removals.append(sum(r.method == "DELETE" and "/reactions/" in r.path
                                    for r in done))
        finally:
            assert table.running is not None
            await table.running.close()
    await server.stop()
    ordered = sorted(latencies)
    print(f"  {reacting} player(s) reacting within 10 ms: result shown after the settle window"
          f" median {statistics.median(ordered) * 1e3:6.1f} ms"
          f"  p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1e3:6.1f} ms;"
          f" Discord calls per won row median {statistics.median(calls):.0f}"
          f" (of them removals of players' reactions {statistics.median(removals):.0f})")


async def _next_card(table: Table, match_id: int, row: int, timeout: float = 15) -> None:
    """Wait until the next row's first card is shown (or the game is over)."""
    async def shown() -> None:
        while True:
            match = await table.match(match_id)
            state = match.state
            if match.status != "active" or (state and state["row"] > row and state["table"]):
                await table.bot.publisher.drawn(match_id, match.version)
                return
            await asyncio.sleep(0.005)
    await asyncio.wait_for(shown(), timeout)
