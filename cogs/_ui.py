"""What a game's table looks like in Discord: `GameUI`, which each game's package subclasses.

The buttons every game shares are `cogs._buttons`, their custom_ids `cogs._custom_ids`, and
what every cog answers with `cogs._replies`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

import discord

from bot.games.core import Event
from bot.i18n import Words

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
    `Table` (its picture). Every game writes the four methods after `board`; the rest are
    optional hooks, declared here with what a game that does not
    write them gets (so a misspelt hook is a type error, not silence)."""

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
        """One line saying whose move it is and what to do."""
        raise NotImplementedError

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words) -> str | None:
        """One log line for a public event (None: not worth a line)."""
        raise NotImplementedError

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
        """The scores, for the picture's alt text where the status line lacks them."""
        return None

    def forget(self, match_id: int) -> None:
        """The match is over and its last board drawn: drop what is kept for it."""

    # -- a finished game's replay (`cogs.replay_steps`) -----------------------------------

    own_hand: ClassVar[Literal["picture", "words"] | None] = None
    """What a replay shows a reader who sat at the table of their own hand: a picture
    (its `Table`'s `hand`), a line of words (`hand_words`), or nothing (the game has no hand)."""

    def replay_status(self, match: MatchRow, seats: Sequence[SeatRow], view: View,
                      events: Sequence[Event], w: Words) -> str:
        """A replay step's status line, as it stood then (``events``: what the step did), as
        its `Table`'s `step` draws its picture."""
        return self.status(match, seats, view, w)

    def hand_words(self, view: View, w: Words) -> str | None:
        """A seat's own hand named in a line (``own_hand == "words"``)."""
        return None
