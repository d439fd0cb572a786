"""The Discord client: opens the database, has the composition root build and wire the
services, load the cogs and start the web board, and re-arms open games at start-up.

The application knows the root only by name (`ROOT`, imported when the bot starts, as
discord.py loads extensions by name), so nothing here imports the layers above it.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.db.store import open_store
from bot.sessions.service import SessionService
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.db.engine import Database

log = logging.getLogger(__name__)

ROOT = "root.compose"
"""The composition root, above both front ends: ``Tree`` (the command tree's class),
``compose(bot)``, ``resume(bot)`` and ``close(bot)``."""


def intents() -> discord.Intents:
    """Only what the games need: guilds (channels, threads) and reactions. No privileged one."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_reactions = True
    return wanted


class MenagerieBot(commands.Bot):
    """The bot: one database, one session service, and a UI per game (from its extension)."""

    db: Database
    sessions: SessionService

    def __init__(self, settings: Settings, *, sync: bool = False, sync_only: bool = False,
                 **options: Any) -> None:
        # The bot has no voice: discord.py would warn at every start that the libraries voice
        # needs (PyNaCl, davey) are missing, which only alarms whoever reads the log.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, tree_cls=importlib.import_module(ROOT).Tree,
                         **options)
        # Nothing the bot sends pings anyone unless the call names who (names are escaped too).
        self.allowed_mentions = discord.AllowedMentions.none()
        self.settings = settings
        self.sync_globally = sync or sync_only
        self.sync_only = sync_only  # `python -m bot sync`: build the commands, sync, no games
        self.uis: dict[str, Any] = {}  # game → how it looks in Discord, set by its extension

    async def setup_hook(self) -> None:
        """Open storage, build the services and load the extensions (the composition root),
        then resume open games and bring every message up to date."""
        self.db = await open_store(self.settings.database)
        root = importlib.import_module(ROOT)
        await root.compose(self)
        await self._sync_commands()
        if self.sync_only:
            return
        resumed = await root.resume(self)
        if self.settings.shard_count is not None:
            log.info("shards %s of %d: resuming the games of their servers only",
                     ",".join(map(str, self.settings.owner.ids)), self.settings.shard_count)
        log.info("ready to play; %d open games resumed", resumed)

    async def _sync_commands(self) -> None:
        # Syncing is rate-limited by Discord: to a dev guild at every start (instant there),
        # globally only when asked for (python -m bot sync, or --sync).
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to guild %s", self.settings.dev_guild_id)
        if self.sync_globally:
            await self.tree.sync()
            log.info("slash commands synced globally (they may take a while to appear)")

    async def close(self) -> None:
        """Stop what the composition root built (extensions, workers, timers), then close
        the database."""
        await importlib.import_module(ROOT).close(self)
        if hasattr(self, "db"):  # also when start-up failed after opening it
            await self.db.close()
        await super().close()


class ShardedMenagerieBot(MenagerieBot, commands.AutoShardedBot):
    """The same bot running the shards SHARD_IDS of SHARD_COUNT (discord.py's sharded client,
    one gateway connection per shard); it resumes only the games of its shards' servers."""


def create_bot(settings: Settings, **options: Any) -> MenagerieBot:
    """Build the bot: sharded when SHARD_COUNT is set, else today's single client (tests pass
    extra client options, e.g. a short guild_ready_timeout)."""
    if settings.shard_count is None:
        return MenagerieBot(settings, **options)
    return ShardedMenagerieBot(settings, shard_count=settings.shard_count,
                               shard_ids=list(settings.owner.ids), **options)
