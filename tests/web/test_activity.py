"""The Discord Activity in a real browser: headless Chromium shows a stand-in for Discord's
client (a parent page answering the Embedded App SDK's postMessage protocol as Discord does:
the handshake, READY, AUTHORIZE and AUTHENTICATE) with the Activity framed inside it, opened as
**Play on the board** opens it; the page signs in through the double's OAuth2 and shows its
channel's board in place — the same page, which made the SDK's handshake — as the one who
pressed the button, plays there, and keeps showing who is in the Activity as Discord tells it.
Opened outside Discord, the page says where it belongs."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from tests.e2e.test_mimikri import choose
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_activity import activity_on, launched, opened_in
from tests.waiting import until
from tests.web.browsing import CHROMIUM, FLAGS, PHONE

pytestmark = pytest.mark.browser  # the browser fixture skips, saying why, without Chromium

# Discord's client around an Activity, as the SDK's source talks to it: messages are
# [opcode, payload]; opcode 0 is the SDK's handshake (v, encoding, client_id, frame_id), 1 a
# frame: the client dispatches READY, answers each command with its nonce, and the SDK takes
# messages only from Discord's origins (so this page is served as https://discord.com).
PARENT = """<!doctype html><html><body>
<iframe id="activity" src="ACTIVITY" style="width:400px;height:800px"></iframe>
<script>
const known = KNOWN;
known.person = (user) => ({...user, flags: 0, bot: false});
const frame = document.getElementById("activity");
window.seen = [];
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow) return;
  const [opcode, payload] = event.data;
  const send = (message) => frame.contentWindow.postMessage([1, message], "*");
  const answer = (data) => send({cmd: payload.cmd, nonce: payload.nonce, evt: null, data});
  if (opcode === 0) {
    window.seen.push(["HANDSHAKE", payload.client_id, payload.frame_id, payload.v]);
    send({cmd: "DISPATCH", evt: "READY", nonce: null,
          data: {v: 1, config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api",
                                environment: "production"}}});
  } else if (payload.cmd === "AUTHORIZE") {
    window.seen.push(["AUTHORIZE", payload.args]);
    answer({code: known.codes.shift()});
  } else if (payload.cmd === "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS") {
    window.seen.push(["PARTICIPANTS"]);
    answer({participants: [known.person(known.user), known.person(known.other)]});
  } else if (payload.cmd === "SUBSCRIBE") {
    window.seen.push(["SUBSCRIBE", payload.evt]);
    answer({evt: payload.evt});
    window.leave = () => send({cmd: "DISPATCH", evt: payload.evt, nonce: null,
                               data: {participants: [known.person(known.user)]}});
  } else if (payload.cmd === "AUTHENTICATE") {
    window.seen.push(["AUTHENTICATE", payload.args.access_token.length > 0]);
    answer({access_token: payload.args.access_token, scopes: ["identify"],
            expires: "2099-01-01T00:00:00.000Z", user: known.user,
            application: {description: "", id: known.client, name: "Menagerie"}});
  } else {
    window.seen.push([payload.cmd]);
    send({cmd: payload.cmd, nonce: payload.nonce, evt: "ERROR",
          data: {code: 1000, message: "not in this stand-in"}});
  }
});
</script></body></html>"""


@pytest.mark.asyncio
async def test_the_activity_in_a_discord_frame_signs_in_and_plays_as_the_presser(table,
                                                                                browser):
    base = activity_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    world, alice = table.server.world, table.driver.user("alice")
    channel = table.driver.channel("games")
    instance = await launched(table, "alice", board)
    activity = (f"{base}/?frame_id=f1&instance_id={instance}&platform=desktop"
                f"&guild_id={world.guild.id}&channel_id={channel.id}")
    bob = table.driver.user("bob")
    # One sign-in code for each time the page signs in (a reload signs in again).
    codes = [world.grants.code_for(alice), world.grants.code_for(alice)]
    known = {"codes": codes, "client": str(world.application_id),
             "user": {"id": str(alice.id), "username": alice.username, "discriminator": "0",
                      "global_name": None, "avatar": None, "public_flags": 0},
             "other": {"id": str(bob.id), "username": bob.username, "discriminator": "0",
                       "global_name": "Bob *the* <b>Builder</b>", "avatar": None,
                       "public_flags": 0}}
    parent = PARENT.replace('src="ACTIVITY"', f'src="{activity}"', 1).replace(
        "const known = KNOWN;", f"const known = {json.dumps(known)};", 1)
    # Discord's real page frames a public address; here the board is on 127.0.0.1, which
    # Chromium keeps public pages from reaching unless told this is a test: a browser of its own.
    framed = await browser.browser_type.launch(executable_path=CHROMIUM, args=[
        *FLAGS, "--disable-features=LocalNetworkAccessChecks"])
    try:
        context = await framed.new_context(viewport=PHONE)
        await context.route("https://discord.com/activities/**", lambda route: route.fulfill(
            status=200, content_type="text/html", body=parent))
        page = await context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text)
                if message.type == "error" else None)
        await page.goto("https://discord.com/activities/menagerie")
        frame = page.frame_locator("#activity")
        try:
            await frame.locator("#panel").wait_for(state="visible", timeout=10_000)
        except Exception:
            raise AssertionError((await page.evaluate("() => window.seen"), errors,
                                  await frame.locator("body").inner_html())) from None
        seen = await page.evaluate("() => window.seen")
        assert seen[:3] == [
            ["HANDSHAKE", str(world.application_id), "f1", 1],
            ["AUTHORIZE", {"client_id": str(world.application_id), "response_type": "code",
                           "state": "", "prompt": "none", "scope": ["identify"]}],
            ["AUTHENTICATE", True]], seen
        # One page: the board plays in the page that made the handshake, never navigated.
        assert page.frames[1].url == activity
        token = await frame.locator("main").get_attribute("data-token")
        assert await frame.locator("main").get_attribute("data-match") == str(match_id)
        await check_bound_to(table, f"/m/{match_id}?t={token}", match_id, alice.id)
        assert (await frame.locator("h1").text_content() or "").startswith("Mimikri")
        # Who is in the Activity, as Discord says, names as written; kept current.
        people = frame.locator("#people")
        try:
            await people.filter(has_text="Bob *the* <b>Builder</b>").wait_for(timeout=5_000)
        except Exception:
            raise AssertionError((await page.evaluate("() => window.seen"), errors,
                                  await people.inner_html())) from None
        assert alice.username in (await people.text_content() or "")
        assert await frame.locator("#people b").count() == 0, "a name is text, never markup"
        assert ["SUBSCRIBE", "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE"] in \
            await page.evaluate("() => window.seen")
        await page.evaluate("() => window.leave()")  # Bob leaves the Activity
        await people.filter(has_not_text="Bob").wait_for(timeout=5_000)

        match = await table.match(match_id)  # Alice orients the camera first
        label = choose({**match.state, "version_hint": match.version})
        await frame.locator(f"#choices button:text-is('{label}')").click()

        async def moved() -> bool:
            return (await table.match(match_id)).version > match.version
        await until(moved, "the move made in the Activity")
        assert not errors, errors

        # A reload inside Discord keeps Discord's query: the page signs in again by itself.
        await frame.locator("main").evaluate("() => location.reload()")

        async def signed_in_again() -> bool:
            seen = await page.evaluate("() => window.seen")
            return [s[0] for s in seen].count("AUTHENTICATE") == 2
        await until(signed_in_again, "the reloaded page signing in again")
        await frame.locator("main[data-match]").wait_for(timeout=10_000)
        await frame.locator("#panel").wait_for(state="visible", timeout=10_000)
        assert await frame.locator("main").get_attribute("data-match") == str(match_id)
        assert page.frames[1].url == activity and not errors, errors

        outside = await context.new_page()  # the same page, not inside Discord
        await outside.goto(f"{base}/")
        await outside.locator("#state:has-text('inside Discord')").wait_for(timeout=5_000)
        assert "Play on the board" in (await outside.text_content("#state") or "")
    finally:
        await framed.close()


async def check_bound_to(table: Any, url: str, match_id: int, user_id: int) -> None:
    """The board's link names ``user_id`` on ``match_id`` (signed with the board's secret)."""
    import time

    from bot.links import check

    allowed = check(table.bot.settings.web_secret, url.split("?t=")[1], match_id, time.time())
    assert allowed.user_id == user_id


async def framed_activity(table: Any, browser: Any, base: str, user: str, instance: str,
                          signs_in: int = 1) -> tuple[Any, Any, Any]:
    """``user``'s Discord client (the stand-in) with the Activity of ``instance`` framed in
    it, on a phone: its browser, the client's page and the Activity's frame."""
    world = table.server.world
    me, bob = table.driver.user(user), table.driver.user("bob")
    channel = world.instances.running[instance].channel
    activity = (f"{base}/?frame_id=f1&instance_id={instance}&platform=mobile"
                f"&guild_id={world.guild.id}&channel_id={channel.id}")
    known = {"codes": [world.grants.code_for(me) for _ in range(signs_in)],
             "client": str(world.application_id),
             "user": {"id": str(me.id), "username": me.username, "discriminator": "0",
                      "global_name": None, "avatar": None, "public_flags": 0},
             "other": {"id": str(bob.id), "username": bob.username, "discriminator": "0",
                       "global_name": None, "avatar": None, "public_flags": 0}}
    parent = PARENT.replace('src="ACTIVITY"', f'src="{activity}"', 1).replace(
        "const known = KNOWN;", f"const known = {json.dumps(known)};", 1)
    framed = await browser.browser_type.launch(executable_path=CHROMIUM, args=[
        *FLAGS, "--disable-features=LocalNetworkAccessChecks"])
    context = await framed.new_context(viewport=PHONE)
    await context.route("https://discord.com/activities/**", lambda route: route.fulfill(
        status=200, content_type="text/html", body=parent))
    page = await context.new_page()
    await page.goto("https://discord.com/activities/menagerie")
    return framed, page, page.frame_locator("#activity")


@pytest.mark.asyncio
async def test_a_whole_game_from_an_empty_channels_activity_to_its_rematch(table, browser):
    """Lobby → computer → moves → result → rematch, all in the one page Discord framed: the
    lobby's message appears in the channel, the document is never replaced, and the SDK
    still answers after the last move."""
    from bot.games import REGISTRY

    base = activity_on(table)
    await table.start()
    instance = opened_in(table, "alice", "games")
    framed, page, frame = await framed_activity(table, browser, base, "alice", instance)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        origin = await frame.locator("main").evaluate("() => performance.timeOrigin")
        await frame.locator("#offer").wait_for(state="visible", timeout=10_000)
        await frame.locator("#games button", has_text="Mimikri").click()
        await frame.locator("#options select[name=turn_timer]").select_option("0")
        since = table.driver.mark()
        await frame.locator("#open").click()
        await frame.locator("#lobby").wait_for(state="visible", timeout=10_000)
        lobby = await table.driver.wait_for_message(lambda m: "Mimikri" in m.content,
                                                    since=since)
        match_id = int((await frame.locator("main").get_attribute("data-match")) or 0)
        assert (await table.match(match_id)).message_id in (None, lobby.id)
        assert await frame.locator("#seats li").all_text_contents() == ["Alice"]
        # Start waits for a second player: a computer, at the level picked.
        assert await frame.locator("#lobby-buttons button", has_text="Start").is_disabled()
        await frame.locator("#lobby-buttons button", has_text="(hard)").click()
        await frame.locator("#seats li").nth(1).wait_for(timeout=10_000)
        await frame.locator("#lobby-buttons button", has_text="Start").click()
        await frame.locator("#stage").wait_for(state="visible", timeout=10_000)
        assert (await table.match(match_id)).status == "active"
        # In words too: whose turn (Alice orients the camera first), and the picture's alt
        # text as Discord's copy of it has it.
        await frame.locator("#told", has_text="Alice").wait_for(timeout=10_000)
        alt = await frame.locator("#board").get_attribute("alt") or ""
        assert alt.startswith(f"Mimikri · game #{match_id}") and "Alice" in alt, alt
        await table.idle()
        discord = table.driver.latest(lobby).attachments[0].description
        assert alt == discord, (alt, discord)

        rules = REGISTRY["mimikri"]
        for _ in range(300):
            match = await table.match(match_id)
            if match.status != "active":
                break
            if 0 not in rules.active_seats(match.state):
                await table.idle()
                continue
            await frame.locator(f"main[data-version='{match.version}']").wait_for(
                timeout=10_000)
            label = choose({**match.state, "version_hint": match.version})
            # A choice is a button, or its place on the picture (a cell of the board).
            await frame.locator(f"#choices button:text-is('{label}'), "
                                f"#spots .spot[title='{label}']").first.click()

            async def moved(before: int = match.version) -> bool:
                return (await table.match(match_id)).version > before
            await until(moved, "alice's move in the Activity")
        else:
            raise AssertionError("the game did not end")
        assert (await table.match(match_id)).status == "finished"

        # The result, the server's standings and Rematch, in the same page.
        await frame.locator("#after").wait_for(state="visible", timeout=10_000)
        await frame.locator("#standings tbody tr").first.wait_for(timeout=10_000)
        assert "Alice" in (await frame.locator("#standings").text_content() or "")
        assert "game over" in (await frame.locator("#told").text_content() or "")
        asked = len(await page.evaluate("() => window.seen"))
        await frame.locator("#after-buttons button", has_text="Rematch").click()
        await frame.locator(f"main:not([data-match='{match_id}'])").wait_for(timeout=10_000)
        rematch_id = int((await frame.locator("main").get_attribute("data-match")) or 0)
        again = await table.match(rematch_id)
        assert again.status == "lobby" and again.game == "mimikri"
        await frame.locator("#seats li").nth(1).wait_for(timeout=10_000)  # its computer too
        # The SDK still answers, in the page that made the handshake.
        seen = (await page.evaluate("() => window.seen"))[asked:]
        assert ["PARTICIPANTS"] in seen, seen
        assert await frame.locator("main").evaluate("() => performance.timeOrigin") == origin
        assert page.frames[1].url.startswith(f"{base}/?frame_id=f1")
        # The rules card, one tap away.
        await frame.locator("#rules-button").click()
        await frame.locator("#rules-picture").wait_for(state="visible", timeout=10_000)
        assert len(await frame.locator("#rules-text").text_content() or "") > 100
        assert not errors, errors
    finally:
        await framed.close()


@pytest.mark.asyncio
async def test_the_activity_waits_out_a_rate_limit_and_outlives_its_link(table, browser,
                                                                       monkeypatch):
    """Discord's 429 on the sign-in exchange is waited out by the page (as long as it says),
    not shown as a failure; a board open longer than its link's life (here a few seconds) is
    sent a fresh link over its socket, and when its connection drops after the first link
    expired it comes back with the fresh one — never a loop of refused reconnects."""
    import web.activity
    import web.server

    monkeypatch.setattr(web.activity, "LINK_LIFE", 8)
    monkeypatch.setattr(web.server, "LINK_LIFE", 8)
    monkeypatch.setattr(web.server, "RENEW_AHEAD", 6)
    base = activity_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    instance = await launched(table, "alice", board)
    framed, page, frame = await framed_activity(table, browser, base, "alice", instance,
                                                signs_in=2)
    exchanges: list[int] = []

    async def limited(route: Any) -> None:
        exchanges.append(len(exchanges))
        if len(exchanges) == 1:  # Discord's limit, as the server passes it on
            await route.fulfill(status=429, headers={"Retry-After": "1"}, body="wait")
        else:
            await route.continue_()
    try:
        await page.context.route(f"{base}/api/token", limited)
        await frame.locator("main").evaluate("() => location.reload()")  # with the route on
        await frame.locator("#panel").wait_for(state="visible", timeout=15_000)
        assert len(exchanges) == 2, "the 429 was tried again, after its wait"
        first = await frame.locator("main").get_attribute("data-token")
        await until(lambda: _changed(frame, first), "a fresh link over the socket", timeout=15)
        from bot.links import check

        ends = check(table.bot.settings.web_secret, first or "", match_id, 0).expires
        await asyncio.sleep(max(0.0, ends + 1 - time.time()))  # the first link has run out
        for live_board in list(table.bot.web.live.boards.get(match_id, ())):
            await live_board.socket.close()  # the connection drops
        live = frame.locator("#state", has_text="Live")
        await live.wait_for(timeout=15_000)
        match = await table.match(match_id)
        await frame.locator(f"main[data-version='{match.version}']").wait_for(timeout=10_000)
        assert table.bot.web.live.count() == 1, "back, with the fresh link"
        assert await frame.locator("main").get_attribute("data-token") != first
    finally:
        await framed.close()


async def _changed(frame: Any, token: str | None) -> bool:
    return await frame.locator("main").get_attribute("data-token") != token
