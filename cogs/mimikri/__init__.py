"""Mimikri in Discord: the cog, its commands and the table (`cog`, the extension)."""
