"""Mariposas in words for any front end: its options (`words`) and the open step's prompt
(`prompt`), which Discord's private panel and the web board both show, and its table
picture (`table`)."""
