"""Storage reads of a server's finished games, newest first, for `/game history` and replays.

Functions over the `Repo`, through its primitives and `transaction()` (the one way to use the
shared connection without interleaving with another coroutine's change), like
`bot.db.players`. Only finished games: a cancelled one has no result to look back on.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.repo import Repo
from bot.db.rows import MatchRow, SeatRow


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
    assert row is not None  # noqa: S101 (narrows the type for mypy)
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
            assert row is not None  # noqa: S101 (narrows the type for mypy)
            (ended,) = row
            found.append(FinishedGame(match, await repo.seats(match.id), winners, float(ended)))
    return found


async def open_rematch(repo: Repo, finished: MatchRow, players: list[int]) -> MatchRow | None:
    """The rematch lobby of a finished game, if one is open: the oldest lobby of the same game
    opened after it by one of its ``players`` where the game was shown (its channel or thread,
    and the channel it moved from) — a game in a thread has a Rematch button in both places,
    and both must lead to one lobby."""
    places = [c for c in (finished.channel_id, finished.home_channel_id) if c is not None]
    if not players or not places:
        return None
    at = ", ".join("?" * len(places))
    hosts = ", ".join("?" * len(players))
    row = await repo.fetch_one(
        "SELECT * FROM matches WHERE status = 'lobby' AND game = ?"  # noqa: S608
        f" AND guild_id = ? AND id > ? AND host_id IN ({hosts})"
        f" AND (channel_id IN ({at}) OR home_channel_id IN ({at})) ORDER BY id LIMIT 1",
        (finished.game, finished.guild_id, finished.id, *players, *places, *places))
    return MatchRow.from_row(row) if row else None
