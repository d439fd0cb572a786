"""What a game's table looks like in Discord: `GameUI`, which each game's package subclasses.

The buttons every game shares are `cogs._buttons`, their custom_ids `cogs._custom_ids`, and
what every cog answers with `cogs._replies`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import discord

from bot.games.core import Event
from bot.i18n import Words
from cogs._replies import DISCORD

# Game and seat names come from the presentation layer; the cogs keep importing them from here.
from presentation.languages import game_name as game_name
from presentation.seats import EN as EN
from presentation.seats import computer_name as computer_name
from presentation.seats import seat_name as seat_name
from presentation.seats import seat_names as seat_names

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow
    from bot.sessions.transition import Transition
    from cogs._bot import GameBot
    from presentation.table import Table


View = TypeVar("View", bound=Mapping[str, Any])


class GameUI(Generic[View]):
    """How one game appears in Discord; each game's package subclasses it, naming its view
    (``GameUI[MimicView]``: a key read wrong is a type error), and builds it on the game's
    `Table` (its picture and words, which the web shows too). Every game writes `controls`
    and `query`; the rest have defaults, declared here (so a misspelt hook is a type error,
    not silence)."""

    game: str
    solo_unit = "points"
    """What a solo game's score counts, on the solo leaderboard (a game with solo play)."""

    def __init__(self, table: Table[View]) -> None:
        self.table = table  # the game's picture, as every front end draws it (its spec's)

    @property
    def name(self) -> str:
        """The game as players call it (its spec's name)."""
        return game_name(self.game)

    def board(
        self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words
    ) -> bytes:
        """The table picture (a slow, pure render: called off the event loop): the game's
        `Table`'s, which the web board shows too."""
        return self.table.picture(match, seats, view, w)

    def controls(
        self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words
    ) -> list[discord.ui.Item[Any]]:
        """The buttons under the board for the current version."""
        raise NotImplementedError

    def status(
        self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words
    ) -> str:
        """One line saying whose move it is and what to do: the game's `Table`'s, with the
        players to act mentioned and every name escaped."""
        return self.table.status(match, seats, view, w, DISCORD)

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words) -> str | None:
        """One log line for a public event (None: not worth a line): the `Table`'s, with
        names escaped."""
        return self.table.describe(event, seats, w, DISCORD)

    async def query(
        self, interaction: discord.Interaction[GameBot], match: MatchRow, query: str
    ) -> None:
        """Answer a private question (always ephemerally)."""
        raise NotImplementedError

    # -- optional hooks -------------------------------------------------------------------

    async def ready(self, match: MatchRow) -> None:
        """Awaited before each picture of the board is drawn: a game may hold a picture back
        a moment (a state about to be replaced)."""

    def quiet(self, transition: Transition) -> bool:
        """Whether a change is logged without redrawing the board (a turn's sub-step)."""
        return False

    def scores(self, seats: Sequence[SeatRow], view: View, w: Words) -> str | None:
        """The scores, for the picture's alt text where the status line lacks them (the
        `Table`'s)."""
        return self.table.scores(seats, view, w)

    def forget(self, match_id: int) -> None:
        """The match is over and its last board drawn: drop what is kept for it."""
