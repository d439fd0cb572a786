"""`python -m bot` (or `menagerie`): read the settings, check the database, run the bot;
`python -m bot sync` registers the slash commands with Discord and exits (``--sync`` does it at
the start of a run). A bad setting, an unusable database or an unreachable Discord stops it with
one line."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

import aiohttp
import discord
from dotenv import load_dotenv

from bot.app import create_bot
from bot.db import StorageError
from bot.db.store import open_store
from bot.settings import Settings

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. Copy .env.example to .env and put the token after DISCORD_TOKEN=
     (or export DISCORD_TOKEN in your shell). The README says how to invite the bot.
  3. Start the bot again (`make run` in a checkout, `menagerie` where it is installed).

Without Discord, `make demo` plays every game between computer players and writes the
pictures and a transcript into demo/.
"""  # noqa: S105 (says how to set a token; holds none)


def main(argv: list[str] | None = None) -> int:
    """Run the bot until it is stopped; return the process's exit code."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Menagerie bot.")
    parser.add_argument("command", nargs="?", choices=("run", "sync"), default="run",
                        help="run: play (the default); sync: register the slash commands with"
                             " Discord, then exit (once per release; deployments do it for you)")
    parser.add_argument("--sync", action="store_true",
                        help="sync slash commands globally at start (do this after changes)")
    args = parser.parse_args(argv)
    # The .env of the directory the bot is started in (where the README says to put it), not
    # one found by walking up from wherever the code is installed.
    load_dotenv(Path.cwd() / ".env")
    try:
        settings = Settings.from_env()
    except ValueError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    stoppable_by_sigint()
    try:
        # Before logging in: an unusable database is then reported as such, not hidden behind
        # a refused token or a failed connection, and the bot never goes online without it.
        asyncio.run(_check_storage(settings.database))
        if args.command == "sync":
            bot = create_bot(settings, sync=True, sync_only=True)
            asyncio.run(_sync(bot, settings.token))
            print("Slash commands synced globally; Discord may take up to an hour to show them.")
            return 0
        bot = create_bot(settings, sync=args.sync)
        asyncio.run(_run(bot, settings.token))
    except StorageError as error:  # also when the file went bad between the check and the start
        print(error, file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN.", file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as error:
        # Raised only while logging in (no DNS, refused, reset, connect timeout): once online,
        # discord.py reconnects by itself. aiohttp's words name the address that failed.
        print(f"Cannot reach Discord: {error}; check the network.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def stoppable_by_sigint() -> None:
    """Make SIGINT stop the bot even when it was started with SIGINT ignored.

    SIGINT is how the bot is stopped cleanly (Ctrl-C, the systemd unit's KillSignal, the
    image's STOPSIGNAL). A shell starts every background job (``… &`` in a script, a
    supervisor's wrapper) with SIGINT ignored, and Python then leaves it ignored: the bot would
    not hear the signal and be killed at the end of the grace period, without closing.
    """
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


async def _check_storage(target: str) -> None:
    """Open (creating or upgrading) the database once and close it; StorageError if unusable."""
    db = await open_store(target)
    await db.close()


async def _run(bot: discord.Client, token: str, *, connect: bool = True) -> None:
    try:
        async with bot:
            if connect:
                await bot.start(token)
            else:  # logging in runs setup_hook, which syncs; no gateway, no games
                await bot.login(token)
    finally:
        # The bot closes its database only once its sessions exist; if setup_hook failed in
        # between, the connection's worker thread (not a daemon) would keep the process alive.
        db = getattr(bot, "db", None)
        if db is not None:
            await db.close()


async def _sync(bot: discord.Client, token: str) -> None:
    """Log in (the REST API only: no gateway, no games resumed), sync the commands, close."""
    await _run(bot, token, connect=False)


if __name__ == "__main__":
    sys.exit(main())
