"""`python -m tests.double.child`: the real `python -m bot`, in a process of its own, logged in
to a running Discord double instead of Discord.

Where the double is comes from FAKE_DISCORD_URL (its base, ``http://127.0.0.1:PORT``) or the
first argument; the bot's own settings (DISCORD_TOKEN, DATABASE_URL, SHARD_COUNT, SHARD_IDS,
DEV_GUILD_ID, LOG_LEVEL...) come from the environment as always. Knobs that the bot has as
settings but not in its environment (tests run games faster than people would) are read here:

    FAKE_DISCORD_COMPUTER_DELAY  seconds a computer "thinks" (the bot's default: 1.5)
    FAKE_DISCORD_RETRY_DELAY     first wait before a failed Discord call is tried again
    FAKE_DISCORD_TIME_SCALE      real-time games' clocks
    FAKE_DISCORD_READY_TIMEOUT   discord.py's wait after the last GUILD_CREATE (default 0.05 s)

Once the bot is ready (every shard it runs has its guilds) it writes READY_LINE to stderr; the
parent (`tests.double.process`) waits for that line.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from typing import Any

import discord
import yarl

import bot.__main__ as entry
from bot.app import create_bot
from bot.settings import Settings

READY_LINE = "fake-discord-child: ready"
API_PREFIX = "/api/v10"


def point_discord_at(base_url: str) -> None:
    """What FakeDiscord.patch_discord does, for this whole process: every REST call and the
    gateway go to the double."""
    base = base_url.rstrip("/")
    discord.http.Route.BASE = base + API_PREFIX
    gateway = "ws" + base.removeprefix("http") + "/gateway/"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


class _TestSettings:
    """Stands in for `Settings` in `bot.__main__`: the environment's settings, with the test
    knobs above applied."""

    @staticmethod
    def from_env(env: dict[str, str] | None = None) -> Settings:
        settings = Settings.from_env(env)
        changes: dict[str, Any] = {}  # floats (replace checks ** against every field)
        for name, field in (("COMPUTER_DELAY", "computer_delay"),
                            ("RETRY_DELAY", "retry_delay"), ("TIME_SCALE", "time_scale")):
            value = os.environ.get(f"FAKE_DISCORD_{name}", "").strip()
            if value:
                changes[field] = float(value)
        return dataclasses.replace(settings, **changes)


def _create_bot(settings: Settings, **options: Any) -> discord.Client:
    ready_timeout = float(os.environ.get("FAKE_DISCORD_READY_TIMEOUT", "") or 0.05)
    client = _real_create_bot(settings, **options)
    # discord.py waits this long after the last GUILD_CREATE before on_ready (default 2 s).
    client._connection.guild_ready_timeout = ready_timeout

    async def announce_ready() -> None:
        print(READY_LINE, file=sys.stderr, flush=True)

    client.add_listener(announce_ready, "on_ready")
    return client


_real_create_bot = create_bot


def main(argv: list[str]) -> int:
    url = argv[0] if argv else os.environ.get("FAKE_DISCORD_URL", "")
    if not url:
        print("give the double's URL (FAKE_DISCORD_URL or the first argument)", file=sys.stderr)
        return 2
    point_discord_at(url)
    # Replaced where main() looks them up: names bot.__main__ imports, not its own (so mypy
    # says they are not exported), and stand-ins of other types.
    entry.Settings = _TestSettings  # type: ignore[attr-defined,assignment]
    entry.create_bot = _create_bot  # type: ignore[attr-defined,assignment]
    return entry.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
