"""The double says only what Discord says: one answer of every route it serves, checked against
the response schema of Discord's spec, strictly (no field the spec does not list, none it
requires missing, a status the operation gives), and the checks themselves shown to catch."""

from __future__ import annotations

import asyncio
import io
import json
import textwrap
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.double import Driver, FakeDiscord, Message, World
from tests.double import interactions as ix
from tests.double.activities import enable
from tests.double.messaging import discord_components
from tests.double.oauth import CLIENT_SECRET
from tests.double.openapi import NO_BODY, Operation, Violation, contract

ROOT = Path(__file__).resolve().parents[2]


def _png() -> discord.File:
    picture = io.BytesIO()
    Image.new("RGB", (4, 3), "red").save(picture, format="PNG")
    picture.seek(0)
    return discord.File(picture, filename="board.png")


class Later(discord.ui.View):
    """A button whose press the bot leaves unanswered: the test answers it by hand."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Button(label="Later", custom_id="later"))


class Buttons(discord.ui.View):
    @discord.ui.button(label="Update", custom_id="update")
    async def update(self, interaction: discord.Interaction,
                     button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="updated")  # type 7

    @discord.ui.button(label="Quietly", custom_id="quietly")
    async def quietly(self, interaction: discord.Interaction,
                      button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()  # type 6
        await interaction.edit_original_response(content="quietly updated")


class Ask(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class Prober(discord.Client):
    """A bot whose commands answer in every way an interaction can be answered, each telling
    the test when its last call is done."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(intents=intents)
        self.guild = discord.Object(guild_id)
        self.tree = app_commands.CommandTree(self)
        self.done: asyncio.Queue[str] = asyncio.Queue()
        tree = self.tree

        @tree.command(description="Post, read, edit and delete through the interaction")
        async def post(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("posted", view=Buttons(timeout=None))
            await interaction.original_response()
            await interaction.edit_original_response(content="posted again")
            followup = await interaction.followup.send("more", wait=True)
            await interaction.followup.fetch_message(followup.id)
            await followup.edit(content="more, edited")
            await followup.delete()
            await self.done.put("post")

        @tree.command(description="Think, then answer")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)  # type 5
            await interaction.followup.send("thought")
            await interaction.delete_original_response()
            await self.done.put("think")

        @tree.command(description="Ask a name")
        async def ask(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Ask())  # type 9

        @tree.command(description="Pick a mode")
        async def pick(interaction: discord.Interaction, mode: str) -> None:
            await interaction.response.send_message(mode, ephemeral=True)

        @pick.autocomplete("mode")
        async def modes(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name="Classic", value="classic")]  # type 8

        @tree.command(description="Open the Activity")
        async def play(interaction: discord.Interaction) -> None:
            await interaction.response.launch_activity()  # type 12

    async def setup_hook(self) -> None:
        self.tree.copy_global_to(guild=self.guild)
        await self.tree.sync()
        await self.tree.sync(guild=self.guild)


async def _raw(fake_discord: FakeDiscord, method: str, path: str, *,
               auth: str | None = None, **kwargs: Any) -> tuple[int, Any]:
    """A request the bot's own library has no call for, sent as the bot's server would."""
    headers = {"Authorization": auth} if auth else {}
    async with aiohttp.ClientSession() as http, http.request(
            method, fake_discord.api_base + path, headers=headers, **kwargs) as answer:
        body = await answer.read()
        return answer.status, json.loads(body) if body else None


async def _answer_by_hand(fake_discord: FakeDiscord, driver: Driver, message: Message) -> None:
    """A press the bot leaves alone, answered without ``with_response`` (Discord's 204) and
    followed up without ``wait`` (204 too)."""
    world = fake_discord.world
    press = asyncio.create_task(driver.click("bob", message, label="Later"))

    def pressed() -> list[ix.InteractionRecord]:
        return [r for r in world.interactions.values()
                if r.message is message and r.delivered]

    while not pressed() and not press.done():
        await asyncio.sleep(0)  # until the press is dispatched and waits for its answer
    [rec] = pressed()
    status, _ = await _raw(fake_discord, "POST", f"/interactions/{rec.id}/{rec.token}/callback",
                           json={"type": ix.DEFERRED_UPDATE})
    assert status == 204
    status, _ = await _raw(fake_discord, "POST", f"/webhooks/{world.application_id}/{rec.token}",
                           json={"content": "later"})
    assert status == 204
    assert (await press).ok


def _operation(method: str, path: str) -> Operation:
    found = contract().operation(method, path)
    assert found is not None
    return found[0]


def _route(violation: Violation) -> str:
    found = contract().operation(violation.method, violation.path)
    template = found[0].template if found is not None else violation.path
    return f"{violation.method} {template}: {violation}"


@pytest.mark.asyncio
async def test_every_route_the_double_serves_answers_as_discords_spec_says(
        fake_discord: FakeDiscord, driver: Driver, start_bot: Any) -> None:
    world = fake_discord.world
    bot = Prober(world.guild.id)
    await start_bot(bot)  # GET /users/@me and /oauth2/applications/@me; PUT the commands
    guild_id, alice, bob = world.guild.id, driver.user("alice"), driver.user("bob")
    enable(world)  # the Activity turned on: its Entry Point command is listed too
    await bot.tree.fetch_commands()
    await bot.tree.fetch_commands(guild=discord.Object(guild_id))
    await bot.fetch_user(alice.id)
    guild = await bot.fetch_guild(guild_id)
    await guild.fetch_member(alice.id)
    await guild.fetch_channels()
    await bot.http.request(discord.http.Route("GET", "/applications/@me"))
    await bot.http.request(discord.http.Route("GET", "/gateway"))
    await bot.http.get_bot_gateway()  # what an auto-sharded bot asks first

    channel = await bot.fetch_channel(driver.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    await channel.typing()
    sent = await channel.send("a board", file=_png())
    await channel.fetch_message(sent.id)
    [_ async for _ in channel.history(limit=5)]
    await sent.edit(content="a board, redrawn")
    await sent.add_reaction("☂️")
    await driver.react("alice", sent.id, "☂️")
    await driver.react("alice", sent.id, "🎲")
    fetched = await channel.fetch_message(sent.id)
    [_ async for _ in fetched.reactions[0].users()]
    await sent.remove_reaction("☂️", discord.Object(alice.id))
    await sent.remove_reaction("☂️", bot.user)  # type: ignore[arg-type]
    await sent.clear_reaction("🎲")
    await sent.clear_reactions()
    thread = await sent.create_thread(name="a thread")
    await thread.send("in the thread")
    await thread.edit(archived=True)
    await thread.delete()
    first, second = await channel.send("one"), await channel.send("two")
    await channel.delete_messages([first, second])
    await sent.delete()
    dm = await (await bot.fetch_user(bob.id)).create_dm()
    await dm.send("a secret")

    later = await channel.send("press later", view=Later())
    await _answer_by_hand(fake_discord, driver, world.message(later.id))
    posted = await driver.slash("alice", "games", "post")  # types 4 and 7, every webhook route
    assert posted.ok and await bot.done.get() == "post"
    assert (await driver.click("bob", posted.message, label="Update")).ok  # type: ignore[arg-type]
    await (await driver.click("bob", posted.message, label="Quietly")).wait_edit()  # type: ignore[arg-type]
    assert (await driver.slash("alice", "games", "think")).ok and await bot.done.get() == "think"
    asked = await driver.slash("alice", "games", "ask")
    assert asked.type == ix.MODAL
    assert (await driver.submit_modal("alice", asked, {"name": "Alice"})).ok
    assert await driver.autocomplete("alice", "games", "pick", "mode", mode="c")
    assert (await driver.slash("alice", "games", "play")).ok

    [instance] = world.instances.running.values()
    bot_auth = "Bot " + world.token
    status, _ = await _raw(fake_discord, "GET", f"/applications/{world.application_id}"
                           f"/activity-instances/{instance.id}", auth=bot_auth)
    assert status == 200
    form = {"client_id": str(world.application_id), "client_secret": CLIENT_SECRET,
            "grant_type": "authorization_code", "code": world.grants.code_for(alice)}
    status, token = await _raw(fake_discord, "POST", "/oauth2/token", data=form)
    assert status == 200
    status, _ = await _raw(fake_discord, "GET", "/users/@me",
                           auth="Bearer " + token["access_token"])
    assert status == 200

    invented = fake_discord.take_answer_violations()
    assert not invented, "the double answered what Discord's spec does not say:\n" + "\n".join(
        map(_route, invented))
    # Every route any group of the double serves gave a successful answer that was checked:
    # a route added later fails this test until it is exercised here.
    unchecked = set(fake_discord.api_routes) - fake_discord.checked_answers
    assert fake_discord.api_routes and not unchecked, (
        f"routes whose answers this test never checked: {sorted(unchecked)}")
    # Both answers of the callback and of the webhook: with their message, and without.
    statuses: dict[str, set[int]] = {}
    for record in fake_discord.requests:
        statuses.setdefault(f"{record.method} {record.route}", set()).add(record.status)
    assert statuses["POST /api/v10/interactions/{interaction_id}/{token}/callback"] >= {200, 204}
    assert statuses["POST /api/v10/webhooks/{app_id}/{token}"] >= {200, 204}


@pytest.mark.asyncio
async def test_an_invented_field_is_caught_naming_the_route_the_field_and_the_value(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    world = fake_discord.world
    alice = world.user("alice")
    payload = type(alice).payload
    monkeypatch.setattr(type(alice), "payload",
                        lambda self: {**payload(self), "nickname": "Ally"})
    status, _ = await _raw(fake_discord, "GET", f"/users/{alice.id}", auth="Bot " + world.token)
    assert status == 200  # the answer goes out; the test that got it fails
    [violation] = fake_discord.take_answer_violations()
    assert (violation.where, violation.field, violation.value) == (
        "response", ("nickname",), "Ally")
    assert _route(violation) == (
        f"GET /users/{{user_id}}: GET /users/{alice.id}: response nickname = 'Ally': "
        "not a field of UserResponse (UNKNOWN_FIELD)")


@pytest.mark.asyncio
async def test_a_required_field_left_out_is_caught(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    world = fake_discord.world
    payload = Message.payload

    def without_tts(self: Message, bot_user_id: int) -> dict[str, Any]:
        data = payload(self, bot_user_id)
        del data["tts"]
        return data

    monkeypatch.setattr(Message, "payload", without_tts)
    channel = world.channel("games")
    status, _ = await _raw(fake_discord, "POST", f"/channels/{channel.id}/messages",
                           auth="Bot " + world.token, json={"content": "hi"})
    assert status == 200
    [violation] = fake_discord.take_answer_violations()
    assert violation.field == ("tts",) and violation.message == "This field is required"


def test_a_status_or_body_the_operation_never_answers_is_caught() -> None:
    spec = contract()
    # Deleting a channel answers the channel (200); a thread is made with 201.
    [gone] = spec.check_answer("DELETE", "/channels/1", 204, "", b"")
    assert gone.code == "UNKNOWN_STATUS" and gone.message == "delete_channel never answers 204"
    [made] = spec.check_answer("POST", "/channels/1/messages/2/threads", 200,
                               "application/json", b"{}")
    assert made.message == "create_thread_from_message never answers 200"
    [body] = spec.check_answer("DELETE", "/channels/1/messages/2", 204, "application/json",
                               b"{}")
    assert body.message == "delete_message answers 204 with no body"
    deleted = _operation("DELETE", "/channels/1/messages/2")
    assert deleted.check_response("DELETE", "/channels/1/messages/2", 204, NO_BODY) == []
    [missing] = spec.check_answer("GET", "/gateway", 200, "", b"")
    assert missing.code == "BASE_TYPE_REQUIRED"
    assert spec.check_answer("GET", "/gateway", 200, "application/json",
                             b'{"url": "wss://gateway.discord.gg"}') == []


def test_the_strict_reading_follows_refs_unions_and_compositions() -> None:
    """An object takes the properties of every schema that applies to it: allOf branches
    together, the union branch it fits (not one it fails), and a map stays open."""
    operation = _operation("GET", "/channels/1")
    thread: dict[str, Any] = {
        "id": "5", "type": 11, "flags": 0, "guild_id": "1", "name": "t", "owner_id": "2",
        "parent_id": "3", "message_count": 0, "member_count": 1, "total_message_sent": 0,
        "thread_metadata": {"archived": False, "auto_archive_duration": 60,
                            "archive_timestamp": "2024-01-01T00:00:00+00:00", "locked": False}}
    assert operation.check_response("GET", "/channels/5", 200, thread) == []
    # A text channel's field on a thread: the branch that has it does not fit a thread.
    [topic] = operation.check_response("GET", "/channels/5", 200, {**thread, "topic": "x"})
    assert (topic.field, topic.message) == (("topic",), "not a field of ThreadResponse")
    [deep] = operation.check_response(
        "GET", "/channels/5", 200,
        {**thread, "thread_metadata": {**thread["thread_metadata"], "pinned": True}})
    assert deep.field == ("thread_metadata", "pinned") and deep.value is True
    [number] = operation.check_response("GET", "/channels/5", 200, {**thread, "id": 5})
    assert (number.field, number.code) == (("id",), "SNOWFLAKE_AS_NUMBER")

    # Discord's error answer is allOf [Error, {errors}]: each branch's fields are its own.
    error = {"code": 10008, "message": "Unknown Message"}
    delete = _operation("DELETE", "/channels/1/messages/2")
    assert delete.check_response("DELETE", "/channels/1/messages/2", 400, error) == []
    [extra] = delete.check_response("DELETE", "/channels/1/messages/2", 400,
                                    {**error, "hint": "none"})
    assert extra.field == ("hint",) and "ErrorResponse" in extra.message

    # A map (additionalProperties): any key, each value checked as the map's values.
    counts = _operation("GET", "/guilds/1/roles/member-counts")
    assert counts.check_response("GET", "/guilds/1/roles/member-counts", 200,
                                 {"11": 3, "12": 0}) == []


def test_requests_stay_as_lenient_as_discord() -> None:
    """Discord ignores fields of a request it does not know: the strict reading is for the
    double's answers only."""
    body = {"content": "hi", "not_a_field": True, "embeds": [{"title": "t", "colour": 1}]}
    assert contract().check_request("POST", "/channels/1/messages", [], "application/json",
                                    json.dumps(body).encode()) == []


def test_the_code_exchange_answers_as_discords_oauth2_page_says() -> None:
    spec = contract()
    answer = {"access_token": "a", "token_type": "Bearer", "expires_in": 604800,
              "refresh_token": "r", "scope": "identify"}
    assert spec.check_answer("POST", "/oauth2/token", 200, "application/json",
                             json.dumps(answer).encode()) == []
    [extra] = spec.check_answer("POST", "/oauth2/token", 200, "application/json",
                                json.dumps({**answer, "id_token": "x"}).encode())
    assert extra.where == "response" and "id_token" in extra.message
    [left_out] = spec.check_answer("POST", "/oauth2/token", 200, "application/json",
                                   json.dumps({**answer, "refresh_token": None}).encode())
    assert left_out.field == ("refresh_token",)


def test_a_double_that_invents_fails_the_test_that_met_it(pytester: pytest.Pytester,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The e2e fixture fails a test whose double answered off the spec, and says it is the
    double's defect, not the bot's."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest("from tests.e2e.conftest import fake_discord  # noqa: F401\n")
    pytester.makepyfile(test_planted=textwrap.dedent("""
        import aiohttp, pytest
        from tests.double import User

        @pytest.mark.asyncio
        async def test_meets_an_invented_field(fake_discord, monkeypatch):
            payload = User.payload
            monkeypatch.setattr(User, "payload", lambda self: {**payload(self), "age": 3})
            alice = fake_discord.world.user("alice")
            headers = {"Authorization": "Bot " + fake_discord.world.token}
            async with aiohttp.ClientSession() as session:
                url = fake_discord.api_base + "/users/%d" % alice.id
                async with session.get(url, headers=headers) as answer:
                    assert answer.status == 200
        """))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:xdist",
                                           "-p", "no:randomly")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*a defect of the Discord double, not of the bot*",
        "*GET /users/*: response age = 3: not a field of UserResponse (UNKNOWN_FIELD)*",
    ])


def test_components_come_back_numbered_and_filled_in_as_discord_answers_them() -> None:
    """A message's components as Discord keeps them: each with an id (the next free number,
    in order, where the request gave none), its defaults, its media resolved; and so, the
    message the double answers with is one Discord's spec takes, strictly."""
    world = World()
    channel = world.channel("games")
    board = world.new_attachment(channel.id, "board.png", _png().fp.read())
    sent = [
        {"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Go", "custom_id": "go",
             "emoji": {"name": "🎲", "id": None}},
            {"type": 2, "style": 5, "label": "Web", "url": "https://example.org", "id": 3}]},
        {"type": 1, "components": [{"type": 3, "custom_id": "pick", "required": True,
                                    "options": [{"label": "A", "value": "a"}]}]},
        {"type": 17, "components": [
            {"type": 10, "content": "Board"},
            {"type": 14},
            {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]},
            {"type": 9, "components": [{"type": 10, "content": "Turn"}],
             "accessory": {"type": 11, "media": {"url": "attachment://board.png"}}},
            {"type": 13, "file": {"url": "attachment://board.png"}}]},
    ]
    answered = discord_components(world, sent, [board])
    row, select_row, container = answered
    assert [row["id"], *(c["id"] for c in row["components"])] == [1, 2, 3]  # 3 was the request's
    assert row["components"][0]["emoji"] == {"name": "🎲"}
    [select] = select_row["components"]
    assert (select_row["id"], select["id"], select["min_values"], select["max_values"]) == (
        4, 5, 1, 1)
    assert "required" not in select  # a modal's field, which a message does not echo
    text, separator, gallery, section, file = container["components"]
    assert (separator["spacing"], separator["divider"]) == (1, True)
    assert gallery["items"][0]["media"]["attachment_id"] == str(board.id)
    assert gallery["items"][0]["media"]["url"] == board.url
    assert (file["name"], file["size"]) == ("board.png", len(board.data))
    assert section["accessory"]["spoiler"] is False
    assert [c["id"] for c in (container, text, separator, gallery, section)] == [6, 7, 8, 9, 10]

    msg = world.new_message(channel, world.bot_user, components=answered, flags=1 << 15,
                            attachments=[board])
    operation = _operation("GET", "/channels/1/messages/2")
    assert operation.check_response("GET", f"/channels/{channel.id}/messages/{msg.id}", 200,
                                    msg.payload(world.bot_user.id)) == []
