"""Each game's pictures live in one package, ``rendering/<game>/``, laid out by the rule
``rendering/__init__.py`` states: a newcomer knows where a game's picture goes."""

from __future__ import annotations

from pathlib import Path

import rendering
from bot.games import GAMES

HERE = Path(rendering.__file__).parent
SHARED = {"__init__", "canvas", "fonts", "layout", "theme", "leaderboard", "replay", "icon"}
"""rendering's own modules: what every picture shares, and the pictures of no one game."""
NAMED = {"__init__", "parts", "art", "paint",
         "map", "grid", "panels", "hand", "result", "rules", "guide", "end", "props"}
"""The names a game's modules may have (the rule's)."""


def test_every_game_has_a_package_of_its_pictures():
    missing = [game for game in GAMES if not (HERE / game / "__init__.py").is_file()]
    assert not missing, f"games without rendering/<game>/: {missing}"


def test_no_game_module_lies_outside_its_package():
    loose = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in SHARED)
    assert not loose, f"modules of rendering/ that belong in a game's package: {loose}"


def test_a_game_package_names_its_modules_by_the_rule():
    odd = sorted(f"{p.parent.name}/{p.name}" for game in GAMES
                 for p in (HERE / game).glob("*.py") if p.stem not in NAMED)
    assert not odd, f"modules named by no rule of rendering/__init__.py: {odd}"
