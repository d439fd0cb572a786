"""The dealer of a real-time game (Schicki Micki): the clock that deals, stops and resolves.

The rules decide what a deal or a reaction does; this decides *when*: one card every reveal
interval, until the first reaction stops the dealer; a settle window gathers the others; then
they are submitted in their true order and the SYSTEM ``resolve`` settles them all at once
(``shared/specs/schicki-micki.md`` §Real time). Reactions wait in a per-table buffer until
then, ordered by a key the input gives: the gateway sequence for emoji reactions, Discord's own
timestamp for buttons, the planned moment for computer players.

Discord stays behind `TableIO`, which the game's cog implements; nothing here knows of it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.db.repo import MatchRow
from bot.games.core import SYSTEM, NotYourTurn, RuleError
from bot.games.schicki_micki.ai import decide
from bot.sessions import SessionService, Transition

log = logging.getLogger(__name__)

DEFAULTS = {"reveal": 2.5, "settle": 1.5, "final": 5.0, "countdown": 3.0}


class TableIO(Protocol):
    """What the dealer needs from Discord."""

    async def new_row(self, match: MatchRow) -> None:
        """Post the row's fresh table message with its reaction emojis, and make it the board."""

    async def shown(self, match_id: int, version: int) -> float:
        """Wait until the board shows ``version``; return the wall time it was acknowledged."""

    async def announce(self, match: MatchRow, transition: Transition) -> None:
        """Tell the table what a resolved window did."""


@dataclass(order=True)
class Reaction:
    """A reaction waiting for its window to be settled."""

    key: tuple[float, int]
    at: float = field(compare=False)  # wall time it happened
    action: str = field(compare=False)
    seat: int | None = field(default=None, compare=False)  # computers know their seat
    user_id: int | None = field(default=None, compare=False)
    refused: Callable[[str], Awaitable[None]] | None = field(default=None, compare=False)


@dataclass
class _Table:
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: list[Reaction] = field(default_factory=list)
    shown_at: float = 0.0  # when the newest card's edit was acknowledged
    closed_at: float = 0.0  # when the last window was settled: older reactions are too late
    row_posted: int = 0
    deal: int = 0  # counts deals, so a computer never answers a card that is gone


class Dealer:
    """Runs every real-time table of the bot."""

    def __init__(
        self, sessions: SessionService, io: TableIO, *, clock: Callable[[], float] = time.time,
        time_scale: float = 1.0,
    ) -> None:
        self.sessions = sessions
        self.io = io
        self.clock = clock
        self.time_scale = time_scale
        self.tables: dict[int, _Table] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}

    # -- input ----------------------------------------------------------------------------

    def react(self, match_id: int, reaction: Reaction) -> None:
        """Queue a reaction (synchronously, so arrival order is kept) and stop the dealer."""
        table = self.tables.get(match_id)
        if table is None or reaction.at < table.closed_at:
            return
        table.waiting.append(reaction)
        table.wake.set()

    def watch(self, match: MatchRow, *, resumed: bool = False) -> None:
        """Start dealing a match (after Start, or after a restart with ``resumed``)."""
        table = self.tables.setdefault(match.id, _Table())
        if resumed and match.state is not None:
            table.row_posted = match.state["row"]  # its table message is already out
            table.shown_at = self.clock()
        task = self._tasks.get(match.id)
        if task is None or task.done():
            self._tasks[match.id] = asyncio.create_task(self._run(match.id))

    async def close(self) -> None:
        """Stop dealing (the state is on disk; `watch` after a restart goes on)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    # -- the clock ------------------------------------------------------------------------

    async def _run(self, match_id: int) -> None:
        try:
            while await self._step(match_id):
                pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the dealer of match %s stopped", match_id)
        finally:
            self._tasks.pop(match_id, None)

    async def _step(self, match_id: int) -> bool:
        """One thing the dealer does; False when the game is over."""
        match = await self.sessions.repo.match(match_id)
        if match is None or match.status != "active":
            self.tables.pop(match_id, None)
            return False
        table = self.tables[match_id]
        state, options = match.state, {**DEFAULTS, **match.options}
        if table.row_posted != state["row"]:
            await self.io.new_row(match)
            table.row_posted = state["row"]
            await self._wait(table, options["countdown"], stop_on_reaction=False)
            table.waiting.clear()  # nothing lies on the table yet to react to
            return True
        rules = self.sessions.rules(match.game)
        if rules.legal_actions(state, SYSTEM) == ["deal"]:
            if not table.waiting:
                await self._wait(table, options["reveal"] if state["table"] else 0)
            if table.waiting:
                await self._settle(match, options)
                return True
            step = await self.sessions.act(match_id, SYSTEM, "deal", actor="system")
            table.deal += 1
            table.shown_at = await self.io.shown(match_id, step.match.version)
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
        waiting, table.waiting = sorted(table.waiting), []
        for reaction in waiting:
            await self._submit(match.id, reaction, table.shown_at)
        current = await self.sessions.repo.match(match.id)
        rules = self.sessions.rules(match.game)
        table.closed_at = self.clock()
        if current.status == "active" and rules.legal_actions(current.state, SYSTEM) == ["resolve"]:
            resolved = await self.sessions.act(match.id, SYSTEM, "resolve", actor="system")
            table.deal += 1  # the table changed: pending computer thoughts are void
            await self.io.announce(resolved.match, resolved)

    async def _submit(self, match_id: int, reaction: Reaction, shown_at: float) -> None:
        at_ms = max(0, round((reaction.at - shown_at) * 1000))
        seat = reaction.seat
        try:
            if seat is None:
                seat = await self.sessions.seat_of(match_id, reaction.user_id or 0)
            actor = "computer" if reaction.seat is not None else "player"
            await self.sessions.act(match_id, seat, reaction.action, actor=actor, at_ms=at_ms)
        except RuleError as error:
            # A reaction after a final one, or before the first card: ignored, no penalty.
            if reaction.refused is not None:
                await reaction.refused(await self._why(match_id, seat, reaction.action, error))

    async def _why(self, match_id: int, seat: int | None, action: str, error: RuleError) -> str:
        """The game's own words: a seat whose reaction is final is simply "not active"."""
        match = await self.sessions.repo.match(match_id)
        if isinstance(error, NotYourTurn) and seat is not None and match is not None:
            return self.sessions.rules(match.game).explain_illegal(match.state, seat, action)
        return str(error)

    async def _wait(self, table: _Table, seconds: float, *, stop_on_reaction: bool = True) -> None:
        """Sleep ``seconds`` (scaled), or less if a reaction stops the dealer."""
        table.wake.clear()
        delay = seconds * self.time_scale
        if not stop_on_reaction:
            await asyncio.sleep(delay)
            return
        try:
            await asyncio.wait_for(table.wake.wait(), delay)
        except TimeoutError:
            pass

    # -- computer players -----------------------------------------------------------------

    def _computers_look(self, step: Transition) -> None:
        """Each computer seat decides about the new card and reacts after a human delay."""
        match = step.match
        level = str(match.options.get("level", "normal"))
        view = self.sessions.rules(match.game).view(match.state, None)
        table = self.tables[match.id]
        for seat in (s.seat for s in step.seats if s.is_computer):
            rng = random.Random(f"{match.seed}:{match.version}:react:{seat}")
            choice = decide(view, level, rng)
            if choice is not None:
                asyncio.create_task(self._computer_reacts(match.id, seat, table.deal, *choice))

    async def _computer_reacts(
        self, match_id: int, seat: int, deal: int, action: str, delay_ms: int
    ) -> None:
        await asyncio.sleep(delay_ms / 1000 * self.time_scale)
        table = self.tables.get(match_id)
        if table is None or table.deal != deal:
            return  # a newer card, or the window was settled: the moment has passed
        now = self.clock()
        self.react(match_id, Reaction((now, 0), now, action, seat=seat))

