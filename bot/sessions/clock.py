"""The session service's clock: what moves a match on when no one acts. A computer seat's move
(after a short delay), the turn timer (a reminder at half time, then a computer moves for the
absent player, and keeps the seat after `MAX_TIMEOUTS` in a row), and re-arming both after a
restart. Each move is one change (`bot.sessions.changes`), armed again once it is committed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any

from bot.computers import DEFAULT_LEVEL, new_brain, visible
from bot.db.rows import MatchRow, SeatRow
from bot.games import spec_of
from bot.games.core import Event, Rules, action_rng
from bot.sessions.changes import Changes
from bot.sessions.transition import Transition, is_realtime, players
from bot.shards import Owner

log = logging.getLogger(__name__)

MAX_TIMEOUTS = 3  # time-outs in a row before the computer keeps the seat
MAX_TURN_STEPS = 100  # steps a computer takes to finish a timed-out player's turn, at most


class Clock(Changes):
    """The turn timers and computer turns of every match."""

    # The guilds whose games this process resumes after a restart (sharded: its shards').
    owner: Owner
    computer_delay: float
    _tasks: dict[tuple[int, str], asyncio.Task[None]]

    async def expire(self, match_id: int, version: int) -> Transition | None:
        """The turn timer ran out at ``version``: a computer moves for the absent player."""
        async with self._changing(match_id) as change:
            match = await self._match(match_id)
            if match.status != "active" or match.version != version:
                return None  # the player moved in time, or the game ended
            seats = await self.repo.seats(match_id)
            rules = self.rules(match.game)
            seat = players(rules.active_seats(match.live))[0]
            row = seats[seat]
            timeouts = row.timeouts + 1
            handed = timeouts >= MAX_TIMEOUTS
            await self.repo.update_seat(match_id, seat, timeouts=timeouts,
                                        is_computer=True if handed else None)
            seats = await self.repo.seats(match_id)
            note = Event("timed_out", seat, {"name": row.name, "handed_over": handed})
            code = await self._choose(match, rules, seat)
            transition = await self._apply(match, seats, seat, code, None, 0, actor="timer")
            transition = await self._finish_turn(rules, transition, seat)
            transition.events.insert(0, note)
            change.transition = transition
        return change.transition

    async def _finish_turn(self, rules: Rules[Any], transition: Transition, seat: int
                           ) -> Transition:
        """A game whose turn has several steps (``rules.turn_open``: Mariposas) has the
        computer that moved for an absent player finish that turn, in the same transaction:
        the player is not woken for every step of a turn they missed."""
        turn_open = spec_of(rules).turn_open
        for _ in range(MAX_TURN_STEPS):
            match = transition.match
            if (turn_open is None or match.status != "active" or not turn_open(match.live)
                    or seat not in players(rules.active_seats(match.live))):
                break
            code = await self._choose(match, rules, seat)
            more = await self._apply(match, transition.seats, seat, code, None, 0, actor="timer")
            more.events[:0] = transition.events
            transition = more
        return transition

    async def resume(self) -> list[MatchRow]:
        """After a restart: re-arm timers and computer players of every running game of the
        guilds this process owns."""
        matches = await self.repo.open_matches(owner=self.owner)
        for match in matches:
            if match.status == "active":
                self._arm(match, await self.repo.seats(match.id))
        return matches

    async def close(self) -> None:
        """Stop every timer and computer task (the state is already on disk)."""
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()

    def scheduled(self, kind: str | None = None) -> set[int]:
        """The matches with a turn timer or a computer's move waiting to run (only those of
        ``kind``, "timer" or "computer", if given): what still moves without anyone acting."""
        return {match_id for (match_id, what), task in self._tasks.items()
                if (kind is None or what == kind) and not task.done()}

    async def heard(self, match_id: int) -> None:
        """A change to ``match_id`` was committed, maybe by another process (the change feed:
        a move on the web board that process serves). A match of this process's guilds that
        it has not told its listeners of itself is driven on from where it now stands and
        told to them as if committed here, with the events of the actions since the last
        change it told (rebuilt from the log): Discord's board is redrawn with their log
        lines and the turn pinged by the game's own process."""
        async with self.lock(match_id):
            match = await self.repo.match(match_id)
            told = self._published.get(match_id)
            if match is None or not self.owner.owns(match.guild_id) \
                    or told == (match.version, match.status):
                return
            seats = await self.repo.seats(match_id)
            events = await self.events_since(match, told[0]) if told is not None else []
            if told is None:  # what this process kept of its history may miss changes
                self._history.pop(match_id, None)
            elif match_id in self._history:
                self._history[match_id].extend(events)
            self._arm(match, seats)
            self._publish(Transition(match, seats, events))

    async def missed(self) -> None:
        """Changes may have gone unheard (the change feed was down): every running game of
        this process's guilds is looked at again."""
        for match in await self.repo.open_matches(owner=self.owner):
            if match.status == "active":
                await self.heard(match.id)

    def _arm(self, match: MatchRow, seats: list[SeatRow]) -> None:
        """Start what drives the committed match on: a computer's turn, or the turn timer.
        Only for a game of this process's guilds: a move another process committed (on its
        web board) is driven on by the game's own process, which hears of it (`heard`)."""
        self._stop_tasks(match.id)
        if match.status != "active" or match.state is None \
                or not self.owner.owns(match.guild_id):
            self._history.pop(match.id, None)
            return
        rules = self.rules(match.game)
        active = players(rules.active_seats(match.state))
        if is_realtime(rules):
            return  # its own clock (e.g. bot.dealer) drives it, computers included
        if any(seats[s].is_computer for s in active):
            self._spawn(match.id, "computer", self._computer_turn(match.id, match.version))
        elif match.deadline is not None:
            self._spawn(match.id, "timer", self._timer(match))

    def _spawn(self, match_id: int, kind: str, coro: Awaitable[None]) -> None:
        self._tasks[(match_id, kind)] = asyncio.ensure_future(coro)

    def _stop_tasks(self, match_id: int) -> None:
        current = asyncio.current_task()
        for key in [k for k in self._tasks if k[0] == match_id]:
            task = self._tasks.pop(key)
            if task is not current:
                task.cancel()

    async def _computer_turn(self, match_id: int, version: int) -> None:
        await asyncio.sleep(self.computer_delay)
        try:
            async with self._changing(match_id) as change:
                match = await self._match(match_id)
                if match.status != "active" or match.version != version:
                    return
                seats = await self.repo.seats(match_id)
                rules = self.rules(match.game)
                seat = min(s for s in players(rules.active_seats(match.live))
                           if seats[s].is_computer)
                code = await self._choose(match, rules, seat)
                change.transition = await self._apply(match, seats, seat, code, None, 0,
                                                      actor="computer")
        except Exception:
            log.exception("computer move failed in match %s", match_id)

    async def _timer(self, match: MatchRow) -> None:
        timer = float(match.options.get("turn_timer", 0))
        assert match.deadline is not None  # noqa: S101 (narrows the type for mypy)
        try:
            if not match.reminded:
                await asyncio.sleep(max(0.0, match.deadline - timer / 2 - self.clock()))
                seats = await self.repo.seats(match.id)
                seat = players(self.rules(match.game).active_seats(match.live))[0]
                if await self.repo.mark_reminded(match.id, match.version):
                    await self._remind(match, seats[seat])
            await asyncio.sleep(max(0.0, match.deadline - self.clock()))
            await self.expire(match.id, match.version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("turn timer failed in match %s", match.id)

    async def _choose(self, match: MatchRow, rules: Rules[Any], seat: int) -> str:
        """A computer's move for ``seat`` at the seat's level, from all it could have seen of
        the game so far.

        The brain is rebuilt from the history each time, so a restart or a seat taken over
        mid-game gives the same memory, and the choice is as replayable as the log. A seat
        taken over from a player keeps the human seat's level, normal.
        """
        seats = await self.repo.seats(match.id)
        brain = new_brain(match.game, seats[seat].level if seat < len(seats) else DEFAULT_LEVEL)
        brain.observe(visible(await self.history(match), seat))
        rng = action_rng(f"{match.seed}:computer:{seat}", match.version)
        view, legal = rules.view(match.live, seat), rules.legal_actions(match.live, seat)
        # A choice can take tens of milliseconds (Mariposas' hard planner): in a worker thread,
        # so the event loop keeps answering other players meanwhile.
        return await asyncio.to_thread(brain.choose, view, legal, rng)
