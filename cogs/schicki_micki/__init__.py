"""Schicki Micki in Discord: the cog and its table message (`cog`, the extension), how the
table looks (`ui`) and the reactions taken off it between rows (`table`)."""
