"""The SQL dialects the store's migrations are written in, and the rule that binds them: every
numbered migration exists once per dialect, under the same file name."""

from __future__ import annotations

from bot.db import MIGRATION_PACKAGES, migration_files

DIALECTS = tuple(MIGRATION_PACKAGES)


def unpaired(names: dict[str, list[str]]) -> list[str]:
    """What breaks the rule, given each dialect's migration file names: one line per file
    that a dialect lacks, in file order."""
    every_name = sorted(set().union(*names.values()))
    return [f"{name} has no {dialect} twin"
            for name in every_name for dialect, have in names.items() if name not in have]


def check_migration_twins() -> int:
    """How many migrations each dialect has, after checking they are the same ones.

    Raises:
        RuntimeError: a dialect lacks a migration another has (or one has a gap).
    """
    names = {dialect: [name for _, name, _ in migration_files(dialect)] for dialect in DIALECTS}
    problems = unpaired(names)
    if problems:
        raise RuntimeError("every migration needs its twin in each dialect: "
                           + "; ".join(problems))
    return len(names[DIALECTS[0]])
