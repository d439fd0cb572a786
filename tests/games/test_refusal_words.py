"""Refusals are written once: the rules name a message of the catalogues (a key and values),
and only the catalogues hold words. Every key the code raises is in every language with the
same placeholders, and every refusal met in random playouts of every game is said in each."""

from __future__ import annotations

import ast
import random
import re
import string
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


def keys_in_code() -> tuple[set[str], set[str]]:
    """The message keys the code names: whole ones, and the fixed beginnings of keys built
    with an f-string (``mimic.refused.phase.{phase}``)."""
    whole: set[str] = set()
    beginnings: set[str] = set()
    for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and KEYS_AS_CONSTANTS.match(node.value):
                whole.add(node.value)  # e.g. the dealer's NOT_PLAYING, raised by name
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in RAISED_BY:
                continue
            first, prefix = node.args[0], PREFIX.get(name, "")
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if A_KEY.match(prefix + first.value):
                    whole.add(prefix + first.value)
            elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                beginning = prefix + str(first.values[0].value)
                if A_KEY.match(beginning) and beginning.endswith("."):
                    beginnings.add(beginning)
    return whole, beginnings


def messages(lang: str) -> dict[str, str]:
    """Every message of a language by key (a plural one: its first form)."""
    found = {}
    for _, catalogue in catalogues(lang):
        for message in catalogue:
            if message.id:
                key = message.id if isinstance(message.id, str) else message.id[0]
                text = message.string if isinstance(message.string, str) else message.string[0]
                found[key] = text
    return found


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_the_scan_finds_the_keys_of_every_kind_of_raise():
    whole, beginnings = keys_in_code()
    assert {"mimikri.refused.tried", "lobby.error.full", "schicki.rule.wait", "ui.stale",
            "schicki.refused.not_playing", "mimic.refused.teams_four"} <= whole
    assert {"mimic.refused.phase.", "mariposas.discord.refused.", "mimic.card.",
            "mimic.power_acc."} <= beginnings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_code_raises_is_in_every_language(lang):
    english, other = messages("en"), messages(lang)
    whole, beginnings = keys_in_code()
    missing = sorted(key for key in whole if not other.get(key))
    assert not missing, missing
    for key in whole:
        assert placeholders(other[key]) == placeholders(english[key]), key
    for beginning in beginnings:
        assert any(key.startswith(beginning) for key in other), f"no message starts {beginning!r}"


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
