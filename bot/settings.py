"""Settings from the environment (and a git-ignored .env); the token never leaves here in logs."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field

from bot import shards

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


@dataclass(frozen=True, slots=True)
class Settings:
    """What the bot needs to run; build it with `Settings.from_env`."""

    token: str = field(default="", repr=False)  # repr=False: a printed Settings shows no token
    database_path: str = "menagerie.sqlite3"
    # DATABASE_URL: a postgresql:// URL selects PostgreSQL instead of the file. Not in repr:
    # it may carry a password.
    database_url: str = field(default="", repr=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    computer_delay: float = 1.5  # seconds a computer "thinks", so players can follow its moves
    time_scale: float = 1.0  # real-time games' clocks (tests run them faster)
    retry_delay: float = 1.0  # first wait before a failed Discord update is tried again
    shard_count: int | None = None  # None: not sharded (one process, discord.py's plain client)
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (with shard_count)
    # The live web board (`web`): off unless WEB_URL is set, its public address (behind an
    # HTTPS reverse proxy or tunnel); WEB_SECRET signs its links, never shown or logged.
    web_url: str = ""
    web_secret: str = field(default="", repr=False)
    web_host: str = "127.0.0.1"
    web_port: int = 8080
    # The Discord Activity (`web.activity`): on when the web board is and the application's
    # OAuth2 client secret is given (it exchanges the Activity's codes; never shown or logged).
    discord_client_secret: str = field(default="", repr=False)
    discord_api: str = "https://discord.com/api/v10"  # where the codes and users are asked

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        """Read DISCORD_TOKEN, DATABASE_PATH, DATABASE_URL, DEV_GUILD_ID, LOG_LEVEL,
        SHARD_COUNT, SHARD_IDS, for the web board WEB_URL, WEB_SECRET, WEB_HOST and WEB_PORT,
        and for the Activity DISCORD_CLIENT_SECRET.

        Raises:
            ValueError: DEV_GUILD_ID is set but not a number, LOG_LEVEL is no logging level,
                DATABASE_URL names an engine the bot has not, or the shards cannot be used
                (`bot.shards.parse` says why), or the web board is asked for without a
                secret of at least 32 characters, or WEB_URL is no http(s) address.
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
        path = env.get("DATABASE_PATH", "").strip() or "menagerie.sqlite3"
        url = env.get("DATABASE_URL", "").strip()
        if url and not url.startswith(POSTGRES_SCHEMES):
            if url.startswith("sqlite:///"):  # a SQLite file as a URL: that file
                path, url = url.removeprefix("sqlite:///"), ""
            elif "://" in url:  # only the scheme is named: the rest may hold a password
                raise ValueError("DATABASE_URL must be postgresql://… (or a SQLite file's path;"
                                 f" not {url.split('://')[0]}://…)")
            else:  # a plain path: the SQLite file there
                path, url = url, ""
        web_url = env.get("WEB_URL", "").strip().rstrip("/")
        web_secret = env.get("WEB_SECRET", "").strip()
        if web_url and not web_url.startswith(("https://", "http://")):
            raise ValueError("WEB_URL must be the board's public address, https://…")
        if web_url and len(web_secret) < 32:
            raise ValueError("WEB_URL needs WEB_SECRET: at least 32 random characters (it signs"
                             " the board's links; e.g. python -c 'import secrets;"
                             " print(secrets.token_urlsafe(32))')")
        port = env.get("WEB_PORT", "").strip() or "8080"
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError("WEB_PORT must be a port number")
        return cls(
            discord_client_secret=env.get("DISCORD_CLIENT_SECRET", "").strip(),
            web_url=web_url,
            web_secret=web_secret,
            web_host=env.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_port=int(port),
            token=env.get("DISCORD_TOKEN", "").strip(),
            database_path=path,
            database_url=url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )

    @property
    def activity(self) -> bool:
        """Whether the Discord Activity is served: the web board and the client secret."""
        return bool(self.web_url and self.discord_client_secret)

    @property
    def database(self) -> str:
        """What the bot opens (`bot.db.store.open_store`): the PostgreSQL URL when one is set,
        else the SQLite file's path."""
        return self.database_url or self.database_path

    @property
    def owner(self) -> shards.Owner:
        """The guilds whose games this process resumes (every guild when not sharded)."""
        if self.shard_count is None:
            return shards.EVERYONE
        return shards.Owner(self.shard_count, self.shard_ids or tuple(range(self.shard_count)))
