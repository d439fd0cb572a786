"""`python -m bot` with a setting it cannot use or without a way to Discord: one line saying what
is wrong and what to do, an exit code a supervisor can tell apart, and never a traceback.

The bot runs as a real process, as `make run` starts it: a traceback or a hang shows only there.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HANG = 30  # seconds: a bot that has not exited by then would never exit
LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} ")  # bot/__main__.py's format


def start(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``args`` as the bot is started, with a fresh database and a token never valid."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("DEV_GUILD_ID", "LOG_LEVEL", "DISCORD_TOKEN", "DATABASE_PATH")}
    environment.update({"DISCORD_TOKEN": "dummy",
                        "DATABASE_PATH": str(tmp_path / "menagerie.sqlite3"),
                        "PYTHONPATH": str(ROOT), **env})
    try:
        return subprocess.run(args, cwd=tmp_path, env=environment, capture_output=True,
                              text=True, timeout=HANG, check=False)
    except subprocess.TimeoutExpired as hung:
        said = hung.stderr.decode(errors="replace") if isinstance(hung.stderr, bytes) else ""
        pytest.fail(f"the bot did not exit within {HANG} s; it said: {said!r}")


def said(result: subprocess.CompletedProcess[str]) -> list[str]:
    """What the process told the person who started it: stderr without its log records."""
    assert "Traceback" not in result.stderr, result.stderr
    return [line for line in result.stderr.strip().splitlines() if not LOG_RECORD.match(line)]


# -- LOG_LEVEL ------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["verbose", "10", "notice"])
def test_an_unknown_log_level_stops_the_start_with_the_allowed_levels(tmp_path, level):
    result = start([sys.executable, "-m", "bot"], tmp_path, LOG_LEVEL=level)
    assert result.returncode == 2, result.stderr  # as every other configuration error
    lines = said(result)
    assert len(lines) == 1, result.stderr
    for word in ("LOG_LEVEL", level, "DEBUG", "INFO", "WARNING", "ERROR"):
        assert word in lines[0], lines[0]
    assert not (tmp_path / "menagerie.sqlite3").exists()  # stopped before anything was done


# -- no way to Discord ----------------------------------------------------------------------

# The real entry point with discord.py's REST base moved, as tests/double does it for the fake
# Discord; here nothing answers there.
REFUSED = """\
import sys
import discord
import bot.__main__ as entry
discord.http.Route.BASE = "http://127.0.0.1:{port}/api/v10"
sys.exit(entry.main([]))
"""

# A machine without network: no name resolves, so discord.com cannot be looked up.
NO_DNS = """\
import socket, sys
import bot.__main__ as entry
def no_dns(*args, **kwargs):
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
socket.getaddrinfo = no_dns
sys.exit(entry.main([]))
"""


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A local port bound but not listening: a connection to it is refused, and no other
    program can take it while the test runs."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


@pytest.mark.parametrize("case", ["connection refused", "no DNS"])
def test_a_start_that_cannot_reach_discord_says_so_in_one_line(tmp_path, closed_port, case):
    script = REFUSED.format(port=closed_port) if case == "connection refused" else NO_DNS
    result = start([sys.executable, "-c", script], tmp_path)
    assert result.returncode == 1, result.stderr
    lines = said(result)
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Cannot reach Discord: "), lines[0]
    assert "check the network" in lines[0], lines[0]
    where = f"127.0.0.1:{closed_port}" if case == "connection refused" else "discord.com"
    assert where in lines[0], lines[0]  # aiohttp's own words say which address failed
