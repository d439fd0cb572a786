"""/daily in Discord: take today's seeded solo MIMIC deal in this channel (one try per player
per UTC day), or show this server's board of the day (or of one of the 30 before) with every
player's streak, as a picture with its table as text.

The game itself is a normal solo MIMIC match: its board, moves and end are MIMIC's (cogs.mimic)
and the publisher's. When a try finishes, one line under the publisher's end announcement
tells its place on the day's board and the streak; whether it went out is stored, so a
restart posts a line a crash cut off, and never one twice. What the daily challenge keeps and
reads is in `bot.daily`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.daily import GAME, AlreadyTried, DailyChallenge, DailyRow, Try
from bot.db.repo import ChannelBusy
from bot.games.core import RuleError
from bot.i18n import Words
from bot.sessions.transition import Listener, Transition
from cogs._cog import GameCog
from cogs._lobby import refused_here
from cogs._pings import NO_PINGS, RETRYABLE
from cogs._replies import apologise, plain, reader, reason, server_words, tell
from cogs._ui import game_name
from cogs.leaderboard import bounded, cell_name, columns, send_table
from rendering.leaderboard import DailyStanding, render_daily_board

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)


def next_deal(day: dt.date) -> str:
    """When the next deal comes (UTC midnight after ``day``), as a Discord timestamp every
    client counts down in its own language and time zone."""
    midnight = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC)
    return f"<t:{int(midnight.timestamp())}:R>"


def where(found: Try) -> str:
    """A link to a try's board (its channel while the board has no message yet)."""
    if found.message_id is None:
        return f"<#{found.channel_id}>"
    return (f"https://discord.com/channels/{found.guild_id}/{found.channel_id}/"
            f"{found.message_id}")


def board_text(title: str, rows: list[DailyRow], w: Words, tail: str = "") -> str:
    """The board of the day as a monospace table in ``w``'s language: rank, player, cubes
    placed (or how the try stands), streak."""
    if not rows:
        return "\n".join(p for p in (f"**{plain(title)}**", w("daily.board.empty"), tail) if p)
    head = [w("leaderboard.col.rank"), w("leaderboard.col.player"), w("daily.col.cubes"),
            w("daily.col.streak")]
    cells = []
    for row in rows:
        cells.append([w.number(row.rank) if row.rank is not None else "-", cell_name(row.name),
                      score_words(row, w), w.number(row.streak)])
    lines = columns(head, cells)
    return bounded(f"**{plain(title)}**", lines[1:], w, head=lines[0], tail=tail)


def score_words(row: DailyRow, w: Words) -> str:
    """A try's score as its board shows it: cubes placed, or how an unfinished try stands."""
    if row.score is not None:
        return w.number(row.score)
    return w("daily.board.gave_up" if row.status == "cancelled" else "daily.board.playing")


def picture_rows(rows: list[DailyRow], w: Words) -> list[DailyStanding]:
    """The board's rows as its picture takes them."""
    return [{"rank": r.rank, "name": r.name, "score": score_words(r, w), "streak": r.streak}
            for r in rows]


class Daily(GameCog, Listener):
    """/daily: today's deal, or today's board."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.daily = DailyChallenge(bot.sessions)  # tests set its clock
        self._tasks: set[asyncio.Task[None]] = set()
        self._unsubscribe: Callable[[], None] | None = None

    async def cog_load(self) -> None:
        """Hear of finished games as the session service announces them (after the commit,
        and after the board publisher, which the composition root subscribed first)."""
        self._unsubscribe = self.bot.sessions.subscribe(self)

    async def cog_unload(self) -> None:
        """Stop listening and drop pending result lines (a restart posts them)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def resume_games(self) -> None:
        """At start-up: post the result lines a crash cut off (in the guilds this process
        owns)."""
        for found in await self.daily.unannounced(self.bot.sessions.owner):
            match = await self.bot.sessions.repo.match(found.match_id)
            if match is not None:
                wait = not (match.board_final and match.announced)
                self._spawn(self._result_line(match.id, match.version, wait=wait))

    def published(self, transition: Transition) -> None:
        """Called inside the match lock: only queue work."""
        match = transition.match
        if match.status == "finished" and match.game == GAME and len(transition.seats) == 1:
            self._spawn(self._result_line(match.id, match.version))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _result_line(self, match_id: int, version: int, *, wait: bool = True) -> None:
        """A finished try's place on the day's board and the streak, posted once, after the
        game's own end announcement (not a daily game: nothing)."""
        try:
            found = await self.daily.try_in(match_id)
            if found is None or found.announced or found.score is None:
                return
            if wait:
                try:
                    await self.bot.publisher.drawn(match_id, version)
                except TimeoutError:
                    log.warning("the board of daily game %s is late; its result goes first",
                                match_id)
            rows = await self.daily.board(found.guild_id, found.day)
            mine = next((r for r in rows if r.user_id == found.user_id), None)
            if mine is None:
                return  # the player deleted their data (/privacy delete) in the meantime
            w = await server_words(self.bot, found.guild_id)
            text = w("daily.result", day=found.day.isoformat(), name=plain(mine.name),
                     cubes=w.n("mimic.unit.cubes", found.score), rank=w.number(mine.rank or 0),
                     total=w.number(sum(r.rank is not None for r in rows)),
                     streak=w.n("daily.unit.days", mine.streak))
            # The nonce makes Discord drop a second copy if a crash came before it was noted.
            await self.bot.get_partial_messageable(found.channel_id).send(
                text, allowed_mentions=NO_PINGS, nonce=f"menagerie-daily-{match_id}")
            await self.daily.mark_announced(match_id)
        except RETRYABLE:
            log.warning("could not post the daily result of game %s (next start-up will)",
                        match_id, exc_info=True)
        except Exception:
            log.exception("the daily result of game %s failed", match_id)

    @app_commands.command(name="daily",
                          description="Today's MIMIC deal: the same for everyone, one try a day")
    @app_commands.describe(board="Show today's board and streaks here instead of playing",
                           days_ago="Show the board of an earlier day (1 = yesterday)")
    @app_commands.guild_only()
    async def daily_command(self, interaction: discord.Interaction[GameBot],
                            board: bool = False,
                            days_ago: app_commands.Range[int, 0, 30] = 0) -> None:
        """Take today's try here, or show the board of the day (or of an earlier one)."""
        if board or days_ago:
            await self._board(interaction, days_ago)
            return
        w = reader(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await tell(interaction, w("games.dm_only"))
            return
        if await refused_here(interaction):
            return
        user = interaction.user
        try:
            match = await self.daily.open(guild_id=interaction.guild_id,
                                          channel_id=interaction.channel_id, user_id=user.id,
                                          name=user.display_name)
        except AlreadyTried as taken:
            await self._taken(interaction, taken.found)
            return
        except ChannelBusy:
            busy = await self.bot.sessions.repo.open_match_in(interaction.channel_id)
            what = (w("games.busy_game", game=game_name(busy.game), id=busy.id) if busy
                    else w("games.another"))
            await tell(interaction, w("games.busy", what=what))
            return
        # The try is stored: answer in public, then deal. The board is a message of its own,
        # posted by the publisher once the game has started (a restart posts it too).
        server = await server_words(self.bot, interaction.guild_id)
        try:
            await interaction.response.send_message(
                server("daily.started", day=self.daily.today().isoformat(),
                       name=plain(user.display_name), id=match.id),
                allowed_mentions=NO_PINGS)
        except RETRYABLE:
            log.warning("the /daily reply of match %s was lost", match.id, exc_info=True)
        await self._start(interaction, match.id)

    async def _start(self, interaction: discord.Interaction[GameBot], match_id: int) -> None:
        try:
            await self.daily.start(match_id, interaction.user.id)
        except RuleError as error:
            await tell(interaction, reason(error, [], reader(interaction)))
        except Exception:
            await apologise(interaction, match_id)

    async def _taken(self, interaction: discord.Interaction[GameBot], found: Try) -> None:
        """The second /daily of a day: where the try stands, privately."""
        w = reader(interaction)
        if found.status == "lobby":  # stored, but a crash came before the deal: deal it now
            await tell(interaction, w("daily.playing", id=found.match_id, where=where(found)))
            await self._start(interaction, found.match_id)
        elif found.status == "active":
            await tell(interaction, w("daily.playing", id=found.match_id, where=where(found)))
        elif found.status == "finished" and found.score is not None:
            streak = await self.daily.streak(found.user_id, found.day)
            await tell(interaction, w("daily.done", cubes=w.n("mimic.unit.cubes", found.score),
                                      streak=w.n("daily.unit.days", streak),
                                      next=next_deal(found.day)))
        else:
            await tell(interaction, w("daily.gave_up", id=found.match_id,
                                      next=next_deal(found.day)))

    async def _board(self, interaction: discord.Interaction[GameBot], days_ago: int) -> None:
        """A day's tries on this server as a picture with its table as text, in the asker's
        words, with the asker's streak up to that day."""
        w = reader(interaction)
        await interaction.response.defer(thinking=True)
        try:
            day = self.daily.today() - dt.timedelta(days=days_ago)
            rows = await self.daily.board(interaction.guild_id or 0, day)
            server = interaction.guild.name if interaction.guild else w("leaderboard.this_server")
            title = w("daily.board.title", day=day.isoformat(), server=server)
            streak = await self.daily.streak(interaction.user.id, day)
            tail = w("daily.board.yours", days=w.n("daily.unit.days", streak))
            png = await asyncio.to_thread(render_daily_board, title, picture_rows(rows, w), w)
            await send_table(interaction, png, board_text(title, rows, w, tail),
                             "daily-board.png")
        except Exception:
            await apologise(interaction, None)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Daily(bot))
