"""The page's own emoji: the pictures' emoji font (Noto Emoji, `rendering.fonts`) cut down to
the emoji the page can show — in the catalogues' words and in the games' web labels — and
served with the page, which falls back on it where the device has no emoji font of its own
(its labels then show the emoji rather than empty boxes). Cut once a process."""

from __future__ import annotations

import functools

from bot.i18n import LANGUAGES, catalogues
from rendering.fonts import emoji_subset
from web.games import boards

FIRST_EMOJI = 0x2190  # below this the text font has every character the words use


def characters() -> str:
    """Every character past the Latin and punctuation blocks that a page may show."""
    said = {c for lang in LANGUAGES for _, catalogue in catalogues(lang)
            for message in catalogue if isinstance(message.string, str)
            for c in message.string}
    said |= {c for board in boards().values() for c in board.emoji}
    return "".join(sorted(c for c in said if ord(c) >= FIRST_EMOJI))


@functools.cache
def font() -> bytes:
    """The cut font (TrueType), the same bytes every time."""
    return emoji_subset(characters())
