"""Storage of the turn pings still in their channels (migration 0011), so that taking one away
survives a restart and a delete Discord refused for a while.

Functions over the `Repo` and its primitives, like `bot.db.players`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.repo import Repo, _owned
from bot.shards import EVERYONE, Owner


@dataclass(frozen=True, slots=True)
class PingRow:
    """One turn ping message: whose turn (seat, and the version it began at) and where."""

    message_id: int
    match_id: int
    seat: int
    began: int
    channel_id: int


async def add_ping(repo: Repo, ping: PingRow) -> None:
    """Remember a ping just sent."""
    await repo.execute(
        "INSERT INTO turn_pings (message_id, match_id, seat, began, channel_id)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING",
        (ping.message_id, ping.match_id, ping.seat, ping.began, ping.channel_id))


async def pings_of(repo: Repo, match_id: int) -> list[PingRow]:
    """The pings of a match still in its channel, oldest first."""
    rows = await repo.fetch_all(
        "SELECT message_id, match_id, seat, began, channel_id FROM turn_pings"
        " WHERE match_id = ? ORDER BY began, message_id", (match_id,))
    return [PingRow(*row) for row in rows]


async def drop_ping(repo: Repo, message_id: int) -> None:
    """Forget a ping that is gone (deleted, or deleted by someone else)."""
    await repo.execute("DELETE FROM turn_pings WHERE message_id = ?", (message_id,))


async def matches_with_pings(repo: Repo, *, owner: Owner = EVERYONE) -> list[int]:
    """Every match (of the guilds ``owner`` owns) with a ping still to take away or keep."""
    sql, args = _owned("SELECT DISTINCT p.match_id FROM turn_pings p"
                       " JOIN matches m ON m.id = p.match_id WHERE 1 = 1", (), owner,
                       column="m.guild_id")
    return [row[0] for row in await repo.fetch_all(sql + " ORDER BY p.match_id", args)]
