"""The Discord Activity in a real browser: headless Chromium shows a stand-in for Discord's
client (a parent page answering the Embedded App SDK's postMessage protocol as Discord does:
the handshake, READY, AUTHORIZE and AUTHENTICATE) with the Activity framed inside it, opened as
**Play on the board** opens it; the page signs in through the double's OAuth2 and ends on its
channel's board as the one who pressed the button, and plays there. Opened outside Discord,
the page says where it belongs."""

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
    answer({code: known.code});
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
    known = {"code": world.grants.code_for(alice), "client": str(world.application_id),
             "user": {"id": str(alice.id), "username": alice.username, "discriminator": "0",
                      "global_name": None, "avatar": None, "public_flags": 0}}
    parent = PARENT.replace("ACTIVITY", activity).replace("KNOWN", json.dumps(known))
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
        assert seen == [
            ["HANDSHAKE", str(world.application_id), "f1", 1],
            ["AUTHORIZE", {"client_id": str(world.application_id), "response_type": "code",
                           "state": "", "prompt": "none", "scope": ["identify"]}],
            ["AUTHENTICATE", True]], seen
        board_url = page.frames[1].url
        assert board_url.startswith(f"{base}/m/{match_id}?t=")
        await check_bound_to(table, board_url, match_id, alice.id)

        match = await table.match(match_id)  # Alice orients the camera first
        label = choose({**match.state, "version_hint": match.version})
        await frame.locator(f"#choices button:text-is('{label}')").click()

        async def moved() -> bool:
            return (await table.match(match_id)).version > match.version
        await until(moved, "the move made in the Activity")
        assert not errors, errors

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
