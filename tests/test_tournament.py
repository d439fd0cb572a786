"""The tournament harness (tools.tournament) counts what issue 13 asks: Wilson intervals that
match published values, a shared win worth half, the stronger level in either seat on the same
deals, the same games `bot.autoplay` plays, and every table printed."""

from __future__ import annotations

import pytest

from bot.autoplay import autoplay
from bot.games import REGISTRY
from bot.games.core import Outcome
from tools import tournament
from tools.tournament import Duel, Job, Played, duel_jobs, points, tally, wilson


@pytest.mark.parametrize(("successes", "n", "low", "high"), [
    # Published Wilson intervals (z = 1.96), e.g. those of statsmodels' proportion_confint.
    (5, 10, 0.2366, 0.7634),
    (8, 10, 0.4902, 0.9433),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
])
def test_the_wilson_interval_matches_known_values(successes, n, low, high):
    got = wilson(successes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_sixty_wins_of_a_hundred_just_meet_the_target_and_fifty_nine_do_not():
    assert wilson(60, 100)[0] > 0.5  # 0.502: just clear of a coin
    assert wilson(59, 100)[0] < 0.5
    assert Duel("mimic", "hard", "normal", wins=60, losses=40).met
    assert not Duel("mimic", "hard", "normal", wins=59, losses=41).met
    assert not Duel("mimic", "hard", "normal").met  # no games, no claim


def test_a_shared_win_counts_half_and_a_broken_tie_counts_whole():
    shared = Outcome("all_collected", (8, 8), frozenset({0, 1}))
    showdown = Outcome("showdown", (3, 3), frozenset({1}))  # MIMIC's §Ties picks one
    assert points(shared, 0) == points(shared, 1) == 0.5
    assert points(showdown, 1) == 1.0 and points(showdown, 0) == 0.0
    duel = Duel("mimic", "hard", "normal")
    duel.add(Played(Job("mimic", "a", ("hard", "normal")), shared))
    duel.add(Played(Job("mimic", "b", ("normal", "hard")), showdown))
    duel.add(Played(Job("mimic", "c", ("normal", "hard")), Outcome("stuck", (4, 2),
                                                                   frozenset({0}))))
    assert (duel.wins, duel.ties, duel.losses) == (1, 1, 1)
    assert duel.rate == pytest.approx(1.5 / 3)
    assert duel.interval == pytest.approx(wilson(1.5, 3))
    # Scores follow the levels, whichever seat they sat in.
    assert duel.scores == {"hard": [8, 3, 2], "normal": [8, 3, 4]}
    assert duel.ends == {"all_collected": 1, "showdown": 1, "stuck": 1}


def test_the_stronger_level_alternates_seats_on_shared_deals():
    jobs = duel_jobs("mimikri", "hard", "normal", 6)
    assert [job.levels.index("hard") for job in jobs] == [0, 1, 0, 1, 0, 1]
    assert all(sorted(job.levels) == ["hard", "normal"] for job in jobs)
    assert [jobs[i].seed == jobs[i + 1].seed for i in range(0, 6, 2)] == [True] * 3
    assert len({job.seed for job in jobs}) == 3


def test_games_land_in_their_pairing_and_equal_and_solo_mimic_lines():
    won = Outcome("last_cube", (6, 2), frozenset({0}))
    report = tally(1, [
        Played(Job("mariposas", "s", ("easy", "normal")), won, {"easy": [0.001]}),
        Played(Job("mimic", "s", ("hard", "hard")), won, {"hard": [0.002, 0.003]}),
        Played(Job("mimic", "s", ("hard",)), Outcome("stuck", (13,), frozenset()), {}),
    ])
    duel = next(d for d in report.duels if (d.game, d.strong) == ("mariposas", "normal"))
    assert (duel.wins, duel.losses) == (0, 1)  # easy sat in seat 0 and won
    assert report.mimic_equal["hard"] == [won] and report.mimic_equal["normal"] == []
    assert [o.scores for o in report.mimic_solo] == [(13,)]
    assert report.seconds == {("mariposas", "easy"): [0.001], ("mimic", "hard"): [0.002, 0.003]}


@pytest.mark.parametrize("game", ["mimikri", "mimic", "mariposas"])
def test_the_timed_loop_plays_the_games_autoplay_plays(game):
    """The harness copies autoplay's loop to time ``choose``: the copy must not drift."""
    rules, levels = REGISTRY[game], ("hard", "easy")
    _, seconds, log = tournament.play_turns(rules, "same", levels)
    expected = [(move.seat, move.action) for move in autoplay(rules, "same", 2, {}, levels=levels)]
    assert log == expected
    assert sum(len(s) for s in seconds.values()) == len(expected)


def test_a_short_tournament_prints_every_table(capsys):
    assert tournament.main(["--games", "2", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "**Short form** (2 games per pairing" in text
    for name in ("Mimikri", "Schicki Micki", "MIMIC", "Mariposas"):
        assert f"### {name}\n" in text
        for pairing in ("hard vs normal", "normal vs easy"):
            # One row per pairing and game, with 2 games in it and a verdict.
            rows = [line for line in text.splitlines() if line.startswith(f"| {pairing} | 2 |")]
            assert len(rows) == 4 and all(("✅" in r) != ("❌" in r) for r in rows)
        assert all(f"| {name} | {level} |" in text for level in ("easy", "normal", "hard"))
    assert "End reasons |" in text
    assert "| 2 players, normal vs normal | 2 |" in text
    assert "| 2 players, hard vs hard | 2 |" in text
    assert "| solo, hard | 2 |" in text and "of 15" in text
