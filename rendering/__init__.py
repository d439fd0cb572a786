"""Pictures for the bot: pure functions from public game views to PNG bytes (Pillow only)."""
