"""Web boards past one process: two bot processes (one shard each of two) on one PostgreSQL
database; a game's board is opened on the process that does NOT run its guild, and still gets
every move made through the other, pushed to it unasked (the change feed, `bot.feed`); how
soon is `make bench`'s (tools.bench_processes). And the other way: a move made on that board
is driven on and shown in Discord by the game's own process."""

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
from tests.e2e.test_two_processes import COUNT, RULES, Guilds, repo  # noqa: F401 (a fixture)
from tests.e2e.test_web_board import SECRET, free_port
from tests.waiting import until


async def web_processes(fake_discord: FakeDiscord, shared: Repo, postgres_url: str,
                        tmp_path: Path) -> tuple[Guilds, dict[int, int]]:
    """A second guild on the other shard, and a bot process for each guild serving web boards
    on a port of its own: the guilds' players, and each guild's port. (A process that fails
    to start stops the one started before it.)"""
    world = fake_discord.world
    world.add_guild("Second Guild", shard=(1 - shard_of(world.guild.id, COUNT), COUNT))
    play = Guilds(fake_discord, shared, tmp_path, postgres_url)
    ports = {guild_id: free_port() for guild_id in world.guilds}
    try:
        for guild_id, port in ports.items():
            process = await start_bot_process(
                fake_discord, database=postgres_url, workdir=tmp_path, shard_count=COUNT,
                shard_ids=[shard_of(guild_id, COUNT)], dev_guild_id=guild_id,
                extra_env={"WEB_URL": f"http://127.0.0.1:{port}", "WEB_SECRET": SECRET,
                           "WEB_PORT": str(port)})
            play.processes[guild_id] = process
            play.every_process.append((process, guild_id))
    except BaseException:
        for process, _ in play.every_process:
            await process.stop()
        raise
    return play, ports


@pytest.mark.asyncio
async def test_a_board_on_one_process_hears_moves_made_through_the_other(
    fake_discord: FakeDiscord, repo: Repo, postgres_url: str, tmp_path: Path  # noqa: F811
) -> None:
    world = fake_discord.world
    first = world.guild
    play, ports = await web_processes(fake_discord, repo, postgres_url, tmp_path)
    try:
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
                # What the move did, though the change feed says only that it changed.
                assert frame["said"]["last"], frame["said"]
            assert seen == (await play.match(match_id)).version
    finally:
        for process, _ in play.every_process:
            await process.stop()
    for process, _ in play.every_process:
        assert not process.errors, process.output


@pytest.mark.asyncio
async def test_a_move_on_the_other_process_board_redraws_the_discord_board_its_own_process_shows(
    fake_discord: FakeDiscord, repo: Repo, postgres_url: str, tmp_path: Path  # noqa: F811
) -> None:
    """A seated player moves on the web board of the process that does NOT run the game's
    guild: the game's own process hears the commit through the change feed and redraws the
    game's Discord board; the other never touches that guild's channels."""
    world = fake_discord.world
    first = world.guild
    play, ports = await web_processes(fake_discord, repo, postgres_url, tmp_path)
    try:
        board, match_id = await play.open_by_hand("games-2", "alice", "carol")
        match = await play.match(match_id)
        assert match.state is not None
        seat = min(RULES.active_seats(match.state))
        mover = {0: "alice", 1: "carol"}[seat]
        base = f"http://127.0.0.1:{ports[first.id]}"  # the process that does not run it
        link = board_url(base, SECRET, match_id, world.user(mover).id, time.time())
        before = len(play.server.requests)
        async with aiohttp.ClientSession() as http, http.ws_connect(
                f"{base}/m/{match_id}/ws?t={link.split('?t=')[1]}",
                headers={"Origin": base}) as ws:
            shown = json.loads((await ws.receive(timeout=10)).data)
            code = shown["you"]["choices"][0]["code"]
            await ws.send_str(json.dumps({"type": "move", "code": code,
                                          "version": shown["version"]}))

            async def stored() -> bool:
                return (await play.match(match_id)).version > match.version
            await until(stored, "the web move stored")
        moved = await play.match(match_id)
        prefix = f"mg:{match_id}:{moved.version}:"

        def redrawn() -> bool:
            return any(c.get("custom_id", "").startswith(prefix)
                       for c in play.driver.latest(board).iter_components())
        await until(redrawn, "the Discord board redrawn at the web move's version")
        # With the move's log line, rebuilt from the log by the game's own process.
        lines = [line for line in play.driver.latest(board).content.split("\n")
                 if line.startswith("> ")]
        assert "📷" in lines[-1], lines  # Mimikri's first move: the camera's edge chosen
        # Only the game's own process edited its board (and pinged the next turn).
        first_token = play.processes[first.id].token
        foreign = [r.path for r in play.server.requests[before:]
                   if r.token == first_token and r.path.startswith("/channels/")]
        assert not foreign, foreign
    finally:
        for process, _ in play.every_process:
            await process.stop()
    for process, _ in play.every_process:
        assert not process.errors, process.output
