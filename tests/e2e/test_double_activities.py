"""Self-tests of the double's Activities: a launch-activity callback opens an instance in the
interaction's channel and says which (discord.py reads it from the callback's answer); only the
application's bot token may ask about an instance; the OAuth2 code exchange takes the client
secret and each code once; a user's access token says who they are and opens nothing else."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.double import Driver, FakeDiscord
from tests.double import interactions as ix
from tests.double.oauth import CLIENT_SECRET


class Launcher(discord.Client):
    """A bot whose /play opens its Activity and keeps what the callback answered."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.launched: list[discord.InteractionCallbackResponse[Any]] = []

        @self.tree.command(description="Open the Activity")
        async def play(interaction: discord.Interaction) -> None:
            self.launched.append(await interaction.response.launch_activity())

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest.mark.asyncio
async def test_a_launch_opens_an_instance_that_only_the_bot_may_look_up(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any
) -> None:
    bot = Launcher()
    await start_bot(bot)
    world = fake_discord.world
    played = await driver.slash("alice", "games", "play")
    assert played.ok and played.type == ix.LAUNCH_ACTIVITY and played.message is None
    resource = bot.launched[0].resource
    assert isinstance(resource, discord.InteractionCallbackActivityInstance)
    instance_id = resource.id
    await driver.slash("bob", "games", "play")  # Bob joins the instance running there
    await driver.slash("bob", "general", "play")  # and opens another elsewhere
    assert [i.id for i in world.instances.launched][:2] == [instance_id, instance_id]
    assert world.instances.launched[2].id != instance_id

    url = f"{fake_discord.api_base}/applications/{world.application_id}/activity-instances/"
    bot_auth = {"Authorization": f"Bot {world.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(url + instance_id, headers=bot_auth) as answer:
            assert answer.status == 200
            found = await answer.json()
        assert found["location"]["channel_id"] == str(driver.channel("games").id)
        assert found["location"]["guild_id"] == str(world.guild.id)
        assert found["users"] == [str(driver.user("alice").id), str(driver.user("bob").id)]
        assert (await http.get(url + "i-1-gc-2-3", headers=bot_auth)).status == 404
        code = world.grants.code_for(driver.user("alice"))
        form = {"client_id": str(world.application_id), "client_secret": CLIENT_SECRET,
                "grant_type": "authorization_code", "code": code}
        async with http.post(f"{fake_discord.api_base}/oauth2/token", data=form) as answer:
            assert answer.status == 200
            access = (await answer.json())["access_token"]
        user_auth = {"Authorization": f"Bearer {access}"}
        # A user's token says who they are and looks up nothing of the application's.
        assert (await http.get(url + instance_id, headers=user_auth)).status == 401
        async with http.get(f"{fake_discord.api_base}/users/@me", headers=user_auth) as answer:
            assert (await answer.json())["id"] == str(driver.user("alice").id)
        world.instances.end(instance_id)  # everyone left
        assert (await http.get(url + instance_id, headers=bot_auth)).status == 404


@pytest.mark.asyncio
async def test_the_code_exchange_takes_the_secret_and_each_code_once(
    fake_discord: FakeDiscord, driver: Driver
) -> None:
    world = fake_discord.world
    code = world.grants.code_for(driver.user("bob"))
    form = {"client_id": str(world.application_id), "client_secret": "wrong",
            "grant_type": "authorization_code", "code": code}
    async with aiohttp.ClientSession() as http:
        token = f"{fake_discord.api_base}/oauth2/token"
        assert (await http.post(token, data=form)).status == 401
        form["client_secret"] = CLIENT_SECRET
        assert (await http.post(token, data=form)).status == 200
        assert (await http.post(token, data=form)).status == 400  # used already
        me = f"{fake_discord.api_base}/users/@me"
        assert (await http.get(me, headers={"Authorization": "Bearer made-up"})).status == 401
