"""Settings from the environment (and a git-ignored .env); the token never leaves here in logs."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field

from bot import shards


@dataclass(frozen=True, slots=True)
class Settings:
    """What the bot needs to run; build it with `Settings.from_env`."""

    token: str = field(default="", repr=False)  # repr=False: a printed Settings shows no token
    database_path: str = "menagerie.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    computer_delay: float = 1.5  # seconds a computer "thinks", so players can follow its moves
    time_scale: float = 1.0  # real-time games' clocks (tests run them faster)
    retry_delay: float = 1.0  # first wait before a failed Discord update is tried again
    shard_count: int | None = None  # None: not sharded (one process, discord.py's plain client)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (with shard_count)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Read DISCORD_TOKEN, DATABASE_PATH, DEV_GUILD_ID, LOG_LEVEL, SHARD_COUNT and SHARD_IDS.

        Raises:
            ValueError: DEV_GUILD_ID is set but not a number, LOG_LEVEL is no logging level,
                or the shards cannot be used (`bot.shards.parse` says why).
        """
        env = dict(os.environ if env is None else env)
        guild = env.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError("DEV_GUILD_ID must be a server id (a number)")
        level = (env.get("LOG_LEVEL", "").strip() or "INFO").upper()
        # Checked here, with the other settings: logging itself would reject an unknown level
        # only later, with a traceback. Its other names (WARN, FATAL, NOTSET) keep working.
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL"
                             f" (not {env['LOG_LEVEL'].strip()!r})")
        shard_count, shard_ids = shards.parse(env.get("SHARD_COUNT", ""), env.get("SHARD_IDS", ""))
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            database_path=env.get("DATABASE_PATH", "").strip() or "menagerie.sqlite3",
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )

    @property
    def owner(self) -> shards.Owner:
        """The guilds whose games this process resumes (every guild when not sharded)."""
        if self.shard_count is None:
            return shards.EVERYONE
        return shards.Owner(self.shard_count, self.shard_ids or tuple(range(self.shard_count)))
