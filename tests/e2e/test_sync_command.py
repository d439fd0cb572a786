"""`python -m bot sync`: the real entry point, in a process of its own against the double,
registers every slash command globally and exits 0, without joining the gateway or touching the
games; the deployments run it (tests/test_deploy.py checks that they do)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from tests.double import commands as double_commands
from tests.double.http_util import ApiError
from tests.double.world import TOKEN

ROOT = Path(__file__).resolve().parents[2]


async def run_child(base_url: str, tmp_path: Path, *args: str) -> tuple[int, str]:
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "DATABASE_URL": "",
           "DATABASE_PATH": str(tmp_path / "menagerie.sqlite3"), "SHARD_COUNT": "",
           "SHARD_IDS": "", "DEV_GUILD_ID": "", "LOG_LEVEL": "INFO",
           "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.double.child", base_url, *args, cwd=tmp_path, env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode is not None
    return proc.returncode, out.decode()


@pytest.mark.asyncio
async def test_sync_registers_every_command_globally_and_exits(fake_discord, tmp_path):
    code, output = await run_child(fake_discord.base_url, tmp_path, "sync")
    assert code == 0, output
    assert "synced globally" in output
    syncs = [a for a in fake_discord.world.actions.actions if a.kind == "commands_sync"]
    assert [a.data["scope"] for a in syncs] == [None], output
    names = {command["name"] for command in fake_discord.world.commands[None]}
    assert {"mimikri", "schicki", "mimic", "mariposas", "game", "leaderboard"} <= names
    # Only the REST API: it never joined the gateway, so it played nothing.
    assert fake_discord.gateway.sessions == []
    assert "open games resumed" not in output
    assert "voice will NOT be supported" not in output


@pytest.mark.asyncio
async def test_the_client_logs_no_voice_warning(fake_discord, tmp_path):
    """The bot has no voice: discord.py's two warnings about missing voice libraries are not
    printed at every start (the sync logs in with the same client)."""
    code, output = await run_child(fake_discord.base_url, tmp_path, "sync")
    assert code == 0, output
    assert "voice" not in output.lower(), output


@pytest.mark.asyncio
async def test_sync_keeps_the_activitys_entry_point(fake_discord, tmp_path):
    """With Activities on, the application has an Entry Point command (Launch) that Discord
    will not let a bulk overwrite drop: the sync keeps it, as the same command."""
    from tests.double import activities

    launch = activities.enable(fake_discord.world)
    for _ in range(2):  # a first sync, and one over its own commands
        code, output = await run_child(fake_discord.base_url, tmp_path, "sync")
        assert code == 0, output
        commands = fake_discord.world.commands[None]
        kept = [c for c in commands if c["type"] == activities.ENTRY_POINT]
        assert [(c["id"], c["name"], c["handler"]) for c in kept] == [(launch["id"], "launch", 2)]
        assert {"mimikri", "leaderboard"} <= {c["name"] for c in commands}
    # Discord's rule, as the double keeps it: an overwrite without the Entry Point is refused.
    with pytest.raises(ApiError, match="50240"):
        double_commands.sync(fake_discord.world, None, [])
