"""Every word a player reads, in English and Czech: gettext catalogues kept as .po files
(``bot/i18n/<language>/<area>.po``), read with Babel and looked up by key in the reader's
language, with Czech plural forms (1 karta, 2 karty, 5 karet) and Babel's number formatting.

Keys, not English sentences, are the message ids, so both languages are translations of the
same key and a test can hold them to one another (every key in both, the same placeholders,
the right number of plural forms). Slash commands are the exception: discord.py hands their
English descriptions to `CommandTranslator`, so ``cs/commands.po`` maps English to Czech.

Pure: no Discord, no I/O after the catalogues are read once.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from importlib import resources
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LANGUAGES = ("en", "cs")
DEFAULT = "en"
COMMANDS = "commands"  # the area of slash-command texts, keyed by their English


def language(locale: object) -> str:
    """The language for a Discord locale (``discord.Locale`` or its value): Czech for any
    Czech locale, English for everything else."""
    value = str(getattr(locale, "value", locale) or "")
    return "cs" if value.lower().startswith("cs") else DEFAULT


def catalogues(lang: str) -> Iterator[tuple[str, Catalog]]:
    """Each area's catalogue of one language, as (area, catalogue)."""
    folder = resources.files("bot.i18n").joinpath(lang)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".po"):
            with entry.open("rb") as raw:
                yield entry.name[:-3], read_po(raw, locale=lang)


MISSING = "\x00missing:"  # what the fallback answers for a key no catalogue has


class _Missing(gettext.NullTranslations):
    """The catalogues' fallback: marks a missing key, so `Words.has` can tell it apart from a
    message that reads the same in both languages ("English" is "English" in Czech too)."""

    def gettext(self, message: str) -> str:
        return MISSING + message


class Words:
    """The words of one language: ``w("key", name=…)``, ``w.n("key", 3)``, ``w.number(0.61)``."""

    def __init__(self, lang: str, translations: gettext.GNUTranslations) -> None:
        self.lang = lang
        self._t = translations

    def __call__(self, key: str, /, **values: Any) -> str:
        """The message ``key`` with its placeholders filled in (a missing one shows its key)."""
        return self._t.gettext(key).removeprefix(MISSING).format(**values)

    def n(self, key: str, count: int, /, **values: Any) -> str:
        """The plural message ``key`` for ``count`` (its ``{count}`` written the language's way)."""
        return self._t.ngettext(key, key, count).format(count=self.number(count), **values)

    def number(self, value: float, decimals: int | None = None) -> str:
        """A number as the language writes it (Czech: 0,61 and 1 234)."""
        pattern = None if decimals is None else "0." + "0" * decimals if decimals else "0"
        return format_decimal(value, format=pattern, locale=self.lang)

    def has(self, key: str) -> bool:
        """Whether the catalogue knows ``key`` (for texts that are optional)."""
        return not self._t.gettext(key).startswith(MISSING)


@functools.cache
def _words(lang: str) -> Words:
    merged = Catalog(locale=lang, domain="menagerie")
    for _, catalogue in catalogues(lang):
        for message in catalogue:
            if message.id:
                merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    translations = gettext.GNUTranslations(compiled)
    translations.add_fallback(_Missing())
    return Words(lang, translations)


def words(locale: object) -> Words:
    """The words for a Discord locale (or a language code)."""
    return _words(language(locale))
