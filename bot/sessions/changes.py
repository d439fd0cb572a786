"""The one way a match changes: under the match's lock, everything the change stores in one
database transaction, then — once committed — the match's clock re-armed and the change told
to every `Listener`, still in lock order. Every request of the session service and every move
of its clock is such a change (`Changes._changing`)."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot import ratings
from bot.db.repo import Repo
from bot.db.rows import MatchRow, ResultRow, SeatRow
from bot.games import REGISTRY, spec_of
from bot.games.core import Event, Outcome, Rules, apply_checked, replay
from bot.sessions.transition import (
    Listener,
    LobbyError,
    Transition,
    is_realtime,
    players,
)

log = logging.getLogger(__name__)

PUBLISHED_KEPT = 10_000
"""Matches whose newest told change is remembered (the change feed tells it again)."""


@dataclass(slots=True)
class _Change:
    """What a change inside `Changes._changing` hands out once it is committed."""

    transition: Transition | None = None


class Changes:
    """What every part of the session service changes a match through: its lock, its
    transaction, its listeners and the game's rules and history. The clock that re-arms a
    committed match is `bot.sessions.clock.Clock`'s (`_arm`)."""

    def __init__(self, repo: Repo, *, clock: Callable[[], float]) -> None:
        self.repo = repo
        self.clock = clock
        self._listeners: list[Listener] = []
        # A match's lock lives while a change holds it or waits for it (each keeps a reference)
        # and goes with the last of them: a process that plays for months keeps no lock per
        # match it ever played, nor one per id a forged click named.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._history: dict[int, list[Event]] = {}
        # match → (version, status) of the newest change told to the listeners: a change the
        # change feed tells again (this process's own) is no news to them.
        self._published: OrderedDict[int, tuple[int, str]] = OrderedDict()

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
        match = transition.match
        self._published[match.id] = (match.version, match.status)
        self._published.move_to_end(match.id)
        while len(self._published) > PUBLISHED_KEPT:
            self._published.popitem(last=False)
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

    def rules(self, game: str) -> Rules[Any]:
        """The rules of a registered game."""
        return REGISTRY[game]

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change to one match (hold on to it while using it:
        one nobody holds is forgotten, and the next change makes a new one)."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

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
        self, match: MatchRow, seats: list[SeatRow], rules: Rules[Any], state: dict[str, Any]
    ) -> float | None:
        timer = float(match.options.get("turn_timer", 0))
        active = players(rules.active_seats(state))
        if is_realtime(rules) or not timer or rules.outcome(state) is not None or not active:
            return None
        if all(seats[s].is_computer for s in active):
            return None
        return self.clock() + timer

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

    async def events_since(self, match: MatchRow, version: int) -> list[Event]:
        """The events of ``match``'s actions after ``version``, rebuilt from its log: what a
        change another process committed did, which the change feed does not say."""
        if match.state is None or version >= match.version:
            return []
        log = (await self.repo.action_log(match.id))[:match.version]  # none newer than it
        players = len(await self.repo.seats(match.id))
        _, events = replay(self.rules(match.game), match.seed, players, match.options, log,
                           trusted=True, since=version)
        return events

    def _arm(self, match: MatchRow, seats: list[SeatRow]) -> None:
        """Start what drives the committed match on (`bot.sessions.clock.Clock._arm`)."""
        raise NotImplementedError

    # -- helpers --------------------------------------------------------------------------

    async def _match(self, match_id: int) -> MatchRow:
        match = await self.repo.match(match_id)
        if match is None:
            raise LobbyError("gone")
        return match

    async def _transition(self, match_id: int, event: Event) -> Transition:
        return Transition(await self._match(match_id), await self.repo.seats(match_id), [event])


def _records(
    rules: Rules[Any], events: list[Event], seats: list[SeatRow]
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


def _results(seats: list[SeatRow], outcome: Outcome) -> list[ResultRow]:
    ranks = outcome.ranks()
    return [
        ResultRow(s.seat, s.user_id, s.is_computer, outcome.scores[s.seat], ranks[s.seat],
                  s.seat in outcome.winners)
        for s in seats
    ]
