"""The session service the front ends hold: `SessionService`, its lobby (`bot.sessions.lobby`)
and clock (`bot.sessions.clock`) joined, and the requests of a game under way: a player's
action, an action the application takes for a seat, a player leaving."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.db.repo import Repo
from bot.db.rows import SeatRow
from bot.games.core import Event
from bot.sessions.clock import Clock
from bot.sessions.lobby import Lobby
from bot.sessions.transition import LobbyError, Placement, Transition
from bot.shards import EVERYONE, Owner


class SessionService(Lobby, Clock):
    """Runs every match; the front ends call it and hear of its changes as `Listener`s."""

    def __init__(
        self, repo: Repo, *, clock: Callable[[], float] = time.time,
        computer_delay: float = 1.5, owner: Owner = EVERYONE,
        placement: Placement | None = None,
    ) -> None:
        super().__init__(repo, clock=clock)
        self.owner = owner
        self.computer_delay = computer_delay
        self.placement = placement or Placement()
        self._tasks = {}

    # -- playing --------------------------------------------------------------------------

    async def submit(
        self, match_id: int, user_id: int, code: str, seen_version: int | None, at_ms: int = 0
    ) -> Transition:
        """A player's action: checked, applied, committed, then announced.

        Raises:
            RuleError: with a message for the player; the game is unchanged.
        """
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            if match.status == "lobby":
                raise LobbyError("not_started")
            if match.status != "active":
                raise LobbyError("over" if match.status == "finished" else "was_cancelled")
            seats = await self.repo.seats(match_id)
            seat = self._seat_of(seats, user_id)
            if seat.timeouts:
                await self.repo.update_seat(match_id, seat.seat, timeouts=0)
            change.transition = await self._apply(match, seats, seat.seat, code, seen_version,
                                                  at_ms, actor="player")
        return change.transition

    async def act(
        self, match_id: int, seat: int, code: str, *, actor: str, at_ms: int = 0,
        inbox_id: int | None = None,
    ) -> Transition:
        """An action the application takes for a seat: SYSTEM (a dealer, a clock) or a computer,
        or a player's stored input (``inbox_id``, consumed in the same transaction).

        Raises:
            RuleError: the action is not legal now; the game is unchanged.
        """
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            if match.status != "active":
                raise LobbyError("not_running")
            seats = await self.repo.seats(match_id)
            change.transition = await self._apply(match, seats, seat, code, None, at_ms,
                                                  actor=actor, inbox_id=inbox_id)
        return change.transition

    async def seat_of(self, match_id: int, user_id: int) -> int:
        """The seat a user plays at (raises LobbyError if they don't)."""
        return self._seat_of(await self.repo.seats(match_id), user_id).seat

    async def leave_game(self, match_id: int, user_id: int) -> Transition:
        """A player leaves a running game; a computer player takes the seat."""
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            if match.status != "active":
                raise LobbyError("not_running")
            seats = await self.repo.seats(match_id)
            seat = self._seat_of(seats, user_id)
            await self.repo.update_seat(match_id, seat.seat, is_computer=True)
            change.transition = await self._transition(
                match_id, Event("replaced", seat.seat, {"name": seat.name, "why": "left"})
            )
        return change.transition

    @staticmethod
    def _seat_of(seats: list[SeatRow], user_id: int) -> SeatRow:
        for seat in seats:
            if seat.user_id == user_id:
                if seat.is_computer:
                    raise LobbyError("computer_has_seat")
                return seat
        raise LobbyError("not_playing")

