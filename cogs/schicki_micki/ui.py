"""How Schicki Micki's one table message looks: its picture (the game's table's) and text, and,
just after a window, that window's result in both (until the next card's edit replaces it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.dealer import Dealer
from bot.games.schicki_micki.views import SchickiView
from bot.i18n import Words
from cogs._replies import reader, tell
from cogs._ui import EN, GameUI
from cogs.schicki_micki.button import ReactButton
from presentation.schicki_micki.table import SchickiTable
from presentation.schicki_micki.words import EMOJI

if TYPE_CHECKING:
    from cogs._bot import GameBot

PASSING_WAIT = 1.0  # seconds a window's passing state waits for its result at most


class SchickiUI(GameUI[SchickiView]):
    """How a Schicki Micki table looks."""

    game = "schicki_micki"

    def __init__(self, table: SchickiTable, dealer: Dealer) -> None:
        super().__init__(table)
        self.table: SchickiTable = table  # the picture, and each match's newest result
        self.dealer = dealer
        self.pictures: dict[int, bytes] = {}  # match → the table picture last drawn
        # Who else keeps something per match until it is over (the cog: its table message).
        self.forgotten: list[Callable[[int], None]] = []

    def forget(self, match_id: int) -> None:
        """The match is over and its last table drawn (the publisher says so): its picture
        and result are never needed again, nor what the cog keeps of its table message."""
        self.pictures.pop(match_id, None)
        self.table.forget(match_id)
        for forget in self.forgotten:
            forget(match_id)

    async def ready(self, match: MatchRow) -> None:
        """Called before every picture of the table (`board`): while the dealer submits a
        window's reactions one by one, the states in between stay on the table for
        milliseconds before the result replaces them, so their edit waits until the window is
        resolved (up to `PASSING_WAIT`): one edit, not one per reaction, goes out before the
        result's."""
        if match.state is not None and match.state["phase"] == "window" \
                and match.id in self.pictures and self.dealer.passing(match.id, match.version):
            await self.dealer.settled(match.id, PASSING_WAIT)

    def board(
        self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView, w: Words = EN
    ) -> bytes:
        """The row's table picture; just after a window, with its result (the publisher calls
        this in a worker thread). A window's state in between (see `ready`) keeps the last
        picture rather than make the result wait for a render nobody would see."""
        if view["phase"] == "window" and match.id in self.pictures \
                and self.dealer.passing(match.id, match.version):
            return self.pictures[match.id]
        png = self.table.picture(match, seats, view, w)
        self.pictures[match.id] = png
        return png

    def controls(
        self, match: MatchRow, seats: Sequence[SeatRow], view: SchickiView, w: Words = EN
    ) -> list[discord.ui.Item[Any]]:
        """Buttons only in button mode (each naming the row, so that a click counts in its own
        row only); otherwise players react with emoji."""
        if match.options.get("input") != "buttons":
            return []
        return [ReactButton(match.id, action, emoji, row=view["row"])
                for emoji, action in EMOJI.items()]

    async def query(
        self, interaction: discord.Interaction[GameBot], match: MatchRow, query: str
    ) -> None:
        """No private questions in this game: everything is on the table."""
        await tell(interaction, reader(interaction)("schicki.everything_on_table"))

