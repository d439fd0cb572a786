"""Mariposas: monarch migration on a hex map (so far its content and geometry; no rules yet).

Not in ``bot.games.REGISTRY`` until the rules engine can play a game to its end.
"""
