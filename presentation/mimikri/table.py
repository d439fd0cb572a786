"""Mimikri's public table for every front end: the picture (the grid, the animals, the scores),
whose move it is, the log's lines and the alt text's scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.core import Event
from bot.games.mimikri.views import MimikriView
from presentation.mimikri import words as texts
from presentation.seats import seat_name, seat_names
from presentation.table import PLAIN, Style, Table
from rendering import mimikri as art

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words


class MimikriTable(Table[MimikriView]):
    """How a Mimikri table is drawn."""

    def rules(self, w: Words) -> tuple[str, bytes]:
        """/mimikri rules: the text and its picture."""
        return w("mimikri.rules"), art.render_rules(w)

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: MimikriView,
                w: Words) -> bytes:
        """The grid as it lies, the animals to find and everyone's score."""
        return art.render_board(view, seat_names(seats, w), w)

    def status(self, match: MatchRow, seats: Sequence[SeatRow], view: MimikriView, w: Words,
               style: Style = PLAIN) -> str:
        """Whose move it is and what to do."""
        if view["phase"] == "over":
            scores = [len(c) for c in view["collected"]]
            best = max(scores)
            winners = [style.seat(seats[i], w) for i, v in enumerate(scores) if v == best]
            key = "mimikri.status.won" if len(winners) == 1 else "mimikri.status.won_shared"
            return w(key, winners=texts.joined(winners, w), score=w.n("mimikri.score", best))
        who = style.seat(seats[view["turn"]], w)
        if view["phase"] == "orient":
            return w("mimikri.status.orient", who=who, card=texts.card(view["subject"], w))
        return w("mimikri.status.search", who=who)

    def scores(self, seats: Sequence[SeatRow], view: MimikriView, w: Words) -> str:
        """Everyone's butterflies so far, for the board's alt text."""
        return w("mimikri.alt.scores", scores=", ".join(
            f"{seat_name(s, w)}: {w.n('mimikri.score', len(found))}"
            for s, found in zip(seats, view["collected"], strict=True)))

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words,
                 style: Style = PLAIN) -> str | None:
        """One line per public event; never the identity of a card."""
        return texts.describe(event, [style.quote(seat_name(s, w)) for s in seats], w,
                              quote=style.quote)
