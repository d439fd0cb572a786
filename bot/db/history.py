"""Storage reads of a server's finished games, newest first, for `/game history` and replays.

Functions over the `Repo`, through its `transaction()` (the one way to use the shared
connection without interleaving with another coroutine's change), like `bot.db.players`.
Only finished games: a cancelled one has no result to look back on.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.repo import MatchRow, Repo, SeatRow


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One finished match with its seats, its winning seats and when it ended."""

    match: MatchRow
    seats: list[SeatRow]
    winners: frozenset[int]
    finished_at: float


async def finished_count(repo: Repo, guild_id: int) -> int:
    """How many games this server has finished."""
    async with repo.transaction(), repo.db.execute(
        "SELECT COUNT(*) FROM matches WHERE guild_id = ? AND status = 'finished'", (guild_id,)
    ) as cur:
        (count,) = await cur.fetchone()
    return int(count)


async def finished_games(repo: Repo, guild_id: int, *, offset: int, limit: int
                         ) -> list[FinishedGame]:
    """A page of this server's finished games, newest first (by when they ended, then id)."""
    async with repo.transaction():
        async with repo.db.execute(
            "SELECT * FROM matches WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?", (guild_id, limit, offset),
        ) as cur:
            matches = [MatchRow.from_row(r) for r in await cur.fetchall()]
        found = []
        for match in matches:
            async with repo.db.execute(
                "SELECT seat FROM results WHERE match_id = ? AND won = 1", (match.id,)
            ) as cur:
                winners = frozenset(r["seat"] for r in await cur.fetchall())
            async with repo.db.execute(
                "SELECT updated_at FROM matches WHERE id = ?", (match.id,)
            ) as cur:
                (ended,) = await cur.fetchone()
            found.append(FinishedGame(match, await repo.seats(match.id), winners, float(ended)))
    return found
