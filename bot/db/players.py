"""Storage of each player's own settings (for now: whether a turn start pings them).

Functions over the `Repo`, through its primitives (`fetch_one`, `execute`, which take their
turn or join the caller's `transaction()`): the bot shares one connection, and that is the one
way to use it without interleaving with another coroutine's change. A player
with no row has the defaults, so nothing is stored until someone changes something.
"""

from __future__ import annotations

from bot.db.repo import Repo


async def wants_pings(repo: Repo, user_id: int) -> bool:
    """Whether the start of this player's turn may mention them (yes unless they said no)."""
    async with repo.transaction():
        row = await repo.fetch_one("SELECT pings FROM player_settings WHERE user_id = ?",
                                   (user_id,))
    return True if row is None else bool(row[0])


async def set_pings(repo: Repo, user_id: int, on: bool) -> None:
    """Switch this player's turn pings on or off, on every server."""
    await repo.execute(
        "INSERT INTO player_settings (user_id, pings) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings",
        (user_id, int(on)),
    )
