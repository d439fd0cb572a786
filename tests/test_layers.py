"""Imports point downward only (DESIGN.md §Layers): the application and the rules never import
the Discord layer above them, which they load by name; rendering never imports the app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {  # package → packages it may not import, even for typing
    "bot": ("cogs",),
    "rendering": ("cogs", "bot.app", "bot.sessions", "bot.db"),
}


def imported(path: Path) -> set[str]:
    """Every module a file imports, wherever the import stands (TYPE_CHECKING included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_import_points_upward(package):
    wrong = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for module in sorted(imported(path))
        if any(module == f or module.startswith(f + ".") for f in FORBIDDEN[package])
    ]
    assert not wrong, "\n".join(wrong)
