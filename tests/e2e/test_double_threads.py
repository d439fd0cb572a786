"""Self-tests of the Discord double's threads, through a bare discord.py client: made from a
message (once, with the message's id), archived, reopened, locked and deleted as Discord does,
refused without the permission or in a thread, announced on the gateway, and failed on demand;
and a channel deleted with its threads."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.double import Driver, FakeDiscord
from tests.double.models import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS
from tests.waiting import until


async def bot_in(start_bot: Any) -> discord.Client:
    client = discord.Client(intents=discord.Intents.default())
    await start_bot(client)
    return client


async def lobby_thread(client: discord.Client, driver: Driver) -> tuple[Any, discord.Thread]:
    channel = client.get_channel(driver.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("a lobby")
    return message, await message.create_thread(name="MIMIC #1", auto_archive_duration=1440)


@pytest.mark.asyncio
async def test_a_thread_from_a_message_once_with_its_id(driver: Driver, start_bot: Any) -> None:
    client = await bot_in(start_bot)
    message, thread = await lobby_thread(client, driver)
    assert thread.id == message.id and thread.name == "MIMIC #1"
    assert thread.parent_id == driver.channel("games").id
    await until(lambda: isinstance(client.get_channel(thread.id), discord.Thread))
    with pytest.raises(discord.HTTPException) as again:
        await message.create_thread(name="again")
    assert again.value.code == 160004
    sent = await thread.send("in the thread")
    assert driver.latest(sent.id).channel_id == thread.id
    # No thread in a thread.
    with pytest.raises(discord.HTTPException) as nested:
        await sent.create_thread(name="nested")
    assert nested.value.code == 50024


@pytest.mark.asyncio
async def test_archived_threads_refuse_edits_and_reopen_on_a_message(
    driver: Driver, start_bot: Any
) -> None:
    client = await bot_in(start_bot)
    _, thread = await lobby_thread(client, driver)
    board = await thread.send("board")
    driver.archive(thread.id)
    # THREAD_UPDATE told the bot: discord.py forgets an archived thread.
    await until(lambda: client.get_channel(thread.id) is None)
    for call in (board.edit(content="new"), board.add_reaction("✊"), board.delete()):
        with pytest.raises(discord.HTTPException) as refused:
            await call
        assert (refused.value.status, refused.value.code) == (400, 50083)
    await thread.send("a message reopens it")
    assert not driver.channel(thread.id).archived
    driver.archive(thread.id)
    archived = await client.fetch_channel(thread.id)
    assert isinstance(archived, discord.Thread)
    await archived.edit(archived=False)
    await board.edit(content="new")
    assert driver.latest(board.id).content == "new"


@pytest.mark.asyncio
async def test_locked_and_deleted_threads(driver: Driver, start_bot: Any) -> None:
    client = await bot_in(start_bot)
    _, thread = await lobby_thread(client, driver)
    driver.archive(thread.id, locked=True)
    with pytest.raises(discord.HTTPException) as locked:
        await thread.send("no")
    assert locked.value.code == 50083
    fetched = await client.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.locked and fetched.archived
    driver.delete_thread(thread.id)
    await until(lambda: client.get_channel(thread.id) is None)
    with pytest.raises(discord.NotFound) as gone:
        await client.fetch_channel(thread.id)
    assert gone.value.code == 10003


@pytest.mark.asyncio
async def test_a_deleted_channel_takes_its_threads_and_is_unknown(
    driver: Driver, start_bot: Any
) -> None:
    client = await bot_in(start_bot)
    deleted: list[discord.abc.GuildChannel] = []

    @client.event
    async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
        deleted.append(channel)

    message, thread = await lobby_thread(client, driver)
    games = message.channel
    other = client.get_channel(driver.channel("general").id)
    assert isinstance(other, discord.TextChannel)
    gone_threads = driver.delete_channel("games")
    assert [t.id for t in gone_threads] == [thread.id]
    await until(lambda: client.get_channel(games.id) is None)
    assert [c.id for c in deleted] == [games.id] and deleted[0].guild.id == games.guild.id
    assert driver.actions[-1].kind == "channel_delete"
    for call in (games.send("no"), thread.send("no"), message.edit(content="no"),
                 client.fetch_channel(games.id), client.fetch_channel(thread.id)):
        with pytest.raises(discord.NotFound) as unknown:
            await call
        assert unknown.value.code == 10003
    assert driver.latest(message.id).deleted
    assert all(c.id != games.id for c in driver.server.world.guild.channels)
    assert (await other.send("others stay")).channel.id == other.id
    # A bot that logs in afterwards is not told of it.
    await client.close()
    again = await bot_in(start_bot)
    assert again.get_channel(games.id) is None and again.get_channel(other.id) is not None


@pytest.mark.asyncio
async def test_permissions_and_faults(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any
) -> None:
    client = await bot_in(start_bot)
    channel = client.get_channel(driver.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("a lobby")
    fake_discord.fail("POST /channels/*/messages/*/threads", 500, times=-1)
    with pytest.raises(discord.HTTPException) as failed:
        await message.create_thread(name="x")
    assert failed.value.status == 500
    fake_discord.faults.clear()
    driver.deny_bot("games", CREATE_PUBLIC_THREADS)
    with pytest.raises(discord.Forbidden) as forbidden:
        await message.create_thread(name="x")
    assert forbidden.value.code == 50013
    driver.channel("games").bot_deny = SEND_MESSAGES_IN_THREADS
    thread = await message.create_thread(name="x")
    with pytest.raises(discord.Forbidden):
        await thread.send("no")


@pytest.mark.asyncio
async def test_a_restarted_bot_knows_the_active_threads(
    driver: Driver, start_bot: Any
) -> None:
    first = await bot_in(start_bot)
    _, active = await lobby_thread(first, driver)
    channel = first.get_channel(driver.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    quiet = await (await channel.send("old")).create_thread(name="old")
    await first.close()
    driver.archive(quiet.id)
    second = await bot_in(start_bot)
    assert isinstance(second.get_channel(active.id), discord.Thread)
    assert second.get_channel(quiet.id) is None, "archived threads are not sent with the guild"
