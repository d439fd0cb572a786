"""Self-tests of the Discord double's sharding: a sharded IDENTIFY gets only its shard's guild
and events, GET /gateway/bot recommends the world's shard count, and a bad shard is refused."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import discord
import pytest

from tests.double import Driver, FakeDiscord


def shard_of(guild_id: int, count: int) -> int:
    """Discord's formula, written out here so the double is checked against it."""
    return (guild_id >> 22) % count


class Listener(discord.AutoShardedClient):
    """A sharded client that counts the messages it is told of, by guild."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **options)
        self.seen: list[int | None] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # Discord wants 5 s between two shards' IDENTIFYs; the double does not

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message.guild.id if message.guild else None)


async def until(condition: Any, timeout: float = 3.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


@pytest.mark.asyncio
async def test_each_shard_gets_only_its_guild_and_its_events(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any
) -> None:
    guild_id = fake_discord.world.guild.id
    mine = shard_of(guild_id, 2)
    owner, other = Listener(shard_count=2, shard_ids=[mine]), Listener(shard_count=2,
                                                                         shard_ids=[1 - mine])
    await start_bot(owner)
    await start_bot(other)
    assert owner.get_guild(guild_id) is not None
    assert other.get_guild(guild_id) is None and not other.guilds
    assert sorted(s.shard for s in fake_discord.gateway.live) == [(0, 2), (1, 2)]

    await driver.say("alice", "general", "hello")
    await until(lambda: owner.seen)
    await asyncio.sleep(0.1)  # the other shard would have had it by now
    assert owner.seen == [guild_id] and other.seen == []


@pytest.mark.asyncio
async def test_an_unsharded_session_gets_everything(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any
) -> None:
    client = Listener(shard_count=1)
    await start_bot(client)
    assert [s.shard for s in fake_discord.gateway.live] == [(0, 1)]
    await driver.say("alice", "general", "hello")
    await until(lambda: client.seen)
    assert client.seen == [fake_discord.world.guild.id]


@pytest.mark.asyncio
async def test_gateway_bot_recommends_the_worlds_shard_count(
    fake_discord: FakeDiscord, start_bot: Any
) -> None:
    fake_discord.world.shards = 2
    client = Listener()  # no shard_count: discord.py asks GET /gateway/bot
    await start_bot(client)
    assert client.shard_count == 2
    assert fake_discord.calls("GET /gateway/bot")
    assert sorted(s.shard for s in fake_discord.gateway.live) == [(0, 2), (1, 2)]
    assert client.get_guild(fake_discord.world.guild.id) is not None


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], "0,2"])
@pytest.mark.asyncio
async def test_a_shard_outside_its_count_is_refused(fake_discord: FakeDiscord, shard: Any) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(
            fake_discord.gateway_url + "/") as ws:
        hello = json.loads((await ws.receive()).data)
        assert hello["op"] == 10
        await ws.send_str(json.dumps({"op": 2, "d": {
            "token": fake_discord.world.token, "intents": 1, "shard": shard,
            "properties": {}}}))
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4010
    assert fake_discord.gateway.live == []


@pytest.mark.asyncio
async def test_a_killed_sharded_client_drops_every_shard_and_its_heartbeats(
    fake_discord: FakeDiscord, start_bot: Any
) -> None:
    client = Listener(shard_count=2)
    running = await start_bot(client)
    shards = list(client.shards.values())
    beats = [s._parent.ws._keep_alive for s in shards]
    assert len(shards) == 2 and all(b is not None and b.is_alive() for b in beats)
    await running.kill()
    assert fake_discord.gateway.live == []
    assert not any(b.is_alive() for b in beats)
