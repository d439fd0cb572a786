"""/settings: the server's language and defaults (Manage Server) and each player's own choices.

The command group is open to everyone, because `/settings me` is each player's own; every
command that changes the server checks Manage Server itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot.db.players import set_pings
from bot.db.server_settings import (
    allow_channel,
    allow_every_channel,
    server_settings,
    set_guild_language,
    set_option,
    set_threads,
    set_timer,
)
from bot.defaults import ServerSettings, server_options, timed_games
from bot.games import GAMES
from bot.i18n import Words
from cogs._cog import GameCog
from cogs._replies import is_admin, reader, server_words, tell
from presentation.durations import duration

if TYPE_CHECKING:
    from cogs._bot import GameBot

ON_OFF = [app_commands.Choice(name="on", value="on"),
          app_commands.Choice(name="off", value="off")]
Minutes = app_commands.Range[int, 0, 60]
Command = TypeVar("Command", bound=Callable[..., Any])


def timer_option(game: str) -> str:
    """The name of `/settings server`'s turn timer option of a game."""
    return f"{game}_timer"


def with_game_options(command: Command) -> Command:
    """Give `/settings server` the options the games' specs declare, before ``games_here``:
    each game option a server may choose (with its choices), then one turn timer option per
    game that has a turn timer. The command takes them as keyword arguments."""
    parameters = list(inspect.signature(command).parameters.values())
    fixed = [p for p in parameters if p.kind is not inspect.Parameter.VAR_KEYWORD]
    chosen = [inspect.Parameter(option.command, inspect.Parameter.KEYWORD_ONLY, default=None,
                                annotation="str | None") for _, option in server_options()]
    timers = [inspect.Parameter(timer_option(game), inspect.Parameter.KEYWORD_ONLY,
                                default=None, annotation="Minutes | None")
              for game in timed_games()]
    last = fixed.pop()  # games_here comes last, as players have always seen it
    keyword = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in (*chosen, *timers, last)]
    # inspect (and so discord.py) reads a function's __signature__, which typeshed does not
    # declare on a function.
    command.__signature__ = inspect.Signature([*fixed, *keyword])  # type: ignore[attr-defined]
    described = app_commands.describe(**{option.command: option.text
                                         for _, option in server_options()},
                                      **{timer_option(game): GAMES[game].timer_text
                                         for game in timed_games()})
    offered = app_commands.choices(**{
        option.command: [app_commands.Choice(name=name, value=value)
                         for value, name in option.choices.items()]
        for _, option in server_options()})
    return offered(described(command))


class Settings(GameCog):
    """/settings language, /settings server and /settings me."""

    settings = app_commands.Group(
        name="settings", description="Settings of this server, and your own", guild_only=True)

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

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
        await set_guild_language(self.bot.sessions.repo, interaction.guild_id, chosen)
        for match in await self.bot.sessions.repo.open_matches(interaction.guild_id):
            self.bot.publisher.refresh(match.id)  # redrawn in the new language
        w = await server_words(self.bot, interaction.guild_id)
        await tell(interaction, w("settings.language_auto" if chosen is None
                                  else "settings.language_set"))

    @settings.command(
        name="server",
        description="This server's defaults for new games (without options: show them)")
    @app_commands.describe(
        threads="Play each new game in its own thread (the host can still choose)",
        games_here="Where games may be opened: allow this channel, remove it, or everywhere")
    @app_commands.choices(
        threads=ON_OFF,
        games_here=[
            app_commands.Choice(name="allow: games here (then only in allowed channels)",
                                value="allow"),
            app_commands.Choice(name="remove: no more games here", value="remove"),
            app_commands.Choice(name="everywhere: games in every channel", value="everywhere")])
    @with_game_options
    async def set_server(
        self, interaction: discord.Interaction[GameBot], /, threads: str | None = None,
        games_here: str | None = None, **chosen: Any,
    ) -> None:
        """Manage Server only: store what was given, then show every setting of the server
        (``chosen``: the games' own options, and each game's turn timer in minutes)."""
        w = reader(interaction)
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None or not is_admin(interaction):
            await tell(interaction, w("settings.managers_only"))
            return
        repo = self.bot.sessions.repo
        before = await server_settings(repo, guild_id)
        if games_here == "remove" and channel_id not in before.channels:
            await tell(interaction, w("settings.server.not_listed"))
            return
        if threads is not None:
            await set_threads(repo, guild_id, threads == "on")
        for game, option in server_options():
            value = chosen.get(option.command)
            if value is not None:
                await set_option(repo, guild_id, game, option.key, value)
        for game in timed_games():
            minutes = chosen.get(timer_option(game))
            if minutes is not None:
                await set_timer(repo, guild_id, game, minutes * 60)
        if games_here == "everywhere":
            await allow_every_channel(repo, guild_id)
        elif games_here is not None:
            await allow_channel(repo, guild_id, channel_id, games_here == "allow")
        names = {game: ui.name for game, ui in self.bot.uis.items()}
        await tell(interaction, server_summary(await server_settings(repo, guild_id), names, w))

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


LANGUAGES = {"en": "English", "cs": "Čeština"}  # each in its own words, as language pickers do


def option_lines(server: ServerSettings, w: Words) -> list[str]:
    """Each game option a server may choose, as the server has it: its choice, else the
    game's default."""
    lines = []
    for game, option in server_options():
        value = server.option(game, option.key) or GAMES[game].lobby_defaults[option.key]
        lines.append(w(f"settings.server.option.{option.command}", value=w(f"value.{value}")))
    return lines


def server_summary(server: ServerSettings, names: dict[str, str], w: Words) -> str:
    """Every setting of a server as its managers read it, the games' defaults included
    (``names``: each game's name)."""
    timers = ", ".join(
        w("settings.server.timer", game=names.get(game, game),
          timer=duration(server.timer(game), w) if server.timer(game) else w("value.off"))
        for game in timed_games())
    channels = (" ".join(f"<#{c}>" for c in sorted(server.channels)) if server.channels
                else w("settings.server.everywhere"))
    return w(
        "settings.server.summary",
        language=LANGUAGES.get(server.language, server.language) if server.language
        else w("settings.server.discord_language"),
        threads=w("value.yes" if server.threads else "value.no"),
        options="".join(f"{line}\n" for line in option_lines(server, w)),
        timers=timers, channels=channels,
    )


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Settings(bot))
