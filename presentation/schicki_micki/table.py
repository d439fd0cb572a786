"""Schicki Micki's public table for every front end: the picture of the row of cards and its
status line (row, dealer, deck, scores) with, just after a reaction window, its result — which
the view does not hold, so the table remembers each match's newest result from the changes it
hears. Results are written into the table, not as log lines."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.core import Event
from bot.games.schicki_micki.views import Resolved, SchickiView, resolved
from presentation.schicki_micki.words import result_text
from presentation.seats import seat_name, seat_names
from presentation.table import PLAIN, Style, Table
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

    def rules(self, w: Words) -> tuple[str, bytes]:
        """/schicki rules: the text and its pictures."""
        return w("schicki.rules"), art.render_rules(w)

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView,
                w: Words) -> bytes:
        """The row's table; just after a window, with its result."""
        return art.render_table(view, seat_names(seats, w), w, resolved=self.result(match))

    def step(self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView,
             events: Sequence[Event], w: Words) -> bytes:
        """A replay step's table: with the result of the window the step settled, as the
        table message showed it until the next card (from the step, not from memory)."""
        return art.render_table(view, seat_names(seats, w), w, resolved=settled(events))

    def status(self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView, w: Words,
               style: Style = PLAIN) -> str:
        """Row, dealer, deck and the score line; just after a window, its result below."""
        return self._status(seats, view, w, style, self.result(match))

    def step_status(self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView,
                    events: Sequence[Event], w: Words, style: Style = PLAIN) -> str:
        """A replay step's status: the result below it comes from the step's own events,
        never from the running game's memory."""
        return self._status(seats, view, w, style, settled(events))

    @staticmethod
    def _status(seats: Sequence[SeatRow], view: SchickiView, w: Words, style: Style,
                data: Resolved | None) -> str:
        def name(seat: SeatRow) -> str:
            return style.quote(seat_name(seat, w))
        after = "" if data is None else "\n\n" + result_text(
            data, [name(s) for s in seats], w)
        if view["phase"] == "over":
            best = max(view["scores"])
            winners = f" {w('schicki.status.and')} ".join(
                style.seat(seats[s], w) for s, p in enumerate(view["scores"]) if p == best)
            return w.n("schicki.status.over", best, winners=winners) + after
        if data is not None and data["table_cleared"]:
            after += "\n" + w("schicki.result.next_row", row=view["row"],
                               dealer=name(seats[view["dealer"]]))
        parts = [w("schicki.status.row", row=view["row"]),
                 w("schicki.status.dealer", name=name(seats[view["dealer"]])),
                 w.n("schicki.status.deck", view["deck"])]
        if view["last_chance"]:
            parts.append(w("schicki.status.last_chance"))
        scores = " · ".join(f"{name(s)} {p}"
                            for s, p in zip(seats, view["scores"], strict=True))
        return " · ".join(parts) + "\n" + scores + after
