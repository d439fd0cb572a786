"""The Rematch button under a finished game's announcement: a new lobby with the same players.

``mr:<match>`` names the finished game, so the button works on old announcements after a
restart too. Whoever played in that game may press it: the channel gets a lobby of the same
game with the same options, the presser as host and the finished game's computers seated
again at their levels; the other players are mentioned and confirm their seats with **Join**
(nobody is seated without clicking). The channel holds one open game, so a second press — or
two players pressing at once — gets a link to the lobby that is already open. A game played in
a thread has the button in the thread and in the channel: the first press opens the lobby
where it was pressed, and the other button then leads to that lobby too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import discord

from bot.db.history import open_rematch
from bot.db.rows import MatchRow, SeatRow
from bot.games.core import RuleError
from bot.i18n import Words
from cogs._custom_ids import ID, known_template
from cogs._lobby import open_lobby
from cogs._pings import RETRYABLE, pings, where
from cogs._replies import apologise, reader, reason, server_words, tell
from cogs._ui import EN, game_name

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

REMATCH = known_template(rf"mr:(?P<m>{ID})")


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REMATCH):
    """Rematch, under the announcement that a game is over."""

    def __init__(self, match_id: int, w: Words = EN) -> None:
        super().__init__(discord.ui.Button(
            custom_id=f"mr:{match_id}", label=w("rematch.button"),
            style=discord.ButtonStyle.primary, emoji="🔁"))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RematchButton:
        """Rebuild the button from its custom_id (after a restart too)."""
        return cls(int(match["m"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Open the rematch lobby, or say privately why not."""
        try:
            await rematch(interaction, self.match_id)
        except RuleError as error:
            await tell(interaction, reason(error, [], reader(interaction)))
        except Exception:
            await apologise(interaction, self.match_id)


def rematch_view(match_id: int, w: Words = EN) -> discord.ui.View:
    """The view of a finished game's announcement: its Rematch button."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match_id, w))
    return view


_locks: dict[int, asyncio.Lock] = {}  # finished game → its presses, one at a time
_waiting: dict[int, int] = {}  # finished game → presses holding or awaiting its lock


@contextlib.asynccontextmanager
async def _one_press_at_a_time(finished_id: int) -> AsyncIterator[None]:
    """Presses of one game's Rematch buttons, one after the other: two at once in the thread
    and in the channel would otherwise both find no rematch and open two."""
    lock = _locks.setdefault(finished_id, asyncio.Lock())
    _waiting[finished_id] = _waiting.get(finished_id, 0) + 1
    try:
        async with lock:
            yield
    finally:
        _waiting[finished_id] -= 1
        if not _waiting[finished_id]:  # nobody else: forget it (no lock per game kept)
            del _waiting[finished_id], _locks[finished_id]


def players_of(seats: list[SeatRow]) -> list[int]:
    """The users who played at these seats (also one a computer took over from), in seat
    order."""
    return [s.user_id for s in seats if s.user_id is not None]


async def rematch(interaction: discord.Interaction[GameBot], finished_id: int) -> None:
    """The Rematch click: checks, the lobby (the reply to the click), its computers, then the
    call to the other players."""
    bot = interaction.client
    repo = bot.sessions.repo
    user = interaction.user
    w = reader(interaction)
    finished = await repo.match(finished_id)
    if finished is None or finished.status != "finished":
        await tell(interaction, w("games.over"))
        return
    seats = await repo.seats(finished_id)
    played = players_of(seats)
    if user.id not in played:
        await tell(interaction, w("rematch.not_played"))
        return
    async with _one_press_at_a_time(finished_id):
        # A game in a thread has Rematch in the thread and in the channel: a press in one
        # finds the lobby the other opened.
        opened = await open_rematch(repo, finished, played)
        if opened is not None and opened.channel_id != interaction.channel_id:
            await tell(interaction, w("rematch.open", host=opened.host_id, id=opened.id,
                                      link=where(opened)))
            return
        # A second press here (or two at once) finds the channel busy: the rematch is
        # already open.
        match = await open_lobby(interaction, finished.game, dict(finished.options),
                                 busy_text=lambda busy: (
                                     _busy(bot, busy, finished, played, w) if busy else None))
    if match is None:
        return
    await bot.sessions.seat_computers_again(match.id, user.id, seats)
    others = [u for u in dict.fromkeys(played) if u != user.id]
    if not others:
        return
    match = await repo.match(match.id) or match
    table = await server_words(bot, match.guild_id)
    call = table("rematch.call", players=" ".join(f"<@{u}>" for u in others), host=user.id,
                 game=game_name(match.game), id=match.id, link=where(match))
    try:
        await bot.get_partial_messageable(match.channel_id).send(
            call, allowed_mentions=pings(*others))
    except RETRYABLE:
        log.warning("could not call the players of rematch %s", match.id, exc_info=True)


def _busy(bot: GameBot, busy: MatchRow, finished: MatchRow, played: list[int], w: Words) -> str:
    """Why no rematch opens: the rematch is already open (a lobby of the same game opened
    after this one by one of its players), or another game holds the channel."""
    if (busy.status == "lobby" and busy.game == finished.game and busy.id > finished.id
            and busy.host_id in played):
        return w("rematch.open", host=busy.host_id, id=busy.id, link=where(busy))
    return w("rematch.busy", game=game_name(busy.game), id=busy.id, link=where(busy))
