"""`python -m bot` on a database it cannot use: exit code 1 and one line saying what is wrong
and how to fix it, checked before logging in; never a traceback, never a process that hangs
(alive, offline, never exiting, so a supervisor never restarts it).

The bot runs as a real process: a hang shows only there, as a process that does not exit.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.broken_databases import (
    CASES,
    NOBODY,
    open_folder,
    real_database,
    require_refused_write,
    unprivileged,
)

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.asyncio
HANG = 20  # seconds: a bot that has not exited by then would never exit


# As root (file modes do not bind root) the bot must run as an unprivileged user. Starting
# the interpreter as that user may be impossible (it may live under root's private home), so
# the process starts as root, loads the bot's modules, gives up root for good (setuid clears
# every capability), and only then runs `python -m bot`'s main module.
AS_NOBODY = f"""\
import argparse, concurrent.futures.thread, os, runpy, sys
import bot.app, bot.db, bot.settings, discord, dotenv
bot.db.migration_files()  # and what they import only when first used
os.setgroups([])
os.setgid({NOBODY})
os.setuid({NOBODY})
assert os.geteuid() == {NOBODY} and os.getegid() == {NOBODY}
sys.argv = ["bot"]
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


def python_m_bot(*, as_nobody: bool = False) -> list[str]:
    """The command that starts the bot (as the unprivileged user, when asked and root)."""
    if as_nobody and os.geteuid() == 0:
        return [sys.executable, "-c", AS_NOBODY]
    return [sys.executable, "-m", "bot"]


def run(args: list[str], database: Path, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``args`` as the bot would be started, with a token that was never valid."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("DEV_GUILD_ID", "LOG_LEVEL", "DISCORD_TOKEN", "DATABASE_PATH")}
    environment.update({"DISCORD_TOKEN": "dummy", "DATABASE_PATH": str(database),
                        "PYTHONPATH": str(ROOT), **env})
    try:
        return subprocess.run(args, cwd=cwd, env=environment, capture_output=True, text=True,
                              timeout=HANG, check=False)
    except subprocess.TimeoutExpired as hung:
        said = hung.stderr.decode(errors="replace") if isinstance(hung.stderr, bytes) else ""
        pytest.fail(f"the bot did not exit within {HANG} s (it hangs); it said: {said!r}")


def assert_one_line(result: subprocess.CompletedProcess[str], *words: str) -> str:
    assert result.returncode == 1, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in ("DATABASE_PATH", *words):
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("name", list(CASES))
async def test_python_m_bot_on_an_unusable_database_says_why_in_one_line(name):
    case = CASES[name]
    with open_folder() as folder:
        path = await case.build(folder)
        if case.unprivileged:
            with unprivileged():
                require_refused_write(path)
        result = run(python_m_bot(as_nobody=case.unprivileged), path, folder)
        line = assert_one_line(result, *case.words)
        assert str(path) in line


# -- the database goes bad after the check, while the bot starts ---------------------------

STARTS_ON_FAKE_DISCORD = """\
import asyncio, sys, threading
import bot.__main__ as entry
from tests.double import FakeDiscord, World

started = threading.Event()
servers = []

def serve():
    loop = asyncio.new_event_loop()
    async def start():
        servers.append(await FakeDiscord(World()).start())
        started.set()
    loop.run_until_complete(start())
    loop.run_forever()

threading.Thread(target=serve, daemon=True).start()
assert started.wait(10), "the fake Discord did not start"
{sabotage}
with servers[0].patch_discord():
    sys.exit(entry.main([]))
"""

BREAK_FILE_AFTER_CHECK = """\
import os, pathlib
checked = entry._check_storage
async def check_then_break(path):
    await checked(path)
    pathlib.Path(path).write_bytes(os.urandom(65536))
entry._check_storage = check_then_break
"""

FAIL_AFTER_OPENING = """\
import root.compose
class Broken:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("the sessions could not start")
root.compose.SessionService = Broken
"""


def start_on_fake_discord(sabotage: str, database: Path, cwd: Path):
    script = STARTS_ON_FAKE_DISCORD.format(sabotage=sabotage)
    # The fake Discord accepts its own token; "dummy" would be refused before setup_hook.
    return run([sys.executable, "-c", textwrap.dedent(script)], database, cwd,
               DISCORD_TOKEN="fake-bot-token", LOG_LEVEL="ERROR")


async def test_a_database_broken_between_the_check_and_the_start_ends_the_process(tmp_path):
    """setup_hook's own open_db fails after login: one line, exit code 1, no hang."""
    database = await real_database(tmp_path / "menagerie.sqlite3", matches=3)
    result = start_on_fake_discord(BREAK_FILE_AFTER_CHECK, database, tmp_path)
    assert_one_line(result, "damaged")


async def test_a_setup_hook_failing_with_the_database_open_ends_the_process(tmp_path):
    """An unexpected error in setup_hook after the database was opened (before the bot's
    close() would close it): the process still exits with 1, with the error's traceback."""
    database = await real_database(tmp_path / "menagerie.sqlite3", matches=3)
    result = start_on_fake_discord(FAIL_AFTER_OPENING, database, tmp_path)
    assert result.returncode == 1, result.stderr
    assert "RuntimeError: the sessions could not start" in result.stderr

