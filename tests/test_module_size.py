"""Modules a reader can hold (issue 33): no module of the application, its two front ends, the
presentation layer or the composition root is over 400 lines. A module that grows past it is
split where its responsibilities part, not cut at the line. Pure data tables are exempt, by
name: what they hold is looked up, not read through."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "web", "presentation", "root")
LIMIT = 400
EXEMPT = {
    # Mariposas' components as data: the records of its map, deck and goals, each with the
    # check that loads it from data/*.json; one schema, read as a reference, kept whole.
    "bot/games/mariposas/content.py",
}


def oversized(root: Path, exempt: set[str] = EXEMPT) -> list[str]:
    """Each module under ``root``'s packages with more than ``LIMIT`` lines, but the exempt."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LIMIT and name not in exempt:
                found.append(f"{name}: {lines} lines")
    return found


def test_no_module_is_over_the_limit():
    assert oversized(ROOT) == []


def test_every_exempt_table_is_still_there():
    """An exemption outlives no file: a table renamed or removed takes its exemption along."""
    assert [name for name in sorted(EXEMPT) if not (ROOT / name).is_file()] == []


def test_the_check_finds_a_long_module_anywhere_but_the_exempt(tmp_path):
    for name in ("cogs/long.py", "web/deep/long.py", "bot/table.py", "tests/long.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n" * (LIMIT + 1), encoding="utf-8")
    (tmp_path / "root/short.py").parent.mkdir(parents=True)
    (tmp_path / "root/short.py").write_text("x = 1\n" * LIMIT, encoding="utf-8")
    assert oversized(tmp_path, exempt={"bot/table.py"}) == [
        f"cogs/long.py: {LIMIT + 1} lines", f"web/deep/long.py: {LIMIT + 1} lines"]
