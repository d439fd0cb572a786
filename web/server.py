"""The web board's HTTP side (aiohttp): the page of a match, its picture and its WebSocket.

Every request carries a signed token (`bot.links`) for its match, checked before anything is
read; a seated player's private picture (`web.games.Hand`) is drawn only for the token of that
player. The page is static apart from its words (the server's language) and loads one script; the
socket sends the match's state at once and then every commit (`web.live`); a seated player's
board also sends their moves (`web.play`), a spectator's only pings. Headers allow the page
inside Discord's Activity frame and nowhere else, and no script but its own.
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from importlib import resources
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from bot.db.rows import MatchRow, SeatRow
from bot.i18n import words
from bot.links import LINK_LIFE, SPECTATOR, BadToken, Pass, check, sign
from bot.settings import Settings
from presentation.languages import game_name
from presentation.seats import seat_names
from rendering.icon import render_icon
from web import emoji, frames, games, page
from web.activity import Activity
from web.frames import PongFrame, TokenFrame
from web.host import Host
from web.live import LiveBoards
from web.play import Bucket, Player, error

log = logging.getLogger(__name__)
PONG = frames.text(PongFrame(type="pong"))  # the answer to the page's keep-alive

MESSAGES_A_SECOND = 10  # pings, moves and reactions a board may send, on average
BURST = 20  # and at once (keys pressed together, a quick run of clicks)
PICTURES_KEPT = 64  # drawn pictures kept, by (match, version): many boards, one draw
VIEWED_KEPT = 4096  # matches remembered as shown on pages (their pictures drawn ahead)
HANDS_KEPT = 32  # private pictures kept, by (match, version, seat, language): a page that
# reconnects, or the same player in two tabs, is not drawn for twice
RENEW_AHEAD = LINK_LIFE // 2  # seconds before its link expires that a board gets a fresh one
# Who may frame the page: Discord's clients, on both of its domains — the Embedded App SDK
# accepts a parent on discord.com and discordapp.com and their subdomains (ptb, canary), and
# the Activity itself is served from <application>.discordsays.com (discord-api-docs,
# activities/how-activities-work: an Activity runs in an iframe within Discord).
FRAMERS = ("https://discord.com https://*.discord.com https://discordapp.com "
           "https://*.discordapp.com https://*.discordsays.com")


def csp(*origins: str) -> str:
    """The page's Content-Security-Policy: its own scripts, styles and pictures only; its socket
    to where it is served (each of ``origins``, the board's and the Activity's), named with
    the WebSocket scheme too, as ``'self'`` does not cover ``wss:`` in every browser (MDN,
    CSP connect-src; an Activity's socket goes through Discord's proxy, which carries
    WebSockets: discord-api-docs, activities/development-guides/networking)."""
    sockets = ["'self'", *(("wss:" if o.startswith("https:") else "ws:") + o.partition(":")[2]
                           for o in origins if o)]
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            "font-src 'self'; "
            f"connect-src {' '.join(sockets)}; base-uri 'none'; form-action 'none'; "
            f"frame-ancestors 'self' {FRAMERS}")


@functools.cache
def _icon() -> bytes:
    return render_icon(64)


def seat_of(seats: Sequence[SeatRow], allowed: Pass) -> int | None:
    """The seat of the link's user in the match (None: a spectator's link, or not seated)."""
    return next((s.seat for s in seats if allowed.user_id != SPECTATOR
                 and s.user_id == allowed.user_id), None)


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of an address."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class BoardServer:
    """The web board of every match this process serves."""

    def __init__(self, host: Host, live: LiveBoards, settings: Settings,
                 activity: Activity | None = None) -> None:
        self.host = host
        self.live = live
        self.settings = settings
        self.origin = origin_of(settings.web_url)
        self.pictures: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self.drawing: dict[tuple[int, int], asyncio.Future[bytes | None]] = {}
        self.viewed: OrderedDict[int, None] = OrderedDict()  # matches whose pictures pages load
        self.hands: OrderedDict[tuple[int, int, int, str], bytes] = OrderedDict()
        self.runner: web.AppRunner | None = None
        self.activity = activity  # the Activity's sign-in beside the boards (None: off)
        live.pushing.append(self._prepare)

    def app(self) -> web.Application:
        """The routes, and the headers every answer gets."""
        app = web.Application(middlewares=[self._headers])
        app.router.add_get("/m/{match:[0-9]{1,18}}", self.page)
        app.router.add_get("/m/{match:[0-9]{1,18}}/board.png", self.picture)
        app.router.add_get("/m/{match:[0-9]{1,18}}/hand.png", self.hand)
        app.router.add_get("/m/{match:[0-9]{1,18}}/ws", self.socket)
        app.router.add_get("/static/{name:(board|activity)\\.(js|css)}", self.static)
        app.router.add_get("/static/emoji.ttf", self.emoji)
        app.router.add_get("/static/icon.png", self.icon)
        if self.activity is not None:
            self.activity.add_routes(app)
        return app

    async def start(self) -> None:
        """Listen on WEB_HOST:WEB_PORT."""
        self.runner = web.AppRunner(self.app(), access_log=None)
        await self.runner.setup()
        await web.TCPSite(self.runner, self.settings.web_host, self.settings.web_port).start()
        log.info("web board listening on %s:%s for %s", self.settings.web_host,
                 self.settings.web_port, self.settings.web_url)

    async def close(self) -> None:
        """Close every board and stop listening."""
        if self.activity is not None:
            await self.activity.close()
        for boards in list(self.live.boards.values()):
            for board in list(boards):
                await board.socket.close()
        if self.runner is not None:
            await self.runner.cleanup()

    @web.middleware
    async def _headers(self, request: web.Request,
                       handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                       ) -> web.StreamResponse:
        response = await handler(request)
        # The Activity's origin is known once the bot has logged in (its application id).
        activity = self.activity.origin if self.activity is not None else None
        response.headers["Content-Security-Policy"] = csp(self.origin, activity or "")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    async def _match(self, request: web.Request) -> tuple[Pass, MatchRow]:
        """The request's pass and its match; a bad link or a game that is gone is answered in
        the words of the game's server (English when there is no such game)."""
        match_id = int(request.match_info["match"])
        match = await self.host.sessions.repo.match(match_id)
        try:
            allowed = check(self.settings.web_secret, request.query.get("t", ""), match_id,
                            time.time())
        except BadToken as why:
            log.info("a board link refused for game %s: %s", match_id, why)
            w = await self.host.languages.server(match.guild_id) if match else words("en")
            raise web.HTTPForbidden(text=w("web.link_bad")) from None
        if match is None:
            raise web.HTTPNotFound(text=words("en")("web.no_game"))
        return allowed, match

    async def page(self, request: web.Request) -> web.Response:
        """The board's page: the picture, a status line, and the script that keeps them live."""
        allowed, match = await self._match(request)
        w = await self.host.languages.server(match.guild_id)
        title = w("web.title", game=game_name(match.game), id=match.id)
        token = request.query.get("t", "")
        # The address the script gives the picture of this version: not loaded twice.
        picture = f"/m/{allowed.match_id}/board.png?t={token}&v={match.version}"
        body = f"""{page.head(w, title)}
<body><main data-match="{allowed.match_id}" data-token="{html.escape(token, quote=True)}"
data-words="{page.attribute(page.board_words(w))}">
<h1>{html.escape(title)}</h1><p id="state" role="status"></p>
{page.stage(picture)}
</main><script src="/static/board.js"></script></body></html>"""
        return web.Response(text=body, content_type="text/html")

    async def picture(self, request: web.Request) -> web.Response:
        """The public board of the match as Discord shows it, drawn once per version."""
        _, match = await self._match(request)
        key = (match.id, match.version)
        self.viewed[match.id] = None
        self.viewed.move_to_end(match.id)
        while len(self.viewed) > VIEWED_KEPT:
            self.viewed.popitem(last=False)
        png = self.pictures.get(key)
        if png is None:
            # Every board of a match asks for its new picture at once: one draw for all of
            # them, not one each (a draw is tens of milliseconds of a core), most often the
            # one begun as the version was pushed (`_prepare`).
            png = await asyncio.shield(self._drawing(match))
            if png is None:
                raise web.HTTPNotFound(text="This game has no board yet.")
        return web.Response(body=png, content_type="image/png")

    def _prepare(self, match: MatchRow) -> None:
        """A version was pushed to its boards: where they show pictures (a page asked for one
        of this match before), its picture is begun now, while the frame is on its way, so
        that it is ready, or nearly, when they ask for it."""
        if match.state is not None and match.id in self.viewed \
                and (match.id, match.version) not in self.pictures:
            self._drawing(match)

    def _drawing(self, match: MatchRow) -> asyncio.Future[bytes | None]:
        """The draw of ``match``'s picture under way, begun if none is."""
        key = (match.id, match.version)
        drawing = self.drawing.get(key)
        if drawing is None:
            drawing = self.drawing[key] = asyncio.ensure_future(self._draw(match))
            drawing.add_done_callback(lambda done: self._drawn(key, done))
        return drawing

    def _drawn(self, key: tuple[int, int], done: asyncio.Future[bytes | None]) -> None:
        self.drawing.pop(key, None)
        if not done.cancelled() and done.exception() is not None:  # nobody may be waiting
            log.warning("the picture of game %s v%s could not be drawn", *key,
                        exc_info=done.exception())

    async def _draw(self, match: MatchRow) -> bytes | None:
        """The match's public picture as it stands, drawn off the loop and kept (None: it
        has none yet)."""
        if match.state is None:
            return None
        seats = await self.host.sessions.repo.seats(match.id)
        w = await self.host.languages.server(match.guild_id)
        view = self.host.sessions.rules(match.game).view(match.state, None)
        png = await asyncio.to_thread(self.host.picture, match, seats, view, w)
        if png is not None:
            self.pictures[(match.id, match.version)] = png
            while len(self.pictures) > PICTURES_KEPT:
                self.pictures.popitem(last=False)
        return png

    async def hand(self, request: web.Request) -> web.Response:
        """The private picture of the link's player as their seat sees it now (MIMIC's hand,
        Mariposas' private map), in the server's words; refused to a spectator's link and to
        anyone not seated in the match."""
        allowed, match = await self._match(request)
        seats = await self.host.sessions.repo.seats(match.id)
        seat = seat_of(seats, allowed)
        w = await self.host.languages.server(match.guild_id)
        if seat is None:
            raise web.HTTPForbidden(text=w("web.hand.not_yours"))
        key = (match.id, match.version, seat, w.lang)
        png = self.hands.get(key)
        if png is None:
            drawn = None
            if match.status == "active" and match.state is not None:
                rules = self.host.sessions.rules(match.game)
                drawn = games.hand(match.game, rules.view(match.state, seat),
                                   rules.legal_actions(match.state, seat), w)
            if drawn is None:
                raise web.HTTPNotFound(text=w("web.hand.none"))
            png = await asyncio.to_thread(drawn.draw, seat_names(seats, w))
            self.hands[key] = png
            while len(self.hands) > HANDS_KEPT:
                self.hands.popitem(last=False)
        return web.Response(body=png, content_type="image/png")

    async def static(self, request: web.Request) -> web.Response:
        """The page's script and style."""
        name = request.match_info["name"]
        text = resources.files("web").joinpath("static", *name.split("/")).read_text(
            encoding="utf-8")
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return web.Response(text=text, content_type=kind)

    async def emoji(self, request: web.Request) -> web.Response:
        """The page's emoji font (`web.emoji`), cut off the event loop the first time."""
        return web.Response(body=await asyncio.to_thread(emoji.font),
                            content_type="font/ttf")

    async def icon(self, request: web.Request) -> web.Response:
        """The page's icon: the bot's butterfly."""
        return web.Response(body=await asyncio.to_thread(_icon), content_type="image/png")

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        """The board's live line: the state now, then every commit; from the page, pings, and
        from a seated player's board their moves (or reactions), which go through the session
        service like Discord's."""
        origin = request.headers.get("Origin")  # this server's pages, or Discord's proxy of them
        if origin != self.origin and (self.activity is None or origin != self.activity.origin):
            raise web.HTTPForbidden(text="Boards connect from the board's own page.")
        allowed, match = await self._match(request)
        seats = await self.host.sessions.repo.seats(match.id)
        seat = seat_of(seats, allowed)
        w = await self.host.languages.server(match.guild_id)
        socket = web.WebSocketResponse(heartbeat=30)
        await socket.prepare(request)
        board = self.live.open(match.id, socket, seat, w, seats, allowed.user_id)
        await self.live.recall(match)
        board.show(self.host.sessions, match)
        player = Player(self.host, board, match.id, allowed.user_id, w)
        bucket = Bucket(MESSAGES_A_SECOND, BURST)
        renewing = asyncio.create_task(self._renew(socket, allowed))
        try:
            async for message in socket:
                allowed_now = bucket.take(time.monotonic())
                if allowed_now is None:
                    await socket.close(code=1008, message=b"too many messages")
                    break
                if not allowed_now:
                    await socket.send_str(error("too_fast"))
                    continue
                if message.type == WSMsgType.TEXT and message.data == "ping":
                    await socket.send_str(PONG)
                elif message.type == WSMsgType.TEXT:
                    await player.heard(message.data)
                else:
                    await socket.send_str(error("bad_message"))
        finally:
            renewing.cancel()
            await self.live.closed(match.id, board)
        return socket

    async def _renew(self, socket: web.WebSocketResponse, allowed: Pass) -> None:
        """Send the board a fresh link for the same user and match before its own expires
        (`RENEW_AHEAD`), and again before that one does: a board left open longer than a
        link's life reconnects and loads its pictures with a good link, never in a loop of
        refused reconnects."""
        expires = allowed.expires
        while not socket.closed:
            await asyncio.sleep(max(0.0, expires - RENEW_AHEAD - time.time()))
            expires = int(time.time()) + LINK_LIFE
            token = sign(self.settings.web_secret, allowed.user_id, allowed.match_id, expires)
            try:
                await socket.send_str(frames.text(TokenFrame(type="token", token=token)))
            except ConnectionError:
                return
