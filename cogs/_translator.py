"""Slash commands in the client's language: discord.py asks this for every command, option and
choice text when it syncs, and Discord shows Czech clients the Czech ones.

Command and option *names* stay English (Discord allows localized names, but one spelling keeps
`/help`, the README and what players tell each other the same).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import DEFAULT, language, words


class CommandTranslator(app_commands.Translator):
    """English is written in the code; other languages come from ``<lang>/commands.po``."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        """The text in ``locale``'s language, or None (Discord then shows the English)."""
        if context.location in (app_commands.TranslationContextLocation.command_name,
                                app_commands.TranslationContextLocation.group_name,
                                app_commands.TranslationContextLocation.parameter_name):
            return None
        lang = language(locale)
        if lang == DEFAULT or locale.value != lang:  # one Czech locale: "cs"
            return None
        found = words(lang)
        return found(string.message) if found.has(string.message) else None
