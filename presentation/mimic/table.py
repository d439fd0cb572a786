"""MIMIC's public table picture for every front end, and a seat's hand drawn for its player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.mimic.views import MimicView
from presentation.seats import seat_names
from presentation.table import Table
from rendering import mimic as art

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words


class MimicTable(Table[MimicView]):
    """How a MIMIC table and a seat's hand are drawn."""

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: MimicView,
                w: Words) -> bytes:
        """The 7×7 grid, the decks and every player's cubes."""
        return art.render_board(view, seat_names(seats, w), w)

    def hand(self, seats: Sequence[SeatRow], view: MimicView, w: Words) -> bytes:
        """A seat's hand cards and power cards, drawn as `/mimic hand` draws them (without
        the legal cells: a replay shows what was held, not what could be played)."""
        return art.render_hand(view, seat_names(seats, w), w)
