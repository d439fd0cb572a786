"""Schicki Micki: the real-time reaction game of the pheasant gala (pure rules)."""

from bot.games.schicki_micki.rules import SchickiMickiRules

RULES = SchickiMickiRules()
