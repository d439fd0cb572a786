"""The Discord Activity on the double: **Play on the board** answers with the launch-activity
response and opens an instance in the board's channel; the Activity's server exchanges a
sign-in code with the client secret (once per code), asks Discord who the access token's user
is and where the instance runs (the user must be in it), and hands back the board of that
channel's game (or of the game its thread holds) bound to that user; forged or reused
sign-ins, instances the user is not in, other channels and bad input are refused, sign-ins
are rationed, and the page never carries a secret. The board's socket takes Discord's proxy
as the page's origin."""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from dataclasses import replace
from types import SimpleNamespace

import aiohttp
import pytest

from bot.links import check
from cogs._web import LaunchButton
from tests.double import interactions as ix
from tests.double.oauth import CLIENT_SECRET
from tests.e2e.table import Table, czech
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_board import SECRET, free_port
from tests.e2e.test_web_play import web_on


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


async def launched(table: Table, user: str, board) -> str:
    """``user`` presses Play on the board under ``board``: the instance Discord opened."""
    result = await table.driver.click(user, board, label="Play on the board")
    assert result.ok and result.type == ix.LAUNCH_ACTIVITY and result.message is None
    instance = table.server.world.instances.launched[-1]
    assert table.driver.user(user).id in instance.users
    return instance.id


def opened_in(table: Table, user: str, channel: str | int) -> str:
    """``user`` opens the Activity from Discord's own launcher in ``channel`` (no button)."""
    world = table.server.world
    where = world.channels[channel] if isinstance(channel, int) else table.driver.channel(channel)
    return world.instances.launch(world.ids.next(), table.driver.user(user), where).id


async def board_of(http: aiohttp.ClientSession, base: str, token: str, instance: str,
                   match_id: int, user_id: int) -> str:
    """``/api/board``'s answer: the path of ``match_id``'s board, bound to ``user_id``."""
    answer = await http.post(f"{base}/api/board",
                             json={"access_token": token, "instance_id": instance})
    assert answer.status == 200, await answer.text()
    text = await answer.text()
    assert CLIENT_SECRET not in text and SECRET not in text and token not in text
    url = (await answer.json())["url"]
    assert url.startswith(f"/m/{match_id}?t=")  # a path: Discord's proxy serves the page
    allowed = check(SECRET, url.split("?t=")[1], match_id, time.time())
    assert allowed.user_id == user_id and allowed.match_id == match_id
    return str(url)


@pytest.mark.asyncio
async def test_play_on_the_board_launches_the_activity_in_the_boards_channel(table):
    activity_on(table)
    await table.start()
    board, _ = await open_mimikri(table, "alice", "bob")
    await launched(table, "alice", board)
    await launched(table, "bob", board)  # Bob joins Alice's instance
    first, second = table.server.world.instances.launched
    assert first is second and first.channel is table.driver.channel("games")


@pytest.mark.asyncio
async def test_the_activity_signs_in_and_opens_the_channels_board_as_that_user(table):
    base = activity_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    bob = table.driver.user("bob").id
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/activity"):  # the URL mapping's root is what Discord loads
            page = await http.get(f"{base}{path}?frame_id=f&instance_id=i&platform=desktop")
            text = await page.text()
            assert page.status == 200 and CLIENT_SECRET not in text and SECRET not in text
            assert f'data-client="{table.server.world.application_id}"' in text
            policy = page.headers["Content-Security-Policy"]
            assert "script-src 'self'" in policy and "https://discord.com" in policy
            assert "frame-ancestors" in policy and page.headers["Cache-Control"] == "no-store"
            # Framed by Discord on either of its domains; its socket named with its scheme,
            # from the board's own address and from Discord's proxy of the Activity.
            framers = policy.split("frame-ancestors")[1]
            assert "https://discordapp.com" in framers and "https://*.discordapp.com" in framers
            sockets = policy.split("connect-src")[1].split(";")[0].split()
            assert f"wss://{table.server.world.application_id}.discordsays.com" in sockets
            assert "ws://" + base.partition("://")[2] in sockets
        script = await http.get(f"{base}/static/vendor/discord-embedded-app-sdk.js",
                                headers={"Accept-Encoding": "gzip"})
        assert script.status == 200 and "DiscordEmbedded" in await script.text()
        assert script.headers["Content-Type"].startswith("text/javascript")
        assert script.headers.get("Content-Encoding") == "gzip"  # 150 KB, a third sent

        instance = await launched(table, "bob", board)
        token = await signed_in(http, base, table, "bob")
        url = await board_of(http, base, token, instance, match_id, bob)
        assert (await http.get(f"{base}{url}")).status == 200

        # Refused: a code used twice, a made-up code, a made-up token, an instance the user
        # is not in, one that does not run, bad input.
        code = table.server.world.grants.code_for(table.driver.user("alice"))
        assert (await http.post(f"{base}/api/token", json={"code": code})).status == 200
        assert (await http.post(f"{base}/api/token", json={"code": code})).status == 403
        assert (await http.post(f"{base}/api/token", json={"code": "made-up"})).status == 403
        carol = await signed_in(http, base, table, "carol")
        for refused in ({"access_token": "made-up", "instance_id": instance},
                        {"access_token": carol, "instance_id": instance},
                        {"access_token": token, "instance_id": "i-1-gc-2-3"}):
            answer = await http.post(f"{base}/api/board", json=refused)
            assert answer.status == 403 and "url" not in await answer.text()
        for bad in ({}, {"code": 5}, {"code": "x" * 1000}):
            assert (await http.post(f"{base}/api/token", json=bad)).status == 400
        for bad in ({"access_token": token}, {"access_token": token, "instance_id": "../x"},
                    {"access_token": token, "instance_id": 5}, {"instance_id": instance}):
            assert (await http.post(f"{base}/api/board", json=bad)).status == 400
        assert (await http.post(f"{base}/api/board", data=b"[not json")).status == 400
        assert (await http.post(f"{base}/api/board", data=b"{" * 5000)).status == 413

        # Opened in a channel without a game: the games it may open there.
        elsewhere = opened_in(table, "bob", "lobby")
        answer = await http.post(f"{base}/api/board",
                                 json={"access_token": token, "instance_id": elsewhere})
        assert answer.status == 200 and "url" not in (offered := await answer.json())
        assert offered["offer"][0]["id"] == "mimikri"


@pytest.mark.asyncio
async def test_a_czech_server_reads_the_activity_in_czech(table):
    base = activity_on(table)
    await czech(table)
    guild = table.server.world.guild.id
    async with aiohttp.ClientSession() as http:
        page = await (await http.get(f"{base}/?guild_id={guild}")).text()
        said = json.loads(html.unescape(re.search(r'data-words="([^"]*)"', page)[1]))
        assert 'lang="cs"' in page and "Hrát na desce" in said["outside"]  # the button's name
        assert 'lang="en"' in await (await http.get(f"{base}/?guild_id=nonsense")).text()
        token = await signed_in(http, base, table, "alice")
        answer = await http.post(f"{base}/api/board", json={
            "access_token": token, "instance_id": opened_in(table, "alice", "lobby")})
        offered = (await answer.json())["offer"]
        assert answer.status == 200 and offered[0]["options"][0]["name"] == "čas na tah"


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
    alice = table.driver.user("alice").id
    async with aiohttp.ClientSession() as http:
        token = await signed_in(http, base, table, "alice")
        for channel in (match.thread_id, match.home_channel_id):
            await board_of(http, base, token, opened_in(table, "alice", channel), match_id,
                           alice)
        answer = await http.post(f"{base}/api/board", json={
            "access_token": token, "instance_id": opened_in(table, "alice", "lobby")})
        assert answer.status == 200 and "offer" in await answer.json()


@pytest.mark.asyncio
async def test_sign_ins_are_rationed_and_discord_out_of_reach_is_a_bad_gateway(table, caplog):
    base = activity_on(table)
    await table.start()
    async with aiohttp.ClientSession() as http:
        answers = await asyncio.gather(*(http.post(f"{base}/api/token", json={"code": "x"})
                                         for _ in range(80)))
        statuses = [a.status for a in answers]
        assert statuses.count(429) >= 20 and set(statuses) == {403, 429}, statuses
        assert next(a for a in answers if a.status == 429).headers["Retry-After"] == "1"
        await asyncio.sleep(1.0)  # the allowance fills again
        activity = table.bot.web.activity  # Discord, as far as it knows, goes away
        activity.settings = replace(activity.settings,
                                    discord_api=f"http://127.0.0.1:{free_port()}")
        answer = await http.post(f"{base}/api/token", json={"code": "a-real-looking-code"})
        assert answer.status == 502 and "a-real-looking-code" not in caplog.text
        assert CLIENT_SECRET not in caplog.text


async def crash(table: Table) -> None:
    """Kill the bot; the OS then closes its listening socket, as it does a killed process's."""
    web = getattr(table.bot, "web", None)  # what the root started (root.compose.RootBot)
    await table.kill()
    if web is not None and web.runner is not None:
        await web.runner.cleanup()


def labels(table: Table, board) -> set[str]:
    return {str(c.get("label")) for c in table.driver.latest(board).iter_components()}


@pytest.mark.asyncio
async def test_a_restart_that_turns_the_activity_on_or_off_redraws_the_boards_buttons(table):
    """The boards a restart leaves as they are still show what their buttons do: turning the
    Activity on adds **Play on the board** under running boards at start-up, turning it off
    takes it away; a press of it on a message drawn before is answered privately."""
    web_on(table)  # a fresh port at each start
    await table.start()
    board, _match_id = await open_mimikri(table, "alice", "bob")
    assert "Play on the web" in labels(table, board)
    assert "Play on the board" not in labels(table, board)
    await crash(table)
    activity_on(table)
    await table.start()
    assert "Play on the board" in labels(table, board), "redrawn at start-up"
    stale = table.driver.latest(board)  # as a client that has not seen the next edit shows it
    launch = next(c["custom_id"] for c in stale.iter_components()
                  if c.get("label") == "Play on the board")
    await crash(table)
    web_on(table)
    await table.start()
    assert "Play on the board" not in labels(table, board), "redrawn at start-up"
    assert "Play on the web" in labels(table, board)
    pressed = await table.driver._interact(  # the old message's button, pressed all the same
        ix.COMPONENT, "bob", table.driver.channel(stale.channel_id),
        {"custom_id": launch, "component_type": 2}, message=stale)
    # Discord hands the bot the message as it is now, without the button: told privately.
    assert pressed.ok and pressed.ephemeral and pressed.type != ix.LAUNCH_ACTIVITY


@pytest.mark.asyncio
async def test_play_on_the_board_with_the_activity_off_answers_privately():
    """A **Play on the board** that reaches a bot whose Activity is off (a message its start-up
    could not redraw) tells the presser privately what to use instead; it launches nothing."""
    told: list[tuple[str, dict]] = []

    async def send_message(text: str, **extra: object) -> None:
        told.append((text, extra))

    async def launch_activity() -> None:
        raise AssertionError("launched with the Activity off")

    interaction = SimpleNamespace(
        client=SimpleNamespace(settings=SimpleNamespace(activity=False)), locale="en-US",
        response=SimpleNamespace(is_done=lambda: False, send_message=send_message,
                                 launch_activity=launch_activity))
    await LaunchButton(7).callback(interaction)  # type: ignore[arg-type]
    [(text, extra)] = told
    assert extra == {"ephemeral": True} and "**Play on the web**" in text


@pytest.mark.asyncio
async def test_discords_rate_limit_reaches_the_page_as_a_rate_limit_with_its_wait(table):
    """Discord's 429 on the code exchange, or one discord.py could not wait out on the
    instance, reaches the page as a 429 with Retry-After (whole seconds), never a 5xx; the
    page then tries again and gets in."""
    base = activity_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    bob = table.driver.user("bob").id
    async with aiohttp.ClientSession() as http:
        table.server.fail("POST /oauth2/token", 429, retry_after=2.5)
        code = table.server.world.grants.code_for(table.driver.user("bob"))
        answer = await http.post(f"{base}/api/token", json={"code": code})
        assert answer.status == 429 and answer.headers["Retry-After"] == "3"
        token = await signed_in(http, base, table, "bob")  # its next try gets in
        instance = await launched(table, "bob", board)
        table.server.fail("GET /applications/*/activity-instances/*", 429, retry_after=0.01,
                          times=-1)
        answer = await http.post(f"{base}/api/board",
                                 json={"access_token": token, "instance_id": instance})
        assert answer.status == 429 and int(answer.headers["Retry-After"]) >= 1
        table.server.faults.clear()
        await board_of(http, base, token, instance, match_id, bob)


@pytest.mark.asyncio
async def test_a_boards_socket_may_come_from_discords_proxy_of_the_page(table):
    base = activity_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    token = await signed_in_link(table, base, board, match_id)
    proxy = f"https://{table.server.world.application_id}.discordsays.com"
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"{base}/m/{match_id}/ws?t={token}",
                                   headers={"Origin": proxy}) as ws:
            assert (await ws.receive_json(timeout=5))["status"] == "active"
        for other in ("https://1.discordsays.com", "https://evil.example"):
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(f"{base}/m/{match_id}/ws?t={token}",
                                      headers={"Origin": other})


async def signed_in_link(table: Table, base: str, board, match_id: int) -> str:
    """Bob's board token, as the Activity hands it out."""
    async with aiohttp.ClientSession() as http:
        url = await board_of(http, base, await signed_in(http, base, table, "bob"),
                             await launched(table, "bob", board), match_id,
                             table.driver.user("bob").id)
    return url.split("?t=")[1]


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
        for path in ("/", "/activity", "/static/vendor/discord-embedded-app-sdk.js"):
            assert (await http.get(f"{base}{path}")).status == 404
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
