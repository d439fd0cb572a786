"""The Discord Activity: the web board inside Discord's own frame. Discord loads ``/activity``
(the URL mapping's root points at WEB_URL); its script signs the user in with the Embedded App
SDK (vendored in ``static/vendor``), the server exchanges the sign-in code with the client
secret (``/api/token``: the secret never reaches the page), learns who the user is from
Discord with their access token (``/api/board``: never from the page's word) and sends the
page on to the board of its channel's game, bound to that user, where it plays as on the web.
"""

from __future__ import annotations

import html
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from bot.i18n import words
from bot.settings import Settings
from web.tokens import LINK_LIFE, sign

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

LONGEST = 200  # characters of a code, a token or an id the page may send
PAGE_WORDS = ("connecting", "failed")


class Activity:
    """The Activity's page and its two calls."""

    def __init__(self, bot: GameBot, settings: Settings) -> None:
        self.bot = bot
        self.settings = settings
        self.http: aiohttp.ClientSession | None = None

    def add_routes(self, app: web.Application) -> None:
        """``GET /activity``, ``POST /api/token``, ``POST /api/board``."""
        app.router.add_get("/activity", self.page)
        app.router.add_post("/api/token", self.token)
        app.router.add_post("/api/board", self.board)

    async def close(self) -> None:
        """Close the connection to Discord."""
        if self.http is not None:
            await self.http.close()

    def _discord(self) -> aiohttp.ClientSession:
        if self.http is None:
            self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self.http

    async def page(self, request: web.Request) -> web.Response:
        """The page Discord frames: the SDK, then the script that signs in and moves on."""
        w = words("en")  # no server is known before sign-in: its words come with the board
        said = html.escape(json.dumps({k: w(f"web.activity.{k}") for k in PAGE_WORDS}),
                           quote=True)
        client = self.bot.application_id or 0
        body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Menagerie</title><link rel="stylesheet" href="/static/board.css"></head>
<body><main data-client="{client}" data-words="{said}"><p id="state" role="status"></p></main>
<script src="/static/vendor/discord-embedded-app-sdk.js"></script>
<script src="/static/activity.js"></script></body></html>"""
        return web.Response(text=body, content_type="text/html")

    async def token(self, request: web.Request) -> web.Response:
        """Exchange the page's sign-in code for an access token (with the client secret)."""
        sent = await _json(request)
        code = sent.get("code")
        if not isinstance(code, str) or not 0 < len(code) <= LONGEST:
            raise web.HTTPBadRequest(text="A sign-in code is needed.")
        form = {"client_id": str(self.bot.application_id or ""),
                "client_secret": self.settings.discord_client_secret,
                "grant_type": "authorization_code", "code": code}
        async with self._discord().post(f"{self.settings.discord_api}/oauth2/token",
                                        data=form) as answer:
            if answer.status != 200:
                log.info("an Activity's sign-in code was refused (%s)", answer.status)
                raise web.HTTPForbidden(text="Discord did not accept this sign-in.")
            granted = await answer.json()
        return web.json_response({"access_token": granted["access_token"]})

    async def board(self, request: web.Request) -> web.Response:
        """The board of the channel's game for the signed-in user (asked of Discord)."""
        from cogs._ui import server_words

        sent = await _json(request)
        access, channel = sent.get("access_token"), sent.get("channel_id")
        if not isinstance(access, str) or not 0 < len(access) <= LONGEST \
                or not isinstance(channel, str) or not channel.isdigit() or len(channel) > 20:
            raise web.HTTPBadRequest(text="A sign-in and a channel are needed.")
        async with self._discord().get(f"{self.settings.discord_api}/users/@me",
                                       headers={"Authorization": f"Bearer {access}"}) as answer:
            if answer.status != 200:
                raise web.HTTPForbidden(text="Discord did not say who you are.")
            user_id = int((await answer.json())["id"])
        repo = self.bot.sessions.repo
        match = await repo.open_match_in(int(channel))
        if match is None:  # a game played in a thread of this channel
            threads = [m for m in await repo.threads_from(int(channel))
                       if m.status in ("lobby", "active")]
            match = threads[-1] if threads else None
        if match is None:
            guild = sent.get("guild_id")
            w = await server_words(self.bot, int(guild)) if isinstance(guild, str) \
                and guild.isdigit() and len(guild) <= 20 else words("en")
            return web.json_response({"error": w("web.activity.no_game")}, status=404)
        expires = int(time.time()) + LINK_LIFE
        token = sign(self.settings.web_secret, user_id, match.id, expires)
        # A path, not an address: inside Discord the page is served through its proxy.
        return web.json_response({"url": f"/m/{match.id}?t={token}"})


async def _json(request: web.Request) -> dict[str, Any]:
    if request.content_length is not None and request.content_length > 4096:
        raise web.HTTPRequestEntityTooLarge(max_size=4096, actual_size=request.content_length)
    try:
        sent = await request.json()
    except ValueError:
        raise web.HTTPBadRequest(text="JSON is needed.") from None
    if not isinstance(sent, dict):
        raise web.HTTPBadRequest(text="JSON is needed.")
    return sent
