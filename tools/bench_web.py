"""`make bench`'s web part: how fast the live web board shows a committed move, and what the
Activity's first load weighs.

One process serves the web board as the bot does (the games' tables give the pages their words
and pictures; the Activity's page is served beside the boards), with the session service on a
SQLite file. 200 open Mimikri games, 1,000 boards connected over real WebSockets on 127.0.0.1
(five a game), then a move in each game in turn: each board's frame is timed from the moment
the session service announced the commit (inside its lock, right after the transaction) to its
arrival. Then a move sent from a seated player's board in each game, timed from the send to the
arrival of the frame that shows it (through the session service's gate and commit). Then 60
clicks in headless Chromium on the two players' pages of Mimikri games, timed in the page from
the click until the page shows the move (`CLICK` says what "shows" means). Last, the bytes of
the Activity's first load as they are sent (`_first_load`).
"""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp

from bot.db.repo import Repo
from bot.db.store import open_store
from bot.dealer import Dealer
from bot.games import GAMES as SPECS
from bot.games import REGISTRY
from bot.links import SPECTATOR, board_url
from bot.sessions.service import SessionService
from bot.sessions.transition import Listener, Transition
from bot.settings import Settings
from presentation.languages import Languages
from presentation.table import Tables
from tools.bench_figures import p95, summary
from web.activity import SDK, Activity
from web.host import Host
from web.live import LiveBoards
from web.server import MESSAGES_A_SECOND, BoardServer

GAMES = 200
BOARDS_A_GAME = 5
SECRET = "bench-secret-" + "x" * 32
APPLICATION = 1234  # any id will do: with one, the Activity's page is served
CLICKS = 60
PATIENCE = 5.0  # seconds a click may take to show before it is counted as lost and skipped
MOST_LOST = 10  # lost clicks after which the measure stops with what it has
# Mimikri's table as `make bench` times its other moves: four subjects, no turn timer.
MIMIKRI = {"subjects": 4, "turn_timer": 0}


class Stamps(Listener):
    """When each commit was announced, by (match, version)."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], float] = {}

    def published(self, transition: Transition) -> None:
        self.at[(transition.match.id, transition.match.version)] = time.perf_counter()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _token(url: str) -> str:
    """The signed token of a board link."""
    return url.split("?t=")[1]


async def bench_web(games: int = GAMES, boards: int = BOARDS_A_GAME) -> None:
    """Print the web figures (see the module docstring)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings = Settings(web_url=base, web_secret=SECRET, web_port=port)
    with tempfile.TemporaryDirectory() as folder:
        db = await open_store(str(Path(folder) / "bench.sqlite3"))
        sessions = SessionService(Repo(db), computer_delay=0)
        # The tables hear each change first, as in the composition root: a picture is drawn
        # with what they remember.
        tables = Tables(SPECS)
        stamps, live = Stamps(), LiveBoards(sessions, tables)
        sessions.subscribe(tables)
        sessions.subscribe(stamps)
        sessions.subscribe(live)
        discord_app: Any = SimpleNamespace(application_id=APPLICATION, http=None)
        host = Host(sessions=sessions, languages=Languages(sessions.repo, lambda _: None),
                    picture=tables.picture, dealer=Dealer(sessions), discord=discord_app)
        server = BoardServer(host, live, settings, Activity(host, settings, tables))
        await server.start()
        try:
            matches = []
            for g in range(games):
                lobby = await sessions.open_lobby(
                    "mimikri", guild_id=1, channel_id=1000 + g, host_id=1, host_name="A",
                    options=MIMIKRI)
                await sessions.join(lobby.id, 2, "B")
                matches.append((await sessions.start(lobby.id, 1)).match)
            arrivals: list[float] = []
            async with aiohttp.ClientSession(
                    connector=aiohttp.TCPConnector(limit=0)) as http:
                sockets = []
                for match in matches:
                    token = _token(board_url(base, SECRET, match.id, SPECTATOR, time.time()))
                    for _ in range(boards):
                        ws = await http.ws_connect(f"{base}/m/{match.id}/ws?t={token}",
                                                   headers={"Origin": base})
                        await ws.receive()  # the state at connection
                        sockets.append((match.id, ws))
                print(f"web board: {len(sockets)} boards open on {games} games in one process")
                rules = REGISTRY["mimikri"]
                for match in matches:
                    assert match.state is not None  # started above
                    seat = min(rules.active_seats(match.state))
                    action = rules.legal_actions(match.state, seat)[0]
                    done = await sessions.submit(match.id, seat + 1, action, match.version)
                    committed = stamps.at[(match.id, done.match.version)]
                    for match_id, ws in sockets:
                        if match_id == match.id:
                            await ws.receive()
                            arrivals.append(time.perf_counter() - committed)
                ms = [a * 1000 for a in arrivals]
                print(f"  commit → pushed to each of its game's {boards} boards: median "
                      f"{statistics.median(ms):6.2f} ms  p95 {p95(ms):6.2f} ms "
                      f"({len(ms)} frames, {games} moves)")
                for _, ws in sockets:
                    await ws.close()
                await _round_trips(http, base, sessions, matches)
            await _browser_round_trips(base, sessions)
            await _first_load(base, matches[0].id)
        finally:
            await server.close()
            await sessions.close()
            await db.close()


async def _round_trips(http: aiohttp.ClientSession, base: str, sessions: SessionService,
                       matches: list[Any]) -> None:
    """A move from each game's player board: sent → committed → pushed back to that board."""
    rules = REGISTRY["mimikri"]
    trips: list[float] = []
    for match in matches:
        match = await sessions.repo.match(match.id)
        assert match is not None and match.state is not None  # started, and on
        seat = min(rules.active_seats(match.state))
        token = _token(board_url(base, SECRET, match.id, seat + 1, time.time()))  # users 1, 2
        async with http.ws_connect(f"{base}/m/{match.id}/ws?t={token}",
                                   headers={"Origin": base}) as ws:
            first = json.loads((await ws.receive()).data)
            code = first["you"]["choices"][0]["code"]
            sent = time.perf_counter()
            await ws.send_str(json.dumps({"type": "move", "code": code,
                                          "version": first["version"]}))
            while json.loads((await ws.receive()).data).get("version") != first["version"] + 1:
                pass
            trips.append((time.perf_counter() - sent) * 1000)
    print(f"  move from a player's board → committed → pushed back: median "
          f"{statistics.median(trips):6.2f} ms  p95 {p95(trips):6.2f} ms ({len(trips)} moves)")


# What the page lets its player click now: a choice's button, or its place on the picture (a
# choice made there has no other button); none while the page waits for its last move's answer.
CHOICE = "#choices button:enabled, .spot:enabled"

READY = """({ version, choice }) => document.querySelector("main").dataset.version === version
  && document.querySelector(choice) !== null"""
"""Whether the page shows ``version`` and offers a ``choice`` on it."""

CLICK = """async ({ choice, patience }) => {
  const main = document.querySelector("main"), board = document.querySelector("#board");
  const before = main.dataset.version;
  const moved = () => main.dataset.version !== before;
  const late = new Promise((resolve) => setTimeout(resolve, patience, null));
  const drawn = new Promise((resolve) => new MutationObserver((_, watching) => {
    if (moved()) { watching.disconnect(); resolve(performance.now()); }
  }).observe(main, { attributes: true, attributeFilter: ["data-version"] }));
  // The page points the picture at the new version before it marks the version drawn, so
  // the picture's load is the one whose address names the version drawn.
  const pictured = new Promise((resolve) => {
    const heard = (event) => {
      if (!moved() || !board.src.endsWith(`&v=${main.dataset.version}`)) return;
      board.removeEventListener("load", heard);
      board.removeEventListener("error", heard);
      resolve(event.type === "load" ? performance.now() : null);
    };
    board.addEventListener("load", heard);
    board.addEventListener("error", heard);
  });
  const started = performance.now();
  document.querySelector(choice).click();
  const at = await Promise.race([drawn, late]);
  if (at === null) return null;
  const seen = await Promise.race([pictured, late]);
  return { drawn: at - started, shown: seen === null ? null : seen - started };
}"""
"""A click on the page's first choice (``choice``: `CHOICE`), timed in the page until the page
has drawn the move (``drawn``: its status, its choices, ``main.dataset.version``) and until the
picture of it has loaded there (``shown``: what the player sees of the move). Null when the
page drew nothing new within ``patience`` ms; ``shown`` null when the picture did not load
within it."""


async def _ready(page: Any, version: int) -> bool:
    """Wait, up to ``PATIENCE``, until ``page`` shows ``version`` and offers a choice on it."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if await page.evaluate(READY, {"version": str(version), "choice": CHOICE}):
            return True
        await asyncio.sleep(0.005)
    return False


class Table:
    """One Mimikri game of the click measure and its two players' pages, by user."""

    def __init__(self, sessions: SessionService, base: str, browser: Any) -> None:
        self.sessions, self.base, self.browser = sessions, base, browser
        self.pages: dict[int, Any] = {}
        self.match_id = 0
        self.games = 0

    async def deal(self) -> None:
        """A new game between users 1 and 2, both pages opened on it (a game on its own
        channel: the last one's may not be closed yet)."""
        self.games += 1
        lobby = await self.sessions.open_lobby(
            "mimikri", guild_id=1, channel_id=900_000 + self.games, host_id=1, host_name="A",
            options=MIMIKRI)
        await self.sessions.join(lobby.id, 2, "B")
        await self.sessions.start(lobby.id, 1)
        self.match_id = lobby.id
        for user in (1, 2):
            await self.reload(user)

    async def reload(self, user: int) -> None:
        """Open (again) ``user``'s page of the game: a page that lost a click waits, its
        buttons off, for an answer that will not come."""
        if user not in self.pages:
            self.pages[user] = await self.browser.new_page()
        await self.pages[user].goto(board_url(self.base, SECRET, self.match_id, user,
                                              time.time()))

    async def actor(self) -> tuple[int, int] | None:
        """The user to click now and the version they click on; None when the game is over."""
        match = await self.sessions.repo.match(self.match_id)
        if match is None or match.status != "active" or match.state is None:
            return None
        acting = self.sessions.rules(match.game).active_seats(match.state)
        if not acting:
            return None
        seats = await self.sessions.repo.seats(self.match_id)
        user = seats[min(acting)].user_id
        assert user is not None  # both seats are people's
        return user, match.version


async def _browser_round_trips(base: str, sessions: SessionService) -> None:
    """``CLICKS`` clicks in headless Chromium (Debian's, as the tests use it), each on the page
    of the player whose turn it is, in Mimikri games dealt one after another: click →
    committed → pushed → drawn, and → its picture loaded. A click the page does not show
    within ``PATIENCE`` is counted as lost and skipped (its page opened again), so the measure
    always ends."""
    from tests.web.browsing import CHROMIUM

    if shutil.which(CHROMIUM) is None:
        print("  click in the browser → shown: skipped (no Chromium; make test installs it)")
        return
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import async_playwright

    from tests.web.browsing import FLAGS

    drawn: list[float] = []
    shown: list[float] = []
    lost = 0
    # A page's clicks are spaced as the server allows a board's messages: a move over its
    # allowance is dropped (the page hears only an error, which it ignores), so a quicker run
    # of clicks would time the allowance, not the board.
    spacing = 1 / MESSAGES_A_SECOND
    sent: dict[int, float] = {}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            table = Table(sessions, base, browser)
            await table.deal()
            while len(drawn) < CLICKS and lost < MOST_LOST:
                turn = await table.actor()
                if turn is None:  # this game is over: the next one
                    await table.deal()
                    continue
                user, version = turn
                page = table.pages[user]
                await asyncio.sleep(max(0.0, sent.get(user, 0.0) + spacing - time.monotonic()))
                timed = None
                try:
                    if await _ready(page, version):
                        sent[user] = time.monotonic()
                        timed = await asyncio.wait_for(
                            page.evaluate(CLICK, {"choice": CHOICE, "patience": PATIENCE * 1000}),
                            2 * PATIENCE)
                except (TimeoutError, PlaywrightError):  # a page stuck or gone: lost too
                    timed = None
                if timed is None:
                    lost += 1
                    await table.reload(user)
                    continue
                drawn.append(timed["drawn"])
                if timed["shown"] is not None:
                    shown.append(timed["shown"])
        finally:
            await browser.close()
    games = f"{table.games} game{'s' if table.games > 1 else ''}"
    # Shown: the picture of the move loaded (what its player sees); drawn: the page's words
    # and choices, which come first.
    for what, trips in (("shown there (aim p95 ≤ 50)", shown), ("drawn there", drawn)):
        figures = summary([ms / 1000 for ms in trips]) if trips else "none"
        print(f"  click in the browser → committed → {what}: {figures} "
              f"({len(trips)} clicks, {lost} lost, {games})")


async def _first_load(base: str, match_id: int) -> None:
    """The bytes a first load of the Activity fetches, each as the server sends it to a
    browser that takes gzip (compressed where the server compresses): the page, the SDK, the
    board's and the Activity's scripts, the style, the emoji font, the icon and the picture of
    a Mimikri game. Bodies only: headers and the sign-in's two calls are left out."""
    token = _token(board_url(base, SECRET, match_id, 1, time.time()))
    picture = f"/m/{match_id}/board.png?t={token}"
    parts = [("page", "/activity"), ("SDK", f"/static/vendor/{SDK}"),
             ("board.js", "/static/board.js"), ("activity.js", "/static/activity.js"),
             ("board.css", "/static/board.css"), ("emoji font", "/static/emoji.ttf"),
             ("icon", "/static/icon.png"), ("picture", picture)]
    sizes: list[tuple[str, int, str]] = []
    # Not decompressed here: the bytes counted are the bytes that travelled.
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        for name, path in parts:
            async with http.get(base + path, headers={"Accept-Encoding": "gzip"}) as answer:
                answer.raise_for_status()
                body = await answer.read()
                sizes.append((name, len(body), answer.headers.get("Content-Encoding", "")))
    total = sum(size for _, size, _ in sizes)
    each = ", ".join(f"{name} {size / 1024:.1f}" + (f" ({coding})" if coding else "")
                     for name, size, coding in sizes)
    print(f"  the Activity's first load: {total / 1024:.1f} KiB as sent (aim ≤ 300): {each}")


if __name__ == "__main__":
    asyncio.run(bench_web())
