"""What every cog answers with: the words of a reply (the server's, or the reader's own), names
made safe for Discord's markdown, private answers, pictures with their alt text, the apology for
an unexpected error, and who may manage a server."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.games.core import RuleError
from bot.i18n import Words, words
from presentation import seats as seats_words
from presentation.seats import EN, seat_name
from presentation.table import Style

if TYPE_CHECKING:
    from bot.db.rows import SeatRow
    from cogs._bot import GameBot

log = logging.getLogger(__name__)


async def server_words(bot: GameBot, guild_id: int) -> Words:
    """The words of a server's public messages and pictures (`presentation.languages`)."""
    return await bot.languages.server(guild_id)


def reader(interaction: discord.Interaction[Any]) -> Words:
    """The words of a private reply: the language of the user's own Discord client."""
    return words(interaction.locale)


def plain(name: str) -> str:
    """A player's name in message text: shown as written, never as formatting or a ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def mention(seat: SeatRow, w: Words = EN) -> str:
    """A seat's name, as a ping for humans (edits do not notify, so this is only a highlight)."""
    if seat.is_computer or seat.user_id is None:
        return plain(seat_name(seat, w))
    return f"<@{seat.user_id}>"


DISCORD = Style(seat=mention, quote=plain, controls=True)
"""How a table's words name players in Discord: those to act or who won mentioned (a
highlight: edits notify nobody), every name escaped."""


def reason(error: RuleError, seats: Sequence[SeatRow], w: Words = EN) -> str:
    """The words for a rejected action (`presentation.seats.reason`), names escaped for
    Discord's markdown."""
    return seats_words.reason(error, seats, w, escape=plain)


async def tell(interaction: discord.Interaction[Any], text: str, **extra: Any) -> None:
    """Answer privately, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=True, **extra)


ALT_LIMIT = 1024  # characters Discord keeps of an attachment's description
_MENTION = re.compile(r"<@!?(\d+)>")
_MARKUP = re.compile(r"\*\*|__|`|^> ", re.MULTILINE)


def png_file(png: bytes, filename: str, description: str | None = None) -> discord.File:
    """Rendered PNG bytes as an attachment, with alt text: what the picture shows in words,
    for screen readers and search (Discord's attachment description)."""
    alt = description[:ALT_LIMIT] if description else None
    return discord.File(io.BytesIO(png), filename=filename, description=alt)


def alt_text(text: str, seats: Sequence[SeatRow] = ()) -> str:
    """Message text as alt text: mentions become the players' names, markdown goes."""
    names = {s.user_id: s.name for s in seats if s.user_id is not None}
    text = _MENTION.sub(lambda m: names.get(int(m[1]), ""), text)
    return _MARKUP.sub("", text).strip()


async def show_rules(
    interaction: discord.Interaction[Any], text: str, render: Callable[[], bytes], filename: str
) -> None:
    """A game's /… rules: "thinking…" while the picture renders off the loop, then privately.
    The picture illustrates the text, so the text is its alt text."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await asyncio.to_thread(render)
    await interaction.followup.send(text, file=png_file(png, filename, alt_text(text)),
                                    ephemeral=True)


async def apologise(
    interaction: discord.Interaction[Any], match_id: int | None,
    error: BaseException | None = None,
) -> None:
    """The answer to an unexpected error: logged with the match, a short apology to the user.

    Call it inside the ``except`` block, or pass the ``error``.
    """
    log.error("unexpected error in match %s (user %s)", match_id, interaction.user.id,
              exc_info=error if error is not None else True)
    try:
        await tell(interaction, reader(interaction)("ui.apology"))
    except discord.HTTPException:
        log.warning("could not apologise for match %s", match_id)


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the server (and so cancel any game)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)
