"""`make tournament`: the computer levels of every game measured against each other (issue 13).

Per game, 2-player duels of each level against the level below (hard vs normal, normal vs
easy), seeded; the stronger level alternates seats, and each pair of games shares a seed, so
both levels play the same deal from either seat. A win counts 1, a shared win (a tie) ½. The
figures: the stronger level's win rate with its 95 % Wilson interval (the target: its lower end
above 50 %), the mean score of each level, MIMIC's end reasons; then MIMIC's games between equal
computers (the share that ends by the last cube) and solo hard (mean cubes placed of 15); and
the time of a computer's choice alone (p50/p95 per game and level, the target p95 < 50 ms).

Turn-based games run through a copy of `bot.autoplay.autoplay`'s loop that times the brain's
``choose`` (a test keeps the copy equal to the original); Schicki Micki runs through the
dealer's simulated clock (tools.schicki_sim). Games are spread over a process pool; every game
depends only on its seed, so the results (not the times) are the same however they are spread.

    python -m tools.tournament [--games N] [--jobs J]

Fewer than 100 games per pairing is the short form (`make bench` runs one): it says so.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import bot.games
from bot.autoplay import pick_seat
from bot.computers import DEFAULT_LEVEL, new_brain, visible
from bot.games import REGISTRY
from bot.games.core import Event, Outcome, Rules, action_rng, apply_checked, start
from tools.schicki_sim import play_schicki

GAMES = tuple(bot.games.GAMES)
PAIRINGS = (("hard", "normal"), ("normal", "easy"))
"""Each level against the level below it: (stronger, weaker)."""
FULL = 100
"""Games per pairing that issue 13 asks for; fewer is the short form."""
Z95 = 1.959964
MAX_MOVES = 10_000
TIME_LIMIT_MS = 50.0
LAST_CUBE = "last_cube"
MIMIC_CUBES_SOLO = 15


# -- one game -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Job:
    """One game to play: which, on what seed, the level of every seat."""

    game: str
    seed: str
    levels: tuple[str, ...]


@dataclass(slots=True)
class Played:
    """A finished game and the seconds each level's choices took."""

    job: Job
    outcome: Outcome
    seconds: dict[str, list[float]] = field(default_factory=dict)


def play_turns(rules: Rules, seed: str, levels: Sequence[str], options: dict | None = None
               ) -> tuple[Outcome, dict[str, list[float]], list[tuple[int, str]]]:
    """A turn-based game as `bot.autoplay.autoplay` plays it, timing each ``choose`` alone.

    Returns the outcome, the seconds per level and the (seat, action) log.
    """
    state = start(rules, seed, len(levels), options or {})
    history: list[Event] = []
    seconds: dict[str, list[float]] = {level: [] for level in levels}
    log: list[tuple[int, str]] = []
    version = 0
    while rules.outcome(state) is None and version < MAX_MOVES:
        seat = pick_seat(rules.active_seats(state), action_rng(f"{seed}:seat", version))
        level = levels[seat] if 0 <= seat < len(levels) else DEFAULT_LEVEL
        brain = new_brain(rules.id, level)
        brain.observe(visible(history, seat))
        view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
        rng = action_rng(f"{seed}:computer:{seat}", version)
        t0 = time.perf_counter()
        action = brain.choose(view, legal, rng)
        seconds.setdefault(level, []).append(time.perf_counter() - t0)
        step = apply_checked(rules, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=version, at_ms=0)
        history.extend(step.events)
        state, version = step.state, step.version
        log.append((seat, action))
    outcome = rules.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{rules.id} game {seed!r} did not end in {MAX_MOVES} moves")
    return outcome, seconds, log


def play(job: Job) -> Played:
    """Play one job to its end (the pool's worker function)."""
    if bot.games.GAMES[job.game].realtime is not None:  # the dealer's clock, not turns
        game = play_schicki(job.seed, job.levels)
        return Played(job, game.outcome, game.decide_seconds)
    outcome, seconds, _ = play_turns(REGISTRY[job.game], job.seed, job.levels)
    return Played(job, outcome, seconds)


# -- tallies --------------------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: ties)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def points(outcome: Outcome, seat: int) -> float:
    """What a game is worth to ``seat``: 1 won alone, ½ a shared win, 0 lost."""
    if seat not in outcome.winners:
        return 0.0
    return 1.0 if len(outcome.winners) == 1 else 0.5


def duel_jobs(game: str, strong: str, weak: str, games: int) -> list[Job]:
    """``games`` 2-player games, the stronger level in seat 0 of the even ones and seat 1 of
    the odd ones; games 2k and 2k+1 share a seed, so each deal is played from both seats."""
    return [
        Job(game, f"tournament:{game}:{i // 2}",
            (strong, weak) if i % 2 == 0 else (weak, strong))
        for i in range(games)
    ]


@dataclass(slots=True)
class Duel:
    """The tally of one pairing, from the stronger level's side."""

    game: str
    strong: str
    weak: str
    wins: int = 0
    ties: int = 0
    losses: int = 0
    scores: dict[str, list[int]] = field(default_factory=dict)
    ends: Counter = field(default_factory=Counter)

    def add(self, played: Played) -> None:
        """Count one game."""
        seat = played.job.levels.index(self.strong)
        other = 1 - seat
        got = points(played.outcome, seat)
        self.wins += got == 1.0
        self.ties += got == 0.5
        self.losses += got == 0.0
        self.scores.setdefault(self.strong, []).append(played.outcome.scores[seat])
        self.scores.setdefault(self.weak, []).append(played.outcome.scores[other])
        self.ends[played.outcome.termination] += 1

    @property
    def games(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def rate(self) -> float:
        return (self.wins + self.ties / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + self.ties / 2, self.games)

    @property
    def met(self) -> bool:
        """Issue 13's target: the 95 % interval lies above one half."""
        return self.games > 0 and self.interval[0] > 0.5


@dataclass(slots=True)
class Report:
    """Everything the tables show."""

    games: int
    duels: list[Duel]
    mimic_equal: dict[str, list[Outcome]]
    mimic_solo: list[Outcome]
    seconds: dict[tuple[str, str], list[float]]
    wall: float = 0.0


# -- running --------------------------------------------------------------------------------

def all_jobs(games: int) -> list[Job]:
    """Every game of a tournament of ``games`` per pairing, in report order."""
    jobs = [job for game in GAMES for strong, weak in PAIRINGS
            for job in duel_jobs(game, strong, weak, games)]
    jobs += [Job("mimic", f"tournament:mimic:{i}", (level, level))
             for level in ("normal", "hard") for i in range(games)]
    jobs += [Job("mimic", f"tournament:mimic-solo:{i}", ("hard",)) for i in range(games)]
    return jobs


def run(games: int, workers: int = 1) -> Report:
    """Play the tournament, over ``workers`` processes (1: in this one)."""
    t0 = time.perf_counter()
    jobs = all_jobs(games)
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(play, jobs, chunksize=max(1, len(jobs) // (workers * 16)))
    else:
        results = [play(job) for job in jobs]
    report = tally(games, results)
    report.wall = time.perf_counter() - t0
    return report


def tally(games: int, results: Iterable[Played]) -> Report:
    """Gather played games into the report's tallies."""
    duels = {(g, s, w): Duel(g, s, w) for g in GAMES for s, w in PAIRINGS}
    report = Report(games, list(duels.values()), {"normal": [], "hard": []}, [], {})
    for played in results:
        job = played.job
        for level, samples in played.seconds.items():
            report.seconds.setdefault((job.game, level), []).extend(samples)
        if len(job.levels) == 1:
            report.mimic_solo.append(played.outcome)
        elif job.levels[0] == job.levels[1]:
            report.mimic_equal[job.levels[0]].append(played.outcome)
        else:
            strong, weak = sorted(job.levels, key=("hard", "normal", "easy").index)
            duels[(job.game, strong, weak)].add(played)
    return report


# -- tables ---------------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _mark(ok: bool) -> str:
    return "✅" if ok else "❌"


def _quantile(samples: Sequence[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ends(ends: Counter) -> str:
    return ", ".join(f"{reason} {count}" for reason, count in ends.most_common())


def markdown(report: Report) -> str:
    """The report as Markdown tables."""
    n = report.games
    out = [f"## Computer levels: a tournament of {n} seeded games per pairing", ""]
    if n < FULL:
        out += [f"**Short form** ({n} games per pairing, so the intervals are wide): "
                f"`make tournament` plays {FULL} per pairing for the figures issue 13 asks.", ""]
    out += ["Each pairing: 2-player games, the stronger level alternating seats on shared deals;"
            " a win counts 1, a shared win ½. Win rate: the stronger level's, with its 95 %"
            " Wilson interval; the target is an interval above 50 %.", ""]
    for game in GAMES:
        mimic = game == "mimic"
        out += [f"### {REGISTRY[game].name}", ""]
        head = ("| Pairing | Games | Wins / ties / losses | Win rate (95 % interval) "
                "| Mean score (stronger / weaker) | Target |")
        rule = "|---|---:|---:|---|---|:-:|"
        if mimic:
            head, rule = head + " End reasons |", rule + "---|"
        out += [head, rule]
        for duel in (d for d in report.duels if d.game == game):
            lo, hi = duel.interval
            mean = " / ".join(f"{statistics.mean(duel.scores.get(level) or [0]):.1f}"
                              for level in (duel.strong, duel.weak))
            row = (f"| {duel.strong} vs {duel.weak} | {duel.games} | {duel.wins} / {duel.ties}"
                   f" / {duel.losses} | {_pct(duel.rate)} ({_pct(lo)} – {_pct(hi)}) | {mean} "
                   f"| {_mark(duel.met)} |")
            out.append(row + (f" {_ends(duel.ends)} |" if mimic else ""))
        out.append("")
    out += _mimic_lines(report)
    out += _time_lines(report)
    out.append(f"Played in {report.wall:.0f} s.")
    return "\n".join(out) + "\n"


def _mimic_lines(report: Report) -> list[str]:
    out = ["### MIMIC between equal computers, and solo", "",
           "| Games | Games played | Ended by the last cube | Mean cubes placed | End reasons "
           "| Target |", "|---|---:|---:|---:|---|:-:|"]
    for level, outcomes in report.mimic_equal.items():
        share = sum(o.termination == LAST_CUBE for o in outcomes) / max(1, len(outcomes))
        cubes = statistics.mean(s for o in outcomes for s in o.scores) if outcomes else 0.0
        ends = _ends(Counter(o.termination for o in outcomes))
        out.append(f"| 2 players, {level} vs {level} | {len(outcomes)} | {_pct(share)} "
                   f"| {cubes:.1f} per side | {ends} | {_mark(share >= 0.5)} ≥ 50 % |")
    solo = report.mimic_solo
    share = sum(o.termination == LAST_CUBE for o in solo) / max(1, len(solo))
    cubes = statistics.mean(o.scores[0] for o in solo) if solo else 0.0
    out += [f"| solo, hard | {len(solo)} | {_pct(share)} | {cubes:.1f} of {MIMIC_CUBES_SOLO} "
            f"| {_ends(Counter(o.termination for o in solo))} | {_mark(cubes >= 12)} ≥ 12 |", ""]
    return out


def _time_lines(report: Report) -> list[str]:
    out = ["### A computer's move: the time of its choice alone", "",
           "Turn-based games: the brain's `choose`; Schicki Micki: `ai.decide` after each card."
           " Measured in the pool's processes, so a busy machine shows in the p95.", "",
           "| Game | Level | Moves | p50 | p95 | Under 50 ms p95 |", "|---|---|---:|---:|---:|:-:|"]
    for game in GAMES:
        for level in ("easy", "normal", "hard"):
            samples = report.seconds.get((game, level))
            if not samples:
                continue
            p50, p95 = (1000 * _quantile(samples, q) for q in (0.5, 0.95))
            out.append(f"| {REGISTRY[game].name} | {level} | {len(samples)} | {p50:.2f} ms "
                       f"| {p95:.2f} ms | {_mark(p95 < TIME_LIMIT_MS)} |")
    out.append("")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Play the tournament and print its tables."""
    parser = argparse.ArgumentParser(prog="python -m tools.tournament", description=__doc__
                                     .split("\n\n")[0])
    parser.add_argument("--games", type=int, default=FULL,
                        help=f"games per pairing (default {FULL}; fewer is the short form)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes to play in (default: 2, or 1 on one core)")
    args = parser.parse_args(argv)
    print(markdown(run(max(1, args.games), max(1, args.jobs))), end="")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
