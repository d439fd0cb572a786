"""The board worker: one task per match that brings the match's one message to its newest
committed state, and what the rest of the bot asks of it (redraw, wait for a version shown).

The worker owns convergence: an edit Discord refuses (403, 5xx, rate limits past discord.py's
own retries, a dropped connection) is retried with backoff until the message shows the newest
committed state, and a missing permission is told to the host once. A board with no message
yet (a lobby whose reply was lost) gets a new one. What Discord shows of an ended game — its
final board, the announcement of its end — is stored, so a restart finishes what a crash
interrupted and announces every end exactly once. What the message says is
`cogs._board_message`'s; when to redraw is the publisher's (`cogs._publisher`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.retry import backoff
from bot.sessions.service import SessionService
from cogs._board_key import board_key
from cogs._board_message import BoardMessages
from cogs._pings import NO_PINGS, RETRYABLE, pings
from cogs._pings import link as _link
from cogs._replies import png_file, server_words
from cogs._threads import THREAD_ERRORS, Threads
from cogs._ui import game_name
from cogs._web import WebButtons
from cogs.rematch import rematch_view

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
BOARD = "board"
ENDED_KEPT = 256  # ended matches whose last drawn version is still answered by `drawn`


class BoardWorker:
    """The board worker of every match, and what it keeps of each."""

    def __init__(self, bot: GameBot, sessions: SessionService, threads: Threads, *,
                 retry_delay: float = 1.0,
                 web: WebButtons | None = None) -> None:
        self.bot = bot
        self.sessions = sessions
        self.retry_delay = retry_delay
        self.messages = BoardMessages(bot, sessions, web)
        self.buttons_key = web.key if web is not None else ""  # part of each board's fingerprint
        self._drawn: dict[int, tuple[int, float]] = {}  # match → (version on its board, when)
        self._drawn_event: dict[int, asyncio.Event] = {}
        self._drawing: dict[int, int] = {}
        # match → when Discord answered the edit being drawn: a real-time game times its
        # players' reactions from that moment, not from the bookkeeping after it.
        self._answered: dict[int, float] = {}
        self._dirty: dict[int, asyncio.Event] = {}
        self._kick: dict[int, asyncio.Event] = {}  # cuts a backoff short
        self._failures: dict[int, int] = {}  # failed attempts in a row, per match
        self._warned: set[tuple[int, str]] = set()  # (match, what) the host was told is blocked
        self._workers: dict[int, asyncio.Task[None]] = {}
        # The last version drawn of the newest ended matches, once the rest is forgotten
        # (`_forget`): bounded, so a late `drawn` or click still learns it is shown.
        self._ended: OrderedDict[int, tuple[int, float]] = OrderedDict()
        self.gone: set[int] = set()  # channels (and threads) known deleted: nothing goes there
        # The publisher's start-up look at the boards is under way (`Publisher.resume`): the
        # publisher is not idle.
        self._resuming = False
        self.idle = asyncio.Event()  # set whenever no board has pending work (tests wait on it)
        self.idle.set()
        # Work another service runs beside the boards (turn pings): the publisher is not
        # idle until it is done too.
        self._beside: set[asyncio.Task[None]] = set()
        # A game with the thread option moves into its thread at Start; the publisher keeps
        # the thread usable before it draws there.
        self.threads = threads

    def refresh(self, match_id: int) -> None:
        """Redraw a match's message soon (also used at start-up); cuts a retry's wait short."""
        self._dirty.setdefault(match_id, asyncio.Event()).set()
        self._kick.setdefault(match_id, asyncio.Event()).set()
        self.idle.clear()
        worker = self._workers.get(match_id)
        if worker is None or worker.done():
            self._workers[match_id] = asyncio.create_task(self._work(match_id))

    def nudge(self, match_id: int, clicked: int, stored: int) -> bool:
        """A click came from a board at version ``clicked`` though the game is at ``stored``:
        if that is because the board failed to update (not because a redraw is under way),
        redraw it now and return True — the player is not to blame."""
        if clicked >= stored or self.shown(match_id)[0] >= stored:
            return False  # the board is current: the click was simply late
        working = self._workers.get(match_id)
        if self._failures.get(match_id, 0) > 0 or working is None or working.done():
            self.refresh(match_id)
            return True
        return False

    # The bound is the board worker's (a board Discord never takes must not hold its waiter
    # for ever), so each caller gets it without a timeout of its own to remember.
    async def drawn(self, match_id: int, version: int, timeout: float = 15.0) -> float:  # noqa: ASYNC109
        """Wait until the board shows ``version`` (or newer); return when Discord acknowledged
        it. A real-time game measures reaction times from that moment."""
        async def shown() -> float:
            while self.shown(match_id)[0] < version:
                await self._drawn_event.setdefault(match_id, asyncio.Event()).wait()
            return self.shown(match_id)[1]
        return await asyncio.wait_for(shown(), timeout)

    def shown(self, match_id: int) -> tuple[int, float]:
        """The version a match's board shows and since when ((-1, 0) if none is known)."""
        return self._drawn.get(match_id) or self._ended.get(match_id) or (-1, 0.0)

    def _skip(self, match: MatchRow) -> bool:
        """A version the game shows no one in public (a sub-step of a turn, which the player
        sees on a private panel): count it as shown, unless a redraw is under way — that one
        may have read an older version, so it is redrawn once more."""
        worker = self._workers.get(match.id)
        if worker is not None and not worker.done():
            return False
        self._drawn[match.id] = (match.version, time.time())
        event = self._drawn_event.pop(match.id, None)
        if event is not None:
            event.set()
        return True

    def _busy(self, match_id: int) -> bool:
        return match_id in self._drawn or match_id in self._workers

    def settled(self) -> None:
        """Set `idle` once no board worker and no work beside the boards is running."""
        if not self._workers and not self._beside and not self._resuming:
            self.idle.set()

    def beside(self, task: asyncio.Task[None]) -> None:
        """Count ``task`` (a turn ping's send or delete) as the boards' work until it is done:
        tests wait for `idle`, which then waits for it too."""
        self._beside.add(task)
        self.idle.clear()
        task.add_done_callback(self._beside_done)

    def _beside_done(self, task: asyncio.Task[None]) -> None:
        self._beside.discard(task)
        self.settled()

    def lost(self, match: MatchRow) -> bool:
        """Whether the match's channel is known deleted: nothing is sent there any more."""
        return match.channel_id in self.gone or match.home_channel_id in self.gone

    def shows(self, match: MatchRow) -> bool:
        """Whether this process shows the match's changes in Discord: its channel is there,
        and its guild is this process's (another's hears of it and shows it: `Clock.heard`)."""
        return not self.lost(match) and self.sessions.owner.owns(match.guild_id)

    async def warn_host(self, match: MatchRow, what: str) -> None:
        """Tell the host once (for the board: until it updates again) that a missing permission
        blocks ``what`` (``board`` or ``deal``): in the channel if the bot may still write
        there, else privately. Not before the gateway has listed the bot's servers, nor for a
        server that removed the bot: a 403 there is no permission anyone could give."""
        if (match.id, what) in self._warned:
            return
        if not self.bot.is_ready() or self.bot.get_guild(match.guild_id) is None:
            return  # not told now: a later failure, once it is known, tells the host
        self._warned.add((match.id, what))
        w = await server_words(self.bot, match.guild_id)
        text = w(f"warn.{what}", host=match.host_id, game=game_name(match.game), id=match.id,
                 channel=match.channel_id)
        try:
            await self.bot.get_partial_messageable(match.channel_id).send(
                text, allowed_mentions=pings(match.host_id))
            return
        except RETRYABLE:
            pass
        try:
            host = self.bot.get_user(match.host_id) or await self.bot.fetch_user(match.host_id)
            await host.send(text, allowed_mentions=pings(match.host_id))
        except RETRYABLE:
            log.warning("could not tell the host of match %s about a missing permission",
                        match.id)

    async def channel_gone(self, match_id: int, *channel_ids: int) -> None:
        """The match's channel (``channel_ids``: it and its threads) was deleted, or the bot
        was removed from its server: the game ends if it was on, in one change of the session
        service, and nothing more is sent there."""
        self.gone.update(channel_ids)
        if await self.sessions.channel_gone(match_id) is not None:
            log.warning("match %s can no longer be shown (its channel deleted or its server left);"
                        " the game was cancelled", match_id)
        if match_id not in self._workers:
            self._forget(match_id)  # its worker, if one is on, finds it gone and forgets it

    # -- the worker -----------------------------------------------------------------------

    async def _work(self, match_id: int) -> None:
        dirty = self._dirty[match_id]
        over = False
        try:
            while dirty.is_set():
                dirty.clear()
                over = False
                try:
                    over = await self._draw(match_id)
                except discord.HTTPException as error:
                    if error.code in THREAD_ERRORS and await self._in_thread(match_id):
                        # Archived or deleted under the game: look at the thread, then redraw.
                        self.threads.look_again(match_id)
                        await self._retry_later(match_id, error)
                    elif error.code == UNKNOWN_CHANNEL:
                        # The channel was deleted (while the bot was down, or before the
                        # gateway said so): no message can ever show this game there again.
                        match = await self.sessions.repo.match(match_id)
                        if match is not None:
                            await self.channel_gone(match_id, match.channel_id)
                        self._mark_drawn(match_id)
                        over = True
                    elif error.code in THREAD_ERRORS:
                        log.warning("the channel of match %s refuses its board", match_id)
                        self._mark_drawn(match_id)
                    else:
                        await self._retry_later(match_id, error)
                except RETRYABLE as error:
                    await self._retry_later(match_id, error)
                except Exception:
                    # A bug, not Discord: retrying would fail the same way.
                    log.exception("failed to draw the board of match %s", match_id)
                    self._mark_drawn(match_id)
                else:
                    self._failures.pop(match_id, None)
                    self._warned.discard((match_id, BOARD))  # a later outage is told anew
                    self._mark_drawn(match_id)
        finally:
            self._workers.pop(match_id, None)
            if over and not dirty.is_set():
                self._forget(match_id)
            self.settled()

    def _forget(self, match_id: int) -> None:
        """The match is over and its board final (or it can never be shown): drop what was
        kept to draw it, here and in the game's UI, so the process does not grow with every
        match it ever played. A later refresh (a click on the old board) starts afresh."""
        shown = self._drawn.pop(match_id, None)
        if shown is not None:
            self._ended[match_id] = shown
            self._ended.move_to_end(match_id)
            while len(self._ended) > ENDED_KEPT:
                self._ended.popitem(last=False)
        self.messages.forget(match_id)
        for kept in (self._drawing, self._dirty, self._kick, self._failures):
            kept.pop(match_id, None)
        event = self._drawn_event.pop(match_id, None)
        if event is not None:
            event.set()  # a waiter reads the version from `_ended`
        self._warned = {warned for warned in self._warned if warned[0] != match_id}
        self.threads.forget(match_id)
        for ui in self.bot.uis.values():
            ui.forget(match_id)

    async def _in_thread(self, match_id: int) -> bool:
        match = await self.sessions.repo.match(match_id)
        return match is not None and match.in_thread

    async def _retry_later(self, match_id: int, error: BaseException) -> None:
        failures = self._failures[match_id] = self._failures.get(match_id, 0) + 1
        self._dirty[match_id].set()
        log.warning("could not update the board of match %s (attempt %d): %s", match_id,
                    failures, error)
        if isinstance(error, discord.Forbidden):
            match = await self.sessions.repo.match(match_id)
            if match is not None:
                await self.warn_host(match, BOARD)
        kick = self._kick.setdefault(match_id, asyncio.Event())
        kick.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(kick.wait(), backoff(self.retry_delay, failures))

    def _mark_drawn(self, match_id: int) -> None:
        """Note the version the board now shows (also after a failure no retry can mend:
        nobody may wait forever for a board that will never come)."""
        version = self._drawing.pop(match_id, None)
        answered = self._answered.pop(match_id, None)
        if version is not None:
            self._drawn[match_id] = (version, answered if answered is not None else time.time())
            event = self._drawn_event.pop(match_id, None)
            if event is not None:
                event.set()

    async def _draw(self, match_id: int) -> bool:
        """Bring the match's message up to date; True when nothing will ever be drawn for it
        again (it ended and all of it is shown, or it cannot be shown anywhere)."""
        repo = self.sessions.repo
        match = await repo.match(match_id)
        if match is None or self.lost(match):
            return True
        if not await self.threads.usable(match):
            return False  # the game left its thread: that change redraws it in its channel
        seats = await repo.seats(match_id)
        # A lobby is no version of the game: version 0 is drawn only once the game is on.
        self._drawing[match_id] = match.version if match.status != "lobby" else -1
        ended = match.status in ("finished", "cancelled")
        channel = self.bot.get_partial_messageable(match.channel_id)
        if not (ended and match.board_final and match.message_id is not None):
            content, alt, png, items, extras = await self.messages.message(match, seats)
            view: discord.ui.View | None = None
            if items or extras:
                view = discord.ui.View(timeout=None)
                for item in items:
                    view.add_item(item)
                for item in extras:
                    try:
                        view.add_item(item)
                    except ValueError:  # a full board (Mimikri's 5 × 5): /game web has them
                        log.info("no room under game %s's board for the web's buttons",
                                 match_id)
                        break
            attachments = [png_file(png, "board.png", alt)] if png else []
            message_id = match.message_id
            if message_id is not None:
                try:
                    await channel.get_partial_message(message_id).edit(
                        content=content, attachments=attachments, view=view, embed=None,
                        allowed_mentions=NO_PINGS)
                    self._answered[match_id] = time.time()
                except discord.NotFound as error:
                    if error.code == UNKNOWN_CHANNEL:
                        raise
                    message_id = None
            if message_id is None:
                # No board (deleted, or its lobby reply was lost): post one so the game goes on.
                if view is not None:
                    sent = await channel.send(content=content, files=attachments, view=view,
                                              allowed_mentions=NO_PINGS)
                else:
                    sent = await channel.send(content=content, files=attachments,
                                              allowed_mentions=NO_PINGS)
                self._answered[match_id] = time.time()
                await repo.set_message(match_id, sent.id)
                drawn = dataclasses.replace(match, message_id=sent.id)
                match = await repo.match(match_id) or match
            else:
                drawn = match
            if not ended:
                # What was drawn, not what the match is now: a move committed meanwhile must
                # still be drawn after a restart.
                language = (await server_words(self.bot, drawn.guild_id)).lang
                await repo.set_board_key(match_id,
                                         board_key(drawn, seats, language, self.buttons_key))
            if ended:
                await repo.mark_shown(match_id, board_final=True)
                self.messages.forget(match_id)
        await self.threads.link(match)
        if match.status == "finished" and not match.announced:
            await self._announce(match, seats)
        if match.status == "finished" and not match.home_announced and match.thread_id:
            # Played in a thread: the channel it came from gets the final result line too
            # (stored apart, so a channel refusing it never repeats the thread's).
            head, w = await self.messages.result_line(match, seats)
            await self.threads.announce_home(match, head, w, rematch_view(match.id, w))
            await self.sessions.repo.mark_shown(match.id, home_announced=True)
        return ended

    async def _announce(self, match: MatchRow, seats: list[SeatRow]) -> None:
        """Edits notify nobody: a short new message tells the table the game is over. Its
        nonce makes Discord drop a second copy if a crash came between sending and storing."""
        humans = [s.user_id for s in seats if not s.is_computer]
        head, w = await self.messages.result_line(match, seats)
        await self.bot.get_partial_messageable(match.channel_id).send(
            "\n".join([head, w("board.see", link=_link(match))]),
            allowed_mentions=pings(*humans), nonce=f"menagerie-end-{match.id}",
            view=rematch_view(match.id, w),
        )
        await self.sessions.repo.mark_shown(match.id, announced=True)
