"""MIMIC's public table for every front end (the picture, whose move it is, the log's lines,
the alt text's scores), and a seat's hand drawn for its player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.core import Event
from bot.games.mimic.rules import side_of
from bot.games.mimic.views import MimicView
from presentation.mimic import words as texts
from presentation.seats import seat_name, seat_names
from presentation.table import PLAIN, Style, Table
from rendering import mimic as art
from rendering.mimic.parts import status as picture_status

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words


class MimicTable(Table[MimicView]):
    """How a MIMIC table and a seat's hand are drawn and told."""

    own_hand = "picture"  # a replay draws a seat's hand for its player

    def rules(self, w: Words) -> tuple[str, bytes]:
        """/mimic rules: the text (naming the board's buttons) and its picture."""
        return texts.rules_text(w, w), art.render_rules(w)

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: MimicView,
                w: Words) -> bytes:
        """The 7×7 grid, the decks and every player's cubes."""
        return art.render_board(view, seat_names(seats, w), w)

    def hand(self, seats: Sequence[SeatRow], view: MimicView, w: Words) -> bytes:
        """A seat's hand cards and power cards, drawn as `/mimic hand` draws them (without
        the legal cells: a replay shows what was held, not what could be played)."""
        return art.render_hand(view, seat_names(seats, w), w)

    def status(self, match: MatchRow, seats: Sequence[SeatRow], view: MimicView, w: Words,
               style: Style = PLAIN) -> str:
        """Whose move it is and which button or command makes it."""
        phase = view["phase"]
        if phase == "over":
            return self._result(seats, view, w, style)
        if not style.controls:  # what happens, as the picture's own title bar says it
            return picture_status(view, seat_names(seats, w), w)
        who = style.seat(seats[view["turn"]], w)
        step = view["step"]
        if phase == "place":
            if step["pending"] is not None:
                return w("mimic.status.pending", who=who, cell=step["pending"]["from"],
                         cancel=w("mimic.button.cancel"))
            return w("mimic.status.place", who=who, placed=step["placed"],
                     end=w("mimic.button.end"))
        if phase == "start":
            return w("mimic.status.start", who=who)
        if phase == "draw":
            return w("mimic.status.draw", who=who, draw=w("mimic.button.draw"))
        if phase == "exchange":
            exchange = view["exchange"]
            if exchange is not None and exchange["stage"] == "partner":
                mate = next(s for s in view["sides"][side_of(view, view["turn"])]
                            if s != view["turn"])
                return w("mimic.status.partner", mate=style.seat(seats[mate], w), who=who)
            return w("mimic.status.back", who=who)
        waiting = ", ".join(style.seat(seats[s], w) for s in view["active"])
        return w("mimic.status.tie", waiting=waiting)

    @staticmethod
    def _result(seats: Sequence[SeatRow], view: MimicView, w: Words, style: Style) -> str:
        placed = view["cubes_placed"]
        if view["mode"] == "solo":
            total = placed[0] + view["cubes_left"][0]
            return w("mimic.status.solo_over", name=style.seat(seats[0], w), placed=placed[0],
                     total=total)
        winners = view["result"]["winners"] if view["result"] is not None else []
        if not winners:
            return w("mimic.status.nobody")
        best = placed[side_of(view, winners[0])]
        names = w("mimic.and").join(style.seat(seats[s], w) for s in winners)
        key = "mimic.status.win_many" if len(winners) > 1 else "mimic.status.win_one"
        return w(key, names=names, cubes=w.n("mimic.unit.cubes", best))

    def scores(self, seats: Sequence[SeatRow], view: MimicView, w: Words) -> str:
        """Each side's placed cubes (and, alone, the cubes still to place), for the alt text."""
        sides = [w("mimic.and").join(seat_name(seats[s], w) for s in side)
                 for side in view["sides"]]
        placed = [f"{side}: {w.n('mimic.unit.cubes', n)}"
                  for side, n in zip(sides, view["cubes_placed"], strict=True)]
        return w("mimic.alt.scores", scores=", ".join(placed),
                 left=w.n("mimic.unit.cubes", sum(view["cubes_left"])))

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words,
                 style: Style = PLAIN) -> str | None:
        """One line per public event; a hand card is never named (only cards on the table)."""
        return texts.describe(event, [style.quote(seat_name(s, w)) for s in seats], w,
                              quote=style.quote)
