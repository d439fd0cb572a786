"""The web board in a real browser: Debian's headless Chromium driven by Playwright (nothing is
downloaded at run time; `make test` installs the browser). A whole Mimikri game with one player
clicking on the web and the other in Discord, and every game's board at a phone's width."""

from __future__ import annotations

import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.games import REGISTRY
from tests.e2e.table import Table
from tests.e2e.test_mimikri import choose, move
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_board import watch_link
from tests.e2e.test_web_play import my_link, web_on

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 400, "height": 800}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(shutil.which(CHROMIUM) is None,
                       reason="no Chromium at /usr/bin/chromium (make test installs it)"),
]


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


async def version_shown(page: Any) -> int:
    """The version the page's picture shows (its address names it; -1 before the first)."""
    src = await page.get_attribute("#board", "src") or ""
    found = re.search(r"[?&]v=(\d+)", src)
    return int(found.group(1)) if found else -1


@pytest.mark.asyncio
async def test_a_whole_mimikri_game_clicked_in_the_browser_against_discord(table, browser,
                                                                        tmp_path: Path):
    web_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    _, link = await my_link(table, "alice", board)
    page = await browser.new_page(viewport=PHONE)
    await page.goto(link)
    rules = REGISTRY["mimikri"]
    clicks = 0
    for _ in range(400):
        match = await table.match(match_id)
        if match.status != "active":
            break
        seat = min(rules.active_seats(match.state))
        label = choose({**match.state, "version_hint": match.version})
        if seat == 1:
            await move(table, "bob", board, label, match_id)
            continue
        await page.wait_for_function(
            f"document.querySelector('#board').src.includes('v={match.version}')")
        if match.state["phase"] == "search":  # the face-down card, on the picture itself
            if not (tmp_path / "mimikri-player.png").exists():
                await page.screenshot(path=str(tmp_path / "mimikri-player.png"), full_page=True)
            await page.click(f".spot[aria-label='{label}']")
        else:
            await page.click(f"#choices button:text-is('{label}')")
        clicks += 1
        await table.idle()
        assert (await table.match(match_id)).version == match.version + 1
    match = await table.match(match_id)
    assert match.status == "finished" and clicks > 3
    await page.wait_for_function(
        f"document.querySelector('#board').src.includes('v={match.version}')")
    await page.wait_for_selector("#panel", state="hidden")
    assert await page.text_content("#state") == "This game has ended."


async def open_one(table: Table, game: str) -> str:
    """A running game of ``game`` in the games channel; its spectator link."""
    from tests.e2e.test_mariposas import open_game as open_mariposas
    from tests.e2e.test_schicki_micki import open_table
    from web.tokens import board_url

    if game == "mariposas":
        board, _ = await open_mariposas(table)
    elif game == "mimikri":
        board, _ = await open_mimikri(table, "alice", "bob")
    elif game == "mimic":
        opened = await table.driver.slash("alice", "games", "mimic new")
        await table.driver.click("bob", opened.message, label="Join")
        await table.driver.click("alice", opened.message, label="Start")
        board = opened.message
    else:
        match_id, _ = await open_table(table, ["alice", "bob"])
        settings = table.bot.settings
        return board_url(settings.web_url, settings.web_secret, match_id, 0, 0, life=10**10)
    await table.idle()
    link = watch_link(table, table.driver.latest(board))
    assert link is not None, game
    return link


@pytest.mark.asyncio
async def test_every_board_reads_on_a_phone(table, browser, tmp_path: Path):
    """At 400 px wide: nothing scrolls sideways, the picture is loaded and fits, the title
    names the game and the status line shows."""
    web_on(table)
    table.time_scale = 0.3
    await table.start()
    page = await browser.new_page(viewport=PHONE, device_scale_factor=2)
    names = {"mimikri": "Mimikri", "mimic": "MIMIC", "mariposas": "Mariposas",
             "schicki_micki": "Schicki Micki"}
    for game, name in names.items():
        await page.goto(await open_one(table, game))
        await page.wait_for_function("document.querySelector('#board').complete"
                                     " && document.querySelector('#board').naturalWidth > 0")
        await page.wait_for_function("document.querySelector('#state').textContent.length > 0")
        sizes = await page.evaluate("""() => ({
            scroll: document.documentElement.scrollWidth,
            picture: document.querySelector('#board').getBoundingClientRect().right,
            title: document.querySelector('h1').textContent})""")
        assert sizes["scroll"] <= PHONE["width"], game
        assert sizes["picture"] <= PHONE["width"], game
        assert name in sizes["title"], sizes
        await page.screenshot(path=str(tmp_path / f"{game}.png"), full_page=True)
        assert "cancelled" in (await table.driver.slash("alice", "games", "game cancel")).content
        await table.idle()
