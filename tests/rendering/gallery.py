"""Every kind of picture the bot draws, from real seeded games, for the layout tests.

``pictures(w, names)`` gives one render per picture kind: each game's board at its start, in
its middle and at its end (and its other modes), the private pictures (MIMIC's hand, Mimikri's
preview), the rules pictures and card sheet, and the leaderboard pictures. The games are
played by random legal moves from fixed seeds, so the gallery is the same every run.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from bot.autoplay import autoplay
from bot.games import REGISTRY
from bot.games.core import SYSTEM, apply_checked, start
from bot.games.mariposas.content import load as mariposas_content
from bot.games.mariposas.rules import RULES as MARIPOSAS
from bot.games.mimic.hints import extendable_lines, hand_targets
from bot.games.schicki_micki import views as schicki_views
from bot.i18n import Words
from rendering import leaderboard, mariposas, mimic, mimikri, schicki_micki
from rendering.leaderboard import DailyStanding

LONG_NAMES = [
    "Kristýna Nováková-Dvořáčková ze Šťastných",   # 40 characters, Czech accents
    "Дмитрий Александрович Вознесенский-Орлов",    # 40 characters, Cyrillic
    "Łukasz Żółtowski-Ørjansen 🦊 Foxy Brzęczy",     # Polish, Nordic and an emoji
    "李雷 Jiří Dvořák and the Longest Name Ever",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",     # the widest letters there are
    "Ærøskøbing Ålborg Æsir Ødegård Ågesen",
    "Ἀλέξανδρος ὁ Μέγας του Βασιλείου Παππάς",
]
"""Seven names of about 40 characters: the longest a table can hold, in several scripts."""

Render = Callable[[], bytes]

RULES = {**REGISTRY, "mariposas": MARIPOSAS}
"""The games played here: the registry's, and Mariposas before its cog registers it."""


def playout(game: str, players: int, options: dict[str, Any], seed: int,
            steps: int) -> dict[str, Any]:
    """The state after up to ``steps`` random legal moves (the system's first, as a dealer)."""
    rules = RULES[game]
    state = start(rules, f"gallery-{seed}", players, options)
    rng = random.Random(seed)
    for version in range(steps):
        if rules.outcome(state) is not None:
            break
        active = sorted(rules.active_seats(state))
        seat = SYSTEM if SYSTEM in active else active[0]
        action = rng.choice(sorted(rules.legal_actions(state, seat)))
        state = apply_checked(rules, state, seed=f"gallery-{seed}", version=version, seat=seat,
                              action=action, seen_version=None, at_ms=version * 700).state
    return state


def _view(game: str, state: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    return RULES[game].view(state, seat)


def _boards(game: str, draw: Callable[[Any, list[str]], bytes], modes: list[tuple[int, dict]],
            names: list[str], lengths: tuple[int, ...]) -> dict[str, Render]:
    """``draw`` takes ``game``'s view (which game's is known when it runs: Any)."""
    out: dict[str, Render] = {}
    for players, options in modes:
        for steps in lengths:
            state = playout(game, players, options, 7 + steps, steps)
            view = _view(game, state)
            key = f"{game} {players}p {sorted(options.items())} after {steps}"
            out[key] = functools.partial(draw, view, names[:players])
    return out


def _schicki_results(w: Words, names: list[str]) -> dict[str, Render]:
    """Schicki Micki's row results from computer games: a row won with the most reactions, a
    row nobody won, and the game's last row (under it the final ranking)."""
    rules = REGISTRY["schicki_micki"]
    out: dict[str, Render] = {}
    for players in (2, 7):
        moves = list(autoplay(rules, f"gallery-{players}", players, {}))
        rows = [(m, e.data) for m in moves for e in m.events if e.kind == "resolved"]
        busiest = max(rows, key=lambda r: (r[1]["table_cleared"], len(r[1]["reactions"])))
        unwon = [r for r in rows if not r[1]["table_cleared"]]
        picks = {"won": busiest, "last": rows[-1]} | ({"unwon": unwon[0]} if unwon else {})
        for label, (move, data) in picks.items():
            view = rules.view(move.state, None)
            out[f"schicki_micki {players}p result {label}"] = functools.partial(
                schicki_micki.render_table, view, names[:players], w,
                resolved=schicki_views.resolved(data))
    return out


def _mimic_hand(view: Any, names: list[str], w: Words) -> Render:
    """MIMIC's hand picture, its hints worked out as it is drawn (as the bot does)."""
    return lambda: mimic.render_hand(view, names, w, hand_targets(view), extendable_lines(view))


def pictures(w: Words, names: list[str] | None = None) -> dict[str, Render]:
    """Every picture kind, in ``w``'s language, with ``names`` (default: the long ones)."""
    names = names or LONG_NAMES
    out: dict[str, Render] = {}
    ends = (0, 25, 100_000)
    out |= _boards("mimikri", lambda v, n: mimikri.render_board(v, n, w),
                   [(2, {"subjects": 4}), (5, {"subjects": 5})], names, ends)
    out |= _boards("schicki_micki", lambda v, n: schicki_micki.render_table(v, n, w),
                   [(2, {}), (7, {})], names, (0, 6, 40, 100_000))
    out |= _schicki_results(w, names)
    out |= _boards("mimic", lambda v, n: mimic.render_board(v, n, w),
                   [(1, {}), (2, {}), (3, {"advanced": True}), (4, {"teams": True})],
                   names, ends)

    for steps in (0, 30):
        state = playout("mimic", 2, {}, 11, steps)
        for seat in range(2):
            view = _view("mimic", state, seat)
            if view.get("hand") is None:
                continue
            out[f"mimic hand {seat} after {steps}"] = _mimic_hand(view, names[:2], w)

    out |= _boards("mariposas", lambda v, n: mariposas.render_board(v, n, w),
                   [(2, {}), (5, {})], names, (0, 150, 100_000))
    state = playout("mariposas", 3, {}, 5, 40)
    private = MARIPOSAS.view(state, sorted(MARIPOSAS.active_seats(state))[0])
    lands = sorted(mariposas_content().board.graph.reachable(private["butterflies"][0]["space"], 3))
    out["mariposas private map"] = lambda: mariposas.render_private_map(
        private, names[:3], w, {space: str(i + 1) for i, space in enumerate(lands)})
    out["mariposas rules"] = lambda: mariposas.render_rules(w)
    out["mimikri preview"] = lambda: mimikri.render_preview(
        "chameleon", ["N", "E"], w("mimikri.preview.title", name=names[0]), w)
    out["mimikri rules"] = lambda: mimikri.render_rules(w)
    out["mimic rules"] = lambda: mimic.render_rules(w)
    out["schicki rules"] = lambda: schicki_micki.render_rules(w)
    out["schicki cards"] = lambda: schicki_micki.render_card_sheet(w)

    rows = [{"rank": i + 1, "name": names[i % len(names)], "games": 1234 - i, "wins": 999 - i,
             "win_rate": 0.81, "points": 123_456 - i, "rating": 41.5 - i,
             "fastest_ms": 187 + i} for i in range(12)]
    solo = [{"rank": i + 1, "name": names[i % len(names)], "best": 15 - i, "games": 321}
            for i in range(8)]
    stats = [(w("leaderboard.stats.none_label"), "#1 / 1 234 · 1 234 · 999 (81 %) · 41,5"),
             (names[0], "#12 / 1 234 · 12 · 3 (25 %) · 123 456 · 187 ms"),
             (names[1], names[2] + " · " + names[3])]
    title = names[0]
    # The rows hold what the pictures show, not a standing's user id or ranking key.
    out["leaderboard"] = lambda: leaderboard.render_leaderboard(
        title, rows, w)  # type: ignore[arg-type]
    out["leaderboard empty"] = lambda: leaderboard.render_leaderboard(title, [], w)
    out["solo board"] = lambda: leaderboard.render_solo_board(
        title, solo, "cubes", w)  # type: ignore[arg-type]
    daily: list[DailyStanding] = [{"rank": i + 1 if i < 6 else None, "name": names[i % len(names)],
              "score": w.number(15 - i) if i < 6 else w("daily.board.playing"), "streak": 365 - i}
             for i in range(8)]
    out["daily board"] = lambda: leaderboard.render_daily_board(title, daily, w)
    out["stats"] = lambda: leaderboard.render_stats(title, stats, w)
    return out
