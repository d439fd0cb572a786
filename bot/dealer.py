"""The dealer of the games played in real time: the clock that deals, stops and resolves.

The rules decide what a deal or a reaction does; this decides *when*: one card every reveal
interval, until the first reaction stops the dealer; a settle window gathers the others; then
they are submitted in their true order and the SYSTEM ``resolve`` settles them all at once
(``shared/specs/schicki-micki.md`` §Real time). What is the game's own — its timings, its
rounds, its computers' reactions, its words for a refused reaction — its spec declares
(`bot.games.spec.RealTime`; Schicki Micki's ``REAL_TIME``). Reactions wait in a per-table
buffer (`bot.reactions`) until then, ordered by a key the input gives: the moment the bot heard them
for emoji reactions (in the gateway's order), Discord's own timestamp for buttons, the planned
moment for computer players.

Each reaction is also stored the moment it arrives (the ``inbox``) and deleted in the
transaction that applies it, so a crash inside a settle window loses none: after a restart the
window is settled from what was stored. The clock survives Discord failing under it (a refused
table message, a missing permission, a timeout): it tells the host through `TableIO.trouble`,
waits with backoff and tries the same step again.

The composition root builds the one dealer and subscribes it to the session service: it starts
dealing when a real-time game starts (its spec says `realtime`), whichever front end pressed
Start, and goes on with the running tables after a restart (`resume`). Discord stays behind
`TableIO`, which the game's cog attaches; nothing here knows of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from bot.computers import DEFAULT_LEVEL, LEVELS
from bot.db.rows import MatchRow
from bot.games import real_time, spec_of
from bot.games.core import SYSTEM, NotYourTurn, RuleError
from bot.reactions import Reaction, Table, since_card
from bot.retry import backoff
from bot.sessions.service import SessionService
from bot.sessions.transition import Listener, LobbyError, Transition

log = logging.getLogger(__name__)



class TableIO(Protocol):
    """What the dealer needs from Discord."""

    async def new_row(self, match: MatchRow) -> None:
        """Make the table ready for a row: the first posts the game's one table message with its
        reaction emojis (and makes it the board); later ones take the players' reactions off."""

    async def shown(self, match_id: int, version: int) -> float:
        """Wait until the board shows ``version``; return the wall time it was acknowledged."""

    async def announce(self, match: MatchRow, transition: Transition) -> None:
        """Tell the table what a resolved window did (in the table message itself)."""

    async def reset_row(self, match: MatchRow) -> None:
        """After a restart: let every player react afresh on the table message."""

    async def trouble(self, match_id: int, error: BaseException) -> None:
        """A step failed (it is retried): tell the host if they can mend it."""


class Dealer(Listener):
    """Runs every real-time table of the bot."""

    def __init__(
        self, sessions: SessionService, io: TableIO | None = None, *,
        clock: Callable[[], float] = time.time, time_scale: float = 1.0,
        retry_delay: float = 1.0,
    ) -> None:
        self.sessions = sessions
        self.io = io  # the table dealt on: attached by the front end that shows it
        self.clock = clock
        self.time_scale = time_scale
        self.retry_delay = retry_delay
        self.tables: dict[int, Table] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._aside: set[asyncio.Task[None]] = set()  # refusals and computers' reactions

    def _aside_task(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the dealing, held until done: the event loop holds a task only
        weakly, and one the garbage collector took would vanish half done."""
        task = asyncio.create_task(work)
        self._aside.add(task)
        task.add_done_callback(self._aside.discard)

    # -- input ----------------------------------------------------------------------------

    def react(self, match_id: int, reaction: Reaction) -> None:
        """Queue a reaction (synchronously, so arrival order is kept) and stop the dealer.

        Only a seated player's reaction stops the dealer; one that cannot count (from someone
        not playing, during the countdown, or after its window) is refused at once.
        """
        table = self.tables.get(match_id)
        if table is None:
            return
        why = None
        if reaction.seat is None and table.players is not None \
                and reaction.user_id not in table.players:
            why = "not_playing"
        elif reaction.row is not None and reaction.row != table.row:
            why = "past_row"  # a button of another row: judged in this one it could win it
        elif table.counting:
            why = "too_early"
        elif reaction.at < table.closed_at:
            why = "too_late"
        if why is not None:
            if reaction.refused is not None and table.game is not None:
                self._aside_task(reaction.refused(RuleError(table.game.refusals[why])))
            return
        if reaction.inbox_id is None:
            reaction.at_ms = since_card(table.shown, reaction)  # so far; again at settling
            table.storing.append(asyncio.create_task(self._store(match_id, reaction)))
        table.waiting.append(reaction)
        table.wake.set()

    async def _store(self, match_id: int, reaction: Reaction) -> None:
        try:
            reaction.inbox_id = await self.sessions.repo.add_inbox(
                match_id, user_id=reaction.user_id, seat=reaction.seat, code=reaction.action,
                at=reaction.at, at_ms=reaction.at_ms, seq=reaction.key[1])
        except Exception:
            # Still judged from memory; only a crash before the window ends could lose it.
            log.warning("could not store a reaction in match %s", match_id, exc_info=True)

    def attach(self, io: TableIO) -> Callable[[], None]:
        """Deal on ``io``'s tables from now on; returns what detaches it again."""
        self.io = io

        def detach() -> None:
            if self.io is io:
                self.io = None
        return detach

    def _io(self) -> TableIO:
        if self.io is None:  # detached while a table ran: its front end is unloading
            raise RuntimeError("the dealer's table is gone")
        return self.io

    def published(self, transition: Transition) -> None:
        """A real-time game was started (by any front end): deal it."""
        match = transition.match
        if any(event.kind == "started" for event in transition.events) \
                and spec_of(self.sessions.rules(match.game)).realtime is not None:
            self.watch(match)

    async def resume(self) -> None:
        """After a restart: go on dealing the running real-time games of this process."""
        sessions = self.sessions
        for match in await sessions.repo.open_matches(owner=sessions.owner):
            if match.status == "active" \
                    and spec_of(sessions.rules(match.game)).realtime is not None:
                self.watch(match, resumed=True)

    def watch(self, match: MatchRow, *, resumed: bool = False) -> None:
        """Start dealing a match (after Start, or after a restart with ``resumed``)."""
        if self.io is None:
            log.warning("real-time match %s has no table to be dealt on", match.id)
            return
        table = self.tables.setdefault(match.id, Table())
        game = table.game = real_time(self.sessions.rules(match.game))
        if match.state is not None:
            table.row = game.round_of(match.state)
        if resumed and match.state is not None:
            table.row_posted = table.row  # its table message is already out
            table.shown = [self.clock()]  # the card's own moment is lost with the restart
        task = self._tasks.get(match.id)
        if task is None or task.done():
            self._tasks[match.id] = asyncio.create_task(self._run(match.id, resumed))

    # The wait's bound is the question asked ("settled within this long?"), not a deadline on
    # the caller: the answer is False when it passes, which a caller's own timeout would turn
    # into an exception to catch.
    async def settled(self, match_id: int, timeout: float) -> bool:  # noqa: ASYNC109
        """Wait until no window of the match is being settled, ``timeout`` seconds at most;
        whether none is."""
        table = self.tables.get(match_id)
        if table is None:
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.calm.wait(), timeout)
        return table.calm.is_set()

    def passing(self, match_id: int, version: int) -> bool:
        """Whether ``version`` is one of a window's states in between, shown for moments only:
        its reactions are still being submitted, or a newer version is already committed (the
        result, which replaces it at once)."""
        table = self.tables.get(match_id)
        return table is not None and (not table.calm.is_set() or table.version > version)

    def dealing(self) -> set[int]:
        """The matches whose dealer is running: the real-time tables that move on by
        themselves."""
        return {match_id for match_id, task in self._tasks.items() if not task.done()}

    async def close(self) -> None:
        """Stop dealing (the state is on disk; `watch` after a restart goes on)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    # -- the clock ------------------------------------------------------------------------

    async def _run(self, match_id: int, resumed: bool) -> None:
        failures = 0
        try:
            while True:
                try:
                    if resumed:
                        await self._resume(match_id)
                        resumed = False
                    if not await self._step(match_id):
                        return
                    failures = 0
                except asyncio.CancelledError:
                    raise
                except Exception as error:
                    failures += 1
                    log.warning("the dealer of match %s failed (attempt %d); trying again",
                                match_id, failures, exc_info=True)
                    await self._io().trouble(match_id, error)
                    await asyncio.sleep(backoff(self.retry_delay, failures))
        finally:
            self._tasks.pop(match_id, None)

    async def _resume(self, match_id: int) -> None:
        """After a restart: the stored reactions wait again, and players may react afresh."""
        match = await self.sessions.repo.match(match_id)
        if match is None or match.status != "active":
            return
        table = self.tables[match_id]
        known = {r.inbox_id for r in table.waiting}
        for row in await self.sessions.repo.inbox(match_id):
            if row.id not in known:
                table.waiting.append(Reaction.stored(row))
        if table.waiting:
            table.wake.set()
        await self._io().reset_row(match)

    async def _step(self, match_id: int) -> bool:
        """One thing the dealer does; False when the game is over."""
        match = await self.sessions.repo.match(match_id)
        if match is None or match.status != "active":
            await self._forget(match_id)
            return False
        table = self.tables[match_id]
        seats = await self.sessions.repo.seats(match_id)  # a leaver's seat is a computer's now
        table.players = frozenset(s.user_id for s in seats if s.user_id and not s.is_computer)
        rules = self.sessions.rules(match.game)
        game = table.game = real_time(rules)
        state, options = match.live, {**game.timings, **match.options}
        table.row = game.round_of(state)
        if table.row_posted != table.row:
            table.counting = True
            await self._io().new_row(match)
            table.row_posted = table.row
            table.shown = []
            await self._wait(table, options["countdown"], stop_on_reaction=False)
            table.counting = False
            await self._stored(table)
            early, table.waiting = table.waiting, []  # nothing lies on the table yet
            await self.sessions.repo.drop_inbox(r.inbox_id for r in early if r.inbox_id)
            return True
        if rules.legal_actions(state, SYSTEM) == ["deal"]:
            if not table.waiting:
                await self._wait(table, options["reveal"] if game.on_table(state) else 0)
            if table.waiting:
                await self._settle(match, options)
                return True
            try:
                step = await self.sessions.act(match_id, SYSTEM, "deal", actor="system")
            except LobbyError:
                return True  # cancelled while the dealer waited: the next step sees it is over
            table.deal += 1
            table.shown.append(await self._io().shown(match_id, step.match.version))
            self._computers_look(step)
            return True
        # The last card is out: a final window (or a reaction's settle window), then the end.
        if not table.waiting:
            await self._wait(table, options["final"])
        await self._settle(match, options)
        return True

    async def _settle(self, match: MatchRow, options: dict[str, Any]) -> None:
        """Let the window gather, then submit its reactions in order and resolve it."""
        table = self.tables[match.id]
        if table.waiting:
            first = min(table.waiting).at
            await asyncio.sleep(max(0.0, first + options["settle"] * self.time_scale
                                    - self.clock()))
        await self._stored(table)
        waiting, table.waiting = sorted(table.waiting), []
        for reaction in waiting:
            if reaction.live:  # every card's moment is known by now
                reaction.at_ms = since_card(table.shown, reaction)
        table.calm.clear()
        try:
            for reaction in waiting:
                await self._submit(match.id, reaction)
            current = await self.sessions.repo.match(match.id)
            rules = self.sessions.rules(match.game)
            table.closed_at = self.clock()
            if current is not None and current.status == "active" \
                    and rules.legal_actions(current.live, SYSTEM) == ["resolve"]:
                resolved = await self.sessions.act(match.id, SYSTEM, "resolve", actor="system")
                table.version = resolved.match.version
                table.deal += 1  # the table changed: pending computer thoughts are void
                table.row = real_time(rules).round_of(resolved.match.live)
                if table.row != table.row_posted:
                    # Won: no row is dealt until the next one's countdown is over. The same
                    # table message goes on, so a reaction now is refused (and taken off).
                    table.counting = True
                await self._io().announce(resolved.match, resolved)
        finally:
            table.calm.set()

    async def _forget(self, match_id: int) -> None:
        """The game is over: input that came with its last window (stored while that window
        was being submitted) can never be judged, so it goes too, once stored."""
        table = self.tables.pop(match_id, None)
        if table is not None:
            await self._stored(table)
        left = await self.sessions.repo.inbox(match_id)
        if left:
            await self.sessions.repo.drop_inbox(row.id for row in left)

    async def _stored(self, table: Table) -> None:
        """Wait until every reaction so far is in the inbox (so it has its id)."""
        storing, table.storing = table.storing, []
        await asyncio.gather(*storing)

    async def _submit(self, match_id: int, reaction: Reaction) -> None:
        seat = reaction.seat
        try:
            if seat is None:
                seat = await self.sessions.seat_of(match_id, reaction.user_id or 0)
            actor = "computer" if reaction.user_id is None else "player"
            done = await self.sessions.act(match_id, seat, reaction.action, actor=actor,
                                           at_ms=reaction.at_ms, inbox_id=reaction.inbox_id)
            self.tables[match_id].version = done.match.version
        except RuleError as error:
            # A reaction after a final one, or before the first card: ignored, no penalty.
            if reaction.inbox_id is not None:
                await self.sessions.repo.drop_inbox([reaction.inbox_id])
            if reaction.refused is not None:
                await reaction.refused(await self._why(match_id, seat, reaction.action, error))

    async def _why(self, match_id: int, seat: int | None, action: str,
                   error: RuleError) -> RuleError:
        """Why, as the rules see it: a seat whose reaction is final is not just "not active"
        (the rules say why: it already grabbed, knocked or called)."""
        match = await self.sessions.repo.match(match_id)
        if isinstance(error, NotYourTurn) and seat is not None and match is not None:
            return self.sessions.rules(match.game).explain_illegal(match.live, seat, action)
        return error

    async def _wait(self, table: Table, seconds: float, *, stop_on_reaction: bool = True) -> None:
        """Sleep ``seconds`` (scaled), or less if a reaction stops the dealer."""
        table.wake.clear()
        delay = seconds * self.time_scale
        if not stop_on_reaction:
            await asyncio.sleep(delay)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.wake.wait(), delay)

    # -- computer players -----------------------------------------------------------------

    def _computers_look(self, step: Transition) -> None:
        """Each computer seat decides about the new card, at its own level, and reacts after
        a human delay."""
        match = step.match
        rules = self.sessions.rules(match.game)
        view = rules.view(match.live, None)
        react = real_time(rules).react
        table = self.tables[match.id]
        for seat in (s for s in step.seats if s.is_computer):
            rng = random.Random(f"{match.seed}:{match.version}:react:{seat.seat}")
            level = seat.level if seat.level in LEVELS else DEFAULT_LEVEL
            choice = react(view, level, rng)
            if choice is not None:
                self._aside_task(self._computer_reacts(match.id, seat.seat, table.deal, *choice))

    async def _computer_reacts(
        self, match_id: int, seat: int, deal: int, action: str, delay_ms: int
    ) -> None:
        await asyncio.sleep(delay_ms / 1000 * self.time_scale)
        table = self.tables.get(match_id)
        if table is None or table.deal != deal:
            return  # a newer card, or the window was settled: the moment has passed
        now = self.clock()
        self.react(match_id, Reaction((now, 0), now, action, seat=seat))
