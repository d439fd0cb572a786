"""The games stay pure rule libraries (bot/games/__init__.py, core.py module docstrings).

Nothing under ``bot/games`` may import discord, PIL, aiosqlite, asyncio, time or datetime, nor
call the module-level functions of ``random`` (the global RNG): randomness arrives as a
``random.Random`` argument, time as ``at_ms``. ``random.Random`` itself, as a type or a
constructor, is fine. Nor may it import the words (``bot.i18n``, ``presentation``, Babel, gettext):
a refusal names a message of the catalogues, and only the catalogues hold words.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot.games

FORBIDDEN_MODULES = {"discord", "PIL", "aiosqlite", "asyncio", "time", "datetime"}
WORDS = ("bot.i18n", "presentation", "babel", "gettext")  # modules (and their parts) of words
ALLOWED_RANDOM_NAMES = {"Random"}
GAMES_DIR = Path(bot.games.__file__).parent


def impurities(source: str) -> list[str]:
    """Every forbidden import or global-RNG use in a module's source, as readable lines."""
    tree = ast.parse(source)
    found: list[str] = []
    random_aliases = set()  # names bound to the random module itself
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in FORBIDDEN_MODULES or _of_words(alias.name):
                    found.append(f"line {node.lineno}: import {alias.name}")
                if alias.name == "random":
                    random_aliases.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            top = module.split(".")[0]
            if node.level == 0 and top in FORBIDDEN_MODULES:
                found.append(f"line {node.lineno}: from {module} import …")
            # ``from bot import i18n`` imports the words as surely as ``import bot.i18n``
            found += [f"line {node.lineno}: from {module} import {alias.name}"
                      for alias in node.names
                      if node.level == 0 and _of_words(f"{module}.{alias.name}")]
            if node.level == 0 and module == "random":
                for alias in node.names:
                    if alias.name not in ALLOWED_RANDOM_NAMES:
                        found.append(f"line {node.lineno}: from random import {alias.name}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant)
              and str(node.args[0].value).split(".")[0] in FORBIDDEN_MODULES):
            found.append(f"line {node.lineno}: __import__({node.args[0].value!r})")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in random_aliases and node.attr not in ALLOWED_RANDOM_NAMES:
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def _of_words(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in WORDS)


def game_modules() -> list[Path]:
    return sorted(GAMES_DIR.rglob("*.py"))


def test_the_walk_sees_every_game_package():
    names = {path.relative_to(GAMES_DIR).parts[0] for path in game_modules()}
    assert {"core.py", "mimikri", "mimic", "schicki_micki"} <= names
    assert len(game_modules()) >= 20


@pytest.mark.parametrize(
    "path", game_modules(), ids=lambda p: str(p.relative_to(GAMES_DIR))
)
def test_game_module_is_pure(path):
    assert impurities(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "culprit"),
    [
        ("import discord", "discord"),
        ("import discord.ext.commands as c", "discord"),
        ("from PIL import Image", "PIL"),
        ("import aiosqlite", "aiosqlite"),
        ("import asyncio", "asyncio"),
        ("from time import monotonic", "time"),
        ("import datetime", "datetime"),
        ("from datetime import datetime", "datetime"),
        ("def f():\n    import time\n    return time.time()", "time"),
        ("x = __import__('asyncio')", "asyncio"),
        ("import random\nrandom.shuffle([1])", "random.shuffle"),
        ("import random\ndef f(xs):\n    return random.choice(xs)", "random.choice"),
        ("import random\nrandom.seed(3)", "random.seed"),
        ("import random\nn = random.randint(1, 6)", "random.randint"),
        ("import random\nn = random.random()", "random.random"),
        ("import random as r\nr.shuffle([])", "r.shuffle"),
        ("from random import shuffle", "shuffle"),
        ("from random import choice as pick", "choice"),
        ("def __str__(self):\n    from bot.i18n import words\n    return words('en')('k')",
         "bot.i18n"),
        ("from bot import i18n", "i18n"),
        ("import presentation.mimic.words", "presentation"),
        ("from babel.numbers import format_decimal", "babel"),
        ("import gettext", "gettext"),
    ],
)
def test_impure_sources_are_caught(source, culprit):
    found = impurities(source)
    assert found and any(culprit in line for line in found), found


@pytest.mark.parametrize(
    "source",
    [
        "import random\ndef f(rng: random.Random) -> int:\n    return rng.randint(1, 6)",
        "import random\nrng = random.Random('seed')\nrng.shuffle([1, 2])",
        "from random import Random\nrng = Random(1)",
        "import json\nimport copy\nfrom collections.abc import Mapping",
        "from bot.games.core import Event",
        "from bot.games import core",
        "from .rules import butterfly",  # relative imports are the package's own
        "def f(state):\n    return state['time'] + state['random']",
    ],
)
def test_pure_sources_pass(source):
    assert impurities(source) == []
