"""The catalogues hold the two languages to one another: every message in both, the same
placeholders, the right plural forms; Czech plurals and numbers as Czech writes them; and no
reply in the migrated Discord code that bypasses the catalogue."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from bot.i18n import COMMANDS, LANGUAGES, catalogues, language, words

ROOT = Path(__file__).resolve().parent.parent
PLURAL_FORMS = {"en": 2, "cs": 3}


def messages(lang: str) -> dict[str, object]:
    """key → text (a tuple of forms for plurals) of every area but the commands'."""
    found: dict[str, object] = {}
    for area, catalogue in catalogues(lang):
        if area == COMMANDS:
            continue
        for message in catalogue:
            if message.id:
                key = message.id if isinstance(message.id, str) else message.id[0]
                assert key not in found, f"{lang}: {key} is in two areas"
                found[key] = message.string
    return found


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_says_a_key_twice(lang):
    """A second entry of a key would silently win over the first."""
    for path in sorted((ROOT / "bot" / "i18n" / lang).glob("*.po")):
        keys = [line for line in path.read_text(encoding="utf-8").splitlines()
                if line.startswith("msgid ")]
        assert len(keys) == len(set(keys)), f"{path.name} repeats a key"


def test_every_message_is_in_both_languages():
    en, cs = messages("en"), messages("cs")
    assert sorted(set(en) - set(cs)) == [], "English only"
    assert sorted(set(cs) - set(en)) == [], "Czech only"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_empty_and_plurals_have_the_languages_forms(lang):
    others = messages("en" if lang == "cs" else "cs")  # read once: hundreds of keys
    for key, text in messages(lang).items():
        forms = text if isinstance(text, tuple) else (text,)
        assert all(forms), f"{lang}: {key} is empty"
        other = others[key]
        if isinstance(text, tuple) or isinstance(other, tuple):
            assert isinstance(text, tuple) and len(text) == PLURAL_FORMS[lang], key


def test_both_languages_fill_in_the_same_placeholders():
    en, cs = messages("en"), messages("cs")
    for key, text in en.items():
        want = set().union(*(placeholders(f) for f in (text if isinstance(text, tuple)
                                                         else (text,))))
        forms = cs[key] if isinstance(cs[key], tuple) else (cs[key],)
        for form in forms:
            assert placeholders(form) == want, f"{key}: {placeholders(form)} ≠ {want}"


def test_czech_plurals_and_numbers():
    cs, en = words("cs"), words("en")
    assert [cs.n("unit.cards", n) for n in (1, 2, 4, 5, 21)] == [
        "1 karta", "2 karty", "4 karty", "5 karet", "21 karet"]
    assert [en.n("unit.cards", n) for n in (1, 2)] == ["1 card", "2 cards"]
    assert cs.number(0.61, 2) == "0,61" and en.number(0.61, 2) == "0.61"


def test_a_discord_locale_picks_the_language():
    assert [language(x) for x in ("cs", "en-US", "en-GB", "de", None, "")] == [
        "cs", "en", "en", "en", "en", "en"]
    assert words("cs")("games.playing") == "hraje se"


# The Discord code: every reply goes through the catalogue (a new module is covered as it is
# written, a new game's package too).
MIGRATED = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("cogs/**/*.py"))
REPLIES = {"tell", "send", "send_message", "edit", "edit_original_response"}


def literal_replies(path: Path) -> list[str]:
    """Calls that answer or post a text written in the code instead of looked up."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
            node.func, "id", "")
        if name not in REPLIES:
            continue
        texts = [*node.args, *(k.value for k in node.keywords if k.arg == "content")]
        for arg in texts:
            if isinstance(arg, ast.JoinedStr) or (
                    isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("module", MIGRATED)
def test_replies_come_from_the_catalogue(module):
    assert literal_replies(ROOT / module) == []
