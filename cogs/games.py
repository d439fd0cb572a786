"""Commands every game shares: opening a lobby, /game list, leave, cancel, and /help."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.repo import ChannelBusy, MatchRow
from bot.games.core import RuleError
from cogs._publisher import NO_PINGS, RETRYABLE, Publisher, lobby_buttons, lobby_text
from cogs._tree import check_options
from cogs._ui import DYNAMIC_ITEMS, apologise, is_admin, match_of, tell, unhandled_reason

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

GAME_OVER = "This game is over — its board shows how it ended. Start a new one any time."
CANCELLED = "This game was cancelled."

HELP = """\
**Menagerie** plays board games in this channel. `/mimikri new`, `/schicki new` or `/mimic new` \
opens a lobby: press **Join**, **Add computer** fills a seat, the host presses **Start**. Each \
game is one message, redrawn as you play.
**Mimikri** — memory game with a butterfly camera, played with the buttons under the board: \
the camera holder picks an edge (**N E S W**), then in turn each player presses a grid \
position to turn a card up; **🔍 Preview** shows only you what each edge gives. `/mimikri rules`.
**Schicki Micki** — spot it first. React to the table message: ☂️ 🎩 🧣 🐤 🪶 🪱 call a pair, \
🔵 🔴 grab a figure, ✊ knock (buttons instead if the game was opened with `input:buttons`). \
`/schicki rules`.
**MIMIC** — sets of two pairs on a 7 × 7 grid, played with slash commands whose options offer \
only what is legal: `/mimic place` a card, `/mimic power`, `/mimic start-card`, `/mimic draw`, \
`/mimic take` (advanced: a power card instead of your second card), `/mimic give` (teams), \
`/mimic pick` (a tie), `/mimic end-turn`. Your hand: `/mimic hand` or **Show my hand** under \
the board. `/mimic new solo:True` plays alone at once. `/mimic rules`.
`/game list` — games on this server · `/game leave` — leave the game here (once it runs, a \
computer takes your seat) · `/game cancel` — stop it (host or server managers).
`/leaderboard` — a game's best players here · `/stats` — your numbers (or someone's) · \
`/help` — this.
A move that is not allowed is explained only to you."""


async def open_lobby(
    interaction: discord.Interaction[GameBot], game: str, options: dict[str, Any]
) -> MatchRow | None:
    """Post a lobby for ``game`` as the answer to the command, unless the channel is busy;
    return the new lobby.

    The lobby is stored first and its message id right after the reply that creates it (the
    reply carries it: no second call). If the reply is lost — the interaction expired, Discord
    failed, or the process died in between — the lobby has no message, and the publisher posts
    one into the channel (now, or at the next start-up): it is never unreachable.
    """
    bot = interaction.client
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, "Games are played in a server channel, not in direct messages.")
        return None
    try:
        match = await bot.sessions.open_lobby(
            game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
            options=options,
        )
    except ChannelBusy:
        busy = await bot.sessions.repo.open_match_in(interaction.channel_id)
        what = f"{_name(bot, busy)} (game #{busy.id})" if busy else "another game"
        await tell(interaction, f"{what} is already running in this channel. Finish or cancel it"
                                " first (`/game cancel`), or start yours in another channel.")
        return None
    seats = await bot.sessions.repo.seats(match.id)
    view = discord.ui.View(timeout=None)
    for item in lobby_buttons(match.id):
        view.add_item(item)
    try:
        sent = await interaction.response.send_message(
            lobby_text(_name(bot, match), match, seats), view=view, allowed_mentions=NO_PINGS
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


def _name(bot: GameBot, match: MatchRow) -> str:
    ui = bot.uis.get(match.game)
    return ui.name if ui else match.game


class Games(commands.Cog):
    """/game list, /game leave, /game cancel and /help; and what every game shares: the board
    publisher, the restart-proof buttons, the option check and the answer to stray clicks."""

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
            self.bot.publisher.refresh(match.id)

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
            why = GAME_OVER
        elif match is not None and match.status == "cancelled":
            why = CANCELLED
        await interaction.response.send_message(why, ephemeral=True)

    async def on_app_command_error(
        self, interaction: discord.Interaction[GameBot], error: app_commands.AppCommandError
    ) -> None:
        """One place for command errors: expected ones explained, the rest logged and apologised."""
        original = getattr(error, "original", error)
        if isinstance(original, RuleError):
            await tell(interaction, str(original))
        elif isinstance(error, app_commands.CheckFailure):
            await tell(interaction, "You can't use that command here.")
        else:
            await apologise(interaction, None, original)

    @game.command(name="list", description="The games running on this server")
    async def list_games(self, interaction: discord.Interaction[GameBot]) -> None:
        """Every lobby and running game of the server, with links."""
        matches = await self.bot.sessions.repo.open_matches(interaction.guild_id)
        if not matches:
            await tell(interaction, "No games are running here. Start one, e.g. `/mimikri new`.")
            return
        lines = []
        for match in matches:
            where = (f"https://discord.com/channels/{match.guild_id}/{match.channel_id}/"
                     f"{match.message_id}" if match.message_id else f"<#{match.channel_id}>")
            state = "waiting for players" if match.status == "lobby" else "playing"
            lines.append(f"• **{_name(self.bot, match)}** #{match.id} — {state} — {where}")
        await tell(interaction, "\n".join(lines))

    @game.command(name="leave", description="Leave the game in this channel")
    async def leave(self, interaction: discord.Interaction[GameBot]) -> None:
        """In a lobby, free the seat; in a running game, a computer player takes it."""
        match = await self._here(interaction)
        if match is None:
            return
        sessions = self.bot.sessions
        try:
            if match.status == "lobby":
                await sessions.leave_lobby(match.id, interaction.user.id)
                await tell(interaction, "You left the lobby.")
            else:
                await sessions.leave_game(match.id, interaction.user.id)
                await tell(interaction, "You left the game; a computer player took your seat.")
        except RuleError as error:
            await tell(interaction, str(error))
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
            await tell(interaction, f"Game #{match.id} was cancelled.")
        except RuleError as error:
            await tell(interaction, str(error))
        except Exception:
            await apologise(interaction, match.id)

    @app_commands.command(name="help", description="What Menagerie can do and how to play")
    async def help(self, interaction: discord.Interaction[GameBot]) -> None:
        """The short guide."""
        await tell(interaction, HELP)

    async def _here(self, interaction: discord.Interaction[GameBot]) -> MatchRow | None:
        match = await self.bot.sessions.repo.open_match_in(interaction.channel_id or 0)
        if match is None:
            await tell(interaction, "There is no game in this channel. `/game list` shows where"
                                    " games are running.")
        return match


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Games(bot))
