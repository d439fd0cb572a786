"""What the session service tells the front ends and asks of them: the `Transition` a committed
change made, the `Listener` that hears it, the `Placement` asked where a starting game goes on,
the `LobbyError` a refused request raises; and the two readings of a game's rules they share
with it (`players`, `is_realtime`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.db.rows import MatchRow, SeatRow
from bot.games import spec_of
from bot.games.core import Event, Outcome, RuleError, Rules


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


def is_realtime(rules: Rules[Any]) -> bool:
    """Whether a game runs on its own clock (a dealer) rather than on turns and turn timers."""
    return spec_of(rules).realtime is not None


def players(active: frozenset[int]) -> list[int]:
    """The seats at the table among those who may act, in order: never SYSTEM (-1).

    Chance and dealers (SYSTEM actions) are driven by a game's own cog, not by this
    service's turn timers and computer players.
    """
    return sorted(s for s in active if s >= 0)

