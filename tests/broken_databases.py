"""Databases the bot may be pointed at but cannot use, built for the tests, and a way to meet
file permissions as an unprivileged user does (root ignores file modes).

Each case builds its DATABASE_PATH inside a folder and names the words the bot's one-line
answer must contain. The unit tests (tests/bot/test_open_db.py) open them with `open_db`;
the end-to-end tests (tests/e2e/test_bad_storage.py) start `python -m bot` on them.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.db import migration_files, open_db
from bot.db.repo import Repo

NOBODY = 65534  # the conventional unprivileged user and group ("nobody", "nogroup")


@dataclass(frozen=True)
class Case:
    """A database the bot must refuse: how to build it, and what the refusal must say."""

    build: Callable[[Path], Awaitable[Path]]
    words: tuple[str, ...]
    unprivileged: bool = False  # the case is about file modes: run as an unprivileged user


async def real_database(path: Path, matches: int = 400) -> Path:
    """A migrated database holding some hundred lobbies (a few dozen pages), closed."""
    db = await open_db(str(path))
    try:
        repo = Repo(db)
        for n in range(matches):
            await repo.create_match(game="mimikri", guild_id=1, channel_id=1000 + n,
                                    host_id=7, host_name=f"Player {n}", seed=f"{n:016x}",
                                    options={"subjects": 4, "turn_timer": 300}, now=float(n))
    finally:
        await db.close()  # the last connection to close folds the -wal file into the database
    return path


async def random_bytes(folder: Path) -> Path:
    path = folder / "random.sqlite3"
    path.write_bytes(random.Random(7).randbytes(64 * 1024))
    return path


async def truncated(folder: Path, extra: int = 0) -> Path:
    """A real database cut to half its length (plus ``extra`` bytes, to cut inside a page)."""
    path = await real_database(folder / "truncated.sqlite3")
    size = path.stat().st_size
    assert size >= 16 * 4096, "the database must span many pages to be cut in the middle"
    with path.open("r+b") as file:
        file.truncate(size // 2 + extra)
    return path


async def newer_schema(folder: Path) -> Path:
    path = await real_database(folder / "newer.sqlite3", matches=3)
    db = await open_db(str(path))
    try:
        await db.execute(f"PRAGMA user_version = {len(migration_files()) + 1}")
        await db.commit()
    finally:
        await db.close()
    return path


async def missing_directory(folder: Path) -> Path:
    return folder / "no-such-directory" / "menagerie.sqlite3"


async def a_directory(folder: Path) -> Path:
    path = folder / "games"
    path.mkdir()
    return path


async def unreadable_file(folder: Path) -> Path:
    path = await real_database(folder / "unreadable.sqlite3", matches=3)
    path.chmod(0)
    return path


async def closed_directory(folder: Path) -> Path:
    """A directory the user may not enter (nor create a database in)."""
    inner = folder / "closed"
    inner.mkdir()
    path = await real_database(inner / "menagerie.sqlite3", matches=3)
    inner.chmod(0)
    return path


async def read_only_file(folder: Path) -> Path:
    """The file may be read, not written; its directory is writable by anyone."""
    folder.chmod(0o777)
    path = await real_database(folder / "read-only.sqlite3", matches=3)
    path.chmod(0o444)
    return path


async def read_only_directory(folder: Path) -> Path:
    """The file may be written, but not its directory, where WAL keeps its -wal file."""
    inner = folder / "read-only"
    inner.mkdir()
    path = await real_database(inner / "menagerie.sqlite3", matches=3)
    path.chmod(0o666)
    if os.geteuid() == 0:
        os.chown(path, NOBODY, NOBODY)
    inner.chmod(0o555)
    return path


CASES = {
    "random bytes": Case(random_bytes, ("damaged", "not a SQLite database")),
    "truncated at a page boundary": Case(truncated, ("damaged",)),
    "truncated inside a page": Case(lambda f: truncated(f, extra=1000), ("damaged",)),
    "newer schema": Case(newer_schema, (
        "newer Menagerie", f"schema {len(migration_files()) + 1}",
        f"knows up to {len(migration_files())}", "upgrade the bot")),
    "missing directory": Case(missing_directory, ("does not exist", "no-such-directory")),
    "a directory": Case(a_directory, ("is a directory",)),
    "unreadable file": Case(unreadable_file, ("permission denied",), unprivileged=True),
    "directory without access": Case(closed_directory, ("may not open or create",),
                                     unprivileged=True),
    "read-only file": Case(read_only_file, ("read-only",), unprivileged=True),
    "read-only directory": Case(read_only_directory, ("read-only",), unprivileged=True),
}


@contextlib.contextmanager
def open_folder() -> Iterator[Path]:
    """A fresh directory every user may enter (pytest's tmp_path is private to its owner),
    removed afterwards whatever modes a case left in it."""
    folder = Path(tempfile.mkdtemp(prefix="menagerie-db-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        _let_owner_in(folder)
        shutil.rmtree(folder, ignore_errors=True)


def _let_owner_in(folder: Path) -> None:
    # Top down: a directory's entries can be listed only once its own mode allows it.
    folder.chmod(0o700)
    for entry in folder.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            _let_owner_in(entry)
        else:
            with contextlib.suppress(OSError):
                entry.chmod(0o600)


@contextlib.contextmanager
def unprivileged() -> Iterator[None]:
    """Meet file modes as the unprivileged user does; as root, by taking its effective ids."""
    if os.geteuid() != 0:
        yield
        return
    gid = os.getegid()
    try:
        os.setegid(NOBODY)
        os.seteuid(NOBODY)
    except PermissionError as error:
        os.setegid(gid)
        pytest.skip(f"root here cannot act as an unprivileged user: {error}")
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(gid)


def require_refused_write(path: Path) -> None:
    """Skip (visibly) if file modes cannot keep this user from using ``path`` as a database,
    e.g. a non-root user with CAP_DAC_OVERRIDE; call it inside `unprivileged()`."""
    folder = path.parent
    usable = (os.access(path, os.R_OK | os.W_OK, effective_ids=True)
              and os.access(folder, os.W_OK | os.X_OK, effective_ids=True))
    if usable:
        pytest.skip(f"file modes do not stop user {os.geteuid()} from writing {path.name}"
                    " and its directory, so a permission case cannot be made here")
