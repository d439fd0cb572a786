"""Storage reads of a server's leaderboards: each game's table of players who finished it with
others, its solo board, and the games' own records (reaction times).

Functions over the `Repo`, through its primitives, like `bot.db.players`: the rows they read
(results, ratings, records) are written by `Repo.commit_action` as a game ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.repo import Repo


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One player's line on a server's leaderboard for a game."""

    user_id: int
    name: str
    games: int
    wins: int
    points: int
    mu: float | None
    sigma: float | None


@dataclass(frozen=True, slots=True)
class SoloRow:
    """One player's line on a server's solo board for a game: their best score alone."""

    user_id: int
    name: str
    games: int
    best: int


# A match was played alone when it has one seat. Its results say so themselves (one row
# per seat, computers included), whatever the options: MIMIC's rules make any one-seat
# match its solo game, and a host may start a one-seat lobby without the `solo` option.
# A solo score is a personal best, not a result against others, so it stays off the
# multiplayer board.
_NOT_ALONE = ("EXISTS (SELECT 1 FROM results o WHERE o.match_id = r.match_id"
              " AND o.seat <> r.seat)")


async def board(repo: Repo, guild_id: int, game: str) -> list[BoardRow]:
    """Every human who finished a game of ``game`` with others on this server, with
    totals; games played alone are on `solo_board`."""
    rows = await repo.fetch_all(
        "SELECT r.user_id, COUNT(*) AS games, SUM(r.won) AS wins, SUM(r.score) AS points,"  # noqa: S608
        " g.mu, g.sigma, (SELECT s.name FROM seats s WHERE s.user_id = r.user_id"
        " ORDER BY s.match_id DESC LIMIT 1) AS name FROM results r"
        " LEFT JOIN ratings g ON g.guild_id = r.guild_id"
        " AND g.game = r.game AND g.user_id = r.user_id"
        " WHERE r.guild_id = ? AND r.game = ? AND r.is_computer = 0"
        " AND r.user_id IS NOT NULL AND " + _NOT_ALONE
        # The join names at most one ratings row per user (its key is guild, game, user),
        # so grouping by its columns too changes no group; PostgreSQL wants every column
        # that is not aggregated grouped, where SQLite took them bare.
        + " GROUP BY r.user_id, g.mu, g.sigma",
        (guild_id, game),
    )
    return [
        BoardRow(r["user_id"], r["name"] or str(r["user_id"]), r["games"], r["wins"],
                 r["points"], r["mu"], r["sigma"])
        for r in rows
    ]


async def solo_board(repo: Repo, guild_id: int, game: str) -> list[SoloRow]:
    """Every human who finished a game of ``game`` alone on this server: how many, and
    the best score (MIMIC: cubes placed)."""
    rows = await repo.fetch_all(
        "SELECT r.user_id, COUNT(*) AS games, MAX(r.score) AS best,"  # noqa: S608
        " (SELECT s.name FROM seats s WHERE s.user_id = r.user_id"
        " ORDER BY s.match_id DESC LIMIT 1) AS name FROM results r"
        " WHERE r.guild_id = ? AND r.game = ? AND r.is_computer = 0"
        " AND r.user_id IS NOT NULL AND NOT " + _NOT_ALONE + " GROUP BY r.user_id",
        (guild_id, game),
    )
    return [SoloRow(r["user_id"], r["name"] or str(r["user_id"]), r["games"], r["best"])
            for r in rows]


async def player_games(repo: Repo, guild_id: int, user_id: int) -> list[str]:
    """The games a user has finished on this server."""
    rows = await repo.fetch_all(
        "SELECT DISTINCT game FROM results WHERE guild_id = ? AND user_id = ?"
        " AND is_computer = 0 ORDER BY game",
        (guild_id, user_id),
    )
    return [r["game"] for r in rows]


async def records(repo: Repo, guild_id: int, game: str, kind: str) -> dict[int, list[float]]:
    """Every human's records of one kind in finished games here, by user, ascending."""
    rows = await repo.fetch_all(
        "SELECT c.user_id, c.value FROM records c JOIN matches m ON m.id = c.match_id"
        " WHERE m.guild_id = ? AND m.game = ? AND c.kind = ? ORDER BY c.value",
        (guild_id, game, kind),
    )
    found: dict[int, list[float]] = {}
    for row in rows:
        found.setdefault(row["user_id"], []).append(row["value"])
    return found
