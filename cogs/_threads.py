"""Games in their own threads: made at Start, kept usable, and left cleanly when they cannot be.

A lobby opened with the ``thread`` option becomes, at Start, a public thread made from the lobby
message (`Threads.place`: the threads are the session service's `Placement`). The match's channel
then *is* the thread, so every board, ping, reminder, result and announcement goes there without any
path knowing about threads; the channel keeps the lobby message, edited to link the thread
(`Threads.link`), and gets the final result line too (`Threads.announce_home`).

Discord archives a quiet thread, and moderators may lock or delete one. Editing a message in an
archived thread fails (50083), sending into one reopens it: so before a game's first draw in a
process (after a restart) and after any draw its thread refused, the thread is looked at again
(`Threads.usable`). Archived and unlocked: it is reopened and the game goes on. Deleted, locked
(a moderator closed it on purpose) or out of the bot's reach: the game is cancelled and shown in
its channel again, which is told — never a game stuck behind a thread nobody can use.

When the bot may not create threads (403), or the channel cannot have them, the game stays in
the channel and the host is told in one short message there that mentions only them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.i18n import Words
from bot.sessions.transition import Placement
from cogs._pings import RETRYABLE, pings
from cogs._replies import server_words
from cogs._ui import game_name

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

ARCHIVED = 50083  # Discord: "Operation cannot be performed on an archived thread"
THREAD_EXISTS = 160004  # Discord: "A thread has already been created for this message"
UNKNOWN_CHANNEL = 10003
THREAD_ERRORS = (ARCHIVED, UNKNOWN_CHANNEL)  # a draw that fails so looks at the thread again
# Seconds Start waits for each of its two calls to Discord (make the thread, call the players
# into it). Start is acknowledged before it asks (the press shows "thinking…"), so this is
# not held to the 3 s of the press's first answer: it only gives up on a Discord that does not
# answer, and the game is then played in its channel.
PLACE_WAIT = 5.0
ARCHIVE_AFTER: Literal[1440] = 1440  # minutes of quiet before Discord hides the thread (a day)
NAME_LIMIT = 100  # characters Discord keeps of a thread's name
FAILED = RETRYABLE


def moved(match: MatchRow) -> bool:
    """Whether the game is in a thread it moved into from its channel (not one whose lobby was
    opened in a thread already, which has no channel to point from)."""
    return match.in_thread and match.home_channel_id not in (None, match.thread_id)


def thread_link(match: MatchRow) -> str:
    """A link to the game's thread (Discord shows it as the thread's name)."""
    return f"<#{match.thread_id}>"


class Threads(Placement):
    """Puts starting games into their threads and keeps them usable."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.checked: set[int] = set()  # games whose thread was looked at in this process
        self.linked: dict[int, str] = {}  # game → what its lobby message in the channel says
        self._reopened: list[Callable[[int], None]] = []

    def when_reopened(self, told: Callable[[int], None]) -> None:
        """Tell ``told`` the match whenever its archived thread was reopened (what the
        archive refused, such as deleting a ping, may go now)."""
        self._reopened.append(told)

    # -- at Start -------------------------------------------------------------------------

    async def place(self, match: MatchRow, seats: list[SeatRow]) -> tuple[int, int | None] | None:
        """Where a starting game goes on (the session service asks at every Start). With the
        ``thread`` option: a thread made from its lobby message, its players called in — the
        thread's id and its first message (the board-to-be). None: in the channel, as always."""
        if await self._is_thread(match.channel_id):
            # Opened in a thread already (a rematch under a game in its thread, or a thread of
            # a game channel): played here, on its lobby message as in any channel, and noted
            # as a thread, so it is kept usable all the same.
            return match.channel_id, match.message_id
        if not match.options.get("thread"):
            return None
        w = await server_words(self.bot, match.guild_id)
        if match.message_id is None:  # the lobby reply was lost: no message to start from
            await self._refused(match, w, "thread.not_here")
            return None
        name = w("thread.name", game=game_name(match.game), id=match.id)[:NAME_LIMIT]
        lobby = self.bot.get_partial_messageable(
            match.channel_id, guild_id=match.guild_id).get_partial_message(match.message_id)
        try:
            made = await asyncio.wait_for(
                lobby.create_thread(name=name, auto_archive_duration=ARCHIVE_AFTER), PLACE_WAIT)
            thread_id = made.id
        except discord.HTTPException as error:
            if error.code != THREAD_EXISTS:
                log.warning("could not make the thread of match %s: %s", match.id, error)
                await self._refused(match, w, "thread.no_permission"
                                    if isinstance(error, discord.Forbidden) else
                                    "thread.not_here" if error.status == 400 else "thread.failed")
                return None
            # A Start that a crash cut short made it: a message's thread shares its id.
            thread_id = match.message_id
        except FAILED as error:
            log.warning("could not make the thread of match %s: %r", match.id, error)
            await self._refused(match, w, "thread.failed")
            return None
        self.checked.add(match.id)
        return thread_id, await self._call(match, seats, thread_id, w)

    async def _call(self, match: MatchRow, seats: list[SeatRow], thread_id: int,
                    w: Words) -> int | None:
        """The thread's first message, which becomes the board: it mentions the players, so
        Discord adds them to the thread (None if it could not be sent: the board is posted)."""
        humans = [s.user_id for s in seats if not s.is_computer and s.user_id]
        text = w("thread.first", game=game_name(match.game), id=match.id,
                 players=" ".join(f"<@{u}>" for u in humans))
        thread = self.bot.get_partial_messageable(thread_id, guild_id=match.guild_id)
        try:
            sent = await asyncio.wait_for(
                thread.send(text, allowed_mentions=pings(*humans)), PLACE_WAIT)
        except FAILED:
            log.warning("could not call the players into the thread of match %s", match.id)
            return None
        return sent.id

    def may_move(self, match: MatchRow) -> bool:
        """Whether a starting game may be played in a thread (then `place` is asked): it has
        the ``thread`` option, or its lobby is in a thread, or in a channel not known yet."""
        channel = self.bot.get_channel(match.channel_id)
        return bool(match.options.get("thread")) or not isinstance(
            channel, discord.TextChannel | discord.VoiceChannel | discord.StageChannel)

    async def _is_thread(self, channel_id: int) -> bool:
        """Whether a channel is a thread (text channels are always known; a thread may not be,
        and is then asked for)."""
        channel: Any = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except FAILED:
                return await self.bot.sessions.repo.is_game_thread(channel_id)
        return isinstance(channel, discord.Thread)

    async def _refused(self, match: MatchRow, w: Words, why: str) -> None:
        """Tell the host, in the channel and mentioning only them, that the game stays here."""
        try:
            await self.bot.get_partial_messageable(match.channel_id).send(
                w(why, host=match.host_id, game=game_name(match.game), id=match.id),
                allowed_mentions=pings(match.host_id))
        except FAILED:
            log.warning("could not tell the host of match %s that it stays in the channel",
                        match.id)

    # -- keeping it usable ----------------------------------------------------------------

    async def usable(self, match: MatchRow) -> bool:
        """Whether the game can be drawn in its thread: looked at once per process and again
        after a refused draw. An archived thread is reopened; a deleted or locked one (or one
        out of reach) is left — the game ends and its channel is told. True also when Discord
        only failed to answer: the draw then fails and is retried."""
        if not match.in_thread or match.id in self.checked:
            return True
        try:
            thread = await self.bot.fetch_channel(match.channel_id)
        except (discord.NotFound, discord.Forbidden):
            await self.leave(match)
            return False
        except FAILED:
            log.warning("could not look at the thread of match %s", match.id, exc_info=True)
            return True
        if isinstance(thread, discord.Thread):
            if thread.locked:
                await self.leave(match)
                return False
            if thread.archived:
                try:
                    await thread.edit(archived=False)
                except discord.Forbidden:
                    await self.leave(match)
                    return False
                except FAILED:
                    log.warning("could not reopen the thread of match %s", match.id)
                    return True
                log.info("reopened the archived thread of match %s", match.id)
                for told in self._reopened:
                    told(match.id)
        self.checked.add(match.id)
        return True

    def look_again(self, match_id: int) -> None:
        """A draw in the thread failed as an archived or deleted thread makes it fail."""
        self.checked.discard(match_id)

    def forget(self, match_id: int) -> None:
        """The match is over and its last board drawn: what was kept of its thread goes."""
        self.checked.discard(match_id)
        self.linked.pop(match_id, None)

    async def leave(self, match: MatchRow) -> None:
        """The thread cannot be used: the game ends (if it was on) and shows in its channel,
        which is told."""
        transition = await self.bot.sessions.leave_thread(match.id)
        if (transition is None or not any(e.kind == "cancelled" for e in transition.events)
                or not moved(match)):
            return
        log.warning("the thread of match %s is gone or locked; the game was cancelled", match.id)
        humans = [s.user_id for s in transition.seats if not s.is_computer and s.user_id]
        w = await server_words(self.bot, match.guild_id)
        try:
            await self.bot.get_partial_messageable(transition.match.channel_id).send(
                w("thread.gone", game=game_name(match.game), id=match.id,
                  players=" ".join(f"<@{u}>" for u in humans)),
                allowed_mentions=pings(*humans))
        except FAILED:
            log.warning("could not tell the channel that match %s ended", match.id)

    # -- the channel it came from ---------------------------------------------------------

    async def link(self, match: MatchRow) -> None:
        """The lobby message in the channel says where the game is played (once the game is
        over: where it was), once per process and change; it is only a pointer, so a failure
        is logged and tried again at the next draw."""
        if not moved(match) or match.lobby_message_id is None or match.home_channel_id is None:
            return
        key = "thread.lobby_over" if match.status in ("finished", "cancelled") else "thread.lobby"
        if self.linked.get(match.id) == key:
            return
        w = await server_words(self.bot, match.guild_id)
        lobby = self.bot.get_partial_messageable(match.home_channel_id).get_partial_message(
            match.lobby_message_id)
        try:
            await lobby.edit(content=w(key, game=game_name(match.game), id=match.id,
                                       link=thread_link(match)),
                             view=None, attachments=[], embed=None,
                             allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            pass  # the lobby message was deleted: nothing to point from
        except FAILED:
            log.warning("could not point the lobby of match %s to its thread", match.id)
            return
        self.linked[match.id] = key

    async def announce_home(self, match: MatchRow, head: str, w: Words, view: Any) -> None:
        """The final result line in the channel the game came from, with a link to the thread
        (and the Rematch button, ``view``). Its nonce makes Discord drop a second copy when a
        crash came before the end was marked announced."""
        if not moved(match):
            return
        assert match.home_channel_id is not None  # noqa: S101 (narrows the type for mypy)
        await self.bot.get_partial_messageable(match.home_channel_id).send(
            "\n".join([head, w("thread.see", link=thread_link(match))]),
            allowed_mentions=discord.AllowedMentions.none(), view=view,
            nonce=f"menagerie-home-{match.id}")

    async def elsewhere(self, channel_id: int, w: Words) -> str | None:
        """For a command typed in a channel whose games went into threads: where they are."""
        moved = await self.bot.sessions.repo.threads_from(channel_id)
        if not moved:
            return None
        return "\n".join(w("thread.elsewhere", game=game_name(m.game), id=m.id,
                           link=thread_link(m)) for m in moved)
