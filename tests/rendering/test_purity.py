"""Rendering stays pure: Pillow, the standard library, the rules' constants and view types, and the
(pure) catalogue of words only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import rendering

ALLOWED = {"PIL", "rendering", "bot",  # bot: rules constants and bot.i18n, checked below
           "fontTools", "anyascii"}  # rendering.fonts: which font has a character, spellings


def test_rendering_imports_nothing_impure():
    for path in Path(rendering.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in ALLOWED or top in sys.stdlib_module_names, (path.name, name)
                assert top not in {"asyncio", "time", "datetime"}, (path.name, name)
                if top == "bot":
                    # A game's content (its cards, from its data files) comes with its
                    # rules, which load it; a renderer may name its types.
                    pure = name == "bot.i18n" or (name.startswith("bot.games.")
                                                  and name.endswith((".rules", ".deck",
                                                                     ".views", ".content")))
                    assert pure, name
