"""Finished games for the replay tests, without playing them through Discord: every seat a
computer (`bot.autoplay`), each action stored with `Repo.commit_action` as the session
service stores it, the results with the last one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.autoplay import autoplay
from bot.db.repo import Repo
from bot.db.rows import ResultRow
from bot.games import REGISTRY
from bot.games.core import start

Player = tuple[int | None, str, bool]  # (user id, name, is a computer)


async def store_finished(
    repo: Repo, game: str, players: Sequence[Player], *, guild_id: int, channel_id: int,
    seed: str = "replay", options: dict[str, Any] | None = None, now: float = 1_800_000_000.0,
    max_moves: int = 10_000,
) -> int:
    """Store a whole game played by computers for these seats; return its match id. The
    first player hosts (a human). ``max_moves`` short of the end leaves it running."""
    rules, options = REGISTRY[game], dict(options or {})
    host, host_name, _ = players[0]
    assert host is not None
    match_id = await repo.create_match(game=game, guild_id=guild_id, channel_id=channel_id,
                                       host_id=host, host_name=host_name, seed=seed,
                                       options=options, now=now)
    for user, name, computer in players[1:]:
        await repo.add_seat(match_id, user, name, is_computer=computer)
    await repo.start_match(match_id, start(rules, seed, len(players), options), None, now)
    for move in autoplay(rules, seed, len(players), options, max_moves=max_moves):
        outcome = rules.outcome(move.state)
        finished = None
        if outcome is not None:
            ranks = outcome.ranks()
            finished = [ResultRow(s, user, computer, outcome.scores[s], ranks[s],
                                  s in outcome.winners)
                        for s, (user, _, computer) in enumerate(players)]
        await repo.commit_action(match_id, expected_version=move.version - 1, state=move.state,
                                 seat=move.seat, code=move.action, at_ms=0, actor="computer",
                                 deadline=None, now=now + move.version, finished=finished)
    return match_id
