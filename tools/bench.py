"""`make bench`: medians, p95s and ratios of the bot's hot paths, measured in one run.

Per game: apply + commit of one action on a SQLite file (WAL) and on PostgreSQL (a server the
run starts itself with pgserver; one line says why where it cannot), actions per second and the
ratio PostgreSQL / SQLite (tools.bench_engines); open games a new process picks up a second
after a crash, on each engine (tools.bench_resume); many games committing at once through the
one shared connection against one after another, and `synchronous = FULL` against NORMAL; every
picture kind's render + palette encode and bytes beside the full-colour encode of the same
picture; then interaction latency (at rest, and with two CPU hogs alongside) and memory per
game, and Schicki Micki's result latency and Discord calls per won row, through the Discord
double (tools.bench_discord), and interaction latency with two real bot processes, one shard
each, on one PostgreSQL database and 200 open games a guild, a move made through one of them
until a web board the other serves has it, and how long each takes to stop on SIGINT
(tools.bench_processes). Mariposas: its computer's mean score against random players, a full
4-computer game's engine time and a random 4-player game's. Soak: 2,000 short games in one
process (tools.soak): the per-match structures back at their idle size and the resident memory
after warm-up. Replays: a 100-action game rebuilt from its log to its last step and that step
drawn, and a whole game exported as an animated GIF (and WebP): time and bytes. Last, the short
form of the computer levels' tournament (tools.tournament; `make tournament` plays the full
one).
Figures go to stdout; nothing here asserts a time.
"""

from __future__ import annotations

import asyncio
import functools
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

import bot.games
from bot.autoplay import autoplay
from bot.computers import RandomBrain
from bot.db import open_db
from bot.db.repo import Repo
from bot.games import REGISTRY
from bot.games.core import action_rng, apply_checked, start
from bot.games.mariposas.rules import RULES as MARIPOSAS
from bot.games.mariposas.spec import Brain as MariposasBrain
from bot.games.mimic import hints
from bot.i18n import words
from bot.replay import rebuild, sample, shown
from cogs.replay_steps import MAX_FRAMES
from presentation.schicki_micki.table import settled
from rendering import canvas, mariposas, mimic, mimikri, replay, schicki_micki
from tests.rendering.gallery import pictures
from tools import tournament
from tools.bench_discord import bench_latency, bench_reactions
from tools.bench_engines import bench_engines, postgres_server
from tools.bench_figures import summary
from tools.bench_processes import COUNT as GAMES_A_GUILD
from tools.bench_processes import bench_two_processes
from tools.bench_resume import bench_resume
from tools.bench_web import bench_web
from tools.soak import bench_soak

GAMES = {game.id: game.typical for game in bot.games.GAMES.values()}
"""Game → (players, options) of a typical table (each game's spec says)."""
SHORT_TOURNAMENT = 20
"""Games per pairing of the tournament's short form: about a minute on two cores."""


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall times of ``repeat`` calls."""
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


async def _commit_game(repo: Repo, game: str, channel: int, samples: list[float],
                       yield_between: bool = False) -> int:
    """Create a match and commit a whole computer game of ``game`` into it; return its size.
    ``samples`` gets each commit's wall time, waiting for the connection included."""
    rules = REGISTRY[game]
    players, options = GAMES[game]
    moves = list(autoplay(rules, f"bench-{channel}", players, options))
    match_id = await repo.create_match(game=game, guild_id=1, channel_id=channel, host_id=1,
                                       host_name="bench", seed=f"bench-{channel}",
                                       options=dict(options), now=0.0)
    await repo.start_match(match_id, start(rules, f"bench-{channel}", players, options), None,
                           0.0)
    for version, move in enumerate(moves):
        t0 = time.perf_counter()
        await repo.commit_action(match_id, expected_version=version, state=move.state,
                                 seat=move.seat, code=move.action, at_ms=0, actor="computer",
                                 deadline=None, now=0.0)
        samples.append(time.perf_counter() - t0)
        if yield_between:
            await asyncio.sleep(0)  # let the other games' commits in, as a busy bot does
    return len(moves)


async def bench_shared_connection(folder: Path, games: int = 8) -> None:
    """Many games committing at once through the one connection, one transaction at a time,
    against the same games one after another."""
    rates = {}
    for mode in ("one after another", f"{games} at once"):
        db = await open_db(str(folder / f"shared-{games}-{mode[0]}.sqlite3"))
        repo = Repo(db)
        samples: list[float] = []
        t0 = time.perf_counter()
        if mode[0] == "o":
            count = sum([await _commit_game(repo, "mimikri", c, samples) for c in range(games)])
        else:
            count = sum(await asyncio.gather(*(
                _commit_game(repo, "mimikri", c, samples, yield_between=True)
                for c in range(games))))
        rates[mode] = count / (time.perf_counter() - t0)
        await db.close()
        print(f"{mode:18s} {count:5d} commits  commit {summary(samples)}"
              f"  {rates[mode]:8.0f} commits/s")
    slower = rates["one after another"] / rates[f"{games} at once"]
    print(f"throughput, one after another / at once: {slower:4.2f}")


async def bench_sync_modes(folder: Path) -> None:
    """The price of `synchronous = FULL` (durable against power loss) over NORMAL."""
    medians = {}
    for mode in ("FULL", "NORMAL"):
        db = await open_db(str(folder / f"sync-{mode}.sqlite3"))
        await db.execute(f"PRAGMA synchronous = {mode}")
        samples: list[float] = []
        for channel in range(3):
            await _commit_game(Repo(db), "mimikri", channel, samples)
        await db.close()
        medians[mode] = statistics.median(samples)
        print(f"synchronous = {mode:6s} commit {summary(samples)}")
    print(f"FULL / NORMAL: {medians['FULL'] / medians['NORMAL']:4.2f}"
          f" (+{(medians['FULL'] - medians['NORMAL']) * 1e3:.3f} ms a commit)")


def crowded_mimic(count: int = 12) -> list[tuple[dict, int]]:
    """MIMIC positions with 25 or more cards on the grid (and the seat to move), from
    computer games."""
    rules = REGISTRY["mimic"]
    found: list[tuple[dict, int]] = []
    for seed in range(60):
        for move in autoplay(rules, f"crowd-{seed}", 2, {}):
            seat = move.state["turn"]
            if len(move.state["cards"]) >= 25 and len(move.state["hands"][seat]) == 5:
                found.append((move.state, seat))
                break
        if len(found) >= count:
            break
    return found


def bench_mimic_cells() -> None:
    """Legal cells for every card of a full hand on a crowded board."""
    views = [REGISTRY["mimic"].view(state, seat) for state, seat in crowded_mimic()]
    samples = [t for view in views for t in timed(functools.partial(hints.hand_targets, view), 20)]
    print(f"mimic legal cells, whole hand on {len(views)} crowded boards (25+ cards):"
          f" {summary(samples)}")


def bench_renders() -> None:
    """Every picture kind: render + palette encode, its bytes, and the full-colour encode of
    the same picture (what the bot sent before palettes) beside it."""
    names = ["Ada", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus"]
    kinds = pictures(words("en"), names)
    for render in kinds.values():  # warm the picture caches, as a running bot has them
        render()
    print(f"{'picture':44s} {'render+encode':>24s} {'bytes':>8s}   "
          f"{'RGB encode':>24s} {'RGB bytes':>9s}  ratio")
    sizes: dict[str, float] = {}
    ratios: dict[str, float] = {}
    for name, render in kinds.items():
        total = timed(render, 9)
        png = render()
        image = Image.open(io.BytesIO(png)).convert("RGB")
        rgb = timed(functools.partial(canvas.to_rgb_png, image), 9)
        ratio = statistics.median(total) / statistics.median(rgb)
        sizes[name], ratios[name] = len(png) / 1024, ratio
        print(f"{name[:44]:44s} {summary(total)} {len(png) / 1024:6.1f} KiB   "
              f"{summary(rgb)} {len(canvas.to_rgb_png(image)) / 1024:6.1f} KiB  {ratio:4.2f}")
    # The aims, in one place: every picture ≤ 80 KB, the real-time Schicki Micki
    # table ≤ 60 KB, render + encode ≤ 0.8 × the full-colour encode alone.
    tables = [kb for name, kb in sizes.items() if name.startswith("schicki_micki")
              and "result" not in name]
    slow = sorted((r, n) for n, r in ratios.items() if r > 0.8)
    print(f"largest picture {max(sizes.values()):.1f} KiB (aim ≤ 80); largest Schicki Micki"
          f" table {max(tables):.1f} KiB (aim ≤ 60); render + encode / RGB encode median"
          f" {statistics.median(ratios.values()):.2f}, {len(slow)} of {len(ratios)} kinds"
          f" above 0.8" + (f" (worst {slow[-1][0]:.2f}, {slow[-1][1]})" if slow else ""))


def bench_mariposas_map() -> None:
    """Mariposas' map as a turn redraws it (the cached static layer plus the pieces) against
    the palette encode of that same image: drawing must cost no more than the encode."""
    from rendering.mariposas import map as mariposas_map
    from tests.rendering.gallery import playout

    view = MARIPOSAS.view(playout("mariposas", 4, {}, 3, 200), None)
    w = words("en")

    def draw() -> Image.Image:
        layer = mariposas_map.static_layer(w)
        mariposas_map.pieces(layer, view, w)
        return layer

    image = draw()
    drawn, encoded = timed(draw, 31), timed(lambda: canvas.to_png(image), 31)
    print(f"mariposas map: draw {summary(drawn)}   encode {summary(encoded)}   "
          f"draw / encode {statistics.median(drawn) / statistics.median(encoded):4.2f}"
          f"   {len(canvas.to_png(image)) / 1024:5.1f} KiB")


def bench_mariposas_landings() -> None:
    """Where a move of 5 can land, from every space of the map (aim: p95 ≤ 1 ms)."""
    from bot.games.mariposas.content import load

    graph = load().board.graph
    samples = [t for space in range(len(graph))
               for t in timed(functools.partial(graph.reachable, space, 5), 3)]
    print(f"mariposas landings for a move of 5, from each of {len(graph)} spaces:"
          f" {summary(samples)} (aim p95 ≤ 1 ms)")


def _mariposas_game(seed: str, brains: list) -> tuple[list[int], int, float, float]:
    """One Mariposas game through apply_checked: final scores, actions, and the seconds spent
    in the rules (apply, legal actions, views) and in the computers' choices."""
    state = start(MARIPOSAS, seed, len(brains), {})
    version, rules_time, choose_time = 0, 0.0, 0.0
    while MARIPOSAS.outcome(state) is None:
        t0 = time.perf_counter()
        seat = min(MARIPOSAS.active_seats(state))
        view = MARIPOSAS.view(state, seat)
        legal = [a for a in MARIPOSAS.legal_actions(state, seat) if a != "undo"]
        t1 = time.perf_counter()
        action = brains[seat].choose(view, legal, action_rng(f"{seed}:computer:{seat}", version))
        t2 = time.perf_counter()
        step = apply_checked(MARIPOSAS, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=version)
        state, version = step.state, step.version
        rules_time += (t1 - t0) + (time.perf_counter() - t2)
        choose_time += t2 - t1
    return list(state["result"]["scores"]), version, rules_time, choose_time


def bench_mariposas(games: int = 50) -> None:
    """The computer against random-legal players (never undoing) in seeded 3-player games, its
    seat rotated; then the engine time of full 4-computer games and of full 4-player games
    between random players (Mariposas is not in the registry yet, so its rules are called
    directly)."""
    computer, randoms = [], []
    for game in range(games):
        seat = game % 3
        brains = [MariposasBrain("normal") if s == seat else RandomBrain() for s in range(3)]
        scores = _mariposas_game(f"bench-ai-{game}", brains)[0]
        computer.append(scores[seat])
        randoms += [p for s, p in enumerate(scores) if s != seat]
    wins = sum(c > max(randoms[2 * g], randoms[2 * g + 1]) for g, c in enumerate(computer))
    print(f"mariposas, {games} 3-player games (1 computer + 2 random, seats rotated):"
          f" computer mean {statistics.mean(computer):5.1f}, random mean"
          f" {statistics.mean(randoms):5.1f}; the computer won {wins} of {games}")
    runs = [_mariposas_game(f"bench-4ai-{g}", [MariposasBrain("normal") for _ in range(4)])
            for g in range(5)]
    totals = [r[2] + r[3] for r in runs]
    middle = runs[totals.index(statistics.median(totals))]
    print(f"mariposas, a full 4-computer game (median of {len(runs)}): engine time"
          f" {statistics.median(totals):5.2f} s (aim < 2) for {middle[1]} actions: rules"
          f" {middle[2]:5.2f} s, computers choosing {middle[3]:5.2f} s")
    randoms_only = [_mariposas_game(f"bench-4random-{g}", [RandomBrain() for _ in range(4)])
                    for g in range(5)]
    totals = [r[2] + r[3] for r in randoms_only]
    print(f"mariposas, a full random 4-player game (median of {len(randoms_only)}): engine"
          f" time {statistics.median(totals):5.2f} s (aim < 2), median"
          f" {statistics.median(r[1] for r in randoms_only):.0f} actions")


REPLAY_ACTIONS = 100
BOARDS = {  # game → its channel picture of one replay step
    "mimikri": lambda view, frame, names, w: mimikri.render_board(view, names, w),
    "schicki_micki": lambda view, frame, names, w: schicki_micki.render_table(
        view, names, w, resolved=settled(frame.events)),
    "mimic": lambda view, frame, names, w: mimic.render_board(view, names, w),
    "mariposas": lambda view, frame, names, w: mariposas.render_board(view, names, w),
}


def bench_replays() -> None:
    """Per game: a 100-action log (a game's first 100 actions) rebuilt from its seed to the
    last step and that step's board drawn, as /game replay's ⏭ does; then the whole game
    (at most `MAX_FRAMES` steps, spread) drawn and encoded as an animated GIF and WebP."""
    w = words("en")
    for game, (players, options) in GAMES.items():
        rules, draw = REGISTRY[game], BOARDS[game]
        names = ["Ada", "Ben", "Cleo", "Dev"][:players]
        moves = list(autoplay(rules, "bench-replay", players, options))
        log = [(m.seat, m.action, 0) for m in moves]
        cut = log[:REPLAY_ACTIONS]

        def last_step(cut=cut, rules=rules, draw=draw, names=names, players=players,
                      options=options) -> bytes:
            frames = rebuild(rules, "bench-replay", players, options, cut)
            return draw(rules.view(frames[-1].state, None), frames[-1], names, w)

        print(f"{game:14s} replay of {len(cut)} actions to its last step (rebuild + render)"
              f" {summary(timed(last_step, 5))}")
        steps = shown(rules, rebuild(rules, "bench-replay", players, options, log))
        picked = [steps[i] for i in sample(len(steps), MAX_FRAMES)]
        t0 = time.perf_counter()
        pngs = [draw(rules.view(f.state, None), f, names, w) for f in picked]
        drawn = time.perf_counter() - t0
        for fmt in ("gif", "webp"):
            encode = timed(functools.partial(replay.export, pngs, fmt), 3)
            size = len(replay.export(pngs, fmt))
            print(f"{game:14s} {fmt:4s} export of {len(pngs)} of {len(steps)} steps: drawing"
                  f" {drawn:5.1f} s, encode {summary(encode)}, {size / 1024 / 1024:5.2f} MiB")


async def main() -> int:
    """Run every benchmark once and print the figures."""
    print("== actions (apply + commit): a SQLite file (WAL, synchronous = FULL) and a"
          " PostgreSQL 16 database (pgserver, started for this run, local socket) ==")
    with tempfile.TemporaryDirectory() as folder, postgres_server() as server:
        await bench_engines(GAMES, Path(folder), server)
        print("== restart: open games picked up again by a new process (Discord double) ==")
        await bench_resume(Path(folder), server)
        await _the_rest(server)
    return 0


async def _the_rest(server: str | None) -> None:
    """Everything after the storage figures (the server stays up for the two processes')."""
    print("== one connection, one transaction at a time (Mimikri games, commit only) ==")
    with tempfile.TemporaryDirectory() as folder:
        await bench_shared_connection(Path(folder))
        await bench_sync_modes(Path(folder))
    print("== Mariposas computer players and landings ==")
    bench_mariposas()
    bench_mariposas_landings()
    print("== MIMIC legal cells ==")
    bench_mimic_cells()
    print("== pictures: render + 256-colour PNG against the full-colour encode (warm caches) ==")
    bench_renders()
    bench_mariposas_map()
    print("== replays: rebuild + last step, and the whole game as an animation ==")
    bench_replays()
    print("== Discord round trips (real discord.py client, fake Discord on 127.0.0.1) ==")
    one_process = await bench_latency()
    await bench_two_processes(server, one_process.get(GAMES_A_GUILD))
    await bench_reactions()
    print("== the live web board: commits pushed to open boards (WebSockets on 127.0.0.1) ==")
    await bench_web()
    print("== soak: short games one after another in one process (Discord double) ==")
    await bench_soak()
    print("== computer levels: the tournament's short form (make tournament: the full one) ==")
    tournament.main(["--games", str(SHORT_TOURNAMENT)])


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
