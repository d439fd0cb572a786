"""Commands every game shares: opening a lobby, /game list, leave, cancel and /help."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.rows import MatchRow
from bot.games.core import RuleError
from cogs._cog import GameCog
from cogs._custom_ids import match_of, unhandled_reason
from cogs._lobby import no_game_here
from cogs._replies import apologise, is_admin, reader, reason, tell
from cogs._tree import INTEGER_LIMIT
from cogs._ui import game_name
from cogs._web import send_link
from cogs.replay import history_command, replay_command

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)


class Games(GameCog):
    """/game list, leave, cancel, history and replay, and /help; and what every game shares: ending
    the games of deleted channels and servers, and the answer to stray clicks."""

    game = app_commands.Group(name="game", description="Games on this server",
                              guild_only=True)

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

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
        data: dict[str, Any] = dict(interaction.data or {})
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
            lines.append(w("games.list_line", game=game_name(match.game), id=match.id,
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

    @game.command(name="web", description="Your own link to this channel's game on the web board")
    async def web(self, interaction: discord.Interaction[GameBot]) -> None:
        """Privately, the link that plays as the user (spectators': watches) on the web."""
        match = await self._here(interaction)
        if match is not None:
            await send_link(interaction, match.id)

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

    @game.command(name="history", description="The finished games of this server, newest first")
    @app_commands.describe(page="Which page: 1 is the newest games")
    async def history(self, interaction: discord.Interaction[GameBot],
                      page: app_commands.Range[int, 1, 100_000] = 1) -> None:
        """The server's finished games, privately, a page at a time (`cogs.replay`)."""
        await history_command(interaction, page)

    @game.command(name="replay", description="Watch a finished game again, privately")
    @app_commands.rename(match_id="id")
    @app_commands.describe(match_id="The game's number (see /game history)",
                           format="Step by step (default), or the whole game as one animation",
                           step="The step to begin at (0: the deal; past the end: the end)")
    @app_commands.choices(format=[
        app_commands.Choice(name="step by step", value="steps"),
        app_commands.Choice(name="animated GIF", value="gif"),
        app_commands.Choice(name="animated WebP", value="webp")])
    async def replay(self, interaction: discord.Interaction[GameBot],
                     match_id: app_commands.Range[int, 1, INTEGER_LIMIT], format: str = "steps",
                     step: app_commands.Range[int, 0, 100_000] = 0) -> None:
        """A finished game of this server again, privately (`cogs.replay`)."""
        await replay_command(interaction, match_id, format, step)

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
