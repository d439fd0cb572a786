"""The Discord Activity: the web board inside Discord's own frame. Discord loads the root of
the URL mapping (``/``, also served as ``/activity``) with the instance's query parameters; its
script signs the user in with the Embedded App SDK (vendored in ``static/vendor``), the server
exchanges the sign-in code with the client secret (``/api/token``: the secret never reaches the
page), then (``/api/board``) learns who the user is from Discord with their access token and
where the Activity runs from Discord's record of the instance (asked with the bot's token, and
the user must be in it: the page's word counts for neither), and hands the page the board of
that channel's game bound to that user, which the page starts in place (`web.page`) — or, in
a channel without a game, the games it may open there. The table's requests (``/api/table``:
open a lobby, join, computers, start, cancel, rematch) are proven the same way and made
through the session service (`web.lobby`): one page from sign-in to the rematch.
"""

from __future__ import annotations

import logging
import math
import re
import time
from importlib import resources
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from aiohttp import web

from bot.i18n import Words, words
from bot.links import LINK_LIFE, sign
from bot.settings import Settings
from presentation.languages import game_name
from web import lobby, page
from web.play import Bucket

if TYPE_CHECKING:
    from bot.db.rows import MatchRow
    from presentation.table import Tables
    from web.host import Host

log = logging.getLogger(__name__)

SDK = "discord-embedded-app-sdk.js"  # in static/vendor: README.md there says how it is built
LONGEST = 200  # characters of a code or an access token the page may send
INSTANCE = re.compile(r"[A-Za-z0-9-]{1,100}")  # Discord's instance ids: i-<launch>-gc-<…>-<…>
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
PAGE_WORDS = ("connecting", "failed", "choose", "open", "rules", "close", "new_game")
# Sign-ins a second, and at once, over the whole server: each costs calls to Discord, and
# behind a reverse proxy or Discord's own every caller has the same address.
CALLS_A_SECOND, CALLS_AT_ONCE = 10, 40


class Activity:
    """The Activity's page and its calls."""

    def __init__(self, host: Host, settings: Settings, tables: Tables) -> None:
        self.host = host
        self.settings = settings
        self.tables = tables  # the games the page may open, and their rules cards
        self.http: aiohttp.ClientSession | None = None
        self.allowance = Bucket(CALLS_A_SECOND, CALLS_AT_ONCE)

    def add_routes(self, app: web.Application) -> None:
        """``GET /`` and ``GET /activity``, ``POST /api/token``, ``/api/board`` and
        ``/api/table``, and the table's reads beside the board (`web.lobby.Extras`)."""
        app.router.add_get("/", self.page)
        app.router.add_get("/activity", self.page)
        app.router.add_post("/api/token", self.token)
        app.router.add_post("/api/board", self.board)
        app.router.add_post("/api/table", self.table)
        lobby.Extras(self.host, self.tables, self.settings.web_secret).add_routes(app)
        app.router.add_get(f"/static/vendor/{SDK}", self.sdk)

    @property
    def origin(self) -> str | None:
        """Where Discord serves the Activity's pages (its proxy): the boards' sockets come from
        there too."""
        app = self.host.discord.application_id
        return f"https://{app}.discordsays.com" if app else None

    async def close(self) -> None:
        """Close the connection to Discord."""
        if self.http is not None:
            await self.http.close()

    def _discord(self) -> aiohttp.ClientSession:
        if self.http is None:
            self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self.http

    async def page(self, request: web.Request) -> web.Response:
        """The one page Discord frames: the SDK, the script that signs in, and the board's
        skeleton, which that script starts in place once it knows the game (it never leaves
        the page that made the SDK's handshake, so the SDK keeps working: discord-api-docs,
        activities/how-activities-work, "a single-page application"). A reload signs in
        again by itself: Discord's query stays in the address."""
        w = await self._words(request.query.get("guild_id"))  # the query only picks a language
        said = {**page.board_words(w), **{k: w(f"web.activity.{k}") for k in PAGE_WORDS}}
        said["outside"] = w("web.activity.outside", button=w("web.launch"))
        said["people"] = w("web.activity.people", names="{names}")
        said |= page.lobby_words(w)
        client = self.host.discord.application_id or 0
        body = f"""{page.head(w, "Menagerie", "activity")}
<body><main data-client="{client}" data-words="{page.attribute(said)}">
<h1 id="title"></h1><p id="state" role="status"></p><p id="people"></p>
<p id="note" role="alert"></p>{page.table()}
{page.stage(hidden=True)}
</main><script src="/static/vendor/discord-embedded-app-sdk.js"></script>
<script src="/static/board.js"></script>
<script src="/static/activity.js"></script></body></html>"""
        return web.Response(text=body, content_type="text/html")

    async def sdk(self, request: web.Request) -> web.Response:
        """Discord's Embedded App SDK, built into one script (150 KB; compressed when the
        browser takes it so, as Discord's proxy and phones do)."""
        script = resources.files("web").joinpath("static", "vendor", SDK).read_bytes()
        answer = web.Response(body=script, content_type="text/javascript", charset="utf-8")
        answer.enable_compression()
        return answer

    async def token(self, request: web.Request) -> web.Response:
        """Exchange the page's sign-in code for an access token (with the client secret)."""
        self._allowed()
        sent = await _json(request)
        code = sent.get("code")
        if not isinstance(code, str) or not 0 < len(code) <= LONGEST:
            raise web.HTTPBadRequest(text="A sign-in code is needed.")
        form = {"client_id": str(self.host.discord.application_id or ""),
                "client_secret": self.settings.discord_client_secret,
                "grant_type": "authorization_code", "code": code}
        granted = await self._ask("POST", "/oauth2/token", data=form)
        access = granted.get("access_token")
        if not isinstance(access, str):
            raise web.HTTPBadGateway(text="Discord could not be asked.")
        return web.json_response({"access_token": access})

    async def board(self, request: web.Request) -> web.Response:
        """The board of the Activity's channel's game for the signed-in user; in a channel
        without one, the games it may open there (the page's lobby)."""
        who = await self._who(request)
        match = await lobby.here(self.host, who.channel_id)
        if match is None:
            w = await self.host.languages.server(who.guild_id)
            return web.json_response({
                "offer": await lobby.offer(self.host, self.tables, who.guild_id, w),
                "user": str(who.user_id)})
        return await self._start(who, match)

    async def table(self, request: web.Request) -> web.Response:
        """A lobby's request from the page (`web.lobby.request`): the board it leaves the page
        on, or why not (409, in the server's words)."""
        who = await self._who(request, sent := await _json(request))
        w = await self.host.languages.server(who.guild_id)
        try:
            match = await lobby.request(self.host, who, sent, w)
        except lobby.Refused as why:
            return web.json_response({"error": why.text}, status=409)
        return await self._start(who, match)

    async def _start(self, who: lobby.Who, match: MatchRow) -> web.Response:
        """What the page starts ``match``'s board with, in place, as ``who``; the board's path
        too (a path, not an address: inside Discord the page is served through its proxy),
        for a browser."""
        token = sign(self.settings.web_secret, who.user_id, match.id,
                     int(time.time()) + LINK_LIFE)
        w = await self.host.languages.server(match.guild_id)
        return web.json_response({
            "match": match.id, "token": token, "url": f"/m/{match.id}?t={token}",
            "title": w("web.title", game=game_name(match.game), id=match.id),
            "user": str(who.user_id)})

    async def _who(self, request: web.Request, sent: dict[str, Any] | None = None
                   ) -> lobby.Who:
        """Who the page's user is and where its Activity runs, as Discord says: the user from
        their access token, the place from Discord's record of the instance (asked with the
        bot's token), which must count the user among its own; the page's word counts for
        neither (discord-api-docs, activities/development-guides/networking, "Trusting Client
        Data": ask Discord from the server with the user's token)."""
        self._allowed()
        if sent is None:
            sent = await _json(request)
        access, instance_id = sent.get("access_token"), sent.get("instance_id")
        if not isinstance(access, str) or not 0 < len(access) <= LONGEST \
                or not isinstance(instance_id, str) or not INSTANCE.fullmatch(instance_id):
            raise web.HTTPBadRequest(text="A sign-in and an Activity are needed.")
        me = await self._ask("GET", "/users/@me", headers={"Authorization": f"Bearer {access}"})
        user = str(me.get("id", ""))
        instance = await self._instance(instance_id)
        location = instance.get("location") or {}
        channel, guild = str(location.get("channel_id", "")), str(location.get("guild_id", ""))
        if user not in instance.get("users", ()) or not SNOWFLAKE.fullmatch(user) \
                or not SNOWFLAKE.fullmatch(channel) or not SNOWFLAKE.fullmatch(guild):
            raise web.HTTPForbidden(text="Open the Activity from Discord.")
        # As Discord's lobby names them: the name they show (users/@me has no server's
        # nickname without a scope of its own), else their username.
        name = me.get("global_name") or me.get("username") or user
        return lobby.Who(int(user), str(name)[:100], int(guild), int(channel))

    def _allowed(self) -> None:
        if not self.allowance.take(time.monotonic()):
            raise web.HTTPTooManyRequests(text="Too many sign-ins at once.",
                                          headers={"Retry-After": "1"})

    async def _ask(self, method: str, path: str, **sent: Any) -> dict[str, Any]:
        """Discord's answer to a user's call (the code exchange, users/@me); refused: 403."""
        try:
            async with self._discord().request(method, self.settings.discord_api + path,
                                               **sent) as answer:
                if answer.status in (400, 401, 403):
                    log.info("Discord refused an Activity's %s (%s)", path, answer.status)
                    raise web.HTTPForbidden(text="Discord did not accept this sign-in.")
                if answer.status == 429:
                    # Discord's rate limit reaches the page as one, with Discord's wait, and
                    # the page tries again after it (discord-api-docs, topics/rate-limits:
                    # a 429 carries Retry-After in seconds): never as a failure of ours.
                    log.info("Discord rate-limited an Activity's %s", path)
                    raise _slow_down(answer.headers.get("Retry-After"))
                answer.raise_for_status()
                found = await answer.json()
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("Discord could not be asked %s for an Activity: %s", path,
                        type(error).__name__)
            raise web.HTTPBadGateway(text="Discord could not be asked.") from None
        if not isinstance(found, dict):
            raise web.HTTPBadGateway(text="Discord could not be asked.")
        return found

    async def _instance(self, instance_id: str) -> dict[str, Any]:
        """Discord's record of a running instance of this application (the bot's token)."""
        route = discord.http.Route(
            "GET", "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.host.discord.application_id, instance_id=instance_id)
        try:
            found = await self.host.discord.http.request(route)
        except discord.NotFound:
            raise web.HTTPForbidden(text="Open the Activity from Discord.") from None
        except discord.HTTPException as error:
            if error.status == 429:  # discord.py waited out the limits it could, then gave up
                raise _slow_down(None) from None
            log.warning("Discord could not be asked for an Activity instance: %s", error.status)
            raise web.HTTPBadGateway(text="Discord could not be asked.") from None
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("Discord could not be asked for an Activity instance: %s",
                        type(error).__name__)
            raise web.HTTPBadGateway(text="Discord could not be asked.") from None
        if not isinstance(found, dict):
            raise web.HTTPBadGateway(text="Discord could not be asked.")
        return found

    async def _words(self, guild: object) -> Words:
        if isinstance(guild, str) and SNOWFLAKE.fullmatch(guild):
            return await self.host.languages.server(int(guild))
        return words("en")


def _slow_down(wait: str | None) -> web.HTTPTooManyRequests:
    """A 429 for the page, with the whole seconds to wait (at least one) that Discord said."""
    try:
        seconds = max(1, math.ceil(float(wait or 1)))
    except ValueError:
        seconds = 1
    return web.HTTPTooManyRequests(text="Discord asks to wait a moment.",
                                   headers={"Retry-After": str(min(seconds, 60))})


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
