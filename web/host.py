"""What the web board runs on, handed to it by the composition root: the session service, the
servers' languages, the table pictures, the real-time games' dealer (a reaction on the board
goes to it as an emoji in Discord does) and the bot's line to Discord (the Activity's sign-in
asks Discord with the bot's token).

The web names no other front end: whatever the root wires in only has to fit these shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord

    from bot.db.rows import MatchRow, SeatRow
    from bot.dealer import Dealer
    from bot.i18n import Words
    from bot.sessions.service import SessionService
    from presentation.languages import Languages

Picture = Callable[["MatchRow", "Sequence[SeatRow]", Any, "Words"], "bytes | None"]
"""A match's public table picture from its public view, in a server's words (None: the game
has no picture here)."""


class DiscordApp(Protocol):
    """The bot's own line to Discord: its application id (once logged in) and its REST client
    (with the bot's token)."""

    @property
    def application_id(self) -> int | None: ...

    @property
    def http(self) -> discord.http.HTTPClient: ...


@dataclass(frozen=True, slots=True)
class Host:
    """Everything the board server, its Activity and its players use beyond the request."""

    sessions: SessionService
    languages: Languages
    picture: Picture
    dealer: Dealer
    discord: DiscordApp
