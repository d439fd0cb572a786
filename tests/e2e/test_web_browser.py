"""The web board in a real browser: Debian's headless Chromium driven by Playwright (nothing is
downloaded at run time; `make test` installs the browser). A whole Mimikri game with one player
clicking on the web and the other in Discord, and every game's board at a phone's width."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.e2e.table import Table
from tests.e2e.test_mimikri import move
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_board import watch_link
from tests.e2e.test_web_play import mimikri_on_the_web, mimikri_turns, my_link, web_on
from tests.waiting import until

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


async def holds(page: Any, script: str, what: str) -> None:
    """Wait until ``script`` (a function's source) is true on the page. Polled from here: the
    page's own CSP forbids the eval that Playwright's wait_for_function would use."""
    await until(lambda: page.evaluate(script), what, timeout=10)


async def offers(page: Any, version: int) -> None:
    """Wait until the page has drawn ``version`` (its panel offers moves on it)."""
    await holds(page, f"() => document.querySelector('main').dataset.version === '{version}'",
                f"the page at version {version}")


@pytest.mark.asyncio
async def test_a_whole_mimikri_game_clicked_in_the_browser_against_discord(table, browser,
                                                                        tmp_path: Path):
    _, board, match_id = await mimikri_on_the_web(table)
    _, link = await my_link(table, "alice", board)
    page = await browser.new_page(viewport=PHONE)
    await page.goto(link)
    clicks = 0
    async for match, seat, label in mimikri_turns(table, match_id):
        if seat == 1:
            await move(table, "bob", board, label, match_id)
            continue
        await offers(page, match.version)
        if match.state["phase"] == "search":  # the face-down card, on the picture itself
            if not (tmp_path / "mimikri-player.png").exists():
                await page.screenshot(path=str(tmp_path / "mimikri-player.png"), full_page=True)
            await page.click(f".spot[aria-label='{label}']")
        else:
            await page.click(f"#choices button:text-is('{label}')")
        clicks += 1

        async def moved(version: int = match.version) -> bool:
            return (await table.match(match_id)).version > version
        try:
            await until(moved, "the click's move committed", timeout=5)  # not refused
        except AssertionError:
            raise AssertionError(await page.evaluate(
                "() => [document.querySelector('main').dataset.version,"
                " document.querySelector('#notice').textContent,"
                " document.querySelector('#state').textContent]"), label,
                match.state["phase"]) from None  # what the page showed: version, notice
        await table.idle()
    match = await table.match(match_id)
    assert match.status == "finished" and clicks > 3
    await offers(page, match.version)
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
        await holds(page, "() => document.querySelector('#board').complete"
                    " && document.querySelector('#board').naturalWidth > 0", "the picture")
        await holds(page, "() => document.querySelector('#state').textContent.length > 0",
                    "the status line")
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
