"""`make bench`'s restart figure: how fast the bot picks its open games up again after a crash.

COUNT open games of the four games are stored as a killed process leaves them: MOVES actions
into each (committed by `Repo.commit_action`), their board messages posted but showing an
older version (a crash between a commit and its redraw), the turn-based ones' turn timers
running. Then the real bot starts on that database against the Discord double.
Timed from its `setup_hook` — which opens the database, loads the extensions (Schicki Micki's
`cog_load` re-arms its dealers) and calls `SessionService.resume` and every cog's
`resume_games`, as at every start — until every game's board shows its stored version and
every Schicki Micki table has its emojis again: matches resumed per second, on a SQLite file
and on PostgreSQL. The bot's login to the double comes before `setup_hook` and is not counted.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, cast

from bot.app import create_bot
from bot.autoplay import Move, autoplay
from bot.db.repo import Repo
from bot.db.store import is_postgres, open_store
from bot.games import REGISTRY
from bot.games.core import SYSTEM, start
from bot.settings import Settings
from cogs._bot import GameBot
from tests.double import FakeDiscord, User, World, run_bot
from tools.bench_engines import database, engines

COUNT = 200
WARM_UP = 8  # games of a first restart that is not counted
MOVES = 12  # actions into each game: its log is replayed at the restart, so depth costs time
TIMER = 600  # seconds a turn: far enough off that no timer fires while we measure
TABLES: dict[str, tuple[int, dict[str, Any]]] = {  # game → (players, options)
    "mimikri": (4, {"subjects": 5, "turn_timer": TIMER}),
    "schicki_micki": (4, {}),
    "mimic": (2, {"turn_timer": TIMER}),
    "mariposas": (4, {"turn_timer": TIMER}),
}
SLOW_CLOCK = 1000.0  # Schicki Micki's dealers wait instead of dealing on while we measure
SCHICKI = "schicki_micki"


@dataclass(frozen=True)
class Restart:
    """What one restart took, from the start of `setup_hook`."""

    matches: int  # open games stored
    moves: int  # actions into each
    ready: float  # seconds until `setup_hook` returned (every game re-armed, redraws queued)
    picked_up: float  # seconds until every board showed its stored version
    redrawn: int  # stored board messages the new process edited

    @property
    def rate(self) -> float:
        """Matches resumed a second."""
        return self.matches / self.picked_up


@functools.cache
def _opening(game: str, moves: int) -> tuple[Move, ...]:
    """The first ``moves`` actions of a seeded computer game (computed once a run: every
    stored game of a kind shares its seed, so all of them replay the same log)."""
    players, options = TABLES[game]
    return tuple(islice(autoplay(REGISTRY[game], f"resume-{game}", players, options), moves))


async def store_open_game(repo: Repo, *, game: str, guild_id: int, channel_id: int,
                          board_id: int, users: Sequence[User], seed: str,
                          options: dict[str, Any], opening: Sequence[Move],
                          deadline: float | None, now: float) -> int:
    """One running game as a killed process leaves it: ``users`` seated (the first hosts),
    the ``opening`` actions committed, ``board_id`` its board message; its id."""
    async with repo.transaction():  # one per game: storing is not what we measure
        match_id = await repo.create_match(
            game=game, guild_id=guild_id, channel_id=channel_id, host_id=users[0].id,
            host_name=users[0].username, seed=seed, options=options, now=now)
        for user in users[1:]:
            await repo.add_seat(match_id, user.id, user.username)
        await repo.start_match(match_id, start(REGISTRY[game], seed, len(users), options),
                               deadline, now)
        for version, move in enumerate(opening):
            await repo.commit_action(
                match_id, expected_version=version, state=move.state, seat=move.seat,
                code=move.action, at_ms=0, deadline=deadline, now=now,
                actor="system" if move.seat == SYSTEM else "player")
        await repo.set_message(match_id, board_id)
    return match_id


async def store_games(target: str, world: World, count: int, moves: int) -> list[int]:
    """Store ``count`` open games, ``moves`` actions into each, one a channel, the games
    taking turns; return their ids."""
    db = await open_store(target)
    repo, users, ids = Repo(db), world.members, []
    now = time.time()
    try:
        for i in range(count):
            game = list(TABLES)[i % len(TABLES)]
            players, options = TABLES[game]
            seed = f"resume-{game}"
            deadline = None if game == SCHICKI else now + TIMER
            channel = world.channel(f"table-{i}")
            board = world.new_message(channel, world.bot_user, content="(the board before)")
            match_id = await store_open_game(
                repo, game=game, guild_id=world.guild.id, channel_id=channel.id,
                board_id=board.id, users=users[:players], seed=seed, options=options,
                opening=_opening(game, moves), deadline=deadline, now=now)
            ids.append(match_id)
    finally:
        await db.close()
    return ids


async def _picked_up(bot: GameBot) -> None:
    """Return once every open game's board shows its stored version and every Schicki Micki
    table (the one message of its game) wears the bot's emojis."""
    publisher, repo = bot.publisher, bot.sessions.repo
    tables: Any = bot.get_cog("SchickiMicki")
    while True:
        await publisher.idle.wait()
        matches = await repo.open_matches()
        if (all(publisher.shown(m.id)[0] >= m.version for m in matches)
                and all(tables.posted.get(m.id) in tables.dressed
                        for m in matches if m.game == SCHICKI)):
            return
        await asyncio.sleep(0.005)


async def measure_restart(target: str, count: int = COUNT, moves: int = MOVES,
                          timeout: float = 300) -> Restart:
    """Store ``count`` open games in ``target`` (a SQLite path or a postgresql:// URL), start
    the bot on them through the Discord double and time how long it takes to pick them up."""
    return (await measure_restarts(target, count, moves, timeout, runs=1))[0]


async def measure_restarts(target: str, count: int = COUNT, moves: int = MOVES,
                           timeout: float = 300, runs: int = 2) -> list[Restart]:
    """As `measure_restart`, then start the bot ``runs - 1`` times more on the same games: the
    boards the first start drew are current then, and only what is behind is drawn again."""
    world = World(channel_names=[f"table-{i}" for i in range(count)])
    server = await FakeDiscord(world, check_contract=False).start()
    figures = []
    try:
        ids = await store_games(target, world, count, moves)
        where: dict[str, Any] = ({"database_url": target} if is_postgres(target)
                 else {"database_path": target})
        settings = Settings(token="", computer_delay=0, time_scale=SLOW_CLOCK, retry_delay=0.05,
                            **where)
        with server.patch_discord():
            for _ in range(runs):
                boards = {world.messages[m].id: len(world.messages[m].versions)
                          for m in world.messages}
                ready, picked_up = await _start_once(server, settings, timeout)
                redrawn = sum(len(world.messages[m].versions) > seen
                              for m, seen in boards.items())
                figures.append(Restart(len(ids), moves, ready, picked_up, redrawn))
    finally:
        await server.stop()
    return figures


async def _start_once(server: FakeDiscord, settings: Settings, timeout: float
                      ) -> tuple[float, float]:
    """Start a bot, wait until it picked every game up, close it: seconds from the start of
    its `setup_hook` until that returned and until every game was picked up."""
    bot = create_bot(settings)
    marks: dict[str, float] = {}
    setup = bot.setup_hook

    async def timed_setup() -> None:  # the bot's own start-up, only timed
        marks["start"] = time.perf_counter()
        await setup()
        marks["ready"] = time.perf_counter()

    bot.setup_hook = timed_setup  # type: ignore[method-assign]
    running = await run_bot(server, bot, ready_timeout=timeout)
    try:
        # Composed by its setup_hook (the root's services on it) once it runs.
        await asyncio.wait_for(_picked_up(cast(GameBot, bot)), timeout)
        done = time.perf_counter()
    finally:
        await running.close()
    return marks["ready"] - marks["start"], done - marks["start"]


def line(engine: str, figures: Restart) -> str:
    """One engine's restart figures."""
    return (f"{engine:10s} {figures.matches} open games, {figures.moves} actions into each:"
            f" set-up (database, extensions, games re-armed) {figures.ready:5.2f} s, every"
            f" board redrawn ({figures.redrawn} of {figures.matches}) after"
            f" {figures.picked_up:5.2f} s: {figures.rate:5.1f} matches resumed/s")


def again_line(engine: str, figures: Restart) -> str:
    """The figures of a second start on the same games, their boards current."""
    return (f"{engine:10s} again, boards current: set-up {figures.ready:5.2f} s, every game"
            f" picked up after {figures.picked_up:5.2f} s ({figures.redrawn} boards drawn:"
            f" Schicki Micki's tables): {figures.rate:6.1f} matches resumed/s")


async def bench_resume(folder: Path, server: str | None, count: int = COUNT,
                       moves: int = MOVES) -> dict[str, Restart]:
    """Print each engine's restart figures (SQLite in ``folder``; PostgreSQL on ``server``
    when it is up); return them by engine."""
    # Not counted: the first start in a process imports the extensions and fills the
    # renderers' caches, which would make whichever engine goes first look slower.
    await measure_restart(str(folder / "warm-up.sqlite3"), WARM_UP, moves)
    figures = {}
    for engine in engines(server):
        async with database(engine, folder, server, "resume") as target:
            first, again = await measure_restarts(target, count, moves)
        figures[engine] = first
        print(line(engine, first))
        print(again_line(engine, again))
    return figures
