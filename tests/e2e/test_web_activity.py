"""The Discord Activity on the double: **Play on the board** answers with the launch-activity
response; the Activity's server exchanges a sign-in code with the client secret (once per
code), asks Discord who the access token's user is, and hands back the board of the channel's
game bound to that user; forged or reused sign-ins, other channels and bad input are refused,
and the page never carries the secret."""

from __future__ import annotations

import time
from typing import Any

import aiohttp
import pytest

from tests.double import interactions as ix
from tests.double.oauth import CLIENT_SECRET
from tests.e2e.table import Table
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_board import SECRET, free_port
from web.tokens import check


def activity_on(table: Table) -> str:
    """The web board and the Activity on for ``table`` (before it starts); the address."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    table.settings = {"web_url": base, "web_secret": SECRET, "web_port": port,
                      "discord_client_secret": CLIENT_SECRET,
                      "discord_api": f"http://127.0.0.1:{table.server.port}/api/v10"}
    return base


async def signed_in(http: aiohttp.ClientSession, base: str, table: Table, user: str) -> str:
    """An access token of ``user``, as the Activity's page gets one."""
    code = table.server.world.grants.code_for(table.driver.user(user))
    answer = await http.post(f"{base}/api/token", json={"code": code})
    assert answer.status == 200, await answer.text()
    sent = await answer.json()
    assert set(sent) == {"access_token"}  # no refresh token, nothing else reaches the page
    return str(sent["access_token"])


@pytest.mark.asyncio
async def test_play_on_the_board_launches_the_activity(table):
    activity_on(table)
    await table.start()
    board, _ = await open_mimikri(table, "alice", "bob")
    result = await table.driver.click("alice", board, label="Play on the board")
    assert result.ok and result.type == ix.LAUNCH_ACTIVITY and result.message is None


@pytest.mark.asyncio
async def test_the_activity_signs_in_and_opens_the_channels_board_as_that_user(table):
    base = activity_on(table)
    await table.start()
    _, match_id = await open_mimikri(table, "alice", "bob")
    games = str(table.driver.channel("games").id)
    async with aiohttp.ClientSession() as http:
        page = await http.get(f"{base}/activity")
        text = await page.text()
        assert page.status == 200 and CLIENT_SECRET not in text and SECRET not in text
        assert f'data-client="{table.server.world.application_id}"' in text
        assert "frame-ancestors" in page.headers["Content-Security-Policy"]
        script = await http.get(f"{base}/static/vendor/discord-embedded-app-sdk.js")
        assert script.status == 200 and "DiscordEmbedded" in await script.text()

        token = await signed_in(http, base, table, "bob")
        answer = await http.post(f"{base}/api/board",
                                 json={"access_token": token, "channel_id": games})
        assert answer.status == 200
        url = (await answer.json())["url"]
        assert url.startswith(f"/m/{match_id}?t=")  # a path: Discord's proxy serves the page
        allowed = check(SECRET, url.split("?t=")[1], match_id, time.time())
        assert allowed.user_id == table.driver.user("bob").id
        assert (await http.get(f"{base}{url}")).status == 200

        # Refused: a code used twice, a made-up code, a made-up token, bad input.
        code = table.server.world.grants.code_for(table.driver.user("alice"))
        assert (await http.post(f"{base}/api/token", json={"code": code})).status == 200
        assert (await http.post(f"{base}/api/token", json={"code": code})).status == 403
        assert (await http.post(f"{base}/api/token", json={"code": "made-up"})).status == 403
        assert (await http.post(f"{base}/api/board", json={
            "access_token": "made-up", "channel_id": games})).status == 403
        for bad in ({}, {"code": 5}, {"code": "x" * 1000}):
            assert (await http.post(f"{base}/api/token", json=bad)).status == 400
        assert (await http.post(f"{base}/api/board", json={
            "access_token": token, "channel_id": "games"})).status == 400
        assert (await http.post(f"{base}/api/board", data=b"[not json")).status == 400

        # A channel without a game: said in the server's words.
        other: dict[str, Any] = {"access_token": token,
                                 "channel_id": str(table.driver.channel("lobby").id),
                                 "guild_id": str(table.server.world.guild.id)}
        answer = await http.post(f"{base}/api/board", json=other)
        assert answer.status == 404 and "no game" in (await answer.json())["error"]


@pytest.mark.asyncio
async def test_without_the_client_secret_there_is_no_activity(table):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    table.settings = {"web_url": base, "web_secret": SECRET, "web_port": port}
    await table.start()
    board, _ = await open_mimikri(table, "alice", "bob")
    labels = [c.get("label") for c in table.driver.latest(board).iter_components()]
    assert "Play on the web" in labels and "Play on the board" not in labels
    async with aiohttp.ClientSession() as http:
        assert (await http.get(f"{base}/activity")).status == 404
        assert (await http.post(f"{base}/api/token", json={"code": "x"})).status in (404, 405)


@pytest.mark.asyncio
async def test_a_full_board_keeps_its_game_buttons_and_leaves_the_links_out(table):
    """Mimikri with five subjects fills all 25 of a message's buttons: the links wait."""
    activity_on(table)
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimikri new", subjects=5, turn_timer=0)
    await driver.click("bob", opened.message, label="Join")
    await driver.click("alice", opened.message, label="Start")
    await table.idle()
    labels = [c.get("label") for c in driver.latest(opened.message).iter_components()
              if c.get("type") == 2]
    assert len(labels) == 25 and "A5" in labels and "Play on the web" not in labels


@pytest.mark.asyncio
async def test_a_game_in_its_thread_is_found_from_the_thread_and_from_its_channel(table):
    """An Activity opened in the game's thread (its channel id is the thread's) or in the
    channel the game moved out of opens that game; a channel the game never was in does not."""
    from tests.e2e.test_threads import mimikri_in_thread

    base = activity_on(table)
    await table.start()
    _, match_id = await mimikri_in_thread(table)
    match = await table.match(match_id)
    assert match.in_thread and match.home_channel_id == table.driver.channel("games").id
    async with aiohttp.ClientSession() as http:
        token = await signed_in(http, base, table, "alice")
        for channel in (match.thread_id, match.home_channel_id):
            answer = await http.post(f"{base}/api/board",
                                     json={"access_token": token, "channel_id": str(channel)})
            assert answer.status == 200, await answer.text()
            url = (await answer.json())["url"]
            assert url.startswith(f"/m/{match_id}?t=")
            allowed = check(SECRET, url.split("?t=")[1], match_id, time.time())
            assert allowed.user_id == table.driver.user("alice").id
        elsewhere = await http.post(f"{base}/api/board", json={
            "access_token": token, "channel_id": str(table.driver.channel("lobby").id)})
        assert elsewhere.status == 404
