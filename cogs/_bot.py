"""The bot as the cogs see it: the application's bot plus what the extensions install on it.

The application (`bot.app`) loads the extensions by name and never imports them; they type
against this, which names exactly what they use of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.app import MenagerieBot

if TYPE_CHECKING:
    from bot.dealer import Dealer
    from cogs._pings import TurnPings
    from cogs._publisher import Publisher
    from cogs._ui import GameUI
    from presentation.languages import Languages
    from presentation.table import Tables


class GameBot(MenagerieBot):
    """For typing only (never built): the composition root (`root.compose`) installs the
    publisher, the turn pings, the servers' languages, the games' tables (their pictures,
    for every front end), the real-time dealer and each game's Discord UI."""

    publisher: Publisher
    pings: TurnPings
    dealer: Dealer
    languages: Languages
    tables: Tables
    uis: dict[str, GameUI[Any]]
