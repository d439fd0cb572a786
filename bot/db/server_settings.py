"""Storage of each server's own defaults (`/settings server`): threads, the games' options a
server may choose (each game's spec declares them: Schicki Micki's input), turn timers per
game and the channels where games may be opened.

Functions over the `Repo`, through its primitives and `transaction()`, like `bot.db.players`:
the bot shares one connection. A server with no rows has chosen nothing, so the games' own
defaults apply.
"""

from __future__ import annotations

from bot.db.repo import Repo
from bot.defaults import ServerSettings


async def server_settings(repo: Repo, guild_id: int) -> ServerSettings:
    """Everything the server chose, in one read."""
    async with repo.transaction():
        row = await repo.fetch_one(
            "SELECT language, threads FROM guild_settings WHERE guild_id = ?", (guild_id,))
        options = {(game, key): value for game, key, value in await repo.fetch_all(
            "SELECT game, key, value FROM guild_options WHERE guild_id = ?", (guild_id,))}
        timers = {game: int(seconds) for game, seconds in await repo.fetch_all(
            "SELECT game, seconds FROM guild_timers WHERE guild_id = ?", (guild_id,))}
        channels = frozenset(int(channel) for (channel,) in await repo.fetch_all(
            "SELECT channel_id FROM game_channels WHERE guild_id = ?", (guild_id,)))
    language, threads = row if row is not None else (None, None)
    return ServerSettings(
        language=language, threads=None if threads is None else bool(threads),
        options=options, timers=timers, channels=channels,
    )


async def guild_language(repo: Repo, guild_id: int) -> str | None:
    """The language a server chose for its boards and messages (None: Discord's)."""
    row = await repo.fetch_one("SELECT language FROM guild_settings WHERE guild_id = ?",
                               (guild_id,))
    return row["language"] if row else None


async def set_guild_language(repo: Repo, guild_id: int, language: str | None) -> None:
    """Choose a server's language, or None to follow Discord's again."""
    await repo.execute(
        "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
        (guild_id, language),
    )


async def set_threads(repo: Repo, guild_id: int, on: bool) -> None:
    """Whether the server's games are played in a thread unless their host says otherwise."""
    await repo.execute(
        "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
        (guild_id, int(on)),
    )


async def set_option(repo: Repo, guild_id: int, game: str, key: str, value: str) -> None:
    """The server's default for a game's lobby option (one its spec lets a server choose):
    what its games get unless their host says otherwise."""
    await repo.execute(
        "INSERT INTO guild_options (guild_id, game, key, value) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, key) DO UPDATE SET value = excluded.value",
        (guild_id, game, key, value),
    )


async def set_timer(repo: Repo, guild_id: int, game: str, seconds: int) -> None:
    """The turn timer (seconds; 0: none) a game of ``game`` gets when its host names none."""
    await repo.execute(
        "INSERT INTO guild_timers (guild_id, game, seconds) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id, game) DO UPDATE SET seconds = excluded.seconds",
        (guild_id, game, seconds),
    )


async def allow_channel(repo: Repo, guild_id: int, channel_id: int, allowed: bool) -> None:
    """Add a channel to the server's game channels, or take it off."""
    if allowed:
        await repo.execute(
            "INSERT INTO game_channels (guild_id, channel_id) VALUES (?, ?)"
            " ON CONFLICT DO NOTHING", (guild_id, channel_id))
    else:
        await repo.execute(
            "DELETE FROM game_channels WHERE guild_id = ? AND channel_id = ?",
            (guild_id, channel_id))


async def allow_every_channel(repo: Repo, guild_id: int) -> None:
    """Let games be opened in every channel again."""
    await repo.execute("DELETE FROM game_channels WHERE guild_id = ?", (guild_id,))
