"""Turn pings: one mention when a player's turn starts, taken away once the turn is over.

Board edits notify nobody, so the start of a turn gets its own short message mentioning the
player to act (`TurnPings.note`, called as each change is published): once per turn — a seat
that stays the one to act (a Mariposas turn's sub-steps, a showdown's other pickers) is not
pinged again — never a computer, never a player who switched pings off, and with the turn
timer's deadline as a Discord timestamp. Once the turn is over its ping is deleted, so a game
leaves at most one in its channel rather than one per turn. A ping is a courtesy: one Discord
refuses is logged and dropped, and neither waits for nor holds up the board or the game.

Also the pieces every public message shares: whom it may notify (`pings`) and links to a
game's message (`link`, `where`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.db.players import wants_pings
from bot.db.repo import MatchRow
from bot.sessions import Transition, is_realtime, players
from cogs._ui import game_name, server_words

if TYPE_CHECKING:
    from cogs._bot import GameBot
    from cogs._publisher import Publisher

log = logging.getLogger(__name__)

# Failures worth retrying: Discord refused or failed (discord.py has already waited out the
# rate limits it could), or the connection broke on the way.
RETRYABLE = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
PING_WAIT = 5.0  # seconds a turn ping waits for the board to show the turn, at most


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


class TurnPings:
    """The turn pings of every match, sent and deleted beside its board worker."""

    def __init__(self, bot: GameBot, publisher: Publisher) -> None:
        self.bot = bot
        self.publisher = publisher
        # Each running match's seats to act → the version their turn began at (the turn a
        # ping was sent for); a seat that stays in it is not pinged again.
        self._turns: dict[int, dict[int, int]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self._ping_ids: dict[tuple[int, int, int], int] = {}  # (match, seat, began) → message

    def note(self, transition: Transition) -> None:
        """Ping each human seat this transition makes one to act that was not one already."""
        match = transition.match
        rules = self.bot.sessions.rules(match.game) if match.game in self.bot.uis else None
        before = self._turns.pop(match.id, {})
        now: dict[int, int] = {}
        if (rules is not None and match.status == "active" and match.state is not None
                and not is_realtime(rules)):
            now = {seat: before.get(seat, match.version)
                   for seat in players(rules.active_seats(match.state))}
            self._turns[match.id] = now
        for seat, began in before.items():
            sent = self._ping_ids.pop((match.id, seat, began), None)
            if now.get(seat) != began and sent is not None:
                self._track(self._unping(match.id, match.channel_id, sent))
            elif sent is not None:
                self._ping_ids[(match.id, seat, began)] = sent
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
        """Run a ping's send or delete beside the board worker (tests wait for both)."""
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        self.publisher.idle.clear()
        task.add_done_callback(self._done)

    def known(self, match: MatchRow) -> None:
        """At start-up: the seats to act now were pinged before the restart (a turn is pinged
        when it starts, not again when the bot comes back)."""
        rules = self.bot.sessions.rules(match.game) if match.game in self.bot.uis else None
        if (rules is None or match.status != "active" or match.state is None
                or is_realtime(rules)):
            return
        self._turns.setdefault(
            match.id, dict.fromkeys(players(rules.active_seats(match.state)), match.version))

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        self.publisher.settled()

    async def _ping(self, match_id: int, seat: int, user_id: int, began: int) -> None:
        """Mention the player whose turn began at version ``began``, once the board shows it
        (or after `PING_WAIT`: a board Discord refuses must not swallow the ping), unless the
        turn is over by then or the player switched pings off."""
        try:
            repo = self.bot.sessions.repo
            if not await wants_pings(repo, user_id):
                return
            try:
                await self.publisher.drawn(match_id, began, timeout=PING_WAIT)
            except TimeoutError:
                pass
            match = await repo.match(match_id)
            if (match is None or match.status != "active"
                    or self._turns.get(match_id, {}).get(seat) != began):
                return  # played or ended meanwhile: nobody to call any more
            row = next((s for s in await repo.seats(match_id) if s.seat == seat), None)
            if row is None or row.is_computer or row.user_id != user_id:
                return  # the player left meanwhile: a computer plays for them
            w = await server_words(self.bot, match.guild_id)
            values = {"user": user_id, "game": game_name(self.bot, match), "id": match.id,
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
        if self._turns.get(match_id, {}).get(seat) == began:
            self._ping_ids[(match_id, seat, began)] = sent.id
        else:  # the turn ended while the ping was on its way
            await self._unping(match_id, match.channel_id, sent.id)

    async def _unping(self, match_id: int, channel_id: int, message_id: int) -> None:
        """Delete the ping of a turn that is over (one that stays is only clutter)."""
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(
                message_id).delete()
        except RETRYABLE:
            log.warning("could not delete an old turn ping of match %s", match_id)
