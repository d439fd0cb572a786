"""Storage reads of a server's finished games, newest first, for `/game history` and replays.

Functions over the `Repo`, through its primitives and `transaction()` (the one way to use the
shared connection without interleaving with another coroutine's change), like
`bot.db.players`. Only finished games: a cancelled one has no result to look back on.
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
    async with repo.transaction():
        row = await repo.fetch_one(
            "SELECT COUNT(*) FROM matches WHERE guild_id = ? AND status = 'finished'",
            (guild_id,))
    assert row is not None
    (count,) = row
    return int(count)


async def finished_games(repo: Repo, guild_id: int, *, offset: int, limit: int
                         ) -> list[FinishedGame]:
    """A page of this server's finished games, newest first (by when they ended, then id)."""
    # One transaction holds the connection for the whole page: no write comes between the
    # page and its winners and seats.
    async with repo.transaction():
        matches = [MatchRow.from_row(r) for r in await repo.fetch_all(
            "SELECT * FROM matches WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?", (guild_id, limit, offset))]
        found = []
        for match in matches:
            winners = frozenset(r["seat"] for r in await repo.fetch_all(
                "SELECT seat FROM results WHERE match_id = ? AND won = 1", (match.id,)))
            row = await repo.fetch_one("SELECT updated_at FROM matches WHERE id = ?",
                                       (match.id,))
            assert row is not None
            (ended,) = row
            found.append(FinishedGame(match, await repo.seats(match.id), winners, float(ended)))
    return found
