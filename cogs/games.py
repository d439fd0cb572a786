"""Commands every game shares: opening a lobby, /game list, leave, cancel and /help."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.repo import ChannelBusy, MatchRow
from bot.db.server_settings import server_settings
from bot.defaults import ServerSettings, lobby_options
from bot.games.core import RuleError
from cogs._publisher import NO_PINGS, RETRYABLE, Publisher, lobby_buttons, lobby_text
from cogs._translator import CommandTranslator
from cogs._tree import check_options
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
    words) or the server keeps games out of it; return the new lobby. Options the host left
    out (None) are the server's defaults, else the game's (`bot.defaults.lobby_options`).

    The lobby is stored first and its message id right after the reply that creates it (the
    reply carries it: no second call). If the reply is lost — the interaction expired, Discord
    failed, or the process died in between — the lobby has no message, and the publisher posts
    one into the channel (now, or at the next start-up): it is never unreachable.
    """
    bot = interaction.client
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, reader(interaction)("games.dm_only"))
        return None
    server = await server_settings(bot.sessions.repo, interaction.guild_id)
    if await refused_here(interaction, server):
        return None
    options = lobby_options(game, options, server)
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


THREAD_OPTION = "Play the game in a thread of its own (default: the server's choice)"
"""What every `/… new` command's `thread:` option says."""


async def refused_here(interaction: discord.Interaction[GameBot],
                       server: ServerSettings | None = None) -> bool:
    """Whether the server keeps games out of this channel (`/settings server games_here:`);
    if so, the user is told privately where games are played."""
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        return False  # not in a server: the caller says games are played in servers
    if server is None:
        server = await server_settings(interaction.client.sessions.repo, guild_id)
    if server.allows(channel_id, parent_of(interaction.channel)):
        return False
    channels = " ".join(f"<#{c}>" for c in sorted(server.channels))
    await tell(interaction, reader(interaction)("games.not_here", channels=channels))
    return True


async def no_game_here(interaction: discord.Interaction[GameBot], key: str) -> None:
    """Say privately there is no game here (``key``'s words) — or, where this channel's games
    went on in threads of their own, where they are."""
    w = reader(interaction)
    moved = await interaction.client.publisher.threads.elsewhere(interaction.channel_id or 0, w)
    await tell(interaction, moved or w(key))


def minutes(value: int | None) -> int | None:
    """A timer option given in minutes, in seconds as lobbies keep it (None: not given)."""
    return None if value is None else value * 60


def parent_of(channel: object) -> int | None:
    """The channel a thread belongs to (None for anything else): a game channel's threads
    are game channels too."""
    return channel.parent_id if isinstance(channel, discord.Thread) else None


class Games(commands.Cog):
    """/game list, /game leave, /game cancel and /help; and what every game
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
        crash cut off; only in the guilds this process owns (sharded: another process redraws
        the others', checks their threads and knows their turns)."""
        sessions = self.bot.sessions
        matches = await sessions.repo.unsettled_matches(owner=sessions.owner)
        await self.bot.publisher.turn_pings.load(owner=sessions.owner)
        for match in matches:
            self.bot.publisher.known_turns(match)
        self.bot.publisher.resume(matches)
        self.bot.publisher.turn_pings.sweep_loaded()

    async def cog_load(self) -> None:
        """Czech clients see the commands in Czech (discord.py asks when it syncs)."""
        await self.bot.tree.set_translator(CommandTranslator())

    async def cog_unload(self) -> None:
        """Stop the board workers (pending redraws are redone at the next start-up)."""
        await self.bot.publisher.close()

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted: every lobby and game in it ends, and every game that moved
        from it into a thread (its threads went with it)."""
        await self._channels_gone(channel.guild, {channel.id})

    @commands.Cog.listener()
    async def on_thread_delete(self, thread: discord.Thread) -> None:
        """A thread went with its deleted channel (discord.py says so after the channel): the
        games in it end the same way. A thread deleted on its own is left to the publisher,
        which shows its game in the channel again and tells the channel (`cogs._threads`)."""
        if thread.guild.get_channel(thread.parent_id) is None:
            await self._channels_gone(thread.guild, {thread.id, thread.parent_id})

    async def _channels_gone(self, guild: discord.Guild, gone: set[int]) -> None:
        """Each lobby and game shown in ``gone`` is cancelled, one change each, and nothing
        more is sent there; only in guilds this process owns (sharded, only the owner hears
        of it anyway)."""
        if not self.bot.sessions.owner.owns(guild.id):
            return
        for match in await self.bot.sessions.repo.open_matches(guild.id):
            if match.channel_id in gone or match.home_channel_id in gone:
                await self.bot.publisher.channel_gone(match.id, *gone)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (kicked, or the server deleted): its lobbies and
        games can never be shown or played again, so each ends as in a deleted channel."""
        await self._server_gone(guild.id)

    async def _server_gone(self, guild_id: int) -> None:
        if not self.bot.sessions.owner.owns(guild_id):
            return
        for match in await self.bot.sessions.repo.open_matches(guild_id):
            gone = {match.channel_id, *([match.home_channel_id] if match.home_channel_id
                                        else [])}
            await self.bot.publisher.channel_gone(match.id, *gone)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[GameBot]) -> None:
        """Answer clicks no handler will take (outdated, forged or mangled ids) instead of
        letting them fail silently; a click on an ended game says it has ended."""
        if interaction.type is not discord.InteractionType.component:
            return
        data = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        kind = data.get("component_type")
        why = unhandled_reason(custom_id, interaction.message, kind if isinstance(kind, int)
                               else None)
        if why is None:
            return
        match_id = match_of(custom_id)
        try:
            match = await self.bot.sessions.repo.match(match_id) if match_id is not None else None
        except Exception:  # the answer matters more than which of two reasons it gives
            log.exception("could not look up match %s for a stray click", match_id)
            match = None
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

    @app_commands.command(name="help", description="What Menagerie can do and how to play")
    async def help(self, interaction: discord.Interaction[GameBot]) -> None:
        """The short guide, in two private messages (one would pass Discord's 2000 characters):
        the games, then the commands."""
        w = reader(interaction)
        await tell(interaction, w("help.games"))
        await tell(interaction, w("help.commands"))

    async def _here(self, interaction: discord.Interaction[GameBot]) -> MatchRow | None:
        match = await self.bot.sessions.repo.open_match_in(interaction.channel_id or 0)
        if match is None:
            await no_game_here(interaction, "games.no_game_here")
        return match


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Games(bot))
