"""The double holds the bot to Discord's published API (`tests.double.openapi`): requests the
spec does not allow are refused as Discord refuses them and fail the test that made them."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from tests.double import FakeDiscord
from tests.double.openapi import contract, discord_body

ROOT = Path(__file__).resolve().parents[2]


class Client(discord.Client):
    """The smallest bot: it logs in and lets a test send what it likes."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))


def _channel(client: discord.Client, fake_discord: FakeDiscord) -> discord.TextChannel:
    channel = client.get_channel(fake_discord.world.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def _long_button() -> discord.ui.View:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x" * 81, custom_id="too-long"))
    return view


@pytest.mark.asyncio
async def test_a_button_label_of_81_characters_is_refused_naming_the_field(
        fake_discord: FakeDiscord, start_bot: Any) -> None:
    client = Client()
    await start_bot(client)
    with pytest.raises(discord.HTTPException) as refused:
        await _channel(client, fake_discord).send("hello", view=_long_button())
    assert refused.value.status == 400 and refused.value.code == 50035
    # discord.py flattens Discord's errors object into its message: the field is named.
    assert "In components.0.components.0.label: Must be 80 or fewer in length." in str(
        refused.value)
    [violation] = fake_discord.take_violations()
    assert violation.field == ("components", 0, "components", 0, "label")
    assert violation.value == "x" * 81
    assert "components.0.components.0.label = 'xxxx" in str(violation)
    assert not fake_discord.world.visible_messages(fake_discord.world.channel("general").id)


@pytest.mark.asyncio
async def test_a_multipart_upload_is_checked_by_its_payload_json(
        fake_discord: FakeDiscord, start_bot: Any, tmp_path: Any) -> None:
    client = Client()
    await start_bot(client)
    picture = tmp_path / "board.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n")
    channel = _channel(client, fake_discord)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(file=discord.File(picture), view=_long_button())
    assert refused.value.code == 50035
    [violation] = fake_discord.take_violations()
    assert violation.field[-1] == "label"
    sent = await channel.send("fine", file=discord.File(picture))  # and a good one goes through
    assert sent.attachments[0].filename == "board.png"


@pytest.mark.asyncio
async def test_an_operation_the_spec_does_not_have_is_caught(
        fake_discord: FakeDiscord, start_bot: Any) -> None:
    client = Client()
    await start_bot(client)
    channel_id = fake_discord.world.channel("general").id
    with pytest.raises(discord.NotFound):
        # The double serves GET on this path; the spec has no PUT there.
        await client.http.request(discord.http.Route(
            "PUT", "/channels/{channel_id}/messages", channel_id=channel_id))
    [violation] = fake_discord.take_violations()
    assert violation.where == "operation"
    assert str(violation) == (f"PUT /channels/{channel_id}/messages: "
                              "the spec has no such method on this path")
    fake_discord.take_unknown_routes()  # the double does not serve it either


@pytest.mark.asyncio
async def test_a_query_parameter_outside_the_operation_or_its_range_is_caught(
        fake_discord: FakeDiscord, start_bot: Any) -> None:
    client = Client()
    await start_bot(client)
    channel_id = fake_discord.world.channel("general").id
    route = discord.http.Route("GET", "/channels/{channel_id}/messages", channel_id=channel_id)
    await client.http.request(route, params={"limit": 100})  # Discord's own maximum: fine
    assert fake_discord.take_violations() == []
    with pytest.raises(discord.HTTPException):
        await client.http.request(route, params={"limit": 101, "sort": "newest"})
    found = {(v.field, v.value, v.message) for v in fake_discord.take_violations()}
    assert found == {
        (("limit",), 101, "int value should be less than or equal to 100."),
        (("sort",), "newest", "not a query parameter of list_messages"),
    }


@pytest.mark.asyncio
async def test_the_code_exchange_must_be_form_encoded(fake_discord: FakeDiscord) -> None:
    exchange = {"grant_type": "authorization_code", "code": "x"}
    async with aiohttp.ClientSession() as session, session.post(
            fake_discord.api_base + "/oauth2/token", json=exchange) as answer:
        assert answer.status == 400
        assert await answer.json() == {"error": "invalid_request"}
    [violation] = fake_discord.take_violations()
    assert violation.path == "/oauth2/token" and violation.value == "application/json"


def test_what_discord_takes_passes() -> None:
    """The readings the double allows are the API's own: snowflakes as numbers or strings,
    booleans in a query as discord.py writes them, the more literal path first."""
    spec = contract()
    body = {"content": "hi", "allowed_mentions": {"parse": [], "users": [123, "456"]}}
    assert spec.check_request("POST", "/channels/1/messages", [], "application/json",
                              json.dumps(body).encode()) == []
    assert spec.check_request("POST", "/interactions/1/tok/callback", [("with_response", "1")],
                              "application/json", b'{"type": 6}') == []
    found = spec.operation("GET", "/users/@me")
    assert found is not None and found[0].operation_id == "get_my_user"


def test_an_id_past_discords_integers_is_refused_at_sync() -> None:
    """The defect the spec found first: an option bounded by 2**53 (one past Discord's
    Int53Type) makes Discord refuse the whole bulk overwrite of the commands."""
    option = {"type": 4, "name": "match_id", "description": "The match", "min_value": 1,
              "max_value": 2**53}
    command = {"name": "replay", "description": "A replay", "type": 1, "options": [option]}
    [violation] = contract().check_request("PUT", "/applications/1/commands", [],
                                           "application/json", json.dumps([command]).encode())
    assert violation.field == (0, "options", 0, "max_value")
    assert discord_body([violation])["errors"] == {"0": {"options": {"0": {"max_value": {
        "_errors": [{"code": "NUMBER_TYPE_MAX",
                     "message": "int value should be less than or equal to 9007199254740991."}],
    }}}}}
    option["max_value"] = 2**53 - 1
    assert contract().check_request("PUT", "/applications/1/commands", [], "application/json",
                                    json.dumps([command]).encode()) == []


def test_a_violation_nobody_claims_fails_its_test(pytester: pytest.Pytester,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The fixture fails the test that sent it, naming the request, the field and the value."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest("from tests.e2e.conftest import fake_discord  # noqa: F401\n")
    pytester.makepyfile(test_planted=textwrap.dedent("""
        import aiohttp, pytest

        @pytest.mark.asyncio
        async def test_sends_a_long_label(fake_discord):
            body = {"components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "y" * 81, "custom_id": "c"}]}]}
            url = fake_discord.api_base + "/channels/%d/messages" % (
                fake_discord.world.channel("general").id)
            headers = {"Authorization": "Bot " + fake_discord.world.token}
            async with aiohttp.ClientSession() as session:
                async with session.post(url, json=body, headers=headers) as answer:
                    assert answer.status == 400
        """))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:xdist",
                                           "-p", "no:randomly")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*the bot sent requests that Discord's API spec does not allow*",
        "*POST /channels/*/messages: body components.0.components.0.label = 'yyyy*"
        "Must be 80 or fewer in length. (BASE_TYPE_MAX_LENGTH)*",
    ])
