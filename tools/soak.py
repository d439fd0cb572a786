"""A soak of one bot process: many short games in a row, and what the process keeps of them.

Each game is opened, seated and started through the session service (no clicks: the figures
are about what the process keeps, not about Discord), its board drawn by the real publisher
into the Discord double, and then it ends: most are cancelled by their host a move in; every
tenth is played to the end by computers (the host leaves, a computer takes the seat). Mimikri
and Schicki Micki tables alternate, so the publisher, the session service and Schicki Micki's
table pictures all see games come and go. Used by tests/e2e/test_soak.py (a few hundred
games) and by `make bench` (2,000).
"""

from __future__ import annotations

import asyncio
import gc
import os
import resource
import sys
import time
import tracemalloc
from collections import deque
from collections.abc import Callable, Sized
from dataclasses import dataclass, field
from typing import Any

from cogs._bot import GameBot

FINISHED_EVERY = 10  # one game in this many is played to its end, the others cancelled


def kept(bot: GameBot) -> dict[str, int]:
    """The size of every per-match structure of the process, by name."""
    sessions, publisher, turn_pings = bot.sessions, bot.publisher, bot.pings
    schicki: Any = bot.uis.get("schicki_micki")
    dealer = getattr(schicki, "dealer", None)
    sized: dict[str, Sized] = {
        "sessions._locks": sessions._locks, "sessions._history": sessions._history,
        "sessions._tasks": sessions._tasks,
        "publisher.messages.lines": publisher.messages.lines,
        "publisher._drawn": publisher._drawn,
        "publisher._drawn_event": publisher._drawn_event,
        "publisher._drawing": publisher._drawing, "publisher._dirty": publisher._dirty,
        "publisher._kick": publisher._kick, "publisher._failures": publisher._failures,
        "publisher._warned": publisher._warned, "publisher._workers": publisher._workers,
        "publisher._beside": publisher._beside,
        "threads.checked": publisher.threads.checked,
        "threads.linked": publisher.threads.linked,
        "pings._turns": turn_pings._turns,
        "pings._stuck": turn_pings._stuck,
        "pings._later": turn_pings._later,
    }
    if schicki is not None:
        sized["schicki.pictures"] = schicki.pictures
        sized["schicki.results"] = schicki.table._results
    if dealer is not None:
        sized["dealer.tables"], sized["dealer._tasks"] = dealer.tables, dealer._tasks
    cog: Any = bot.get_cog("SchickiMicki")
    if cog is not None:  # its table messages: message → match, match → message, …
        sized |= {"schicki cog.rows": cog.rows, "schicki cog.posted": cog.posted,
                  "schicki cog.dressed": cog.dressed, "schicki cog.lobbies": cog.lobbies,
                  "schicki reactions.marks": cog.reactions.marks}
    return {name: len(value) for name, value in sized.items()}


def rss_mib() -> float:
    """The process's resident memory now, in MiB (Linux), else its peak so far."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


@dataclass
class Soak:
    """What a soak saw: the per-match structures idle and after, and the memory on the way."""

    idle: dict[str, int]
    after: dict[str, int] = field(default_factory=dict)
    rss: list[tuple[int, float]] = field(default_factory=list)  # (games played, MiB)
    # (games played, memory blocks Python's allocator holds): what the objects themselves
    # take, blind to how much the C allocator keeps (which grows on a busy machine).
    blocks: list[tuple[int, int]] = field(default_factory=list)
    heap_growth: float | None = None  # MiB of Python objects made after warm-up still alive
    seconds: float = 0.0

    def grown(self) -> dict[str, tuple[int, int]]:
        """The structures bigger after the games than idle: name → (idle, after)."""
        return {name: (self.idle.get(name, 0), size) for name, size in self.after.items()
                if size > self.idle.get(name, 0)}

    def rss_after_warm_up(self) -> tuple[float, float]:
        """Resident memory at the end of the warm-up (the first fifth) and at the end."""
        warm = self.rss[max(1, len(self.rss) // 5) - 1][1]
        return warm, self.rss[-1][1]

    def rss_growth(self) -> float:
        """How far resident memory rose for good (MiB): see `rose`."""
        return rose(self.rss)

    def block_growth(self) -> float:
        """How far the blocks of Python's allocator rose for good: see `rose`."""
        return rose(self.blocks)


def rose(samples: list[tuple[int, Any]]) -> Any:
    """How far a measure rose for good: the lowest sample of the second half above the highest
    of the warm-up (the first fifth); a passing peak counts for nothing."""
    warm_up = samples[:max(1, len(samples) // 5)]
    second_half = samples[len(samples) // 2:]
    return min(value for _, value in second_half) - max(value for _, value in warm_up)


async def settle(bot: GameBot, until: Callable[[], Any], timeout: float = 30.0) -> None:
    """Wait until ``until()`` (awaited) is true and no board work is pending."""
    async def wait() -> None:
        while True:
            await bot.publisher.idle.wait()
            if await until() and bot.publisher.idle.is_set():
                return
            await asyncio.sleep(0.002)
    await asyncio.wait_for(wait(), timeout)


async def one_game(bot: GameBot, number: int, guild_id: int, channel_id: int,
                   host_id: int) -> None:
    """Open, seat and start one short game; cancel it, or let computers finish it."""
    sessions, repo = bot.sessions, bot.sessions.repo
    game = "schicki_micki" if number % 2 else "mimikri"
    options: dict[str, Any] = {"subjects": 4, "turn_timer": 0} if game == "mimikri" else {}
    match = await sessions.open_lobby(game, guild_id=guild_id, channel_id=channel_id,
                                      host_id=host_id, host_name="Alice", options=options)
    bot.publisher.refresh(match.id)  # no command answered: the publisher posts the lobby
    await sessions.add_computer(match.id, host_id, "easy")
    await sessions.start(match.id, host_id)  # a real-time game's dealer hears of it itself

    async def drawn() -> bool:
        return bot.publisher.shown(match.id)[0] >= 0

    await settle(bot, drawn)
    if game == "mimikri" and number % FINISHED_EVERY == 0:
        await sessions.leave_game(match.id, host_id)  # a computer plays the seat to the end
    else:
        await sessions.cancel(match.id, host_id, is_admin=False)

    async def over() -> bool:
        row = await repo.match(match.id)
        return row is not None and row.status in ("finished", "cancelled") and row.board_final \
            and match.id not in bot.publisher._workers

    await settle(bot, over)


class DoubleTrimmer:
    """Empties the Discord double's records as the soak goes (every message, attachment,
    interaction, request and gateway frame it ever saw, kept for tests to look at): they live
    in this process too, and would otherwise be counted as the bot's memory.

    Messages, attachments and interactions go only once older than `KEEP` seconds: a
    cancelled Schicki Micki table's dealer may still dress its message for a moment."""

    KEEP = 5.0

    def __init__(self, server: Any) -> None:
        self.server = server
        self.marks: deque[tuple[float, int]] = deque()  # (when, the newest id then)

    def __call__(self) -> None:
        world, now = self.server.world, time.monotonic()
        self.marks.append((now, world.ids.next()))
        upto = None
        while self.marks and self.marks[0][0] <= now - self.KEEP:
            upto = self.marks.popleft()[1]
        if upto is not None:
            for kept_here in (world.messages, world.attachments, world.interactions):
                for old in [key for key in kept_here if key <= upto]:
                    del kept_here[old]
            world.interactions_by_token = {
                token: record for token, record in world.interactions_by_token.items()
                if record.id in world.interactions}
        world.actions.actions.clear()
        self.server.requests.clear()
        for session in self.server.gateway.sessions:
            session.sent_events.clear()
            session._frames.clear()


async def soak(bot: GameBot, games: int, *, guild_id: int, channel_id: int,
               host_id: int, samples: int = 10, between: Callable[[], None] | None = None,
               trace: bool = False) -> Soak:
    """Play ``games`` short games one after another on a started bot; measure as it goes
    (``between`` runs after each game: a `DoubleTrimmer`). With ``trace``, the Python objects
    made after the warm-up (the first fifth) and still alive at the end are measured too
    (tracemalloc: slower)."""
    gc.collect()
    figures = Soak(idle=kept(bot))
    every = max(1, games // samples)
    began = time.perf_counter()
    warm_up = max(1, games // 5)
    for number in range(1, games + 1):
        if trace and number == warm_up + 1:
            gc.collect()
            tracemalloc.start()
        await one_game(bot, number, guild_id, channel_id, host_id)
        if between is not None:
            between()
        if number % every == 0 or number == games:
            gc.collect()
            figures.rss.append((number, rss_mib()))
            figures.blocks.append((number, sys.getallocatedblocks()))
    figures.seconds = time.perf_counter() - began
    # A cancelled Schicki Micki table's dealer notices at its next tick (after a countdown at
    # most): the process is idle once it has.
    dealer = bot.dealer

    async def dealt_out() -> bool:
        return not (dealer.tables or dealer._tasks)

    await settle(bot, dealt_out)
    await asyncio.sleep(0)  # let finished tasks drop their frames
    gc.collect()
    figures.after = kept(bot)
    if tracemalloc.is_tracing():
        figures.heap_growth = tracemalloc.get_traced_memory()[0] / 2**20
        tracemalloc.stop()
    return figures


BENCH_GAMES = 2_000


async def bench_soak(games: int = BENCH_GAMES) -> None:
    """`make bench`: ``games`` short games in one bot process against the Discord double; print
    the per-match structures idle and after, and the resident memory after warm-up and at
    the end (with the rate of growth per 1,000 games). The double's own records are emptied
    after each game, so the memory is the bot's (and the double's working set)."""
    # Imported here: the double is a test tool, and this module is also imported by a test.
    import tempfile
    from pathlib import Path

    from bot.app import create_bot
    from bot.settings import Settings
    from tests.double import FakeDiscord, World, run_bot

    world = World()
    server = await FakeDiscord(world, check_contract=False).start()
    with tempfile.TemporaryDirectory() as folder, server.patch_discord():
        settings = Settings(token="", database_path=str(Path(folder) / "soak.sqlite3"),
                            dev_guild_id=world.guild.id, computer_delay=0, time_scale=0.05,
                            retry_delay=0.05)
        running = await run_bot(server, create_bot(settings))
        bot: Any = running.client
        try:
            channel = next(c for c in world.channels.values() if c.name == "games")
            figures = await soak(bot, games, guild_id=world.guild.id, channel_id=channel.id,
                                 host_id=world.user("alice").id, samples=20,
                                 between=DoubleTrimmer(server), trace=True)
        finally:
            await running.close()
    await server.stop()
    print(f"{games} games (1 in {FINISHED_EVERY} played to the end, the rest cancelled) in"
          f" {figures.seconds:.0f} s: {figures.seconds / games * 1e3:.0f} ms a game")
    grown = figures.grown()
    total_idle, total_after = sum(figures.idle.values()), sum(figures.after.values())
    print(f"per-match structures: {total_idle} entries idle, {total_after} after"
          f" ({len(figures.after)} structures; "
          + (f"grown: {grown})" if grown else "every one back at its idle size)"))
    warm, end = figures.rss_after_warm_up()
    warm_games = figures.rss[max(1, len(figures.rss) // 5) - 1][0]
    rate = (end - warm) / max(1, games - warm_games) * 1000
    print(f"resident memory: {figures.rss[0][1]:.1f} MiB after {figures.rss[0][0]} games,"
          f" {warm:.1f} MiB after warm-up ({warm_games} games), {end:.1f} MiB after {games}"
          f" ({rate:+.2f} MiB per 1,000 games after warm-up)")
    if figures.heap_growth is not None:
        print(f"Python objects made after warm-up and still alive after {games} games:"
              f" {figures.heap_growth:.2f} MiB (the double's newest messages and the"
              " bounded caches)")
