"""One way to the database: only bot/db/engine.py imports the SQLite driver (aiosqlite) and only
bot/db/postgres.py the PostgreSQL one (asyncpg), so a further engine is a further `Database`
and nothing else has to change. Tests may drive PostgreSQL's server directly (tests/pg.py sets
it up), never SQLite's file behind the engine."""

from __future__ import annotations

from pathlib import Path

from tests.test_layers import imported

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "rendering", "tests")
# Each driver, the files that may import it, and the folders it may be imported anywhere in.
DRIVERS = {
    "aiosqlite": ({Path("bot/db/engine.py")}, ()),
    "asyncpg": ({Path("bot/db/postgres.py")}, (Path("tests"),)),
}


def driver_importers(root: Path, driver: str = "aiosqlite") -> list[str]:
    """Every file under ``root``'s packages (but those allowed) that imports ``driver``, even
    for typing only."""
    files, folders = DRIVERS[driver]
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root)
            if relative in files or any(relative.is_relative_to(f) for f in folders):
                continue
            if any(m == driver or m.startswith(driver + ".") for m in imported(path)):
                found.append(str(relative))
    return found


def test_only_the_engine_imports_the_sqlite_driver():
    assert (ROOT / "bot/db/engine.py").exists()
    assert "aiosqlite" in imported(ROOT / "bot/db/engine.py")
    assert driver_importers(ROOT) == []


def test_only_the_postgres_engine_imports_asyncpg():
    assert "asyncpg" in imported(ROOT / "bot/db/postgres.py")
    assert driver_importers(ROOT, "asyncpg") == []


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


def test_the_check_finds_asyncpg_outside_its_engine_and_the_tests(tmp_path):
    (tmp_path / "bot/db").mkdir(parents=True)
    (tmp_path / "cogs").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "bot/db/postgres.py").write_text("import asyncpg\n")
    (tmp_path / "bot/db/repo.py").write_text("from asyncpg import Record\n")
    (tmp_path / "cogs/games.py").write_text("import asyncpg.exceptions\n")
    (tmp_path / "tests/test_pg.py").write_text("import asyncpg\n")
    assert driver_importers(tmp_path, "asyncpg") == ["bot/db/repo.py", "cogs/games.py"]
