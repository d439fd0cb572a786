"""The Discord Activity in a real browser: headless Chromium shows a stand-in for Discord's
client (a parent page answering the Embedded App SDK's postMessage protocol as Discord does:
the handshake, READY, AUTHORIZE and AUTHENTICATE) with the Activity framed inside it, opened as
**Play on the board** opens it; the page signs in through the double's OAuth2 and shows its
channel's board in place — the same page, which made the SDK's handshake — as the one who
pressed the button, plays there, and keeps showing who is in the Activity as Discord tells it.
Opened outside Discord, the page says where it belongs."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.test_mimikri import choose
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_activity import activity_on, launched
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
