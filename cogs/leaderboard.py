"""/leaderboard and /stats: each server's standings per game, as a picture with a text fallback.

Computer players never appear: results of computer seats are stored but not counted here. A
game that can be played alone (MIMIC) also has a solo board, ``/leaderboard game:mimic:solo``:
each player's best score alone; solo games never count on the game's own board.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.repo import BoardRow, SoloRow
from bot.ratings import display
from cogs._publisher import NO_PINGS
from cogs._ui import png_file
from rendering.leaderboard import render_leaderboard, render_solo_board, render_stats

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)
TOP = 15
SOLO = ":solo"
"""The end of a /leaderboard ``game`` value that asks for the game's solo board."""


def standings(rows: list[BoardRow]) -> list[dict]:
    """Rows ordered by rating, then wins, then points, ranked 1, 2, 2, 4…"""
    ordered = sorted(rows, key=lambda r: (-display(r.mu, r.sigma), -r.wins, -r.points, r.name))
    table: list[dict] = []
    for i, row in enumerate(ordered):
        key = (round(display(row.mu, row.sigma), 2), row.wins, row.points)
        rank = table[-1]["rank"] if table and table[-1]["_key"] == key else i + 1
        table.append({"rank": rank, "name": row.name, "games": row.games, "wins": row.wins,
                      "win_rate": row.wins / row.games if row.games else 0.0,
                      "points": row.points, "rating": display(row.mu, row.sigma),
                      "user_id": row.user_id, "_key": key})
    return table


def solo_standings(rows: list[SoloRow]) -> list[dict]:
    """Solo rows ordered by best score, ranked 1, 2, 2, 4… (equal bests share a rank)."""
    ordered = sorted(rows, key=lambda r: (-r.best, r.name))
    table: list[dict] = []
    for i, row in enumerate(ordered):
        rank = table[-1]["rank"] if table and table[-1]["best"] == row.best else i + 1
        table.append({"rank": rank, "name": row.name, "best": row.best, "games": row.games,
                      "user_id": row.user_id})
    return table


def solo_text(title: str, table: list[dict], unit: str) -> str:
    """The solo board as a monospace table, for when a picture cannot be sent."""
    if not table:
        return f"**{title}**\nNo finished games yet."
    lines = ["{:>2} {:<18} {:>5} {:>5}".format("#", "player", "best", "games")]
    for row in table:
        lines.append(f"{row['rank']:>2} {row['name'][:18]:<18} {row['best']:>5} {row['games']:>5}")
    return (f"**{title}** (best: most {unit} in one game)\n```\n" + "\n".join(lines)
            + "\n```")


def as_text(title: str, table: list[dict]) -> str:
    """The leaderboard as a monospace table, for when a picture cannot be sent."""
    if not table:
        return f"**{title}**\nNo finished games yet."
    header = ("#", "player", "games", "wins", "win%", "pts", "rating")
    lines = ["{:>2} {:<18} {:>5} {:>4} {:>5} {:>5} {:>6}".format(*header)]
    for row in table:
        lines.append(f"{row['rank']:>2} {row['name'][:18]:<18} {row['games']:>5} {row['wins']:>4}"
                     f" {row['win_rate']:>5.0%} {row['points']:>5} {row['rating']:>6.1f}")
    return f"**{title}**\n```\n" + "\n".join(lines) + "\n```"


class Leaderboard(commands.Cog):
    """The server's standings."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def _games(self) -> list[app_commands.Choice[str]]:
        choices = []
        for key, ui in self.bot.uis.items():
            choices.append(app_commands.Choice(name=ui.name, value=key))
            if self._has_solo(key):
                choices.append(app_commands.Choice(name=f"{ui.name} solo", value=key + SOLO))
        return choices

    def _has_solo(self, game: str) -> bool:
        """Whether a game can be played alone, and so has a solo board."""
        try:
            return self.bot.sessions.rules(game).min_players == 1
        except KeyError:
            return False

    async def game_autocomplete(
        self, interaction: discord.Interaction[GameBot], current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot has tables for."""
        return [c for c in self._games() if current.lower() in c.name.lower()][:25]

    @app_commands.command(name="leaderboard", description="The best players of a game here")
    @app_commands.describe(game="Which game; a game you can play alone also has a solo board")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[GameBot],
                          game: str = "mimikri") -> None:
        """Render the table of a game on this server, or its solo board."""
        solo = game.endswith(SOLO)
        key = game.removesuffix(SOLO)
        ui = self.bot.uis.get(key)
        if ui is None or (solo and not self._has_solo(key)):
            await interaction.response.send_message(
                f"I don't know a game called {game!r}.", ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        server = interaction.guild.name if interaction.guild else "this server"
        if solo:
            await self._solo_board(interaction, key, f"{ui.name} solo – {server}",
                                   getattr(ui, "solo_unit", "points"))
            return
        rows = await self.bot.sessions.repo.board(interaction.guild_id, game)
        table = standings(rows)[:TOP]
        title = f"{ui.name} – {server}"
        png = await asyncio.to_thread(render_leaderboard, title, table)
        fastest = await self._reactions(interaction.guild_id, game, table)
        await self._send(interaction, png, as_text(title, table), "leaderboard.png", fastest)

    async def _solo_board(self, interaction: discord.Interaction[GameBot], game: str,
                          title: str, unit: str) -> None:
        rows = await self.bot.sessions.repo.solo_board(interaction.guild_id or 0, game)
        table = solo_standings(rows)[:TOP]
        png = await asyncio.to_thread(render_solo_board, title, table, unit)
        await self._send(interaction, png, solo_text(title, table, unit), "leaderboard.png")

    async def _solo_stats(self, guild_id: int, game: str, user_id: int) -> list[tuple[str, str]]:
        """The stats line of a player's games of ``game`` alone, if they played any."""
        table = solo_standings(await self.bot.sessions.repo.solo_board(guild_id, game))
        mine = next((r for r in table if r["user_id"] == user_id), None)
        if mine is None:
            return []
        ui = self.bot.uis.get(game)
        name = ui.name if ui is not None else game
        unit = getattr(ui, "solo_unit", "points")
        games = f"{mine['games']} game{'' if mine['games'] == 1 else 's'}"
        return [(f"{name} solo", f"#{mine['rank']} of {len(table)} · best {mine['best']}"
                                 f" {unit} · {games}")]

    @app_commands.command(name="stats", description="A player's games, wins and rating here")
    @app_commands.describe(user="Whose numbers (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[GameBot],
                    user: discord.User | None = None) -> None:
        """One player's numbers for every game they finished on this server."""
        who = user or interaction.user
        await interaction.response.defer(thinking=True)
        repo = self.bot.sessions.repo
        lines: list[tuple[str, str]] = []
        for game in await repo.player_games(interaction.guild_id, who.id):
            ui = self.bot.uis.get(game)
            name = ui.name if ui is not None else game
            table = standings(await repo.board(interaction.guild_id, game))
            row = next((r for r in table if r["user_id"] == who.id), None)
            if row is not None:  # None: they only played it alone
                lines.append((name, f"#{row['rank']} of {len(table)} · {row['games']} games ·"
                                    f" {row['wins']} wins ({row['win_rate']:.0%}) ·"
                                    f" {row['points']} points · rating {row['rating']:.1f}"))
            if self._has_solo(game):
                lines += await self._solo_stats(interaction.guild_id or 0, game, who.id)
            times = (await repo.records(interaction.guild_id, game, "reaction_ms")).get(who.id)
            if times:
                lines.append((f"{name} reactions", f"fastest {times[0] / 1000:.2f} s · median"
                                                   f" {statistics.median(times) / 1000:.2f} s"))
        server = interaction.guild.name if interaction.guild else "this server"
        title = f"{who.display_name} on {server}"
        if not lines:
            lines = [("Games", "No finished games yet - try /mimikri new")]
        png = await asyncio.to_thread(render_stats, title, lines)
        text = f"**{title}**\n" + "\n".join(f"• **{k}**: {v}" for k, v in lines)
        await self._send(interaction, png, text, "stats.png")

    async def _reactions(self, guild_id: int | None, game: str, table: list[dict]) -> str:
        """For games that time reactions: the server's fastest, and each player's median."""
        times = await self.bot.sessions.repo.records(guild_id or 0, game, "reaction_ms")
        if not times:
            return ""
        names = {row["user_id"]: row["name"] for row in table}
        best = min(times, key=lambda user: times[user][0])
        medians = ", ".join(
            f"{names.get(user, user)} {statistics.median(ms) / 1000:.2f} s"
            for user, ms in sorted(times.items(), key=lambda kv: statistics.median(kv[1])))
        return (f"⚡ Fastest correct reaction here: {names.get(best, best)},"
                f" {times[best][0] / 1000:.2f} s · medians: {medians}")

    async def _send(self, interaction: discord.Interaction[GameBot], png: bytes, text: str,
                    filename: str, note: str = "") -> None:
        try:
            await interaction.followup.send(note, file=png_file(png, filename),
                                            allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            # No Attach Files permission, or the upload failed: the same table as text.
            log.warning("sending the %s picture failed; sending text", filename, exc_info=True)
            await interaction.followup.send(f"{text}\n{note}".strip(),
                                            allowed_mentions=NO_PINGS)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Leaderboard(bot))
