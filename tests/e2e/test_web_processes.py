"""Web boards past one process: two bot processes (one shard each of two) on one PostgreSQL
database; a game's board is opened on the process that does NOT run its guild, and still gets
every move made through the other, pushed to it unasked (`bot.db.postgres.Listener`); how
soon is `make bench`'s (tools.bench_processes)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiohttp
import pytest

from bot.db.repo import Repo
from bot.links import board_url
from bot.shards import shard_of
from tests.double import FakeDiscord, start_bot_process
from tests.e2e.test_two_processes import COUNT, Guilds, repo  # noqa: F401 (a fixture)
from tests.e2e.test_web_board import SECRET, free_port


@pytest.mark.asyncio
async def test_a_board_on_one_process_hears_moves_made_through_the_other(
    fake_discord: FakeDiscord, repo: Repo, postgres_url: str, tmp_path: Path  # noqa: F811
) -> None:
    world = fake_discord.world
    first = world.guild
    second = world.add_guild("Second Guild", shard=(1 - shard_of(first.id, COUNT), COUNT))
    play = Guilds(fake_discord, repo, tmp_path, postgres_url)
    ports = {first.id: free_port(), second.id: free_port()}
    processes = []
    try:
        for guild in (first, second):
            process = await start_bot_process(
                fake_discord, database=postgres_url, workdir=tmp_path, shard_count=COUNT,
                shard_ids=[shard_of(guild.id, COUNT)], dev_guild_id=guild.id,
                extra_env={"WEB_URL": f"http://127.0.0.1:{ports[guild.id]}",
                           "WEB_SECRET": SECRET, "WEB_PORT": str(ports[guild.id])})
            processes.append(process)
            play.processes[guild.id] = process
        # A game in the second guild (its process: the second); its board on the first's.
        board, match_id = await play.open_by_hand("games-2", "alice", "carol")
        base = f"http://127.0.0.1:{ports[first.id]}"
        token = board_url(base, SECRET, match_id, 0, time.time()).split("?t=")[1]
        async with aiohttp.ClientSession() as http, http.ws_connect(
                f"{base}/m/{match_id}/ws?t={token}", headers={"Origin": base}) as ws:
            seen = json.loads((await ws.receive(timeout=10)).data)["version"]
            for _ in range(3):
                before = (await play.match(match_id)).version
                assert await play.move(board, match_id, {0: "alice", 1: "carol"})
                while seen <= before:
                    frame = json.loads((await ws.receive(timeout=5)).data)
                    seen = frame.get("version", seen)
            assert seen == (await play.match(match_id)).version
    finally:
        for process in processes:
            await process.stop()
    for process in processes:
        assert not process.errors, process.output
