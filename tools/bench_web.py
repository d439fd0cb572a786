"""`make bench`'s web board part: how long a committed move takes to reach every open board.

One process: the session service on a SQLite file, 200 open Mimikri games, 1,000 boards
connected over real WebSockets to the web board's server on 127.0.0.1 (five a game), then a
move in each game in turn; each board's frame is timed from the moment the session service
announced the commit (inside its lock, right after the transaction) to its arrival. Then a
move sent from a seated player's board in each game, timed from the send to the arrival of
the frame that shows it (through the session service's gate and commit), and clicks in
headless Chromium on two players' pages, timed in the page from the click to the page showing
the move. Also the bytes of a
first page load (page, script, style, picture).
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
from bot.games import REGISTRY
from bot.links import SPECTATOR, board_url
from bot.sessions.service import SessionService
from bot.sessions.transition import Listener, Transition
from bot.settings import Settings
from presentation.languages import Languages
from tools.bench_figures import p95
from web.host import Host
from web.live import LiveBoards
from web.server import BoardServer

GAMES = 200
BOARDS_A_GAME = 5
SECRET = "bench-secret-" + "x" * 32


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


async def bench_web(games: int = GAMES, boards: int = BOARDS_A_GAME) -> None:
    """Print the push figures (see the module docstring)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings = Settings(web_url=base, web_secret=SECRET, web_port=port)
    with tempfile.TemporaryDirectory() as folder:
        db = await open_store(str(Path(folder) / "bench.sqlite3"))
        sessions = SessionService(Repo(db), computer_delay=0)
        stamps, live = Stamps(), LiveBoards(sessions)
        sessions.subscribe(stamps)
        sessions.subscribe(live)
        discord_app: Any = SimpleNamespace(application_id=None, http=None)
        host = Host(sessions=sessions, languages=Languages(sessions.repo, lambda _: None),
                    picture=lambda *_: None, dealer=Dealer(sessions), discord=discord_app)
        server = BoardServer(host, live, settings)
        await server.start()
        try:
            matches = []
            for g in range(games):
                lobby = await sessions.open_lobby(
                    "mimikri", guild_id=1, channel_id=1000 + g, host_id=1, host_name="A",
                    options={"subjects": 4, "turn_timer": 0})
                await sessions.join(lobby.id, 2, "B")
                matches.append((await sessions.start(lobby.id, 1)).match)
            arrivals: list[float] = []
            async with aiohttp.ClientSession(
                    connector=aiohttp.TCPConnector(limit=0)) as http:
                sockets = []
                for match in matches:
                    token = board_url(base, SECRET, match.id, SPECTATOR, time.time())
                    for _ in range(boards):
                        ws = await http.ws_connect(
                            f"{base}/m/{match.id}/ws?t={token.split('?t=')[1]}",
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
            try:  # a page that never shows a version must not hang make bench
                await asyncio.wait_for(_browser_round_trips(base, sessions), 120)
            except TimeoutError:
                print("  click in the browser → shown: NOT MEASURED (a page never showed the"
                      " version it waited for within 120 s)")
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
        token = board_url(base, SECRET, match.id, seat + 1, time.time())  # users 1 and 2
        async with http.ws_connect(f"{base}/m/{match.id}/ws?t={token.split('?t=')[1]}",
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


CLICK = """async () => {
  const main = document.querySelector("main");
  const before = main.dataset.version;
  const shown = new Promise((resolve) => new MutationObserver((_, watching) => {
    if (main.dataset.version !== before) { watching.disconnect(); resolve(); }
  }).observe(main, { attributes: true }));
  const started = performance.now();
  // The first choice: a button, or its place on the picture (a choice made there has no other).
  document.querySelector("#choices button, .spot").click();
  await shown;
  return performance.now() - started;
}"""
"""A click on the page's first choice, timed in the page until the page shows the move."""


async def _browser_round_trips(base: str, sessions: SessionService, moves: int = 60) -> None:
    """Clicks in headless Chromium (Debian's, as the tests use it) on two players' boards of
    one Mimikri game: click → committed → pushed → drawn in the page."""
    from tests.web.browsing import CHROMIUM

    if shutil.which(CHROMIUM) is None:
        print("  click in the browser → shown: skipped (no Chromium; make test installs it)")
        return
    from playwright.async_api import async_playwright

    from tests.web.browsing import FLAGS

    lobby = await sessions.open_lobby("mimikri", guild_id=1, channel_id=999_999, host_id=1,
                                      host_name="A", options={"subjects": 4, "turn_timer": 0})
    await sessions.join(lobby.id, 2, "B")
    await sessions.start(lobby.id, 1)
    rules = REGISTRY["mimikri"]
    trips: list[float] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            pages = []
            for user in (1, 2):
                page = await browser.new_page()
                await page.goto(board_url(base, SECRET, lobby.id, user, time.time()))
                pages.append(page)
            for _ in range(moves):
                match = await sessions.repo.match(lobby.id)
                if match is None or match.status != "active":
                    break
                assert match.state is not None  # an active game has one
                page = pages[min(rules.active_seats(match.state))]
                while await page.evaluate("() => document.querySelector('main').dataset"
                                          ".version") != str(match.version):
                    await asyncio.sleep(0.005)
                trips.append(await page.evaluate(CLICK))
        finally:
            await browser.close()
    print(f"  click in the browser → committed → shown there: median "
          f"{statistics.median(trips):6.2f} ms  p95 {p95(trips):6.2f} ms ({len(trips)} clicks)")


if __name__ == "__main__":
    asyncio.run(bench_web())
