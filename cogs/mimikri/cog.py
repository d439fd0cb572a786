"""Mimikri in Discord: /mimikri new and rules, the board's buttons, and the memory-honest log.

The table speaks the server's language (the publisher hands it the words); the rules and the
preview, private answers, speak the reader's. The log says who turned up which position and
whether it was the wanted butterfly — never which butterfly lay there
(``shared/specs/mimikri.md`` §Keeping memory honest).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.rows import MatchRow, SeatRow
from bot.games.mimikri.rules import ORIENTATIONS
from bot.games.mimikri.views import MimikriView
from bot.i18n import Words
from cogs._buttons import GameAction, QueryButton
from cogs._cog import GameCog
from cogs._lobby import THREAD_OPTION, minutes, open_lobby
from cogs._replies import alt_text, png_file, reader, show_rules
from cogs._ui import EN, GameUI, seat_name
from presentation.mimikri import words as texts
from rendering import mimikri as art

if TYPE_CHECKING:
    from cogs._bot import GameBot
    from presentation.table import Table


class MimikriUI(GameUI[MimikriView]):
    """How a Mimikri table looks and which buttons it has."""

    game = "mimikri"

    def controls(
        self, match: MatchRow, seats: Sequence[SeatRow], view: MimikriView, w: Words = EN
    ) -> list[discord.ui.Item[Any]]:
        """Grid buttons (rows 0–3), then the four edges and the preview (row 4)."""
        items: list[discord.ui.Item[Any]] = []
        columns = len(view["animals"])
        searching = view["phase"] == "search"
        for index, cell in enumerate(view["grid"]):
            down = cell["face"] == "down"
            items.append(GameAction(
                match.id, match.version, f"reveal:{cell['pos']}", label=cell["pos"],
                style=discord.ButtonStyle.primary if down else discord.ButtonStyle.secondary,
                disabled=not (searching and down), row=index // columns,
            ))
        orienting = view["phase"] == "orient"
        # Edges keep their letters in every language: the pictures mark the card's edges so.
        for edge in ORIENTATIONS:
            items.append(GameAction(
                match.id, match.version, f"orient:{edge}", label=edge,
                style=discord.ButtonStyle.success,
                disabled=not orienting or edge in view["tried"], row=4,
            ))
        items.append(QueryButton(match.id, "preview", label=w("mimikri.button.preview"),
                                 emoji="🔍", style=discord.ButtonStyle.secondary, row=4))
        return items

    async def query(
        self, interaction: discord.Interaction[GameBot], match: MatchRow, query: str
    ) -> None:
        """🔍 Preview: the four butterflies the current subject card can show (public info), in
        the asker's words."""
        w = reader(interaction)
        view = interaction.client.sessions.rules(match.game).view(match.live, None)
        if query != "preview" or view["subject"] is None:
            await interaction.followup.send(w("mimikri.preview.none"), ephemeral=True)
            return
        seats = await interaction.client.sessions.repo.seats(match.id)
        holder = seats[view["holder"]]
        if holder.user_id == interaction.user.id and not holder.is_computer:
            title = w("mimikri.preview.own_title")
        else:
            title = w("mimikri.preview.title", name=seat_name(holder, w))
        png = await asyncio.to_thread(art.render_preview, view["subject"], view["tried"], title,
                                      w)
        text = w("mimikri.preview.text", card=texts.card(view["subject"], w))
        await interaction.followup.send(
            text, file=png_file(png, "preview.png", "\n".join([title, alt_text(text)])),
            ephemeral=True,
        )


class Mimikri(GameCog, commands.GroupCog, group_name="mimikri",
              group_description="Mimikri, the memory game"):
    """/mimikri new and /mimikri rules."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description="Open a Mimikri lobby in this channel")
    @app_commands.describe(subjects="4 subject cards (16 butterflies, first games) or all 5 (20)",
                           turn_timer="Minutes a player has for a move before a computer moves"
                                      " for them (0 = no timer)",
                           thread=THREAD_OPTION)
    @app_commands.choices(subjects=[app_commands.Choice(name="4 cards, 16 butterflies", value=4),
                                    app_commands.Choice(name="5 cards, 20 butterflies", value=5)])
    async def new(
        self, interaction: discord.Interaction[GameBot], subjects: int = 4,
        turn_timer: app_commands.Range[int, 0, 60] | None = None, thread: bool | None = None,
    ) -> None:
        """Post the lobby (a timer or thread left out: the server's default)."""
        await open_lobby(interaction, "mimikri", {
            "subjects": subjects, "turn_timer": minutes(turn_timer), "thread": thread})

    @app_commands.command(name="rules", description="How to play Mimikri, with a picture")
    async def rules(self, interaction: discord.Interaction[GameBot]) -> None:
        """The rules in short, privately, in the reader's words."""
        w = reader(interaction)
        await show_rules(interaction, w("mimikri.rules"), lambda: art.render_rules(w),
                         "mimikri-rules.png")


def ui(bot: GameBot, table: Table[MimikriView]) -> MimikriUI:
    """How Mimikri looks in Discord, on its table (the composition root builds it)."""
    return MimikriUI(table)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Mimikri(bot))
