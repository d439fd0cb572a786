"""Commands every game shares: opening a lobby, /game list, leave, cancel, /settings and
/help."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.players import set_pings
from bot.db.repo import ChannelBusy, MatchRow
from bot.games.core import RuleError
from cogs._publisher import NO_PINGS, RETRYABLE, Publisher, lobby_buttons, lobby_text
from cogs._tree import check_options
from cogs._translator import CommandTranslator
from cogs._ui import (
    DYNAMIC_ITEMS,
    apologise,
    game_name,
    is_admin,
    match_of,
    reader,
    reason,
    server_words,
    tell,
    unhandled_reason,
)

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)


async def open_lobby(
    interaction: discord.Interaction[GameBot], game: str, options: dict[str, Any],
    busy_text: Callable[[MatchRow | None], str | None] | None = None,
) -> MatchRow | None:
    """Post a lobby for ``game`` as the answer to the command, unless the channel is busy
    (then say so: ``busy_text`` of the open game, where given and not None, else the usual
    words); return the new lobby.

    The lobby is stored first and its message id right after the reply that creates it (the
    reply carries it: no second call). If the reply is lost — the interaction expired, Discord
    failed, or the process died in between — the lobby has no message, and the publisher posts
    one into the channel (now, or at the next start-up): it is never unreachable.
    """
    bot = interaction.client
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, reader(interaction)("games.dm_only"))
        return None
    try:
        match = await bot.sessions.open_lobby(
            game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
            options=options,
        )
    except ChannelBusy:
        busy = await bot.sessions.repo.open_match_in(interaction.channel_id)
        text = busy_text(busy) if busy_text is not None else None
        if text is None:
            w = reader(interaction)
            what = (w("games.busy_game", game=game_name(bot, busy), id=busy.id) if busy
                    else w("games.another"))
            text = w("games.busy", what=what)
        await tell(interaction, text)
        return None
    seats = await bot.sessions.repo.seats(match.id)
    w = await server_words(bot, match.guild_id)
    view = discord.ui.View(timeout=None)
    for item in lobby_buttons(match.id, w):
        view.add_item(item)
    try:
        sent = await interaction.response.send_message(
            lobby_text(game_name(bot, match), match, seats, w), view=view, allowed_mentions=NO_PINGS
        )
    except RETRYABLE:
        log.warning("the lobby reply of match %s was lost; posting it in the channel", match.id,
                    exc_info=True)
        bot.publisher.refresh(match.id)
        return match
    if sent.message_id is not None:
        await bot.sessions.repo.set_message(match.id, sent.message_id)
    else:
        bot.publisher.refresh(match.id)
    return match


class Games(commands.Cog):
    """/game list, /game leave, /game cancel, /settings and /help; and what every game
    shares: the board publisher, the restart-proof buttons, the option check and the answer to
    stray clicks."""

    game = app_commands.Group(name="game", description="Games on this server",
                              guild_only=True)

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        bot.publisher = Publisher(bot, retry_delay=bot.settings.retry_delay)
        bot.sessions.publish = bot.publisher.publish
        bot.sessions.remind = bot.publisher.remind
        bot.add_dynamic_items(*DYNAMIC_ITEMS)
        bot.tree.interaction_check = check_options  # type: ignore[method-assign]
        bot.tree.on_error = self.on_app_command_error

    async def resume_games(self) -> None:
        """At start-up, once every game is loaded: bring every message up to date that may be
        behind the database — open games, and ended ones whose final board or announcement a
        crash cut off."""
        for match in await self.bot.sessions.repo.unsettled_matches():
            self.bot.publisher.known_turns(match)
            self.bot.publisher.refresh(match.id)

    async def cog_load(self) -> None:
        """Czech clients see the commands in Czech (discord.py asks when it syncs)."""
        await self.bot.tree.set_translator(CommandTranslator())

    async def cog_unload(self) -> None:
        """Stop the board workers (pending redraws are redone at the next start-up)."""
        await self.bot.publisher.close()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[GameBot]) -> None:
        """Answer clicks no handler will take (outdated, forged or mangled ids) instead of
        letting them fail silently; a click on an ended game says it has ended."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        why = unhandled_reason(custom_id, interaction.message)
        if why is None:
            return
        match_id = match_of(custom_id)
        match = await self.bot.sessions.repo.match(match_id) if match_id is not None else None
        if match is not None and match.status == "finished":
            why = "games.over"
        elif match is not None and match.status == "cancelled":
            why = "games.cancelled"
        await interaction.response.send_message(reader(interaction)(why), ephemeral=True)

    async def on_app_command_error(
        self, interaction: discord.Interaction[GameBot], error: app_commands.AppCommandError
    ) -> None:
        """One place for command errors: expected ones explained, the rest logged and apologised."""
        original = getattr(error, "original", error)
        if isinstance(original, RuleError):
            await tell(interaction, reason(original, [], reader(interaction)))
        elif isinstance(error, app_commands.CheckFailure):
            await tell(interaction, reader(interaction)("games.cant_use"))
        else:
            await apologise(interaction, None, original)

    @game.command(name="list", description="The games running on this server")
    async def list_games(self, interaction: discord.Interaction[GameBot]) -> None:
        """Every lobby and running game of the server, with links."""
        matches = await self.bot.sessions.repo.open_matches(interaction.guild_id)
        w = reader(interaction)
        if not matches:
            await tell(interaction, w("games.none_running"))
            return
        lines = []
        for match in matches:
            where = (f"https://discord.com/channels/{match.guild_id}/{match.channel_id}/"
                     f"{match.message_id}" if match.message_id else f"<#{match.channel_id}>")
            state = w("games.waiting" if match.status == "lobby" else "games.playing")
            lines.append(w("games.list_line", game=game_name(self.bot, match), id=match.id,
                           state=state, where=where))
        await tell(interaction, "\n".join(lines))

    @game.command(name="leave", description="Leave the game in this channel")
    async def leave(self, interaction: discord.Interaction[GameBot]) -> None:
        """In a lobby, free the seat; in a running game, a computer player takes it."""
        match = await self._here(interaction)
        if match is None:
            return
        sessions = self.bot.sessions
        w = reader(interaction)
        try:
            if match.status == "lobby":
                await sessions.leave_lobby(match.id, interaction.user.id)
                await tell(interaction, w("lobby.left_reply"))
            else:
                await sessions.leave_game(match.id, interaction.user.id)
                await tell(interaction, w("games.left_game"))
        except RuleError as error:
            await tell(interaction, reason(error, [], w))
        except Exception:
            await apologise(interaction, match.id)

    @game.command(name="cancel", description="Stop the game in this channel (host or managers)")
    async def cancel(self, interaction: discord.Interaction[GameBot]) -> None:
        """Cancel the lobby or game here."""
        match = await self._here(interaction)
        if match is None:
            return
        try:
            await self.bot.sessions.cancel(match.id, interaction.user.id,
                                           is_admin=is_admin(interaction))
            await tell(interaction, reader(interaction)("games.cancelled_id", id=match.id))
        except RuleError as error:
            await tell(interaction, reason(error, [], reader(interaction)))
        except Exception:
            await apologise(interaction, match.id)

    # Open to everyone (`/settings me` is each player's own); what changes the server checks
    # Manage Server itself.
    settings = app_commands.Group(
        name="settings", description="Settings of this server, and your own", guild_only=True)

    @settings.command(name="language",
                      description="The language of this server's boards and messages")
    @app_commands.describe(language="Czech, English, or the server's language in Discord")
    @app_commands.choices(language=[
        app_commands.Choice(name="the server's Discord language", value="auto"),
        app_commands.Choice(name="English", value="en"),
        app_commands.Choice(name="Čeština", value="cs")])
    async def set_language(self, interaction: discord.Interaction[GameBot],
                           language: str) -> None:
        """Manage Server only: every later board, announcement and picture speaks it."""
        if interaction.guild_id is None or not is_admin(interaction):
            await tell(interaction, reader(interaction)("settings.managers_only"))
            return
        chosen = None if language == "auto" else language
        await self.bot.sessions.repo.set_guild_language(interaction.guild_id, chosen)
        for match in await self.bot.sessions.repo.open_matches(interaction.guild_id):
            self.bot.publisher.refresh(match.id)  # redrawn in the new language
        w = await server_words(self.bot, interaction.guild_id)
        await tell(interaction, w("settings.language_auto" if chosen is None
                                  else "settings.language_set"))

    @settings.command(name="me", description="Your own settings, on every server")
    @app_commands.describe(pings="Whether the start of your turn mentions you")
    @app_commands.choices(pings=[
        app_commands.Choice(name="on: mention me when my turn starts", value="on"),
        app_commands.Choice(name="off: no mention when my turn starts", value="off")])
    async def set_me(self, interaction: discord.Interaction[GameBot], pings: str) -> None:
        """A player's own choice, kept across restarts: whether their turn pings them."""
        on = pings == "on"
        await set_pings(self.bot.sessions.repo, interaction.user.id, on)
        await tell(interaction, reader(interaction)("settings.pings_on" if on
                                                    else "settings.pings_off"))

    @app_commands.command(name="help", description="What Menagerie can do and how to play")
    async def help(self, interaction: discord.Interaction[GameBot]) -> None:
        """The short guide."""
        await tell(interaction, reader(interaction)("help.text"))

    async def _here(self, interaction: discord.Interaction[GameBot]) -> MatchRow | None:
        match = await self.bot.sessions.repo.open_match_in(interaction.channel_id or 0)
        if match is None:
            await tell(interaction, reader(interaction)("games.no_game_here"))
        return match


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Games(bot))
