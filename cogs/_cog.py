"""The base of every cog: the hooks the composition root calls, declared with their defaults
(so a misspelt one is an error, not a hook silently never called)."""

from __future__ import annotations

from discord.ext import commands


class GameCog(commands.Cog):
    """A Menagerie cog."""

    async def resume_games(self) -> None:
        """At start-up, once every extension is loaded and the open games are resumed: bring
        this cog's messages up to date (the default has none)."""
