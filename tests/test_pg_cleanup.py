"""The throwaway PostgreSQL of `make test` and `make bench` is never left running: a run stopped
by SIGTERM stops it on the way out, and one killed outright (kill -9) has its server stopped and
removed by the next run that starts one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.pg import SWITCH, _alive, stop_orphans

ROOT = Path(__file__).resolve().parents[1]
HOLD_A_SERVER = """
import time
from tests.pg import NotStarted, running_server
try:
    with running_server() as url:
        print(url, flush=True)
        time.sleep(120)
except NotStarted as why:
    print("not started:", why, flush=True)
"""

pytestmark = pytest.mark.skipif(
    os.environ.get(SWITCH, "").lower() in ("0", "off", "no", "false") or os.name != "posix",
    reason="PostgreSQL tests turned off, or no POSIX signals")


def a_run_holding_a_server() -> tuple[subprocess.Popen[str], Path, int]:
    """A process (as `make bench` is) with a server started; its folder and postmaster's pid."""
    run = subprocess.Popen([sys.executable, "-c", HOLD_A_SERVER], cwd=ROOT, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout is not None
    line = run.stdout.readline().strip()
    if not line.startswith("postgresql://"):
        run.kill()
        pytest.skip(f"PostgreSQL cannot start here: {line or run.communicate()[1][-300:]}")
    sockets = Path(parse_qs(urlsplit(line).query)["host"][0])
    home = next(folder for folder in (sockets, *sockets.parents)
                if folder.name.startswith("menagerie-pg-"))
    postmaster = int((home / "pgdata" / "postmaster.pid").read_text().split()[0])
    assert _alive(postmaster)
    return run, home, postmaster


def gone_soon(pid: int, seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _alive(pid)


def test_sigterm_stops_the_server_and_removes_its_folder():
    run, home, postmaster = a_run_holding_a_server()
    run.send_signal(signal.SIGTERM)
    run.communicate(timeout=30)
    assert run.returncode == 128 + signal.SIGTERM
    assert gone_soon(postmaster), "postgres left running"
    assert not home.exists()


def test_a_server_left_by_a_killed_run_is_stopped_by_the_next():
    run, home, postmaster = a_run_holding_a_server()
    run.kill()  # kill -9: no finally block runs
    run.communicate(timeout=30)
    assert _alive(postmaster), "nothing could have stopped it yet"
    assert home in stop_orphans()
    assert gone_soon(postmaster) and not home.exists()
