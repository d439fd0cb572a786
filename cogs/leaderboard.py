"""/leaderboard and /stats: each server's standings per game, as a picture and, in the same
message, the same table as text in the asker's language (nothing is only inside the image).

Computer players never appear: results of computer seats are stored but not counted here. A
game that can be played alone (MIMIC) also has a solo board, ``/leaderboard game:mimic:solo``:
each player's best score alone; solo games never count on the game's own board.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.db import leaderboards
from bot.i18n import Words
from cogs._cog import GameCog
from cogs._pings import NO_PINGS
from cogs._replies import alt_text, plain, png_file, reader
from cogs._ui import GameUI
from presentation.leaderboard import solo_standings, standings
from rendering.leaderboard import (
    SoloStanding,
    Standing,
    render_leaderboard,
    render_solo_board,
    render_stats,
)

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)
TOP = 15
LIMIT = 2000  # characters Discord allows in one message
NAME_WIDTH = 18  # characters of a name in a text table
SOLO = ":solo"
"""The end of a /leaderboard ``game`` value that asks for the game's solo board."""


def percent(rate: float, w: Words) -> str:
    """A share as the language writes a percentage (English 67%, Czech 67 %)."""
    return w("leaderboard.percent", value=w.number(round(rate * 100)))


def seconds(ms: float, w: Words) -> str:
    """Milliseconds as seconds with two decimals, the language's way (0.84 s, Czech 0,84 s)."""
    return w("unit.seconds", value=w.number(ms / 1000, 2))


def counted(unit: str, count: int, w: Words) -> str:
    """``count`` of a game's ``unit`` ("12 cubes", Czech "12 kostek"); a unit the catalogue
    does not know is left as the game names it."""
    key = f"leaderboard.unit.{unit}"
    return w.n(key, count) if w.has(key) else f"{w.number(count)} {unit}"


def cell_name(name: str) -> str:
    """A name in a code block: cut to its column, and with no backtick that could end the
    block early."""
    return name.replace("`", "'")[:NAME_WIDTH]


def columns(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Monospace lines, each column as wide as its widest cell: the second column (the names)
    aligned left, the others (numbers) right."""
    widths = [max(len(line[i]) for line in (head, *rows)) for i in range(len(head))]
    return [" ".join(c.ljust(size) if i == 1 else c.rjust(size)
                     for i, (c, size) in enumerate(zip(line, widths, strict=True))).rstrip()
            for line in (head, *rows)]


def bounded(heading: str, rows: Sequence[str], w: Words, *, head: str | None = None,
            tail: str = "", total: int | None = None, cut: str = "leaderboard.cut") -> str:
    """A message: ``heading``, the ``rows`` (a code block under ``head`` when there is one),
    then ``tail``. Rows are dropped from the bottom until it fits in one Discord message, and
    when fewer than ``total`` are shown it says so (message ``cut``)."""
    total = len(rows) if total is None else total
    shown = len(rows)
    while True:
        body = "\n".join(rows[:shown])
        parts = [heading, f"```\n{head}\n{body}\n```" if head is not None else body]
        if shown < total:
            parts.append(w(cut, shown=w.number(shown), total=w.number(total)))
        if tail:
            parts.append(tail)
        text = "\n".join(parts)
        if len(text) <= LIMIT:
            return text
        if shown > 1:
            shown -= 1
        elif tail:
            tail = ""  # too long for even one row: the table matters more than the note
        else:
            return text[:LIMIT]


def solo_text(title: str, table: list[SoloStanding], unit: str, w: Words,
              total: int | None = None) -> str:
    """The solo board as a monospace table in ``w``'s language."""
    if not table:
        return f"**{plain(title)}**\n" + w("leaderboard.empty")
    key = f"leaderboard.solo_best.{unit}"
    best = w(key) if w.has(key) else w("leaderboard.solo_best")
    head = [w("leaderboard.col.rank"), w("leaderboard.col.player"), w("leaderboard.col.best"),
            w("leaderboard.col.games")]
    lines = columns(head, [[w.number(r["rank"]), cell_name(r["name"]), w.number(r["best"]),
                            w.number(r["games"])] for r in table])
    return bounded(f"**{plain(title)}** ({best})", lines[1:], w, head=lines[0], total=total)


def as_text(title: str, table: list[Standing], w: Words, *, fastest: dict[int, float] | None = None,
            tail: str = "", total: int | None = None) -> str:
    """The leaderboard as a monospace table in ``w``'s language; with ``fastest`` (a game that
    times reactions) each player's fastest correct reaction too."""
    if not table:
        return "\n".join(part for part in (f"**{plain(title)}**", w("leaderboard.empty"), tail)
                          if part)
    head = [w(f"leaderboard.col.{c}") for c in
            ("rank", "player", "games", "wins", "win_rate", "points", "rating")]
    if fastest:
        head.append(w("leaderboard.col.fastest"))
    rows = []
    for row in table:
        cells = [w.number(row["rank"]), cell_name(row["name"]), w.number(row["games"]),
                 w.number(row["wins"]), percent(row["win_rate"], w), w.number(row["points"]),
                 w.number(row["rating"], 1)]
        if fastest:
            ms = fastest.get(row["user_id"])
            cells.append(seconds(ms, w) if ms is not None else "-")
        rows.append(cells)
    lines = columns(head, rows)
    return bounded(f"**{plain(title)}**", lines[1:], w, head=lines[0], tail=tail, total=total)


def reactions_note(times: dict[int, list[float]], ranked: list[Standing], shown: list[Standing],
                   w: Words) -> str:
    """For games that time reactions: the server's fastest correct reaction, and the median of
    each player the table shows (fastest first)."""
    names = {row["user_id"]: row["name"] for row in ranked}
    named = [user for user in times if user in names]
    if not named:
        return ""
    best = min(named, key=lambda user: times[user][0])
    on_table = {row["user_id"] for row in shown}
    medians = ", ".join(
        f"{plain(names[user])} {seconds(statistics.median(times[user]), w)}"
        for user in sorted(on_table & set(named), key=lambda u: statistics.median(times[u])))
    return w("leaderboard.fastest", name=plain(names[best]), time=seconds(times[best][0], w),
             medians=medians)


class Leaderboard(GameCog):
    """The server's standings, in the words of whoever asks."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def _games(self, w: Words) -> list[app_commands.Choice[str]]:
        choices = []
        for key, ui in self.bot.uis.items():
            choices.append(app_commands.Choice(name=ui.name, value=key))
            if self._has_solo(key):
                choices.append(app_commands.Choice(name=w("leaderboard.solo_name", game=ui.name),
                                                   value=key + SOLO))
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
        return [c for c in self._games(reader(interaction))
                if current.lower() in c.name.lower()][:25]

    @app_commands.command(name="leaderboard", description="The best players of a game here")
    @app_commands.describe(game="Which game; a game you can play alone also has a solo board")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[GameBot],
                          game: str = "mimikri") -> None:
        """The table of a game on this server, or its solo board: picture and text."""
        w = reader(interaction)
        solo = game.endswith(SOLO)
        key = game.removesuffix(SOLO)
        ui = self.bot.uis.get(key)
        if ui is None or (solo and not self._has_solo(key)):
            await interaction.response.send_message(
                w("leaderboard.unknown_game", game=plain(game)), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        server = interaction.guild.name if interaction.guild else w("leaderboard.this_server")
        if solo:
            await self._solo_board(interaction, key, w("leaderboard.solo_title", game=ui.name,
                                                       server=server),
                                   ui.solo_unit, w)
            return
        repo = self.bot.sessions.repo
        ranked = standings(await leaderboards.board(repo, interaction.guild_id or 0, game))
        table = ranked[:TOP]
        title = w("leaderboard.title", game=ui.name, server=server)
        png = await asyncio.to_thread(render_leaderboard, title, table, w)
        times = await leaderboards.records(repo, interaction.guild_id or 0, game, "reaction_ms")
        text = as_text(title, table, w, fastest={user: ms[0] for user, ms in times.items()},
                       tail=reactions_note(times, ranked, table, w), total=len(ranked))
        await send_table(interaction, png, text, "leaderboard.png")

    async def _solo_board(self, interaction: discord.Interaction[GameBot], game: str,
                          title: str, unit: str, w: Words) -> None:
        ranked = solo_standings(await leaderboards.solo_board(self.bot.sessions.repo,
                                                           interaction.guild_id or 0, game))
        table = ranked[:TOP]
        png = await asyncio.to_thread(render_solo_board, title, table, unit, w)
        await send_table(interaction, png, solo_text(title, table, unit, w, len(ranked)),
                         "leaderboard.png")

    async def _solo_stats(self, guild_id: int, game: str, user_id: int,
                          w: Words) -> list[tuple[str, str]]:
        """The stats line of a player's games of ``game`` alone, if they played any."""
        repo = self.bot.sessions.repo
        table = solo_standings(await leaderboards.solo_board(repo, guild_id, game))
        mine = next((r for r in table if r["user_id"] == user_id), None)
        if mine is None:
            return []
        ui = self.bot.uis.get(game)
        name = ui.name if ui is not None else game
        unit = ui.solo_unit if ui is not None else GameUI.solo_unit
        return [(w("leaderboard.solo_name", game=name),
                 w("leaderboard.stats.solo", rank=w.number(mine["rank"]),
                   total=w.number(len(table)), best=counted(unit, mine["best"], w),
                   games=w.n("leaderboard.unit.games", mine["games"])))]

    @app_commands.command(name="stats", description="A player's games, wins and rating here")
    @app_commands.describe(user="Whose numbers (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[GameBot],
                    user: discord.User | None = None) -> None:
        """One player's numbers for every game they finished on this server."""
        w = reader(interaction)
        who = user or interaction.user
        await interaction.response.defer(thinking=True)
        repo = self.bot.sessions.repo
        lines: list[tuple[str, str]] = []
        guild_id = interaction.guild_id or 0  # a command of servers only
        for game in await leaderboards.player_games(repo, guild_id, who.id):
            ui = self.bot.uis.get(game)
            name = ui.name if ui is not None else game
            table = standings(await leaderboards.board(repo, guild_id, game))
            row = next((r for r in table if r["user_id"] == who.id), None)
            if row is not None:  # None: they only played it alone
                lines.append((name, w(
                    "leaderboard.stats.line", rank=w.number(row["rank"]),
                    total=w.number(len(table)), games=w.n("leaderboard.unit.games", row["games"]),
                    wins=w.n("leaderboard.unit.wins", row["wins"]),
                    rate=percent(row["win_rate"], w),
                    points=w.n("leaderboard.unit.points", row["points"]),
                    rating=w.number(row["rating"], 1))))
            if self._has_solo(game):
                lines += await self._solo_stats(interaction.guild_id or 0, game, who.id, w)
            times = (await leaderboards.records(repo, guild_id, game, "reaction_ms")).get(who.id)
            if times:
                lines.append((w("leaderboard.stats.reactions", game=name),
                              w("leaderboard.stats.reaction_times", fastest=seconds(times[0], w),
                                median=seconds(statistics.median(times), w))))
        server = interaction.guild.name if interaction.guild else w("leaderboard.this_server")
        title = w("leaderboard.stats.title", name=who.display_name, server=server)
        if not lines:
            lines = [(w("leaderboard.stats.none_label"), w("leaderboard.stats.none"))]
        png = await asyncio.to_thread(render_stats, title, lines, w)
        text = bounded(f"**{plain(title)}**", [f"• **{plain(k)}**: {v}" for k, v in lines], w,
                       cut="leaderboard.cut_lines")
        await send_table(interaction, png, text, "stats.png")

async def send_table(interaction: discord.Interaction[GameBot], png: bytes, text: str,
                     filename: str) -> None:
    """A table's picture with the same table as text beside it, so nothing is only in the
    image; the text alone when the picture cannot be sent."""
    try:
        await interaction.followup.send(text, file=png_file(png, filename, alt_text(text)),
                                        allowed_mentions=NO_PINGS)
    except discord.HTTPException:
        # No Attach Files permission, or the upload failed: the text still answers.
        log.warning("sending the %s picture failed; sending text", filename, exc_info=True)
        await interaction.followup.send(text, allowed_mentions=NO_PINGS)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Leaderboard(bot))
