"""Schicki Micki's public table picture for every front end: the row of cards and, just after a
reaction window, its result — which the view does not hold, so the table remembers each
match's newest result from the changes it hears."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.core import Event
from bot.games.schicki_micki.views import Resolved, SchickiView, resolved
from presentation.seats import seat_names
from presentation.table import Table
from rendering import schicki_micki as art

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words
    from bot.sessions.transition import Transition

KEPT = 1024  # matches whose newest result is remembered, at most (the oldest go first)


def settled(events: Sequence[Event]) -> Resolved | None:
    """The reaction window these events settled, if they settled one."""
    return next((resolved(dict(e.data)) for e in events if e.kind == "resolved"), None)


class SchickiTable(Table[SchickiView]):
    """How a Schicki Micki table is drawn, with each running match's newest result."""

    def __init__(self) -> None:
        # match → its newest resolved window. Bounded: a process that only shows another
        # process's games (the web board, on PostgreSQL) is never told they ended.
        self._results: OrderedDict[int, Resolved] = OrderedDict()

    def result(self, match: MatchRow | None) -> Resolved | None:
        """The newest window's result while the table still stands as it left it: no card
        dealt and no window opened since (the next card replaces it)."""
        data = self._results.get(match.id) if match is not None else None
        state = match.state if match is not None else None
        if data is None or state is None or state["phase"] == "window":
            return None
        if data["row"] != state["row"] or data["deck"] != len(state["deck"]):
            return None
        return data

    def heard(self, transition: Transition) -> None:
        """Remember the result of a window the change settled."""
        data = settled(transition.events)
        if data is not None:
            self.remember(transition.match.id, data)

    def remember(self, match_id: int, data: Resolved) -> None:
        """Keep ``data`` as the match's newest result (also: read back after a restart)."""
        self._results[match_id] = data
        self._results.move_to_end(match_id)
        while len(self._results) > KEPT:
            self._results.popitem(last=False)

    def remembers(self, match_id: int) -> bool:
        """Whether a result of the match is kept (a restart reads the newest one back once)."""
        return match_id in self._results

    def forget(self, match_id: int) -> None:
        self._results.pop(match_id, None)

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView,
                w: Words) -> bytes:
        """The row's table; just after a window, with its result."""
        return art.render_table(view, seat_names(seats, w), w, resolved=self.result(match))

    def step(self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView,
             events: Sequence[Event], w: Words) -> bytes:
        """A replay step's table: with the result of the window the step settled, as the
        table message showed it until the next card (from the step, not from memory)."""
        return art.render_table(view, seat_names(seats, w), w, resolved=settled(events))
