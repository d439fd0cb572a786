"""MIMIC: build sets of two pairs of animals on a 7 × 7 grid (pure rules and computer player)."""

from bot.games.mimic.rules import MimicRules

RULES = MimicRules()
