"""Lobbies: opening one as the answer to a `/… new` command (or a Rematch), and its message.

A lobby is where players gather before a game starts: its message lists who is in and the
options, under Join, Leave, Start, Cancel and the computer-player buttons. The publisher keeps
that message current; this module opens lobbies and says what they show.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.computers import LEVELS
from bot.db.repo import ChannelBusy
from bot.db.rows import MatchRow, SeatRow
from bot.db.server_settings import server_settings
from bot.defaults import ServerSettings, lobby_options
from bot.i18n import Words
from cogs._buttons import LobbyButton
from cogs._pings import NO_PINGS, RETRYABLE
from cogs._replies import mention, reader, server_words, tell
from cogs._ui import EN, game_name
from presentation.durations import duration as duration  # the lobby's timers, in words
from presentation.lobby import options_line

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)


async def open_lobby(
    interaction: discord.Interaction[GameBot], game: str, options: dict[str, Any],
    busy_text: Callable[[MatchRow | None], str | None] | None = None,
) -> MatchRow | None:
    """Post a lobby for ``game`` as the answer to the command, unless the channel is busy
    (then say so: ``busy_text`` of the open game, where given and not None, else the usual
    words) or the server keeps games out of it; return the new lobby. Options the host left
    out (None) are the server's defaults, else the game's (`bot.defaults.lobby_options`).

    The lobby is stored first and its message id right after the reply that creates it (the
    reply carries it: no second call). If the reply is lost — the interaction expired, Discord
    failed, or the process died in between — the lobby has no message, and the publisher posts
    one into the channel (now, or at the next start-up): it is never unreachable.
    """
    bot = interaction.client
    if interaction.guild_id is None or interaction.channel_id is None:
        await tell(interaction, reader(interaction)("games.dm_only"))
        return None
    server = await server_settings(bot.sessions.repo, interaction.guild_id)
    if await refused_here(interaction, server):
        return None
    options = lobby_options(game, options, server)
    try:
        match = await bot.sessions.open_lobby(
            game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
            options=options,
        )
    except ChannelBusy:
        busy = await bot.sessions.repo.open_match_in(interaction.channel_id)
        text = busy_text(busy) if busy_text is not None else None
        if text is None:
            w = reader(interaction)
            what = (w("games.busy_game", game=game_name(busy.game), id=busy.id) if busy
                    else w("games.another"))
            text = w("games.busy", what=what)
        await tell(interaction, text)
        return None
    seats = await bot.sessions.repo.seats(match.id)
    w = await server_words(bot, match.guild_id)
    view = discord.ui.View(timeout=None)
    for item in lobby_buttons(match.id, w):
        view.add_item(item)
    try:
        sent = await interaction.response.send_message(
            lobby_text(game_name(match.game), match, seats, w), view=view, allowed_mentions=NO_PINGS
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


THREAD_OPTION = "Play the game in a thread of its own (default: the server's choice)"
"""What every `/… new` command's `thread:` option says."""


async def refused_here(interaction: discord.Interaction[GameBot],
                       server: ServerSettings | None = None) -> bool:
    """Whether the server keeps games out of this channel (`/settings server games_here:`);
    if so, the user is told privately where games are played."""
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    if guild_id is None or channel_id is None:
        return False  # not in a server: the caller says games are played in servers
    if server is None:
        server = await server_settings(interaction.client.sessions.repo, guild_id)
    if server.allows(channel_id, parent_of(interaction.channel)):
        return False
    channels = " ".join(f"<#{c}>" for c in sorted(server.channels))
    await tell(interaction, reader(interaction)("games.not_here", channels=channels))
    return True


async def no_game_here(interaction: discord.Interaction[GameBot], key: str) -> None:
    """Say privately there is no game here (``key``'s words) — or, where this channel's games
    went on in threads of their own, where they are."""
    w = reader(interaction)
    moved = await interaction.client.publisher.threads.elsewhere(interaction.channel_id or 0, w)
    await tell(interaction, moved or w(key))


def minutes(value: int | None) -> int | None:
    """A timer option given in minutes, in seconds as lobbies keep it (None: not given)."""
    return None if value is None else value * 60


def parent_of(channel: object) -> int | None:
    """The channel a thread belongs to (None for anything else): a game channel's threads
    are game channels too."""
    return channel.parent_id if isinstance(channel, discord.Thread) else None


def lobby_buttons(match_id: int, w: Words = EN) -> list[discord.ui.Item[Any]]:
    """The lobby buttons: Join, Leave, Start, Cancel, and a row of Add computer, one per
    level, and Remove computer."""
    ops = ("join", "leave", "start", "cancel", *(f"computer_{x}" for x in LEVELS), "computer_off")
    return [LobbyButton(match_id, op, w) for op in ops]


def lobby_text(name: str, match: MatchRow, seats: list[SeatRow], w: Words = EN) -> str:
    """The lobby message: who is in, the options, and how to start."""
    players = "\n".join(
        f"{i + 1}. {'🤖 ' if s.is_computer else ''}{mention(s, w)}" for i, s in enumerate(seats)
    )
    options = options_line(match.options, w)
    return w("lobby.text", game=name, id=match.id, host=match.host_id,
             options=options or w("lobby.defaults"), players=players)
