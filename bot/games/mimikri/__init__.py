"""Mimikri: the memory game with the butterfly camera (pure rules and computer player)."""

from bot.games.mimikri.rules import MimikriRules

RULES = MimikriRules()
