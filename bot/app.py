"""The Discord client: opens the database, loads the cogs, re-arms open games at start-up."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.db import open_db
from bot.db.repo import Repo
from bot.sessions import SessionService
from bot.settings import Settings

if TYPE_CHECKING:
    import aiosqlite

    from cogs._publisher import Publisher
    from cogs._ui import GameUI

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.games", "cogs.mimikri", "cogs.schicki_micki", "cogs.mimic", "cogs.leaderboard",
)


def intents() -> discord.Intents:
    """Only what the games need: guilds (channels, threads) and reactions. No privileged one."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_reactions = True
    return wanted


class MenagerieBot(commands.Bot):
    """The bot: one session service, one board publisher, and a UI per game."""

    db: aiosqlite.Connection
    sessions: SessionService
    publisher: Publisher

    def __init__(self, settings: Settings, *, sync: bool = False, **options: Any) -> None:
        from cogs._tree import MenagerieTree  # cogs modules are imported where used, as below

        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, tree_cls=MenagerieTree, **options)
        # Nothing the bot sends pings anyone unless the call names who (names are escaped too).
        self.allowed_mentions = discord.AllowedMentions.none()
        self.settings = settings
        self.sync_globally = sync
        self.uis: dict[str, GameUI] = {}

    async def setup_hook(self) -> None:
        """Open storage, load cogs, register restart-proof buttons, resume open games."""
        from cogs._publisher import Publisher
        from cogs._ui import DYNAMIC_ITEMS

        self.db = await open_db(self.settings.database_path)
        self.sessions = SessionService(Repo(self.db), computer_delay=self.settings.computer_delay)
        self.publisher = Publisher(self, retry_delay=self.settings.retry_delay)
        self.sessions.publish = self.publisher.publish
        self.sessions.remind = self.publisher.remind
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self._sync_commands()
        matches = await self.sessions.resume()
        # Bring every message up to date that may be behind the database: open games, and
        # ended ones whose final board or announcement a crash cut off.
        for match in await self.sessions.repo.unsettled_matches():
            self.publisher.refresh(match.id)
        log.info("ready to play; %d open games resumed", len(matches))

    async def _sync_commands(self) -> None:
        # Syncing is rate-limited by Discord: to a dev guild at every start (instant there),
        # globally only when asked for (python -m bot --sync).
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("slash commands synced to guild %s", self.settings.dev_guild_id)
        if self.sync_globally:
            await self.tree.sync()
            log.info("slash commands synced globally (they may take a while to appear)")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer clicks no handler will take (forged or mangled ids) instead of ignoring them."""
        from cogs._ui import unhandled_reason

        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        why = unhandled_reason(custom_id, interaction.message)
        if why is not None:
            await interaction.response.send_message(why, ephemeral=True)

    async def close(self) -> None:
        """Stop the games' clocks, timers and workers, then close the database."""
        for extension in list(self.extensions):  # cogs stop their own clocks (dealers)
            await self.unload_extension(extension)
        if hasattr(self, "sessions"):
            await self.sessions.close()
            await self.publisher.close()
        if hasattr(self, "db"):  # also when start-up failed after opening it
            await self.db.close()
        await super().close()


def create_bot(settings: Settings, **options: Any) -> MenagerieBot:
    """Build the bot (tests pass extra client options, e.g. a short guild_ready_timeout)."""
    return MenagerieBot(settings, **options)
