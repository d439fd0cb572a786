"""Mariposas' public table picture for every front end: the map, the goals and every
player's board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.mariposas.views import MariposasView
from presentation.seats import seat_names
from presentation.table import Table

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.i18n import Words


class MariposasTable(Table[MariposasView]):
    """How a Mariposas table is drawn."""

    def picture(self, match: MatchRow, seats: Sequence[SeatRow], view: MariposasView,
                w: Words) -> bytes:
        """The map, goals and every player's board."""
        # Imported when first drawn: the map's renderer loads its art and fonts.
        from rendering import mariposas as art
        return art.render_board(view, seat_names(seats, w), w)
