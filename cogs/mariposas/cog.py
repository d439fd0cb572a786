"""Mariposas in Discord: /mariposas new, rules, turn and land; the public board; the log.

The public message shows the map and the scores and is redrawn once per finished turn, not
per sub-step (`MariposasUI.quiet`): a turn's choices — card, moves, landings, flowers,
hatching, confirm, undo — are made on the active player's private panel
(``cogs.mariposas.panel``), opened with the board's button or ``/mariposas turn``; every
choice is in the panel. A landing can also be typed with ``/mariposas land`` (autocompleted
from the rules; anything else is refused). The log names only what cannot be taken back (a finished
turn, a waystation flipped, the seasons), never a card in a hand.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.computers import DEFAULT_LEVEL, LEVELS
from bot.db.rows import MatchRow, SeatRow
from bot.games.core import RuleError
from bot.games.mariposas.rules import RULES
from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from bot.sessions.transition import Transition
from cogs._buttons import QueryButton
from cogs._cog import GameCog
from cogs._lobby import THREAD_OPTION, minutes, no_game_here, open_lobby
from cogs._replies import apologise, reader, reason, show_rules, tell
from cogs._ui import EN, GameUI
from cogs.mariposas import panel
from presentation.mariposas import words

if TYPE_CHECKING:
    from cogs._bot import GameBot
    from presentation.table import Table

K = words.K  # the catalogue's keys of Mariposas' words
MAX_CHOICES = 25


def mid_turn(state: dict[str, Any] | None) -> bool:
    """Whether a turn is under way (a card played, or a choice after it): the board waits."""
    return state is not None and RULES.turn_open(state)


class MariposasUI(GameUI[MariposasView]):
    """How a Mariposas table looks: the map, one button for the private panel, the log."""

    game = "mariposas"
    @staticmethod
    def quiet(transition: Transition) -> bool:
        """A sub-step of a turn: logged, but the board is not redrawn for it. An Undo is one
        too, even back to the turn's start: the board shows that start throughout a turn (the
        public view), so drawing it again would upload the very same picture."""
        match = transition.match
        if match.status != "active" or any(e.kind in ("timed_out", "replaced")
                                           for e in transition.events):
            return False
        undone = bool(transition.events) and all(e.kind == "undone" for e in transition.events)
        return undone or mid_turn(match.state)

    def controls(self, match: MatchRow, seats: Sequence[SeatRow], view: MariposasView,
                 w: Words = EN) -> list[discord.ui.Item[Any]]:
        """One button: the player whose turn it is opens their private panel."""
        return [QueryButton(match.id, "panel", label=w(f"{K}button.panel"), emoji="🦋",
                            style=discord.ButtonStyle.primary)]

    async def query(self, interaction: discord.Interaction[GameBot], match: MatchRow,
                    query: str) -> None:
        """The board's button: the asker's private turn panel."""
        await panel.send_panel(interaction, match)


class Mariposas(GameCog, commands.GroupCog, group_name="mariposas",
                group_description="Mariposas, the monarch migration game"):
    """/mariposas new, rules, turn and land."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        bot.add_dynamic_items(*panel.PANEL_ITEMS)

    @app_commands.command(name="new", description="Open a Mariposas lobby in this channel")
    @app_commands.describe(solo="Play alone against computer players: the game starts at once",
                           computers="Solo: how many computer players (1-4)",
                           turn_timer="Minutes a player has for a move before a computer moves"
                                      " for them (0 = no timer)",
                           level="How well computer players play",
                           thread=THREAD_OPTION)
    @app_commands.choices(level=[app_commands.Choice(name=n, value=n) for n in LEVELS])
    async def new(self, interaction: discord.Interaction[GameBot], solo: bool = False,
                  computers: app_commands.Range[int, 1, 4] = 2,
                  turn_timer: app_commands.Range[int, 0, 60] | None = None,
                  level: str = DEFAULT_LEVEL, thread: bool | None = None) -> None:
        """Post the lobby; solo: seat the computers and start (one human: unrated). A timer or
        thread left out: the server's default."""
        options = {"turn_timer": 0 if solo else minutes(turn_timer), "thread": thread}
        match = await open_lobby(interaction, "mariposas", options)
        if match is None or not solo:
            return
        try:
            for _ in range(computers):
                await self.bot.sessions.add_computer(match.id, interaction.user.id, level)
            await self.bot.sessions.start(match.id, interaction.user.id)
        except RuleError as error:
            await tell(interaction, reason(error, [], reader(interaction)))
        except Exception:
            await apologise(interaction, match.id)

    @app_commands.command(name="rules", description="How to play Mariposas, with a picture")
    async def rules(self, interaction: discord.Interaction[GameBot]) -> None:
        """The rules in short, privately, in the reader's words."""
        from rendering import mariposas as art
        w = reader(interaction)
        await show_rules(interaction, w(f"{K}rules"), functools.partial(art.render_rules, w),
                         "mariposas-rules.png")

    @app_commands.command(name="turn", description="Open your private Mariposas turn panel")
    async def turn(self, interaction: discord.Interaction[GameBot]) -> None:
        """The same panel as the board's button."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match = await self._here(interaction)
            if match is not None:
                await panel.send_panel(interaction, match)
        except Exception:
            await apologise(interaction, None)

    @app_commands.command(name="land", description="Land your moving butterfly on a space")
    @app_commands.describe(space="The number of a highlighted space on your turn map")
    async def land(self, interaction: discord.Interaction[GameBot], space: str) -> None:
        """``land:<space>``: refused unless a walk of exactly the move's steps reaches it."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        w = reader(interaction)
        match = None
        try:
            match = await self._here(interaction)
            if match is None:
                return
            typed = space.strip().split(" ", 1)[0]
            if not typed.isdigit():
                await tell(interaction, w(f"{K}refused.not_a_space", space=space[:20]))
                return
            await panel.choose_typed(interaction, match, f"land:{int(typed)}")
        except Exception:
            await apologise(interaction, match.id if match is not None else None)

    @land.autocomplete("space")
    async def _land_space(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        match = await self.bot.sessions.repo.open_match_in(interaction.channel_id or 0)
        if match is None or match.game != "mariposas" or match.state is None:
            return []
        seats = await self.bot.sessions.repo.seats(match.id)
        seat = next((s.seat for s in seats if s.user_id == interaction.user.id
                     and not s.is_computer), None)
        if seat is None:
            return []
        rules = self.bot.sessions.rules(match.game)
        w = reader(interaction)
        typed = current.strip()
        spaces = [c[5:] for c in rules.legal_actions(match.state, seat) if c.startswith("land:")]
        hits = [s for s in spaces if s.startswith(typed)] or [
            s for s in spaces if typed.lower() in words.space(int(s), w).lower()]
        return [app_commands.Choice(name=words.space(int(s), w)[:100], value=s)
                for s in hits[:MAX_CHOICES]]

    async def _here(self, interaction: discord.Interaction[GameBot]) -> MatchRow | None:
        match = await self.bot.sessions.repo.open_match_in(interaction.channel_id or 0)
        if match is None or match.game != "mariposas" or match.status != "active":
            await no_game_here(interaction, f"{K}no_game")
            return None
        return match


def ui(bot: GameBot, table: Table[MariposasView]) -> MariposasUI:
    """How Mariposas looks in Discord, on its table (the composition root builds it)."""
    return MariposasUI(table)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Mariposas(bot))
