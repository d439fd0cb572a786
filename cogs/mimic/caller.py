"""Who asks about a running MIMIC game, for its commands and their autocomplete: the game in
the channel, the caller's seat, view and legal actions, and the words to answer in."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.games.mimic import RULES
from bot.games.mimic.views import MimicView
from bot.i18n import Words
from cogs._replies import reader, server_words

if TYPE_CHECKING:
    from cogs._bot import GameBot


class Caller:
    """What a command needs to know about the caller's game: match, seats, the caller's view,
    and the words to answer in (``w``, the caller's own; ``board``, the server's, which the
    board's buttons are labelled in)."""

    def __init__(self, match: MatchRow, seats: list[SeatRow], seat: SeatRow | None,
                 view: MimicView | None, legal: list[str], w: Words,
                 board: Words) -> None:
        self.match, self.seats, self.seat, self.view, self.legal = match, seats, seat, view, legal
        self.w, self.board = w, board

    @property
    def seated_view(self) -> MimicView:
        """The caller's view of the table (only a seated caller's moves get this far)."""
        if self.view is None:
            raise LookupError("a caller who is not playing has no view of their own")
        return self.view


async def caller_of(interaction: discord.Interaction[GameBot]) -> Caller | None:
    """The running MIMIC game in this channel and the caller's place in it (None: none)."""
    sessions = interaction.client.sessions
    match = await sessions.repo.open_match_in(interaction.channel_id or 0)
    if match is None or match.game != "mimic" or match.status != "active":
        return None
    seats = await sessions.repo.seats(match.id)
    w = reader(interaction)
    board = await server_words(interaction.client, match.guild_id)
    seat = next((s for s in seats if s.user_id == interaction.user.id and not s.is_computer),
                None)
    if seat is None:
        return Caller(match, seats, None, None, [], w, board)
    view = RULES.view(match.live, seat.seat)
    return Caller(match, seats, seat, view, list(RULES.legal_actions(match.live, seat.seat)),
                  w, board)
