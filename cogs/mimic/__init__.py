"""MIMIC in Discord: the cog and its commands (`cog`, the extension), the table's looks and
buttons (`table`)."""
