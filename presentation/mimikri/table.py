"""Mimikri's public table picture for every front end: the grid, the animals and the scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.mimikri.views import MimikriView
from presentation.seats import seat_names
from presentation.table import Table
from rendering import mimikri as art

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words


class MimikriTable(Table[MimikriView]):
    """How a Mimikri table is drawn."""

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: MimikriView,
                w: Words) -> bytes:
        """The grid as it lies, the animals to find and everyone's score."""
        return art.render_board(view, seat_names(seats, w), w)
