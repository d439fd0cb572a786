"""Turn pings: one mention when a player's turn starts, taken away once the turn is over, and
a reminder when half of a turn timer is gone.

Board edits notify nobody, so the start of a turn gets its own short message mentioning the
player to act (`TurnPings.note`: a listener of the session service, which the composition root
subscribes after the board publisher): once per turn — a seat
that stays the one to act (a Mariposas turn's sub-steps, a showdown's other pickers) is not
pinged again — never a computer, never a player who switched pings off, and with the turn
timer's deadline as a Discord timestamp. Once the turn is over its ping is deleted, so a game
leaves at most one in its channel rather than one per turn. Each ping sent is stored
(`bot.db.turn_pings`), so a restart still takes it away, and a delete that failed for a reason
that passes (an archived thread, an outage, a rate limit) is tried again: at the game's next
change, once its thread is reopened, and after a backoff. A ping is a courtesy: one Discord
refuses to send is logged and dropped, and neither waits for nor holds up the board or the game.

Also the pieces every public message shares: whom it may notify (`pings`) and links to a
game's message (`link`, `where`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
import discord

from bot.db.players import wants_pings
from bot.db.rows import MatchRow, SeatRow
from bot.db.turn_pings import PingRow, add_ping, drop_ping, matches_with_pings, pings_of
from bot.retry import backoff
from bot.sessions.transition import Listener, Transition, is_realtime, players
from bot.shards import EVERYONE, Owner
from cogs._replies import server_words
from cogs._ui import game_name
from presentation.durations import duration

if TYPE_CHECKING:
    from bot.sessions.service import SessionService
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

# Failures worth retrying: Discord refused or failed (discord.py has already waited out the
# rate limits it could), or the connection broke on the way.
RETRYABLE = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
NO_PINGS = discord.AllowedMentions.none()  # what a message that pings nobody allows
PING_WAIT = 5.0  # seconds a turn ping waits for the board to show the turn, at most
ARCHIVED = 50083  # Discord: "Operation cannot be performed on an archived thread"
DELETE_TRIES = 8  # backoff retries of an old ping's delete (then: at the game's next change)


def pings(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions that may notify exactly these users, and never a role, @everyone or @here."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids if u])


def link(match: MatchRow) -> str:
    """A link to a match's message."""
    return f"https://discord.com/channels/{match.guild_id}/{match.channel_id}/{match.message_id}"


def where(match: MatchRow) -> str:
    """A link to a match's message, or to its channel while it has none (a lobby whose reply
    was lost, before the publisher posts it)."""
    return link(match) if match.message_id else f"<#{match.channel_id}>"


class Boards(Protocol):
    """What the turn pings use of the board publisher (`cogs._publisher.Publisher`, which
    imports this module): its sessions, its pace, its boards, and its count of work going on
    (tests wait for it)."""

    sessions: SessionService
    retry_delay: float

    def beside(self, task: asyncio.Task[None]) -> None: ...

    def shows(self, match: MatchRow) -> bool: ...

    # The publisher's own bound (see `Publisher.drawn`).
    async def drawn(self, match_id: int, version: int, timeout: float = ...) -> float: ...  # noqa: ASYNC109


class TurnPings(Listener):
    """The turn pings of every match, sent and deleted beside its board."""

    def __init__(self, bot: GameBot, publisher: Boards) -> None:
        self.bot = bot
        self.publisher = publisher
        # Each running match's seats to act → the version their turn began at (the turn a
        # ping was sent for); a seat that stays in it is not pinged again.
        self._turns: dict[int, dict[int, int]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        # At start-up: the stored pings' turns, match → seat → version it began at.
        self._stored: dict[int, dict[int, int]] = {}
        self._stuck: dict[int, int] = {}  # match → failed sweeps in a row (a ping left over)
        self._later: dict[int, asyncio.Task[None]] = {}  # match → its backoff's retry

    def published(self, transition: Transition) -> None:
        """A change was committed: ping and unping for it, unless nothing can be shown there
        any more or the game is another process's (that one hears of it: `Clock.heard`)."""
        if self.publisher.shows(transition.match):
            self.note(transition)

    async def remind(self, match: MatchRow, seat: SeatRow) -> None:
        """Ping the player whose turn timer is half gone."""
        # Read again: the timer was armed at Start, before the game may have moved to a thread.
        match = await self.publisher.sessions.repo.match(match.id) or match
        if seat.user_id is None or match.message_id is None:
            return
        left = int(float(match.options.get("turn_timer", 0)) / 2)
        w = await server_words(self.bot, match.guild_id)
        try:
            await self.bot.get_partial_messageable(match.channel_id).send(
                w("board.reminder", user=seat.user_id, link=link(match),
                  left=duration(left, w)),
                allowed_mentions=pings(seat.user_id),
            )
        except RETRYABLE:
            log.warning("could not send the turn reminder of match %s", match.id, exc_info=True)

    def note(self, transition: Transition) -> None:
        """Ping each human seat this transition makes one to act that was not one already,
        and take away the pings of the turns it ended."""
        match = transition.match
        rules = self.publisher.sessions.rules(match.game) if match.game in self.bot.uis else None
        before = self._turns.pop(match.id, {})
        now: dict[int, int] = {}
        if (rules is not None and match.status == "active" and match.state is not None
                and not is_realtime(rules)):
            now = {seat: before.get(seat, match.version)
                   for seat in players(rules.active_seats(match.state))}
            self._turns[match.id] = now
        if any(now.get(seat) != began for seat, began in before.items()) or (
                match.id in self._stuck or match.status in ("finished", "cancelled")):
            self._track(self._sweep(match.id))
        # The host who just clicked Start is at the table: the game's first turn calls the
        # others only.
        starter = match.host_id if any(e.kind == "started" for e in transition.events) else None
        for seat, began in now.items():
            row = transition.seats[seat] if seat < len(transition.seats) else None
            if (began != match.version or row is None or row.is_computer or not row.user_id
                    or row.user_id == starter):
                continue
            self._track(self._ping(match.id, seat, row.user_id, began))

    def _track(self, coro: Any) -> None:
        """Run a ping's send or delete beside the boards (tests wait for both)."""
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        self.publisher.beside(task)

    async def load(self, *, owner: Owner = EVERYONE) -> None:
        """At start-up, before `known`: read which turns the stored pings were sent for."""
        for match_id in await matches_with_pings(self.publisher.sessions.repo, owner=owner):
            turns = self._stored.setdefault(match_id, {})
            for ping in await pings_of(self.publisher.sessions.repo, match_id):
                turns[ping.seat] = max(turns.get(ping.seat, ping.began), ping.began)

    def known(self, match: MatchRow) -> None:
        """At start-up: the seats to act now were pinged before the restart (a turn is pinged
        when it starts, not again when the bot comes back); a stored ping tells when a turn
        began."""
        rules = self.publisher.sessions.rules(match.game) if match.game in self.bot.uis else None
        if (rules is None or match.status != "active" or match.state is None
                or is_realtime(rules)):
            return
        stored = self._stored.get(match.id, {})
        self._turns.setdefault(match.id, {
            seat: stored.get(seat, match.version)
            for seat in players(rules.active_seats(match.state))})

    def sweep_loaded(self) -> None:
        """At start-up, after `known`: take away the stored pings of turns that are over (a
        crash came before their delete, or their game ended meanwhile)."""
        for match_id in self._stored:
            self._track(self._sweep(match_id))
        self._stored = {}

    def retry(self, match_id: int) -> None:
        """A cause of a failed delete may be gone (the game's thread was reopened): try the
        game's old pings again now."""
        if match_id in self._stuck:
            self._track(self._sweep(match_id))

    async def close(self) -> None:
        """Cancel the backoffs' retries and the sends and deletes under way (the stored pings
        are swept at the next start)."""
        tasks = [*self._later.values(), *self.tasks]
        self._later.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _ping(self, match_id: int, seat: int, user_id: int, began: int) -> None:
        """Mention the player whose turn began at version ``began``, once the board shows it
        (or after `PING_WAIT`: a board Discord refuses must not swallow the ping), unless the
        turn is over by then or the player switched pings off."""
        try:
            repo = self.publisher.sessions.repo
            if not await wants_pings(repo, user_id):
                return
            with contextlib.suppress(TimeoutError):
                await self.publisher.drawn(match_id, began, timeout=PING_WAIT)
            match = await repo.match(match_id)
            if (match is None or match.status != "active"
                    or self._turns.get(match_id, {}).get(seat) != began):
                return  # played or ended meanwhile: nobody to call any more
            row = next((s for s in await repo.seats(match_id) if s.seat == seat), None)
            if row is None or row.is_computer or row.user_id != user_id:
                return  # the player left meanwhile: a computer plays for them
            w = await server_words(self.bot, match.guild_id)
            values = {"user": user_id, "game": game_name(match.game), "id": match.id,
                      "link": where(match)}
            text = (w("turn.ping_timer", deadline=f"<t:{int(match.deadline)}:R>", **values)
                    if match.deadline is not None else w("turn.ping", **values))
            sent = await self.bot.get_partial_messageable(match.channel_id).send(
                text, allowed_mentions=pings(user_id))
        except RETRYABLE:
            log.warning("could not ping the player to act in match %s", match_id, exc_info=True)
            return
        except Exception:
            log.exception("failed to ping the player to act in match %s", match_id)
            return
        try:
            # Stored before anything else may sweep: a turn over meanwhile takes it away.
            await add_ping(repo, PingRow(sent.id, match_id, seat, began, match.channel_id))
        except Exception:
            log.exception("could not store the turn ping of match %s", match_id)
            await self._unping(PingRow(sent.id, match_id, seat, began, match.channel_id))
            return
        if self._turns.get(match_id, {}).get(seat) != began:  # the turn ended on its way
            await self._sweep(match_id)

    async def _sweep(self, match_id: int) -> None:
        """Delete the stored pings of the match's turns that are over; one whose delete failed
        for a reason that passes stays stored and is tried again (a backoff's retry, the
        game's next change, its thread reopened)."""
        try:
            stored = await pings_of(self.publisher.sessions.repo, match_id)
        except Exception:
            log.exception("could not read the turn pings of match %s", match_id)
            return
        left = False
        for ping in stored:
            if self._turns.get(match_id, {}).get(ping.seat) == ping.began:
                continue  # the turn it calls to is still on
            left = not await self._unping(ping) or left
        if not left:
            self._stuck.pop(match_id, None)
            return
        failures = self._stuck[match_id] = self._stuck.get(match_id, 0) + 1
        if failures <= DELETE_TRIES and match_id not in self._later:
            self._later[match_id] = asyncio.create_task(self._retry_later(match_id, failures))

    async def _retry_later(self, match_id: int, failures: int) -> None:
        """Sweep again after the backoff (not held by the tests' idle: it only waits)."""
        try:
            await asyncio.sleep(backoff(self.publisher.retry_delay, failures))
        finally:
            self._later.pop(match_id, None)
        self.retry(match_id)

    async def _unping(self, ping: PingRow) -> bool:
        """Delete the ping of a turn that is over (one that stays is only clutter), and forget
        it once it is gone — or can never go. False: the delete failed for a reason that
        passes, so the ping stays stored to be tried again."""
        try:
            await self.bot.get_partial_messageable(ping.channel_id).get_partial_message(
                ping.message_id).delete()
        except discord.NotFound:
            pass  # deleted already (by someone, or with its thread)
        except discord.HTTPException as error:
            if error.status < 500 and error.status != 429 and error.code != ARCHIVED:
                log.warning("could not delete an old turn ping of match %s: %s",
                            ping.match_id, error)
            else:
                log.warning("could not delete an old turn ping of match %s yet: %s",
                            ping.match_id, error)
                return False
        except RETRYABLE as error:
            log.warning("could not delete an old turn ping of match %s yet: %r",
                        ping.match_id, error)
            return False
        try:
            await drop_ping(self.publisher.sessions.repo, ping.message_id)
        except Exception:
            log.exception("could not forget the turn ping of match %s", ping.match_id)
        return True
