"""The live web board on the same sessions as Discord: a running game's board message links
it (only when WEB_URL is set), the page and its picture need the signed link, the socket sends
the state at once and every commit after it, only the public view, and takes nothing but
pings; a forged link or another site's page is refused."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import aiohttp
import pytest

from bot.db.server_settings import set_guild_language
from bot.games import REGISTRY
from tests.e2e.test_mimikri import choose, move, open_game

SECRET = "a-test-secret-that-is-long-enough-to-sign"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def watch_link(table, board) -> str | None:
    links = [c.get("url") for c in table.driver.latest(board).iter_components() if c.get("url")]
    return links[0] if links else None


async def next_frame(ws: aiohttp.ClientWebSocketResponse, timeout: float = 5.0) -> dict:
    message = await asyncio.wait_for(ws.receive(), timeout)
    assert message.type == aiohttp.WSMsgType.TEXT, message
    return json.loads(message.data)


@pytest.mark.asyncio
async def test_without_web_url_the_board_has_no_web_link(table):
    await table.start()
    board, _ = await open_game(table, "alice", "bob")
    assert watch_link(table, board) is None


@pytest.mark.asyncio
async def test_a_move_in_discord_is_pushed_to_the_web_board(table):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    table.settings = {"web_url": base, "web_secret": SECRET, "web_port": port}
    await table.start()
    board, match_id = await open_game(table, "alice", "bob")
    link = watch_link(table, board)
    assert link is not None and link.startswith(f"{base}/m/{match_id}?t=")
    token = link.split("?t=")[1]
    async with aiohttp.ClientSession() as http:
        page = await http.get(link)
        assert page.status == 200 and "Mimikri" in await page.text()
        assert "'unsafe-inline'" not in page.headers["Content-Security-Policy"]
        assert "frame-ancestors" in page.headers["Content-Security-Policy"]
        html = await page.read()
        picture = await http.get(f"{base}/m/{match_id}/board.png?t={token}")
        png = await picture.read()
        assert picture.status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n"
        script = await (await http.get(f"{base}/static/board.js")).read()
        style = await (await http.get(f"{base}/static/board.css")).read()
        # A first load, picture included, stays small enough for a phone (aim: 300 KB).
        assert len(html) + len(png) + len(script) + len(style) <= 300_000
        # A forged or other match's link, and a socket from another site's page, are refused.
        forged = await http.get(f"{base}/m/{match_id}?t={token}x")
        assert forged.status == 403 and "expired or is not valid" in await forged.text()
        assert (await http.get(f"{base}/m/{match_id + 1}?t={token}")).status == 403
        # A page a player opens is in their server's words, a refusal too.
        await set_guild_language(table.bot.sessions.repo, table.server.world.guild.id, "cs")
        forged = await http.get(f"{base}/m/{match_id}?t={token}x")
        assert "vypršel nebo neplatí" in await forged.text()
        await set_guild_language(table.bot.sessions.repo, table.server.world.guild.id, None)
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await http.ws_connect(f"{base}/m/{match_id}/ws?t={token}",
                                  headers={"Origin": "https://evil.example"})

        async with http.ws_connect(f"{base}/m/{match_id}/ws?t={token}",
                                   headers={"Origin": base}) as ws:
            first = await next_frame(ws)
            match = await table.match(match_id)
            assert first["version"] == match.version and first["status"] == "active"
            assert first["view"] == json.loads(json.dumps(
                REGISTRY["mimikri"].view(match.state, None)))  # the public view only
            seat = min(REGISTRY["mimikri"].active_seats(match.state))
            label = choose(match.state)
            server = table.bot.web
            drawn: list[int] = []
            draw = server.host.picture

            def counted(*args: Any) -> bytes | None:
                drawn.append(args[0].version)
                return draw(*args)
            object.__setattr__(server.host, "picture", counted)  # a frozen Host, in a test
            await move(table, {0: "alice", 1: "bob"}[seat], board, label, match_id)
            pushed = await next_frame(ws)  # pushed: the board asked for nothing
            assert pushed["version"] == match.version + 1
            await ws.send_str("reveal:A1")  # a board is read-only: nothing is played from it
            assert (await next_frame(ws))["type"] == "error"
            assert (await table.match(match_id)).version == match.version + 1

        # Every board asks for the new picture at once: it is drawn once for all of them,
        # begun as the move was pushed.
        asked = await asyncio.gather(*(http.get(f"{base}/m/{match_id}/board.png?t={token}")
                                       for _ in range(5)))
        pictures = {await answer.read() for answer in asked}
        assert len(pictures) == 1 and drawn == [match.version + 1]
        assert not server.drawing, "nothing is left drawing"


@pytest.mark.asyncio
async def test_the_page_has_an_icon_and_an_emoji_font_for_every_emoji_it_shows(table):
    """The page links the bot's icon, and serves an emoji font (the pictures' own, cut down)
    that has every emoji the page's words and reaction labels use; its CSP lets it load."""
    import io

    from fontTools.ttLib import TTFont
    from PIL import Image

    from presentation.schicki_micki.words import EMOJI
    from tests.e2e.test_web_play import web_on
    from web.emoji import characters

    base = web_on(table)
    await table.start()
    board, _ = await open_game(table, "alice", "bob")
    link = watch_link(table, board)
    assert link is not None
    async with aiohttp.ClientSession() as http:
        page = await http.get(link)
        text = await page.text()
        assert '<link rel="icon" href="/static/icon.png"' in text
        assert "font-src 'self'" in page.headers["Content-Security-Policy"]
        icon = await http.get(f"{base}/static/icon.png")
        assert icon.status == 200 and icon.content_type == "image/png"
        assert Image.open(io.BytesIO(await icon.read())).size == (64, 64)
        font = await http.get(f"{base}/static/emoji.ttf")
        assert font.status == 200 and font.content_type == "font/ttf"
        raw = await font.read()
        assert len(raw) < 200_000, "cut down to what the page shows"
        has = TTFont(io.BytesIO(raw)).getBestCmap()
        shown = {c for emoji in EMOJI for c in emoji if c != "\ufe0f"} | {"🦋", "🃏"}
        assert shown <= set(characters())
        assert all(ord(c) in has for c in shown), [c for c in shown if ord(c) not in has]
