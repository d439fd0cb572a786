"""What a refusal reads to a player, in English and in Czech: the rules name a message of the
catalogues (a key and its values), so a test that wants the words asks the catalogues."""

from __future__ import annotations

from bot.games.core import RuleError
from bot.i18n import words


def said(error: RuleError) -> tuple[str, str]:
    """The refusal in English and in Czech."""
    return error.say(words("en")), error.say(words("cs"))
