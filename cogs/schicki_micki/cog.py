"""Schicki Micki in Discord: /schicki new and rules, and one table message for the whole game:
its nine reaction emojis (or buttons) added once, each window's result written into it (text and
picture), and the players' reactions taken off between rows (`cogs.schicki_micki.table`).

Emoji reactions carry no timestamp: they are judged in the order the gateway delivered them,
stamped when the bot hears them (`on_raw_reaction_add`), and their time is measured from when
the card's edit was acknowledged. The clock itself lives in `bot.dealer`.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.rows import MatchRow
from bot.games.core import RuleError
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki.spec import TIMINGS
from bot.games.schicki_micki.views import SchickiView, resolved
from bot.reactions import Reaction
from bot.sessions.transition import Transition
from cogs._cog import GameCog
from cogs._lobby import THREAD_OPTION, open_lobby
from cogs._pings import NO_PINGS
from cogs._replies import alt_text, plain, png_file, reader, server_words, show_rules
from cogs._ui import seat_name, seat_names
from cogs.schicki_micki.button import ReactButton
from cogs.schicki_micki.table import TableReactions
from cogs.schicki_micki.ui import SchickiUI
from presentation.schicki_micki.words import BY_EMOJI
from rendering import schicki_micki as art

if TYPE_CHECKING:
    from cogs._bot import GameBot
    from presentation.schicki_micki.table import SchickiTable

log = logging.getLogger(__name__)

RULES_TEXT = "schicki.rules"


class SchickiMicki(GameCog, commands.GroupCog, group_name="schicki",
                   group_description="Schicki Micki, the reaction game"):
    """/schicki new and /schicki rules; the table IO of the dealer."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.dealer = bot.dealer  # the root's; its tables are this cog's messages
        self._detach: Callable[[], None] = lambda: None
        self.rows: dict[int, int] = {}  # table message → match; other messages are ignored
        self.posted: dict[int, int] = {}  # match → its table message
        self.dressed: set[int] = set()  # table messages that have the bot's nine emojis
        self.lobbies: dict[int, int] = {}  # match → its lobby message, to point down to the table
        self.reactions = TableReactions(bot, retry_delay=bot.settings.retry_delay,
                                        refused=self._no_clean_up)
        self.ui = cast(SchickiUI, bot.uis[SchickiUI.game])  # the root's, built by `ui` below
        self._heard = itertools.count(1)  # emoji reactions heard, in the gateway's order

    async def _no_clean_up(self, message_id: int) -> None:
        """Players' reactions cannot be taken off the table (no Manage Messages): without it
        nobody can call the same way twice in a row, so the host is told (once a game)."""
        match_id = self.rows.get(message_id)
        match = await self.bot.sessions.repo.match(match_id) if match_id is not None else None
        if match is not None:
            await self.bot.publisher.warn_host(match, "reactions")

    async def cog_load(self) -> None:
        """Be the dealer's table, and know the running tables' messages again (reactions
        come in through the listeners below; the root has the dealer go on with them)."""
        self.bot.add_dynamic_items(ReactButton)
        self._detach = self.dealer.attach(self)
        self.ui.forgotten.append(self._forget)
        for match in await self.bot.sessions.repo.open_matches(owner=self.bot.sessions.owner):
            if match.game == SchickiUI.game and match.status == "active":
                self.rows[match.message_id or 0] = match.id

    async def cog_unload(self) -> None:
        """No table to deal on any more (the root stops the dealer)."""
        self._detach()
        if self._forget in self.ui.forgotten:
            self.ui.forgotten.remove(self._forget)

    def _forget(self, match_id: int) -> None:
        """The game is over and its last table drawn: its table message is none of ours any
        more (a reaction on it is ignored, as on any other message)."""
        table = self.posted.pop(match_id, None)
        self.lobbies.pop(match_id, None)
        for message in {table, *(m for m, owner in self.rows.items() if owner == match_id)}:
            if message is not None:
                self.rows.pop(message, None)
                self.dressed.discard(message)
                self.reactions.forget(message)

    @commands.Cog.listener()
    async def on_raw_reaction_add(self, event: discord.RawReactionActionEvent) -> None:
        """A reaction, queued in the order the gateway delivered it.

        discord.py parses gateway events one at a time, in order, and for each starts one task
        per listener; asyncio starts tasks in the order they were made, and this one queues the
        reaction before it ever awaits. So the dealer is handed reactions in gateway order, and
        the count of reactions heard (the tie-break of two equal wall times) follows it too.
        """
        self._reacted(event, next(self._heard), time.time())

    @commands.Cog.listener()
    async def on_raw_reaction_remove(self, event: discord.RawReactionActionEvent) -> None:
        """A reaction taken off a table needs no clean-up (in order with the additions, as
        above: nothing here awaits)."""
        if event.message_id in self.rows:
            self.reactions.gone(event.message_id, event.emoji, event.user_id)

    def _reacted(self, event: discord.RawReactionActionEvent, seq: int, at: float) -> None:
        match_id = self.rows.get(event.message_id)
        user_id = event.user_id
        if match_id is None or self.bot.user is None or user_id == self.bot.user.id:
            return  # not a live table, or the bot's own emoji
        # Every reaction a player leaves on the table is taken off before the next row.
        self.reactions.noted(event.message_id, event.emoji, user_id)
        emoji = event.emoji.name or ""
        action = BY_EMOJI.get(emoji.replace("\ufe0f", ""))
        if action is None:
            return
        row = self.bot.get_partial_messageable(event.channel_id).get_partial_message(
            event.message_id)

        async def refused(_why: RuleError) -> None:
            # An emoji has no private reply: a reaction that does not count is taken off.
            await _quietly(row.remove_reaction(emoji, discord.Object(user_id)))

        self.dealer.react(match_id, Reaction((at, seq), at, action, user_id=user_id,
                                             refused=refused))

    # -- the dealer's TableIO -------------------------------------------------------------

    async def new_row(self, match: MatchRow) -> None:
        """Make the table ready for the row: the first row posts the game's one table message
        and adds the emojis; every later row takes off the players' reactions (the result stays
        shown until the first card's edit replaces it).

        Tried again after a failure, it posts no second message: it goes on with the emojis
        (adding one twice is harmless) or with the reactions still to take off.
        """
        view = RULES.view(match.live, None)
        table = self.posted.get(match.id)
        if table is None and view["row"] > 1 and match.message_id is not None:
            table = self._adopt(match.id, match.message_id)  # resumed: it is the table
        elif table is not None and match.message_id not in (None, table):
            table = self._adopt(match.id, match.message_id)  # the board was posted anew
        if table is None:
            table = await self._post_table(match, view)
        await self._dress(match, table)
        await self.reactions.clear(match.channel_id, table)

    async def _post_table(self, match: MatchRow, view: SchickiView) -> int:
        """The game's table message; the lobby points down to it once the first card is shown
        (by then no redraw of the board is still on its way to the lobby message)."""
        channel = self.bot.get_partial_messageable(match.channel_id)
        seats = await self.bot.sessions.repo.seats(match.id)
        w = await server_words(self.bot, match.guild_id)
        mode = "buttons" if match.options.get("input") == "buttons" else "react"
        png = await asyncio.to_thread(art.render_table, view, seat_names(seats, w), w)
        buttons = discord.ui.View(timeout=None)
        for item in self.bot.uis[match.game].controls(match, seats, view, w):
            buttons.add_item(item)
        text = w(f"schicki.table.{mode}", id=match.id, row=view["row"],
                 dealer=plain(seat_name(seats[view["dealer"]], w)))
        message = await channel.send(
            text, file=png_file(png, "table.png", alt_text(text, seats)), view=buttons,
            allowed_mentions=NO_PINGS)
        self._adopt(match.id, message.id)  # before any await: its clicks are live at once
        await self.bot.sessions.repo.set_message(match.id, message.id)
        self.bot.publisher.refresh(match.id)
        lobby = match.message_id
        if lobby is not None and lobby != message.id:
            self.rows.pop(lobby, None)
            self.lobbies[match.id] = lobby
        return message.id

    async def _point_down(self, match_id: int) -> None:
        """The lobby message says the game is on and its table is below."""
        lobby = self.lobbies.pop(match_id, None)
        match = await self.bot.sessions.repo.match(match_id)
        if lobby is None or match is None:
            return
        w = await server_words(self.bot, match.guild_id)
        await _quietly(self.bot.get_partial_messageable(match.channel_id).get_partial_message(
            lobby).edit(content=w("schicki.table.below", id=match_id), view=None,
                        attachments=[]))

    async def _dress(self, match: MatchRow, table: int) -> None:
        """The bot's nine emojis on the table message, once."""
        if table in self.dressed or match.options.get("input") == "buttons":
            return
        try:
            await self.reactions.add_emojis(match.channel_id, table)
        except discord.NotFound:
            self.bot.publisher.refresh(match.id)  # deleted: the board is posted anew
            raise
        if self.posted.get(match.id) == table:  # still its table (not ended meanwhile)
            self.dressed.add(table)

    def _adopt(self, match_id: int, message_id: int) -> int:
        """Take ``message_id`` as the game's table message."""
        old = self.posted.get(match_id)
        if old is not None and old != message_id:
            self.rows.pop(old, None)
            self.reactions.forget(old)
        self.rows[message_id] = match_id
        self.posted[match_id] = message_id
        return message_id

    async def _moved(self, match: MatchRow) -> None:
        """The table message was deleted and the board posted anew: it gets the emojis."""
        if match.message_id is not None:
            await self._dress(match, self._adopt(match.id, match.message_id))

    async def shown(self, match_id: int, version: int) -> float:
        """When the card's edit was acknowledged (a board posted anew becomes the table)."""
        at = await self.bot.publisher.drawn(match_id, version)
        if match_id in self.lobbies:
            await self._point_down(match_id)
        table = self.posted.get(match_id)
        match = await self.bot.sessions.repo.match(match_id)
        if table is not None and match is not None and match.message_id not in (None, table):
            try:
                await self._moved(match)
            except discord.HTTPException:
                log.warning("could not add the emojis to the new table of match %s", match_id)
        return at

    async def announce(self, match: MatchRow, transition: Transition) -> None:
        """A window was settled (its result goes into the table message: the game's table
        heard of it before the redraw was queued). When the table stays, the players'
        reactions come off at once so each can react the same way again."""
        for event in transition.events:
            if event.kind == "resolved" and not event.data["table_cleared"] \
                    and match.id in self.posted and match.status == "active":
                    await self.reactions.clear(match.channel_id, self.posted[match.id])

    async def reset_row(self, match: MatchRow) -> None:
        """After a restart: the table message is read again (whose reactions in between reached
        nobody are taken off, missing emojis added) and the newest result is shown again."""
        for event in reversed(await self.bot.sessions.history(match)):
            if event.kind == "resolved":
                if not self.ui.table.remembers(match.id):
                    self.ui.table.remember(match.id, resolved(event.data))
                break
        if match.message_id is None or match.state is None:
            return
        self._adopt(match.id, match.message_id)
        if match.options.get("input") == "buttons":
            return
        try:
            await self.reactions.sweep(match.channel_id, match.message_id)
        except discord.NotFound:
            self.bot.publisher.refresh(match.id)  # deleted: the board is posted anew
            return
        if self.posted.get(match.id) == match.message_id:  # not ended meanwhile
            self.dressed.add(match.message_id)

    async def trouble(self, match_id: int, error: BaseException) -> None:
        """Tell the host once when a missing permission stops the dealer."""
        if isinstance(error, discord.Forbidden):
            match = await self.bot.sessions.repo.match(match_id)
            if match is not None:
                await self.bot.publisher.warn_host(match, "deal")

    # -- commands -------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Schicki Micki lobby in this channel")
    @app_commands.describe(reveal="Seconds between two cards (1–10)",
                           settle="Seconds the table waits for more reactions after the first",
                           input="React with emoji, or press buttons",
                           thread=THREAD_OPTION)
    @app_commands.choices(
        input=[app_commands.Choice(name="emoji reactions", value="reactions"),
               app_commands.Choice(name="buttons", value="buttons")])
    async def new(
        self, interaction: discord.Interaction[GameBot],
        reveal: app_commands.Range[float, 1.0, 10.0] = TIMINGS["reveal"],
        settle: app_commands.Range[float, 0.5, 5.0] = TIMINGS["settle"],
        input: str | None = None,  # Discord's option name
        thread: bool | None = None,
    ) -> None:
        """Post the lobby (each computer's level is chosen with its Add computer button; an
        input or thread left out: the server's default)."""
        await open_lobby(interaction, SchickiUI.game, {
            "reveal": reveal, "settle": settle, "input": input, "thread": thread})

    @app_commands.command(name="rules", description="How to play Schicki Micki, with pictures")
    async def rules(self, interaction: discord.Interaction[GameBot]) -> None:
        """The rules in short, privately, in the reader's language."""
        w = reader(interaction)
        await show_rules(interaction, w(RULES_TEXT), functools.partial(art.render_rules, w),
                         "schicki-rules.png")


async def _quietly(call: Any) -> None:
    try:
        await call
    except discord.HTTPException:
        log.warning("a Schicki Micki message could not be sent or edited", exc_info=True)


def ui(bot: GameBot, table: SchickiTable) -> SchickiUI:
    """How Schicki Micki's table looks in Discord (the composition root builds it, on the
    game's table and the root's dealer)."""
    return SchickiUI(table, bot.dealer)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(SchickiMicki(bot))
