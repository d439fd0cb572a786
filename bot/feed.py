"""The change feed: other bot processes' commits, heard once in this process and told to
every front end that shows matches.

On PostgreSQL several processes share one database, and each committed change of a match is
announced on a channel (`bot.db.repo.CHANGES`). The feed listens on a connection of its own
(`bot.db.postgres.Listener`), and for each change calls every subscriber's ``heard(match_id)``
in turn; after it could not listen for a while it calls their ``missed()``, so they catch up on
whatever went unheard. A process hears its own commits too: a subscriber keeps track of what it
shows already. The composition root builds the feed (only on PostgreSQL) and subscribes the
front ends: Discord's board publisher and the web's live boards.
"""

from __future__ import annotations

import logging
from typing import Protocol

from bot.db.postgres import Listener
from bot.db.repo import CHANGES

log = logging.getLogger(__name__)


class Subscriber(Protocol):
    """What hears the feed."""

    async def heard(self, match_id: int) -> None:
        """A change to ``match_id`` was committed (by any process)."""

    async def missed(self) -> None:
        """Changes may have gone unheard (the feed's connection was lost): catch up."""


class ChangeFeed:
    """Every committed change of the shared database, told to each subscriber in order."""

    def __init__(self, url: str) -> None:
        self.subscribers: list[Subscriber] = []
        self.listener = Listener(url, CHANGES, self._heard, self._missed)

    def subscribe(self, subscriber: Subscriber) -> None:
        """Tell ``subscriber`` of every change from now on."""
        self.subscribers.append(subscriber)

    async def start(self) -> None:
        """Listen (raises if the database cannot be reached now)."""
        await self.listener.start()

    async def close(self) -> None:
        """Stop listening."""
        await self.listener.close()

    async def _heard(self, match_id: int) -> None:
        for subscriber in self.subscribers:
            try:
                await subscriber.heard(match_id)
            except Exception:  # one front end's failure is not another's
                log.exception("a change to match %s could not be shown", match_id)

    async def _missed(self) -> None:
        for subscriber in self.subscribers:
            try:
                await subscriber.missed()
            except Exception:
                log.exception("changes missed while the feed was down could not be shown")
