"""What waits at a real-time table between the dealer's steps (`bot.dealer`): each reaction
until its window is settled, in the order its key gives, and the table's own state — the moments
its cards were shown, its row and deal, whether a window is being settled."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from bot.db.rows import InboxRow
from bot.games.core import RuleError
from bot.games.spec import RealTime


@dataclass(order=True)
class Reaction:
    """A reaction waiting for its window to be settled."""

    key: tuple[float, int]
    at: float = field(compare=False)  # wall time it happened
    action: str = field(compare=False)
    seat: int | None = field(default=None, compare=False)  # computers know their seat
    user_id: int | None = field(default=None, compare=False)
    # Told why the reaction does not count (the error names its message).
    refused: Callable[[RuleError], Coroutine[Any, Any, None]] | None = field(
        default=None, compare=False)
    at_ms: int = field(default=0, compare=False)  # since the card it answered was shown
    inbox_id: int | None = field(default=None, compare=False)  # where it is stored
    # The row the input was made for (a button names its row); None: whatever row is dealt.
    row: int | None = field(default=None, compare=False)
    # When the bot heard it, by its own clock (a button's `at` is Discord's): its time is
    # measured from the newest card shown by then. None: `at`.
    heard: float | None = field(default=None, compare=False)
    live: bool = field(default=True, compare=False)  # False: read back from the inbox
    # When the card it answers reached this player's own screen (a web board says when its
    # picture loaded): its time counts from there instead of from the table's message.
    seen: float | None = field(default=None, compare=False)

    @classmethod
    def stored(cls, row: InboxRow) -> Reaction:
        """A reaction as the inbox kept it through a restart."""
        return cls((row.at, row.seq), row.at, row.code, seat=row.seat, user_id=row.user_id,
                   at_ms=row.at_ms, inbox_id=row.id, live=False)


def _set_event() -> asyncio.Event:
    event = asyncio.Event()
    event.set()
    return event


@dataclass
class Table:
    """One real-time table as its dealer keeps it between steps."""

    wake: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: list[Reaction] = field(default_factory=list)
    storing: list[asyncio.Task[None]] = field(default_factory=list)  # inbox writes under way
    # When each card of the row became visible (its edit's response), in dealing order. The
    # dealer hears of a card's moment only after reactions to it may have come in.
    shown: list[float] = field(default_factory=list)
    closed_at: float = 0.0  # when the last window was settled: older reactions are too late
    row_posted: int = 0
    row: int = 0  # the row of the newest committed state (a won window moves it on at once)
    deal: int = 0  # counts deals, so a computer never answers a card that is gone
    counting: bool = False  # a new row's countdown: no card lies on the table yet
    # Cleared while a window's reactions are being submitted (its result is next); what waits
    # for the result awaits it.
    calm: asyncio.Event = field(default_factory=_set_event)
    version: int = 0  # the newest version the dealer's own actions committed
    players: frozenset[int] | None = None  # the seated humans, once known
    game: RealTime | None = None  # how its game is dealt (its spec's), once watched


def since_card(shown: list[float], reaction: Reaction) -> int:
    """Milliseconds from the card the reaction answered, the newest one shown when it was
    heard, to the reaction; one heard before the row's first card was shown counts from it."""
    heard = reaction.at if reaction.heard is None else reaction.heard
    if reaction.seen is not None:
        return max(0, round((heard - reaction.seen) * 1000))
    seen = [moment for moment in shown if moment <= heard] or shown[:1]
    return max(0, round((heard - seen[-1]) * 1000)) if seen else 0
