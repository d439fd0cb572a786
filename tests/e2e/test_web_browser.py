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


async def open_mimic(table: Table) -> tuple[Any, int]:
    """Alice and Bob in a running MIMIC game: its board message and match."""
    opened = await table.driver.slash("alice", "games", "mimic new")
    assert opened.ok, opened
    await table.driver.click("bob", opened.message, label="Join")
    await table.driver.click("alice", opened.message, label="Start")
    await table.idle()
    match_id = int(re.search(r"game #(\d+)", opened.message.content).group(1))
    return table.driver.latest(opened.message), match_id


@pytest.mark.asyncio
async def test_a_mimic_turn_by_clicks_hand_card_then_highlighted_cell(table, browser):
    web_on(table)
    await table.start()
    board, match_id = await open_mimic(table)
    _, link = await my_link(table, "alice", board)
    page = await browser.new_page(viewport=PHONE)
    await page.goto(link)
    for laid in range(2):  # §How To Play 2: at least two cards a turn
        match = await table.match(match_id)
        await offers(page, match.version)
        assert await page.locator(".spot").count() == 0  # nothing highlighted before a card
        await page.locator("#groups button").first.click()
        assert await page.locator(".spot").count() > 0
        await page.locator(".spot").first.click()

        async def laid_one(version: int = match.version) -> bool:
            return (await table.match(match_id)).version > version
        await until(laid_one, f"card {laid + 1} laid")
    match = await table.match(match_id)
    await offers(page, match.version)
    await page.click("#choices button:text-is('End turn')")

    async def ended(version: int = match.version) -> bool:
        return (await table.match(match_id)).version > version
    await until(ended, "the turn ended")
    await table.idle()
    after = (await table.match(match_id)).state
    assert after["phase"] != "place" or after["turn"] == 1  # drawing back to five, or Bob's
    assert await page.text_content("#notice") == ""


@pytest.mark.asyncio
async def test_a_stale_page_is_refused_and_shows_the_board_as_it_is(table, browser):
    """Alice has the board open twice; one tab's connection stalls (its frames held back),
    she moves in the other, then clicks in the stalled one: refused with the reason, and that
    tab catches up at once."""
    _, board, match_id = await mimikri_on_the_web(table)
    _, link = await my_link(table, "alice", board)
    quick, stalled = await browser.new_page(), await browser.new_page()
    held = {"on": False, "dropped": 0}

    def towards_page(ws: Any, message: Any) -> None:
        if held["on"]:
            held["dropped"] += 1
        else:
            ws.send(message)

    async def stall(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda message: towards_page(ws, message))
        ws.on_message(lambda message: server.send(message))
    await stalled.route_web_socket(re.compile(r".*/ws\?.*"), stall)
    await quick.goto(link)
    await stalled.goto(link)
    match = await table.match(match_id)
    await offers(quick, match.version)
    await offers(stalled, match.version)
    held["on"] = True
    await quick.locator("#choices button").first.click()

    async def moved() -> bool:
        return (await table.match(match_id)).version > match.version
    await until(moved, "the quick tab's move")
    await until(lambda: held["dropped"] > 0, "the stalled tab's frame held back")
    held["on"] = False
    assert await stalled.evaluate("() => document.querySelector('main').dataset.version") \
        == str(match.version)  # it never heard of the move
    await stalled.locator("#choices button").first.click()
    await holds(stalled, "() => document.querySelector('#notice').textContent.length > 0",
                "the refusal")
    assert "moved on" in (await stalled.text_content("#notice") or "")
    await offers(stalled, match.version + 1)
    assert (await table.match(match_id)).version == match.version + 1  # nothing played twice
