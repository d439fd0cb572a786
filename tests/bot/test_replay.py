"""Replays rebuilt from seed and log: every step is the state after that many actions, the
last is the stored final state, for every game; the steps shown skip a turn's private
sub-steps; a seat's own view only for a seat."""

from __future__ import annotations

import itertools
import json

import pytest

from bot.autoplay import autoplay
from bot.db import open_db
from bot.db.repo import Repo
from bot.games import REGISTRY
from bot.games.core import RuleError, dump, start
from bot.replay import rebuild, sample, shown
from tests.replays import store_finished

GAMES = sorted(REGISTRY)


def same(a, b) -> bool:
    """Equal as stored (JSON: tuples and lists alike)."""
    return dump(json.loads(json.dumps(a))) == dump(json.loads(json.dumps(b)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_every_step_is_the_state_after_that_many_actions(game, players):
    rules = REGISTRY[game]
    moves = list(autoplay(rules, f"replay-{players}", players, {}))
    assert rules.outcome(moves[-1].state) is not None, "the autoplayed game ended"
    log = [(m.seat, m.action, 0) for m in moves]
    frames = rebuild(rules, f"replay-{players}", players, {}, log)
    assert len(frames) == len(moves) + 1
    assert same(frames[0].state, start(rules, f"replay-{players}", players, {}))
    for frame, move in zip(frames[1:], moves, strict=True):
        assert frame.version == move.version
        assert same(frame.state, move.state)
        assert list(frame.events) == move.events


@pytest.mark.asyncio
@pytest.mark.parametrize("game", GAMES)
async def test_the_replayed_end_is_the_stored_end(game, tmp_path):
    db = await open_db(str(tmp_path / "db.sqlite3"))
    try:
        repo = Repo(db)
        match_id = await store_finished(repo, game, [(1, "Alice", False), (2, "Bob", False)],
                                        guild_id=5, channel_id=6, seed=f"stored-{game}")
        match = await repo.match(match_id)
        assert match.status == "finished"
        log = await repo.action_log(match_id)
        frames = rebuild(REGISTRY[game], match.seed, 2, match.options, log)
        assert frames[-1].version == match.version
        assert same(frames[-1].state, match.state)
    finally:
        await db.close()


def test_a_mariposas_turn_shows_as_one_step():
    rules = REGISTRY["mariposas"]
    moves = list(autoplay(rules, "turns", 2, {}))
    frames = rebuild(rules, "turns", 2, {}, [(m.seat, m.action, 0) for m in moves])
    steps = shown(rules, frames)
    assert 1 < len(steps) < len(frames), "sub-steps of a turn are not steps of the replay"
    assert steps[0].version == 0 and steps[-1].version == frames[-1].version
    assert not any(rules.turn_open(s.state) for s in steps[1:-1])
    # Every event still belongs to some step, in order.
    assert [e for s in steps for e in s.events] == [e for f in frames for e in f.events]


def test_games_without_multi_step_turns_show_every_version():
    rules = REGISTRY["mimic"]
    moves = list(autoplay(rules, "all", 2, {}))
    frames = rebuild(rules, "all", 2, {}, [(m.seat, m.action, 0) for m in moves])
    assert [f.version for f in shown(rules, frames)] == list(range(len(moves) + 1))


def test_a_log_that_does_not_replay_is_refused():
    rules = REGISTRY["mimikri"]
    with pytest.raises(RuleError):
        rebuild(rules, "bad", 2, {}, [(1, "reveal:A1", 0)])  # seat 0 begins


def test_sample_spreads_evenly_and_keeps_both_ends():
    assert sample(5, 10) == [0, 1, 2, 3, 4]
    picked = sample(1000, 50)
    assert len(picked) == 50 and picked[0] == 0 and picked[-1] == 999
    gaps = {b - a for a, b in itertools.pairwise(picked)}
    assert max(gaps) - min(gaps) <= 1
    assert sample(0, 10) == [] and sample(7, 1) == [6]
