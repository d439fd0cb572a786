"""How long something lasts, in the reader's words, for any front end: a turn timer's length
(the lobby's options, `/settings`, a turn's reminder)."""

from __future__ import annotations

from bot.i18n import Words, words

EN = words("en")


def duration(seconds: int, w: Words = EN) -> str:
    """A timer's length: 45 s, 5 min, 2 min 30 s."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return w("unit.seconds", value=rest)
    if not rest:
        return w("unit.minutes", minutes=minutes)
    return w("unit.minutes_seconds", minutes=minutes, seconds=rest)
