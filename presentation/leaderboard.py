"""A server's standings in a game, ranked for every front end: the rows of its leaderboard,
ordered and numbered as players read them (equal ratings, wins and points share a rank)."""

from __future__ import annotations

from bot.db.leaderboards import BoardRow, SoloRow
from bot.ratings import display
from rendering.leaderboard import SoloStanding, Standing


def standings(rows: list[BoardRow]) -> list[Standing]:
    """Rows ordered by rating, then wins, then points, ranked 1, 2, 2, 4…"""
    ordered = sorted(rows, key=lambda r: (-display(r.mu, r.sigma), -r.wins, -r.points, r.name))
    table: list[Standing] = []
    for i, row in enumerate(ordered):
        key = (round(display(row.mu, row.sigma), 2), row.wins, row.points)
        rank = table[-1]["rank"] if table and table[-1]["_key"] == key else i + 1
        table.append({"rank": rank, "name": row.name, "games": row.games, "wins": row.wins,
                      "win_rate": row.wins / row.games if row.games else 0.0,
                      "points": row.points, "rating": display(row.mu, row.sigma),
                      "user_id": row.user_id, "_key": key})
    return table


def solo_standings(rows: list[SoloRow]) -> list[SoloStanding]:
    """Solo rows ordered by best score, ranked 1, 2, 2, 4… (equal bests share a rank)."""
    ordered = sorted(rows, key=lambda r: (-r.best, r.name))
    table: list[SoloStanding] = []
    for i, row in enumerate(ordered):
        rank = table[-1]["rank"] if table and table[-1]["best"] == row.best else i + 1
        table.append({"rank": rank, "name": row.name, "best": row.best, "games": row.games,
                      "user_id": row.user_id})
    return table
