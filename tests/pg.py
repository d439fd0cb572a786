"""A real PostgreSQL server for the test session, and a fresh database on it for each test that
asks; where the server cannot start, the tests that need it are skipped with one line saying
why, and the session's summary repeats that line (never a silent skip).

The server is pgserver's PostgreSQL 16, shipped in its wheel: nothing is installed by hand. It
starts once, at the first test that needs it, in a temporary directory removed at the end.
Postgres refuses to run as root; run as root (as CI is), pgserver runs it as a system user
`pgserver` that it creates with useradd, and lets that user reach the data directory and the
wheel's binaries (it adds read and search permission for others on their parent folders).
A run stopped by SIGTERM or SIGHUP stops its server as Ctrl-C does; a server left by a run that
was killed outright (kill -9) is stopped and removed by the next run that starts one.
Set MENAGERIE_TEST_POSTGRES=off to skip these tests on purpose (the summary says so too).
`make bench` starts its own server and databases with the same `running_server` and
`fresh_database` the fixtures use.
"""

from __future__ import annotations

import os
import platform
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack, asynccontextmanager, contextmanager
from pathlib import Path

import pytest
import pytest_asyncio

SWITCH = "MENAGERIE_TEST_POSTGRES"
_why_not: list[str] = []  # the one line saying why the server is not there, once it is known


def why_not_started() -> str | None:
    """Why this session's PostgreSQL tests were skipped (None: they were not, or none ran)."""
    return _why_not[0] if _why_not else None


def one_line(error: BaseException, log: Path | None = None) -> str:
    """What went wrong starting the server, on one line: the error and, when postgres wrote a
    log, the log's last line (where postgres says why it stopped)."""
    if isinstance(error, subprocess.CalledProcessError):
        said = f"{_program(error.cmd)} exited with status {error.returncode}"
    elif isinstance(error, subprocess.TimeoutExpired):
        said = f"{_program(error.cmd)} did not finish in {error.timeout:g} s"
    else:
        text = " ".join(str(error).split())
        said = f"{type(error).__name__}: {text}" if text else type(error).__name__
    if log is not None:
        try:
            last = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
        except OSError:
            last = []
        if last:
            said += f" (postgres log: {' '.join(last[-1].split())})"
    return said[:400]


def _program(command) -> str:
    """The name of the program a subprocess error ran, without the wheel's long path."""
    first = command[0] if isinstance(command, (list, tuple)) else str(command).split()[0]
    return Path(str(first)).name


def _skip(reason: str) -> None:
    line = f"PostgreSQL tests skipped: {reason}"
    if not _why_not:
        _why_not.append(line)
    pytest.skip(line)


class NotStarted(RuntimeError):
    """The server could not be started; the message is the one line saying why."""


@contextmanager
def running_server() -> Iterator[str]:
    """Start pgserver's PostgreSQL in a temporary folder; yield its URL (postgresql://…, its
    superuser on the `postgres` database); stop it and remove the folder afterwards.

    Raises:
        NotStarted: pgserver is not installed here, or the server did not start (one line).
    """
    try:
        with warnings.catch_warnings():
            # platformdirs warns, once, when XDG_RUNTIME_DIR is unset (CI, root shells); the
            # suite turns warnings into errors.
            warnings.simplefilter("ignore")
            import pgserver
    except ImportError:
        raise NotStarted(
            "pgserver is not installed: pip install -e '.[test]' installs it where it has a"
            " wheel (CPython 3.9-3.12 on x86-64 Linux, macOS, Windows); this is Python"
            f" {platform.python_version()} on {platform.system()} {platform.machine()}"
        ) from None
    stop_orphans()
    # A folder of our own: pgserver opens every parent of the data directory to the
    # `pgserver` user when run as root, so it should not be pytest's private temp folder.
    home = Path(tempfile.mkdtemp(prefix=HOME_PREFIX))
    (home / OWNER).write_text(str(os.getpid()))
    pgdata = home / "pgdata"
    try:
        server = pgserver.get_server(pgdata, cleanup_mode="delete")
    except Exception as error:  # whatever it is, it becomes the one line
        reason = one_line(error, pgdata / "log")
        shutil.rmtree(home, ignore_errors=True)
        raise NotStarted(f"the server did not start: {reason}") from error
    try:
        with _exit_on_termination():
            yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(home, ignore_errors=True)


HOME_PREFIX = "menagerie-pg-"
OWNER = "owner.pid"  # the process that started the server in this folder


@contextmanager
def _exit_on_termination() -> Iterator[None]:
    """SIGTERM and SIGHUP (a `kill`, a closed terminal) end the process as Ctrl-C does: through
    every finally block, so the server is stopped rather than left running."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def leave(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    before = {number: signal.signal(number, leave) for number in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _alive(pid: int) -> bool:
    """Whether the process runs (a zombie nobody has reaped yet does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process, alive
        pass
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


def _read_pid(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def stop_orphans() -> list[Path]:
    """Stop and remove the servers whose run was killed outright (its process is gone); return
    their folders. A server of a run still going is left alone."""
    removed = []
    for home in Path(tempfile.gettempdir()).glob(HOME_PREFIX + "*"):
        owner = _read_pid(home / OWNER)
        if owner is None or _alive(owner):
            continue
        postmaster = _read_pid(home / "pgdata" / "postmaster.pid")
        if postmaster is not None and _alive(postmaster):
            os.kill(postmaster, signal.SIGQUIT)  # postgres's immediate shutdown
            deadline = time.monotonic() + 10
            while _alive(postmaster) and time.monotonic() < deadline:
                time.sleep(0.05)
        shutil.rmtree(home, ignore_errors=True)
        removed.append(home)
    return removed


@pytest.fixture(scope="session")
def postgres_server():
    """The URL (postgresql://…) of the session's server, connected as its superuser to the
    `postgres` database; tests take a database of their own with ``postgres_url``."""
    if os.environ.get(SWITCH, "").lower() in ("0", "off", "no", "false"):
        _skip(f"{SWITCH}={os.environ[SWITCH]} turned them off")
    with ExitStack() as stack:
        try:
            url = stack.enter_context(running_server())
        except NotStarted as why:
            _skip(str(why))
        yield url


def database_url(server_url: str, name: str) -> str:
    """The server's URL with another database: pgserver's URLs read
    postgresql://user:@/DATABASE?host=SOCKET-DIR."""
    head, _, tail = server_url.partition("?")
    base, _, _ = head.rpartition("/")
    return f"{base}/{name}" + (f"?{tail}" if tail else "")


@asynccontextmanager
async def fresh_database(server_url: str, prefix: str = "test") -> AsyncIterator[str]:
    """A URL of a new, empty database on the server, dropped afterwards."""
    import asyncpg

    name = f"{prefix}_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield database_url(server_url, name)
    finally:
        admin = await asyncpg.connect(server_url)
        try:
            # FORCE: a connection left open must not keep the database alive.
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@pytest_asyncio.fixture
async def postgres_url(postgres_server):
    """A URL of a new, empty database on the session's server, dropped after the test."""
    async with fresh_database(postgres_server) as url:
        yield url
