"""Which words a reader gets, and what a game is called: a server's language for its public
messages and pictures, the same for Discord's messages and the web board's pages.

A server's language is its `/settings language`, else the community language it set in
Discord. The second lives on Discord's side, so the front end that knows the servers (the bot's
gateway cache) hands it in as a function; nothing here asks Discord itself.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.db.repo import Repo
from bot.db.server_settings import guild_language
from bot.games import GAMES
from bot.i18n import Words, words

Community = Callable[[int], object]
"""A server's community locale as Discord reports it (None: unknown or none)."""


def game_name(game: str) -> str:
    """A game as players call it: its rules' name, the same in every language (its id when
    no such game is registered)."""
    spec = GAMES.get(game)
    return spec.name if spec is not None else game


class Languages:
    """The words of each server's public messages and pictures."""

    def __init__(self, repo: Repo, community: Community) -> None:
        self.repo = repo
        self.community = community

    async def server(self, guild_id: int) -> Words:
        """A server's `/settings language`, else its community language in Discord (English
        when it has none we speak)."""
        chosen = await guild_language(self.repo, guild_id)
        if chosen:
            return words(chosen)
        return words(self.community(guild_id))
