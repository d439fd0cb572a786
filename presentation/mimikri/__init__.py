"""Mimikri for any front end: its log lines (`words`) and its table picture (`table`)."""
