"""Mimikri in words for any front end: its log lines (`words`)."""
