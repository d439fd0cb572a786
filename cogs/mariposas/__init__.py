"""Mariposas in Discord: the cog, its commands and the public board (`cog`, the extension),
the active player's private panel (`panel`) and the words of its choices (`words`)."""
