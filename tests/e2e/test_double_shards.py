"""Self-tests of the Discord double's sharding: a sharded IDENTIFY gets only its shard's guild
and events, GET /gateway/bot recommends the world's shard count, and a bad shard is refused;
with a second guild (World.add_guild) on the other shard, each shard gets its own guild, its
events and its interactions only."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import discord
import pytest

from tests.double import Driver, FakeDiscord, World
from tests.double.driver import InteractionRejected
from tests.waiting import until


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

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Answers with the guild it came from, as this client's cache knows it.
        guild = interaction.guild
        await interaction.response.send_message(guild.name if guild else "no guild")


def live_shards(fake_discord: FakeDiscord) -> list[tuple[int, int]]:
    """The shard (id, count) of each live gateway session, sorted; all of them are sharded."""
    shards = []
    for session in fake_discord.gateway.live:
        assert session.shard is not None, "an unsharded session"
        shards.append(session.shard)
    return sorted(shards)


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
    assert live_shards(fake_discord) == [(0, 2), (1, 2)]

    await driver.say("alice", "general", "hello")
    await until(lambda: bool(owner.seen))
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
    await until(lambda: bool(client.seen))
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
    assert live_shards(fake_discord) == [(0, 2), (1, 2)]
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
    assert not any(b is not None and b.is_alive() for b in beats)


def test_a_guild_can_be_put_on_any_shard() -> None:
    world = World()
    for count in (2, 3, 16):
        for shard in range(count):
            guild = world.add_guild(f"g{count}-{shard}", channel_names=[f"c{count}-{shard}"],
                                    shard=(shard, count))
            assert shard_of(guild.id, count) == shard
    assert len(set(world.guilds)) == len(world.guilds) == 1 + 2 + 3 + 16
    with pytest.raises(ValueError):
        world.add_guild("clash", channel_names=["games"])  # the first guild has a #games


def test_a_second_guild_has_its_own_channels_roles_and_members() -> None:
    world = World()
    second = world.add_guild("Second", member_names=["alice", "bob", "zoe"])
    assert [c.name for c in second.channels] == ["general-2", "games-2", "lobby-2",
                                                 "off-topic-2"]
    assert world.channel("games-2").guild_id == second.id
    assert world.guild_of("games-2") is second and world.guild_of("games") is world.guild
    assert world.guild_by_id(second.id) is second
    # The same users in both, a new one only here, and the bot in each with a role of its own.
    alice, zoe = world.user("alice"), world.user("zoe")
    assert alice.id in second.members and alice.id in world.guild.members
    assert zoe.id in second.members and zoe.id not in world.guild.members
    assert world.user("carol").id not in second.members
    assert world.bot_user.id in second.members
    assert {r.id for r in second.roles}.isdisjoint(r.id for r in world.guild.roles)
    assert second.roles[0].id == second.id  # @everyone shares the guild's id
    assert second.owner_id == alice.id


@pytest.mark.asyncio
async def test_two_guilds_on_two_shards_each_shard_gets_its_own(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any
) -> None:
    world = fake_discord.world
    first = world.guild
    mine = shard_of(first.id, 2)
    second = world.add_guild("Second", member_names=["alice", "zoe"], shard=(1 - mine, 2))
    a, b = Listener(shard_count=2, shard_ids=[mine]), Listener(shard_count=2,
                                                                 shard_ids=[1 - mine])
    await start_bot(a)
    await start_bot(b)
    # READY and GUILD_CREATE: each shard its own guild, with its own channels and members.
    assert [g.id for g in a.guilds] == [first.id] and [g.id for g in b.guilds] == [second.id]
    other = b.get_guild(second.id)
    assert other is not None and {c.name for c in other.channels} == {
        "general-2", "games-2", "lobby-2", "off-topic-2"}
    assert other.member_count == 3  # alice, zoe and the bot (no member cache without intent)
    sessions = {s.shard: s for s in fake_discord.gateway.live}
    for shard, guild in ((mine, first), (1 - mine, second)):
        created = [e for _, e in sessions[(shard, 2)].sent_events if e == "GUILD_CREATE"]
        assert created == ["GUILD_CREATE"], (shard, guild.name)

    # Messages: each to the shard of its guild only.
    await driver.say("zoe", "general-2", "hello from the second guild")
    await driver.say("alice", "general", "hello from the first")
    await until(lambda: bool(a.seen and b.seen))
    await asyncio.sleep(0.1)  # a stray copy would have arrived by now
    assert a.seen == [first.id] and b.seen == [second.id]

    # Interactions: answered by the shard that has the guild, which knows it by name. Each
    # press is of a button on a message of the bot's, as every press is.
    button = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Hello", "custom_id": "hello"}]}]
    board_there, board_here = (world.new_message(driver.channel(name), world.bot_user,
                                                 components=button)
                               for name in ("games-2", "games"))
    there = await driver.click("zoe", board_there, custom_id="hello")
    here = await driver.click("alice", board_here, custom_id="hello")
    assert (there.content, here.content) == ("Second", first.name)
    with pytest.raises(InteractionRejected):  # bob is not a member of the second guild
        await driver.click("bob", board_there, custom_id="hello")

    # REST: the second guild, its channels and members are served to the client.
    fetched = await b.fetch_guild(second.id)
    assert fetched.name == "Second"
    assert {c.name for c in await fetched.fetch_channels()} >= {"games-2"}
    assert (await fetched.fetch_member(world.user("zoe").id)).name == "zoe"
    with pytest.raises(discord.NotFound):
        await fetched.fetch_member(world.user("bob").id)

    # Threads: made in the second guild, they belong to it and reach its shard only.
    thread = await driver.start_thread("zoe", "games-2", "side talk")
    assert thread.guild_id == second.id and thread in second.threads
    assert thread not in first.threads
    await until(lambda: b.get_channel(thread.id) is not None)
    assert a.get_channel(thread.id) is None
