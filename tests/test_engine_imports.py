"""One way to the database: only bot/db/engine.py imports the SQLite driver (aiosqlite), so a
second engine is a second `Database` there and nothing else has to change."""

from __future__ import annotations

from pathlib import Path

from tests.test_layers import imported

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "rendering", "tests")
DRIVER = "aiosqlite"
ALLOWED = {Path("bot/db/engine.py")}


def driver_importers(root: Path) -> list[str]:
    """Every file under ``root``'s packages (but the engine) that imports the driver, even
    for typing only."""
    return [
        str(path.relative_to(root))
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
        if path.relative_to(root) not in ALLOWED
        and any(m == DRIVER or m.startswith(DRIVER + ".") for m in imported(path))
    ]


def test_only_the_engine_imports_the_sqlite_driver():
    assert (ROOT / "bot/db/engine.py").exists()
    assert DRIVER in imported(ROOT / "bot/db/engine.py")
    assert driver_importers(ROOT) == []


def test_the_check_finds_an_import_anywhere_else(tmp_path):
    """The check above can fail: plain, from- and typing-only imports elsewhere are found,
    the engine's own is not."""
    (tmp_path / "bot/db").mkdir(parents=True)
    (tmp_path / "cogs").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "bot/db/engine.py").write_text("import aiosqlite\n")
    (tmp_path / "bot/db/repo.py").write_text("from aiosqlite import Row\n")
    (tmp_path / "cogs/games.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import aiosqlite.core\n")
    (tmp_path / "tests/test_x.py").write_text("def f():\n    import aiosqlite\n")
    (tmp_path / "bot/fine.py").write_text("import sqlite3\n# aiosqlite is named here only\n")
    assert driver_importers(tmp_path) == ["bot/db/repo.py", "cogs/games.py", "tests/test_x.py"]
