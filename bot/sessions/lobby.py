"""The session service's lobby: the requests that open a game, seat its players (humans and
computers), start it where the `Placement` says, and close it — cancelled, or shown in its
channel again once its thread or channel is gone. Each is one change (`bot.sessions.changes`)."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from bot.computers import DEFAULT_LEVEL, LEVELS
from bot.db.rows import MatchRow, SeatRow
from bot.games.core import Event, start
from bot.sessions.changes import Changes
from bot.sessions.transition import LobbyError, Placement, Transition

log = logging.getLogger(__name__)


class Lobby(Changes):
    """Opening, seating, starting and closing a match."""

    # Asked at Start, under the match's lock but outside any transaction (it talks to
    # Discord, which must never hold the shared connection) — only of a game it says
    # may move.
    placement: Placement

    async def open_lobby(
        self, game: str, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
        options: dict[str, Any], announce: bool = False,
    ) -> MatchRow:
        """Open a lobby with the host seated (raises ChannelBusy if the channel has a game).

        Discord's command posts the lobby's message itself, as its reply. A front end that
        posts none (the web) ``announce``s the lobby: it is told to every listener as a change
        (and to other processes), so the publisher posts its message in the channel."""
        match_id = await self.repo.create_match(
            game=game, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            host_name=host_name, seed=secrets.token_hex(8), options=options, now=self.clock(),
        )
        if not announce:
            return await self._match(match_id)
        async with self._changing(match_id) as change:
            opened = await self._match(match_id)
            change.transition = Transition(opened, await self.repo.seats(match_id), [])
        return opened

    async def join(self, match_id: int, user_id: int, name: str) -> Transition:
        """Seat a user in a lobby."""
        async with self._changing(match_id) as change:
            match, seats = await self._lobby(match_id)
            if any(s.user_id == user_id and not s.is_computer for s in seats):
                raise LobbyError("already_in")
            self._check_room(match, seats)
            await self.repo.add_seat(match_id, user_id, name)
            change.transition = await self._transition(
                match_id, Event("joined", None, {"name": name}))
        return change.transition

    async def add_computer(
        self, match_id: int, user_id: int, level: str = DEFAULT_LEVEL
    ) -> Transition:
        """Seat a computer player at ``level``; anyone seated may add one."""
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}")
        async with self._changing(match_id) as change:
            match, seats = await self._lobby(match_id)
            if not any(s.user_id == user_id for s in seats):
                raise LobbyError("join_first")
            self._check_room(match, seats)
            # The stored name is for logs and old rows; players read `seat_name`, in their words.
            name = f"Computer {1 + sum(s.is_computer for s in seats)}"
            await self.repo.add_seat(match_id, None, name, is_computer=True, level=level)
            change.transition = await self._transition(
                match_id, Event("joined", None, {"name": name, "level": level}))
        return change.transition

    async def seat_computers_again(self, match_id: int, user_id: int,
                                   finished: list[SeatRow]) -> None:
        """A rematch's lobby gets the computers of the game it follows, at their levels
        (seated by ``user_id``, its host). One that finds no room (it cannot, with the same
        seats) is left out: the rematch is played without it."""
        for seat in finished:
            if seat.is_computer and seat.user_id is None:
                try:
                    await self.add_computer(match_id, user_id, seat.level)
                except LobbyError:
                    log.warning("could not seat computer %s again in rematch %s", seat.seat,
                                match_id)

    async def remove_computer(self, match_id: int, user_id: int) -> Transition:
        """Take the last computer added off its lobby seat (a level clicked by mistake);
        anyone seated may."""
        async with self._changing(match_id) as change:
            _, seats = await self._lobby(match_id)
            if not any(s.user_id == user_id and not s.is_computer for s in seats):
                raise LobbyError("join_first")
            computer = next((s for s in reversed(seats) if s.is_computer), None)
            if computer is None:
                raise LobbyError("no_computer")
            await self.repo.remove_seat(match_id, computer.seat)
            change.transition = await self._transition(
                match_id, Event("left", None, {"name": computer.name, "level": computer.level}))
        return change.transition

    async def leave_lobby(self, match_id: int, user_id: int) -> Transition:
        """Free a user's lobby seat; the host leaving closes the lobby."""
        async with self._changing(match_id) as change:
            match, seats = await self._lobby(match_id)
            if user_id == match.host_id:
                raise LobbyError("host_cancels")
            seat = next((s for s in seats if s.user_id == user_id and not s.is_computer), None)
            if seat is None:
                raise LobbyError("not_in")
            await self.repo.remove_seat(match_id, seat.seat)
            change.transition = await self._transition(
                match_id, Event("left", None, {"name": seat.name}))
        return change.transition

    async def start(self, match_id: int, user_id: int) -> Transition:
        """The host starts the game once the player count is valid.

        Where it goes on is asked of the placement when it says the game may move (to its
        own thread): outside any transaction, as that asks Discord, and stored in the start's
        commit. Every other start is one transaction, checks included, as any change."""
        async with self.lock(match_id):
            async with self._committed(match_id) as change:
                match, seats = await self._startable(match_id, user_id)
                if not self.placement.may_move(match):
                    change.transition = await self._start(match, seats, None)
            if change.transition is not None:
                return change.transition
            placed = await self.placement.place(match, seats)
            async with self._committed(match_id) as change:
                match, seats = await self._startable(match_id, user_id)
                change.transition = await self._start(match, seats, placed)
        return change.transition

    async def _startable(self, match_id: int, user_id: int) -> tuple[MatchRow, list[SeatRow]]:
        match, seats = await self._lobby(match_id)
        if user_id != match.host_id:
            raise LobbyError("host_starts")
        rules = self.rules(match.game)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise LobbyError("players", game=rules.name, low=rules.min_players,
                             high=rules.max_players, count=len(seats))
        return match, seats

    async def _start(self, match: MatchRow, seats: list[SeatRow],
                     placed: tuple[int, int | None] | None) -> Transition:
        rules = self.rules(match.game)
        state = start(rules, match.seed, len(seats), match.options)
        deadline = self._deadline(match, seats, rules, state)
        await self.repo.start_match(match.id, state, deadline, self.clock())
        if placed is not None:
            await self.repo.move_to_thread(match.id, *placed)
        return Transition(await self._match(match.id), seats, [Event("started")])

    async def leave_thread(self, match_id: int) -> Transition | None:
        """The game's thread cannot be used any more (deleted, or locked by a moderator):
        cancel the game if it was still on, and show it in the channel it was opened in again.
        None if it is not in a thread (any more)."""
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            if not match.in_thread:
                return None
            events = []
            if match.status in ("lobby", "active"):
                await self.repo.set_status(match_id, "cancelled", self.clock())
                events.append(Event("cancelled"))
            await self.repo.move_home(match_id)
            change.transition = Transition(await self._match(match_id),
                                           await self.repo.seats(match_id), events)
        return change.transition

    async def channel_gone(self, match_id: int) -> Transition | None:
        """The game's channel (or the one its thread was in) was deleted: nothing of it can be
        shown any more. A lobby or running game is cancelled, its timers and computer players
        stopped; any game is counted as shown, so no restart tries to draw or announce it.
        None if it had ended already."""
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            await self.repo.mark_shown(match_id, board_final=True, announced=True,
                                       home_announced=True)
            if match.status in ("lobby", "active"):
                await self.repo.set_status(match_id, "cancelled", self.clock())
                change.transition = await self._transition(match_id, Event("cancelled"))
        return change.transition

    async def cancel(self, match_id: int, user_id: int, *, is_admin: bool) -> Transition:
        """Close a lobby or stop a game: the host, or anyone who can manage the server."""
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            if match.status not in ("lobby", "active"):
                raise LobbyError("ended")
            if user_id != match.host_id and not is_admin:
                raise LobbyError("cancel_rights")
            await self.repo.set_status(match_id, "cancelled", self.clock())
            change.transition = await self._transition(match_id, Event("cancelled"))
        return change.transition

    async def _lobby(self, match_id: int) -> tuple[MatchRow, list[SeatRow]]:
        match = await self._match(match_id)
        if match.status != "lobby":
            raise LobbyError("closed")
        return match, await self.repo.seats(match_id)

    def _check_room(self, match: MatchRow, seats: list[SeatRow]) -> None:
        rules = self.rules(match.game)
        if len(seats) >= rules.max_players:
            raise LobbyError("full", count=rules.max_players)

