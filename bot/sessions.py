"""The only writer of matches: lobby, actions, computer players and turn timers.

Every change goes lock → load → check → apply → commit → announce: the match's lock keeps
changes to one match in order, and everything one change stores (state, action log, seats,
results) is one database transaction (`_changing`). Timers and computer turns are armed and the
change announced only after the commit, to every `Listener` subscribed (the Discord board
publisher, daily results, …), so nothing reaches a channel before it is on disk.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot import ratings
from bot.computers import DEFAULT_LEVEL, LEVELS, new_brain, visible
from bot.db.repo import MatchRow, Repo, ResultRow, SeatRow
from bot.games import REGISTRY, spec_of
from bot.games.core import (
    Event,
    Outcome,
    RuleError,
    Rules,
    action_rng,
    apply_checked,
    replay,
    start,
)
from bot.shards import EVERYONE, Owner

log = logging.getLogger(__name__)

MAX_TIMEOUTS = 3  # time-outs in a row before the computer keeps the seat
MAX_TURN_STEPS = 100  # steps a computer takes to finish a timed-out player's turn, at most


class LobbyError(RuleError):
    """A lobby or seat request that cannot be granted: its message is ``lobby.error.<key>``."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(f"lobby.error.{key}", **values)


@dataclass(slots=True)
class Transition:
    """What one accepted change did, for the Discord layer to show."""

    match: MatchRow
    seats: list[SeatRow]
    events: list[Event] = field(default_factory=list)
    outcome: Outcome | None = None


@dataclass(slots=True)
class _Change:
    """What a change inside `SessionService._changing` hands out once it is committed."""

    transition: Transition | None = None


class Listener:
    """What hears of the session service's changes once they are committed
    (`SessionService.subscribe`). Override what you need; the defaults do nothing."""

    def published(self, transition: Transition) -> None:
        """A change was committed. Called inside the match's lock, so listeners hear changes
        in the order of the log: only queue work here (boards are edited later)."""

    async def remind(self, match: MatchRow, seat: SeatRow) -> None:
        """Half of ``seat``'s turn timer is gone (told to every listener, once a turn)."""


class Placement:
    """Where a starting game goes on (`SessionService.start`): this default keeps every
    game in its lobby's channel; the Discord layer's threads move the ones that ask to."""

    def may_move(self, match: MatchRow) -> bool:
        """Whether the game may go on elsewhere than its lobby's channel."""
        return False

    async def place(self, match: MatchRow, seats: list[SeatRow]) -> tuple[int, int | None] | None:
        """Where it goes on: a thread, as (thread id, its board-to-be message or None), or
        None for its lobby's channel, as it is."""
        return None


class SessionService:
    """Runs every match; the front ends call it and hear of its changes as `Listener`s."""

    def __init__(
        self, repo: Repo, *, clock: Callable[[], float] = time.time,
        computer_delay: float = 1.5, owner: Owner = EVERYONE,
        placement: Placement | None = None,
    ) -> None:
        self.repo = repo
        # The guilds whose games this process resumes after a restart (sharded: its shards').
        self.owner = owner
        self.clock = clock
        self.computer_delay = computer_delay
        # Asked at Start, under the match's lock but outside any transaction (it talks to
        # Discord, which must never hold the shared connection) — only of a game it says
        # may move.
        self.placement = placement or Placement()
        self._listeners: list[Listener] = []
        # A match's lock lives while a change holds it or waits for it (each keeps a reference)
        # and goes with the last of them: a process that plays for months keeps no lock per
        # match it ever played, nor one per id a forged click named.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._history: dict[int, list[Event]] = {}
        self._tasks: dict[tuple[int, str], asyncio.Task[None]] = {}

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` of every committed change from now on, after the listeners
        subscribed before it; returns what unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @property
    def listening(self) -> tuple[Listener, ...]:
        """The subscribed listeners, in the order they hear each change."""
        return tuple(self._listeners)

    def _publish(self, transition: Transition) -> None:
        for listener in list(self._listeners):
            try:
                listener.published(transition)
            except Exception:  # one front end's bug must not keep a change from the others
                log.exception("%r failed on a change of match %s", listener,
                              transition.match.id)

    async def _remind(self, match: MatchRow, seat: SeatRow) -> None:
        for listener in list(self._listeners):
            try:
                await listener.remind(match, seat)
            except Exception:  # a failed reminder must not stop the timer's expiry
                log.exception("%r failed to remind match %s", listener, match.id)

    def rules(self, game: str) -> Rules:
        """The rules of a registered game."""
        return REGISTRY[game]

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change to one match (hold on to it while using it:
        one nobody holds is forgotten, and the next change makes a new one)."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    # -- lobby ----------------------------------------------------------------------------

    async def open_lobby(
        self, game: str, *, guild_id: int, channel_id: int, host_id: int, host_name: str,
        options: dict[str, Any],
    ) -> MatchRow:
        """Open a lobby with the host seated (raises ChannelBusy if the channel has a game)."""
        match_id = await self.repo.create_match(
            game=game, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            host_name=host_name, seed=secrets.token_hex(8), options=options, now=self.clock(),
        )
        return await self._match(match_id)

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

    async def _finish_turn(self, rules: Rules, transition: Transition, seat: int) -> Transition:
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

    # -- inside the lock ------------------------------------------------------------------

    @asynccontextmanager
    async def _changing(self, match_id: int) -> AsyncIterator[_Change]:
        """One change to a match: its lock, one transaction for everything it stores, then —
        committed — its timers re-armed and its transition announced, still in lock order."""
        async with self.lock(match_id), self._committed(match_id) as change:
            yield change

    @asynccontextmanager
    async def _committed(self, match_id: int) -> AsyncIterator[_Change]:
        """`_changing` without taking the lock (its caller holds it)."""
        change = _Change()
        try:
            async with self.repo.transaction():
                yield change
                if change.transition is not None:  # with the commit, to other processes too
                    await self.repo.announce_change(match_id)
        except BaseException:
            self._history.pop(match_id, None)  # it may hold the rolled-back change's events
            raise
        if change.transition is not None:
            self._arm(change.transition.match, change.transition.seats)
            self._publish(change.transition)

    async def _apply(
        self, match: MatchRow, seats: list[SeatRow], seat: int, code: str,
        seen_version: int | None, at_ms: int, *, actor: str, inbox_id: int | None = None,
    ) -> Transition:
        rules = self.rules(match.game)
        step = apply_checked(rules, match.live, seed=match.seed, version=match.version,
                             seat=seat, action=code, seen_version=seen_version, at_ms=at_ms)
        finished = ratings_rows = records = None
        if step.outcome is not None:
            finished = _results(seats, step.outcome)
            ratings_rows = await self._new_ratings(match, finished)
            records = _records(rules, [*await self.history(match), *step.events], seats)
        await self.repo.commit_action(
            match.id, expected_version=match.version, state=step.state, seat=seat, code=code,
            at_ms=at_ms, actor=actor, deadline=self._deadline(match, seats, rules, step.state),
            now=self.clock(), finished=finished, ratings=ratings_rows or (),
            records=records or (), inbox_id=inbox_id,
        )
        if match.id in self._history:
            self._history[match.id].extend(step.events)
        return Transition(await self._match(match.id), seats, list(step.events), step.outcome)

    async def _new_ratings(
        self, match: MatchRow, finished: list[ResultRow]
    ) -> list[tuple[int, float, float]]:
        humans = [(r.user_id, r.rank) for r in finished if not r.is_computer and r.user_id]
        current = await self.repo.ratings(match.guild_id, match.game, [u for u, _ in humans])
        return ratings.rate(humans, current)

    def _deadline(
        self, match: MatchRow, seats: list[SeatRow], rules: Rules, state: dict[str, Any]
    ) -> float | None:
        timer = float(match.options.get("turn_timer", 0))
        active = players(rules.active_seats(state))
        if is_realtime(rules) or not timer or rules.outcome(state) is not None or not active:
            return None
        if all(seats[s].is_computer for s in active):
            return None
        return self.clock() + timer

    async def _choose(self, match: MatchRow, rules: Rules, seat: int) -> str:
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

    async def history(self, match: MatchRow) -> list[Event]:
        """Every event of the match so far, rebuilt from its log by replay: once while it is
        on (its changes extend it), every time once it has ended (it is read once or twice,
        and kept it would stay for the life of the process)."""
        if match.id in self._history:
            return self._history[match.id]
        entries = await self.repo.action_log(match.id)
        seats = await self.repo.seats(match.id)
        _, events = replay(
            self.rules(match.game), match.seed, len(seats), match.options, entries,
            trusted=True,  # its own log, every action checked before it was committed
        )
        if match.status == "active":
            self._history[match.id] = events
        return events

    # -- timers and computer turns --------------------------------------------------------

    def _arm(self, match: MatchRow, seats: list[SeatRow]) -> None:
        """Start what drives the committed match on: a computer's turn, or the turn timer."""
        self._stop_tasks(match.id)
        if match.status != "active" or match.state is None:
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

    def scheduled(self, kind: str | None = None) -> set[int]:
        """The matches with a turn timer or a computer's move waiting to run (only those of
        ``kind``, "timer" or "computer", if given): what still moves without anyone acting."""
        return {match_id for (match_id, what), task in self._tasks.items()
                if (kind is None or what == kind) and not task.done()}

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

    # -- helpers --------------------------------------------------------------------------

    async def _match(self, match_id: int) -> MatchRow:
        match = await self.repo.match(match_id)
        if match is None:
            raise LobbyError("gone")
        return match

    async def _lobby(self, match_id: int) -> tuple[MatchRow, list[SeatRow]]:
        match = await self._match(match_id)
        if match.status != "lobby":
            raise LobbyError("closed")
        return match, await self.repo.seats(match_id)

    def _check_room(self, match: MatchRow, seats: list[SeatRow]) -> None:
        rules = self.rules(match.game)
        if len(seats) >= rules.max_players:
            raise LobbyError("full", count=rules.max_players)

    @staticmethod
    def _seat_of(seats: list[SeatRow], user_id: int) -> SeatRow:
        for seat in seats:
            if seat.user_id == user_id:
                if seat.is_computer:
                    raise LobbyError("computer_has_seat")
                return seat
        raise LobbyError("not_playing")

    async def _transition(self, match_id: int, event: Event) -> Transition:
        return Transition(await self._match(match_id), await self.repo.seats(match_id), [event])


def is_realtime(rules: Rules) -> bool:
    """Whether a game runs on its own clock (a dealer) rather than on turns and turn timers."""
    return spec_of(rules).realtime


def _records(
    rules: Rules, events: list[Event], seats: list[SeatRow]
) -> list[tuple[int, int | None, str, float]]:
    """The game's own numbers for the leaderboard (e.g. reaction times), humans only."""
    found = spec_of(rules).records
    if found is None:
        return []
    return [
        (seat, seats[seat].user_id, kind, value)
        for seat, kind, value in found(events)
        if 0 <= seat < len(seats) and not seats[seat].is_computer and seats[seat].user_id
    ]


def players(active: frozenset[int]) -> list[int]:
    """The seats at the table among those who may act, in order: never SYSTEM (-1).

    Chance and dealers (SYSTEM actions) are driven by a game's own cog, not by this
    service's turn timers and computer players.
    """
    return sorted(s for s in active if s >= 0)


def _results(seats: list[SeatRow], outcome: Outcome) -> list[ResultRow]:
    ranks = outcome.ranks()
    return [
        ResultRow(s.seat, s.user_id, s.is_computer, outcome.scores[s.seat], ranks[s.seat],
                  s.seat in outcome.winners)
        for s in seats
    ]
