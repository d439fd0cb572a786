"""The reactions on Schicki Micki's one table message: the bot's nine emojis, added once, and
the players' reactions, taken off one by one between rows (never the bot's own).

Discord sends no second event for an emoji a user already added, so a player's reaction left
from an earlier row would keep them from reacting the same way again: every reaction a player
adds is noted as it arrives (`noted`) and taken off at the next clean-up (`clear`). After a
restart nothing is noted, so `sweep` reads the message itself: who reacted with what, and
which of the bot's emojis are missing.

A removal Discord fails (5xx, rate limit, dropped connection) is tried again with backoff; a
missing permission (Manage Messages) is told (`refused`: the cog tells the game's host, once)
and left: the game goes on without clean-up.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.retry import backoff
from cogs._pings import RETRYABLE
from presentation.schicki_micki.words import EMOJI

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

ATTEMPTS = 5  # removals tried this often before the clean-up gives up (the dealer goes on)
Mark = tuple[discord.PartialEmoji, int]  # an emoji a player put on the table message


class TableReactions:
    """Who reacted with what on each game's table message, and the clean-up between rows."""

    def __init__(self, bot: GameBot, *, retry_delay: float = 1.0,
                 refused: Callable[[int], Awaitable[None]] | None = None) -> None:
        self.bot = bot
        self.retry_delay = retry_delay
        self.refused = refused  # called with the table message when Manage Messages is missing
        self.marks: dict[int, set[Mark]] = {}  # message → players' reactions on it

    def noted(self, message_id: int, emoji: discord.PartialEmoji, user_id: int) -> None:
        """A player (or anyone but the bot) reacted on a table message."""
        self.marks.setdefault(message_id, set()).add((emoji, user_id))

    def gone(self, message_id: int, emoji: discord.PartialEmoji, user_id: int) -> None:
        """The reaction was taken off (by its player, or by the bot)."""
        self.marks.get(message_id, set()).discard((emoji, user_id))

    def forget(self, message_id: int) -> None:
        """The message is no table any more."""
        self.marks.pop(message_id, None)

    async def add_emojis(self, channel_id: int, message_id: int) -> None:
        """The bot's nine emojis, in their order (adding one twice is harmless)."""
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        for emoji in EMOJI:
            await message.add_reaction(emoji)

    async def clear(self, channel_id: int, message_id: int) -> None:
        """Take off every noted player's reaction, one call each; retried on failure."""
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        marks = self.marks.get(message_id)
        if marks is None:
            return  # none noted (or the message is no table any more)
        failures = 0
        while marks:
            mark = next(iter(marks))
            try:
                await message.remove_reaction(mark[0], discord.Object(mark[1]))
            except discord.NotFound:
                pass  # the message (or that reaction) is gone: nothing to take off
            except discord.Forbidden:
                log.warning("may not remove reactions on table %s; players' stay", message_id)
                marks.clear()
                if self.refused is not None:
                    await self.refused(message_id)
                return
            except RETRYABLE:
                failures += 1
                log.warning("could not remove a reaction on table %s (attempt %d)",
                            message_id, failures, exc_info=True)
                if failures >= ATTEMPTS:
                    return  # left noted: the next clean-up tries again
                await asyncio.sleep(backoff(self.retry_delay, failures))
                continue
            marks.discard(mark)

    async def sweep(self, channel_id: int, message_id: int) -> None:
        """After a restart: read the message, note every player's reaction on it, take them
        off, and add any of the bot's emojis that are missing."""
        channel = self.bot.get_partial_messageable(channel_id)
        message = await channel.fetch_message(message_id)
        me = self.bot.user.id if self.bot.user is not None else 0
        present = set()
        for reaction in message.reactions:
            emoji = discord.PartialEmoji.from_str(str(reaction.emoji))
            if reaction.me:
                present.add(str(reaction.emoji).replace("\ufe0f", ""))
            if reaction.count > (1 if reaction.me else 0):
                async for user in reaction.users():
                    if user.id != me:
                        self.noted(message_id, emoji, user.id)
        await self.clear(channel_id, message_id)
        partial = channel.get_partial_message(message_id)
        for mark in EMOJI:
            if mark.replace("\ufe0f", "") not in present:
                await partial.add_reaction(mark)
