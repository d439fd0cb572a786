"""Refusals are written once: the rules name a message of the catalogues (a key and values),
and only the catalogues hold words. Every key the code raises is in every language with the
same placeholders, each raise passes the values its message takes, and every refusal met in
random playouts of every game is said in each."""

from __future__ import annotations

import ast
import random
import re
import string
from collections.abc import Iterable
from pathlib import Path

import pytest

from bot.autoplay import autoplay
from bot.games import GAMES
from bot.games.core import RuleError, Term
from bot.i18n import LANGUAGES, catalogues, words

ROOT = Path(__file__).resolve().parents[2]
RAISED_BY = {"RuleError", "IllegalAction", "InvalidAction", "LobbyError", "Term",
             "__init__"}  # the error classes' own: super().__init__("ui.stale")
A_KEY = re.compile(r"^[a-z_]+(\.[a-z_]+)+\.?$")
PREFIX = {"LobbyError": "lobby.error."}  # it names the rest of the key
KEYS_AS_CONSTANTS = re.compile(r"^[a-z_]+\.(refused|rule|error)\.[a-z_.]*[a-z_]$")


def constants(node: ast.expr) -> list[str]:
    """The strings an expression may be when it is written out: a constant, or either arm of
    ``a if … else b`` (``LobbyError("over" if … else "was_cancelled")``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return constants(node.body) + constants(node.orelse)
    return []


def code() -> list[str]:
    """Every module of bot and cogs, as source."""
    return [path.read_text(encoding="utf-8")
            for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]]


def keys_in_code(sources: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
    """The message keys the code names (``sources``; by default `code`): whole ones, and the
    fixed beginnings of keys built with an f-string (``mimic.refused.phase.{phase}``)."""
    sources = code() if sources is None else sources
    whole: set[str] = set()
    beginnings: set[str] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and KEYS_AS_CONSTANTS.match(node.value):
                whole.add(node.value)  # e.g. the dealer's NOT_PLAYING, raised by name
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in RAISED_BY:
                continue
            first, prefix = node.args[0], PREFIX.get(name, "")
            whole.update(prefix + key for key in constants(first) if A_KEY.match(prefix + key))
            if isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                beginning = prefix + str(first.values[0].value)
                if A_KEY.match(beginning) and beginning.endswith("."):
                    beginnings.add(beginning)
    return whole, beginnings


def values_given(sources: Iterable[str]) -> list[tuple[str, frozenset[str]]]:
    """Each raise of a whole key with the names of the values it passes (``n`` counts as the
    plural message's ``{count}``); a raise that passes ``**values`` is left out."""
    given = []
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in RAISED_BY or any(k.arg is None for k in node.keywords):
                continue
            names = {k.arg for k in node.keywords if k.arg is not None}
            if "n" in names:
                names = names - {"n"} | {"count"}
            given += [(PREFIX.get(name, "") + key, frozenset(names))
                      for key in constants(node.args[0])
                      if A_KEY.match(PREFIX.get(name, "") + key)]
    return given


def all_placeholders(lang: str) -> dict[str, set[str]]:
    """Every message's placeholders by key, over all its plural forms."""
    found: dict[str, set[str]] = {}
    for _, catalogue in catalogues(lang):
        for message in catalogue:
            if message.id:
                assert message.string is not None  # read from a .po file: "" if untranslated
                key = message.id if isinstance(message.id, str) else message.id[0]
                forms = [message.string] if isinstance(message.string, str) else message.string
                found[key] = set().union(*(placeholders(form) for form in forms))
    return found


def messages(lang: str) -> dict[str, str]:
    """Every message of a language by key (a plural one: its first form)."""
    found = {}
    for _, catalogue in catalogues(lang):
        for message in catalogue:
            if message.id:
                assert message.string is not None  # as above
                key = message.id if isinstance(message.id, str) else message.id[0]
                text = message.string if isinstance(message.string, str) else message.string[0]
                found[key] = text
    return found


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_the_scan_finds_the_keys_of_every_kind_of_raise():
    whole, beginnings = keys_in_code()
    assert {"mimikri.refused.tried", "lobby.error.full", "schicki.rule.wait", "ui.stale",
            "schicki.refused.not_playing", "mimic.refused.teams_four",
            "lobby.error.was_cancelled", "mimic.refused.not_faceup"} <= whole
    assert {"mimic.refused.phase.", "mariposas.discord.refused.", "mimic.card.",
            "mimic.power_acc."} <= beginnings


def faults(lang: str, whole: set[str], beginnings: set[str]) -> list[str]:
    """What is wrong with ``lang``'s messages for these keys: a key it lacks, placeholders
    other than the English ones, a beginning no message has."""
    english, other = messages("en"), messages(lang)
    found = [f"no message {key}" for key in sorted(whole) if not other.get(key)]
    found += [f"other placeholders in {key}" for key in sorted(whole)
              if other.get(key) and placeholders(other[key]) != placeholders(english.get(key, ""))]
    found += [f"no message starts {beginning!r}" for beginning in sorted(beginnings)
              if not any(key.startswith(beginning) for key in other)]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_code_raises_is_in_every_language(lang):
    assert faults(lang, *keys_in_code()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_raise_passes_the_values_its_message_takes(lang):
    """No placeholder left unfilled (a KeyError in front of the player) and no value that the
    message drops."""
    known = all_placeholders(lang)
    given = values_given(code())
    assert len(given) > 50
    wrong = sorted({(key, tuple(sorted(names)), tuple(sorted(known[key])))
                    for key, names in given if key in known and known[key] != names})
    assert not wrong, wrong


def test_a_value_the_message_does_not_take_is_caught():
    source = ("raise IllegalAction('mimikri.refused.no_card', cell='E9')\n"
              "raise IllegalAction('mimic.refused.end', n=2)\n"
              "raise IllegalAction('mimikri.refused.no_card', **values)\n")
    known = all_placeholders("en")
    assert [(key, names == known[key]) for key, names in values_given([source])] == [
        ("mimikri.refused.no_card", False), ("mimic.refused.end", True)]


def test_a_key_missing_from_the_catalogues_is_caught():
    """The check fails on a raise whose message no catalogue has, and on a key built with an
    f-string that no message begins with."""
    source = ("raise IllegalAction('mimikri.refused.no_such_thing')\n"
              "raise LobbyError('players', game='x', low=1, high=2, count=3)\n"
              "raise IllegalAction(f'mimic.refused.nowhere.{phase}')\n")
    whole, beginnings = keys_in_code([source])
    assert whole == {"mimikri.refused.no_such_thing", "lobby.error.players"}
    assert faults("cs", whole, beginnings) == ["no message mimikri.refused.no_such_thing",
                                               "no message starts 'mimic.refused.nowhere.'"]


def illegal_actions(game: str, state: dict, seat: int, rng: random.Random) -> list[str]:
    """Codes a player might send that are not legal now: the legal ones of other seats and
    moments, and some nonsense."""
    legal = set(GAMES[game].rules.legal_actions(state, seat))
    pool = {*legal, "xyzzy", "", ":"}
    for other in range(len(state.get("hands", [])) or 3):
        pool |= set(GAMES[game].rules.legal_actions(state, other))
    pool |= {code.replace(code[-1], "Z") for code in legal if code}
    return sorted(code for code in rng.sample(sorted(pool), min(10, len(pool)))
                  if code not in legal)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_refusal_met_in_a_game_is_said_in_every_language(game):
    rules = GAMES[game].rules
    players = max(rules.min_players, min(3, rules.max_players))
    rng = random.Random(game)
    said: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    for index, move in enumerate(autoplay(rules, f"refusals-{game}", players, {})):
        if rules.outcome(move.state) is not None or index > 400:
            break
        for seat in sorted(rules.active_seats(move.state)):
            for code in illegal_actions(game, move.state, seat, rng):
                refused = rules.explain_illegal(move.state, seat, code)
                assert isinstance(refused, RuleError)
                for lang in LANGUAGES:
                    text = refused.say(words(lang))
                    assert text and refused.key not in text, (lang, refused.key)
                    assert not any(isinstance(v, Term) and v.key in text
                                   for v in refused.values.values()), (lang, refused.values)
                    said[lang].add(text)
    assert said["en"] and said["en"] != said["cs"]
