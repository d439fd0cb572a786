"""Self-tests of the double's enforce_nonce: a repeated send returns the first message."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import pytest_asyncio

from tests.double import Driver, FakeDiscord
from tests.double.messaging import NONCE_WINDOW


@pytest_asyncio.fixture
async def bot(start_bot: Any) -> discord.Client:
    intents = discord.Intents.default()
    intents.members = True  # all members come with GUILD_CREATE, so no chunking round trip
    client = discord.Client(intents=intents)
    await start_bot(client)
    return client


def channel(bot: discord.Client, driver: Driver, name: str = "general") -> Any:
    return bot.get_channel(driver.channel(name).id)


def creates_since(fake_discord: FakeDiscord, seq: int) -> int:
    """MESSAGE_CREATE events the bot was sent after gateway sequence ``seq``."""
    [session] = fake_discord.gateway.live
    return sum(1 for s, event in session.sent_events if s > seq and event == "MESSAGE_CREATE")


def gateway_seq(fake_discord: FakeDiscord) -> int:
    [session] = fake_discord.gateway.live
    return session.seq


@pytest.mark.asyncio
async def test_a_repeated_nonce_returns_the_first_message(
    fake_discord: FakeDiscord, bot: discord.Client, driver: Driver
) -> None:
    general = channel(bot, driver)
    since, seq = driver.mark(), gateway_seq(fake_discord)
    first = await general.send("once", nonce=123)
    again = await general.send("twice?", nonce=123)
    assert again.id == first.id and again.content == "once"
    assert str(first.nonce) == "123"
    assert [m.content for m in driver.messages("general")] == ["once"]
    assert [a.kind for a in driver.actions[since:]] == ["message_create"]
    assert creates_since(fake_discord, seq) == 1


@pytest.mark.asyncio
async def test_different_nonces_make_different_messages(
    fake_discord: FakeDiscord, bot: discord.Client, driver: Driver
) -> None:
    general = channel(bot, driver)
    seq = gateway_seq(fake_discord)
    a = await general.send("same text", nonce=1)
    b = await general.send("same text", nonce=2)
    c = await general.send("same text")  # discord.py draws a random nonce
    assert len({a.id, b.id, c.id}) == 3
    assert len(driver.messages("general")) == 3
    # The nonce is the same author's in the same channel only.
    elsewhere = await channel(bot, driver, "games").send("same text", nonce=1)
    assert elsewhere.id != a.id
    assert creates_since(fake_discord, seq) == 4


@pytest.mark.asyncio
async def test_without_enforce_nonce_nothing_is_deduplicated(
    bot: discord.Client, driver: Driver
) -> None:
    channel_id = driver.channel("general").id
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    first = await bot.http.request(route, json={"content": "raw", "nonce": "abc"})
    second = await bot.http.request(route, json={"content": "raw", "nonce": "abc"})
    assert first["id"] != second["id"]
    assert first["nonce"] == second["nonce"] == "abc"
    assert len(driver.messages("general")) == 2


@pytest.mark.asyncio
async def test_a_nonce_is_forgotten_after_a_few_minutes(
    fake_discord: FakeDiscord, bot: discord.Client, driver: Driver
) -> None:
    general = channel(bot, driver)
    first = await general.send("early", nonce=7)
    fake_discord.world.clock.advance(NONCE_WINDOW.total_seconds() - 1)
    assert (await general.send("retry", nonce=7)).id == first.id
    fake_discord.world.clock.advance(2)
    later = await general.send("late", nonce=7)
    assert later.id != first.id and later.content == "late"


@pytest.mark.asyncio
async def test_a_deleted_first_message_is_not_returned(bot: discord.Client, driver: Driver) -> None:
    general = channel(bot, driver)
    first = await general.send("gone", nonce=9)
    await first.delete()
    second = await general.send("back", nonce=9)
    assert second.id != first.id and driver.latest(second.id).content == "back"


@pytest.mark.asyncio
async def test_an_overlong_nonce_is_rejected(bot: discord.Client, driver: Driver) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await channel(bot, driver).send("x", nonce="n" * 26)
    assert caught.value.status == 400 and caught.value.code == 50035
    # Discord's spec says so too: a violation, claimed so the fixture does not fail the test.
    [refused] = driver.server.take_violations()
    assert refused.field == ("nonce",) and refused.code == "BASE_TYPE_MAX_LENGTH"
