"""Playing on the web board in a real browser (Debian's headless Chromium driven by Playwright,
`tests/web/conftest.py`'s fixtures): a whole Mimikri game with one player clicking on the web and
the other in Discord, a MIMIC and a Mariposas turn by clicks, a Schicki Micki row won by a key,
and a stale tab refused and caught up (the Activity in Discord's frame: test_activity.py; the
seat's private pictures: test_hands.py)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from bot.games import REGISTRY
from tests.e2e.table import Table, game_id
from tests.e2e.test_mimikri import move
from tests.e2e.test_web_board import SECRET
from tests.e2e.test_web_play import mimikri_on_the_web, mimikri_turns, my_link, web_on
from tests.waiting import until
from tests.web.browsing import PHONE, holds

pytestmark = pytest.mark.browser  # the browser fixture skips, saying why, without Chromium


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


async def open_mimic(table: Table) -> tuple[Any, int]:
    """Alice and Bob in a running MIMIC game: its board message and match."""
    opened = await table.driver.slash("alice", "games", "mimic new")
    assert opened.ok, opened
    assert opened.message is not None
    await table.driver.click("bob", opened.message, label="Join")
    await table.driver.click("alice", opened.message, label="Start")
    await table.idle()
    found = re.search(r"game #(\d+)", opened.message.content)
    assert found is not None, opened.message.content
    match_id = int(found.group(1))
    return table.driver.latest(opened.message), match_id


async def a_mariposas_turn(table: Table, browser: Any, viewport: dict[str, int]
                           ) -> tuple[Any, int, int]:
    """Alice and Bob (and a computer) in a Mariposas game of a known deal, a human to act:
    that human's page on ``viewport``, the match and the seat."""
    from tests.e2e.test_mariposas import HUMANS, settle

    web_on(table)
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mariposas new", turn_timer=0)
    board = opened.message
    assert board is not None
    match_id = game_id(board.content)
    await driver.click("bob", board, label="Join")
    await driver.click("alice", board, label="Add computer (normal)")
    await table.bot.sessions.repo.execute("UPDATE matches SET seed = ? WHERE id = ?",
                                          ("web-mariposas", match_id))
    await driver.click("alice", board, label="Start")
    await table.idle()
    await settle(table, match_id, HUMANS)
    state = (await table.match(match_id)).state
    assert state is not None
    seat = min(REGISTRY["mariposas"].active_seats(state))
    _, link = await my_link(table, HUMANS[seat], table.driver.latest(board))
    page = await browser.new_page(viewport=viewport)
    await page.goto(link)
    return page, match_id, seat


async def mimic_on_a_phone(table: Table, browser: Any) -> tuple[Any, int, Any]:
    """The web board on, a MIMIC game started, and Alice's own board open on a phone: the
    Discord board, the match and the page."""
    web_on(table)
    await table.start()
    board, match_id = await open_mimic(table)
    _, link = await my_link(table, "alice", board)
    page = await browser.new_page(viewport=PHONE)
    await page.goto(link)
    return board, match_id, page


@pytest.mark.asyncio
async def test_a_mimic_turn_by_clicks_hand_card_then_highlighted_cell(table, browser,
                                                                      tmp_path: Path):
    _board, match_id, page = await mimic_on_a_phone(table, browser)
    for laid in range(2):  # §How To Play 2: at least two cards a turn
        match = await table.match(match_id)
        await offers(page, match.version)
        assert await page.locator("#stage .spot").count() == 0  # nothing lit before a card
        await page.locator("#hand .spot").first.click()  # a card on the hand's picture
        assert await page.locator("#stage .spot").count() > 0
        if not laid:
            await page.screenshot(path=str(tmp_path / "mimic-player.png"), full_page=True)
        await page.locator("#stage .spot").first.click()

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


async def click_until_moved(table: Table, page: Any, match_id: int, target: str) -> None:
    """Click ``target`` on a page showing the stored version; wait until the move is stored."""
    match = await table.match(match_id)
    await offers(page, match.version)
    await page.locator(target).first.click()

    async def moved() -> bool:
        return (await table.match(match_id)).version > match.version
    await until(moved, f"the click on {target} stored")


@pytest.mark.asyncio
async def test_a_mariposas_turn_by_clicks_landing_on_the_map(table, browser, tmp_path: Path):
    """Every step of a turn from the board: the first offer each time (the card, the
    butterfly, then a landing clicked on the map, …, confirm) until the turn has passed."""

    rules = REGISTRY["mariposas"]
    page, match_id, seat = await a_mariposas_turn(table, browser, PHONE)
    on_the_map = 0
    for _ in range(40):
        if seat not in rules.active_seats((await table.match(match_id)).state):
            break
        await offers(page, (await table.match(match_id)).version)
        if await page.locator(".spot").count():
            if not on_the_map:
                await page.screenshot(path=str(tmp_path / "mariposas-player.png"),
                                      full_page=True)
            on_the_map += 1
            await click_until_moved(table, page, match_id, ".spot")
        else:
            await click_until_moved(table, page, match_id, "#choices button")
    assert seat not in rules.active_seats((await table.match(match_id)).state)
    assert on_the_map  # at least one target (a butterfly, a landing) clicked on the map
    assert await page.text_content("#notice") == ""


@pytest.mark.asyncio
async def test_a_schicki_micki_row_won_by_a_key_in_the_browser(table, browser, tmp_path: Path):
    """Alice presses the right reaction's key on her board; Bob's Discord reaction comes later;
    the row is Alice's."""
    from bot.games.schicki_micki.deck import cards
    from bot.games.schicki_micki.table import read_table
    from bot.links import board_url
    from tests.e2e.test_schicki_micki import SAY, open_table, seed_with, wait_cards

    base = web_on(table)
    table.time_scale = 0.3
    await table.start()
    seed, dealt = seed_with("call", players=2)
    match_id, row = await open_table(table, ["alice", "bob"], seed=seed)
    page = await browser.new_page(viewport=PHONE)
    await page.goto(board_url(base, SECRET, match_id, table.driver.user("alice").id,
                              time.time()))
    state = await wait_cards(table, match_id, dealt)
    await offers(page, (await table.match(match_id)).version)
    right = read_table(cards()[c] for c in state["table"]).correct
    assert right is not None  # the seed deals a card to call
    await page.screenshot(path=str(tmp_path / "schicki-player.png"), full_page=True)
    key = str(list(SAY).index(right) + 1)  # the panel's keys follow the reactions' order
    await page.keyboard.press(key)

    async def stored() -> bool:
        return await table.bot.sessions.repo.fetch_one(
            "SELECT id FROM inbox WHERE match_id = ?", (match_id,)) is not None
    await until(stored, "Alice's reaction with the dealer")
    await table.driver.react("bob", row, SAY[right])

    async def won() -> bool:
        return any((await table.match(match_id)).state["won"])
    await until(won, "the row won")
    piles = (await table.match(match_id)).state["won"]
    assert piles[0] and not piles[1]


# The board and the seated player's choices, seen together without scrolling (issue: "board and
# choices in one screen"): a desktop, a phone held upright and on its side.
SCREENS = {"desktop": {"width": 1280, "height": 800}, "upright": {"width": 400, "height": 800},
           "sideways": {"width": 800, "height": 400}}
IN_VIEW = """(selectors) => selectors.map((selector) => {
    const all = [...document.querySelectorAll(selector)];
    return [selector, all.length > 0 && all.every((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
            && r.right <= innerWidth + 0.5;
    })];
})"""


HAND_SHOWN = """() => {
    const picture = document.querySelector('#hand img');
    return !document.querySelector('#hand').hidden && picture.complete
        && picture.naturalWidth > 0 && picture.src.endsWith(
            '&v=' + document.querySelector('main').dataset.version);
}"""
"""The seat's private picture is shown, of the version the page offers moves on."""


async def in_view(page: Any, *selectors: str) -> None:
    """Every element of each selector lies inside the screen, with nothing scrolled."""
    await page.evaluate("() => window.scrollTo(0, 0)")
    seen = dict(await page.evaluate(IN_VIEW, list(selectors)))
    assert all(seen.values()), (seen, await page.evaluate(
        "() => [innerWidth, innerHeight, document.documentElement.scrollHeight]"))


@pytest.mark.asyncio
@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_a_mimic_board_and_its_choices_fit_one_screen(table, browser, screen: str,
                                                             tmp_path: Path):
    web_on(table)
    await table.start()
    board, match_id = await open_mimic(table)
    _, link = await my_link(table, "alice", board)
    page = await browser.new_page(viewport=SCREENS[screen])
    await page.goto(link)
    await offers(page, (await table.match(match_id)).version)
    await holds(page, HAND_SHOWN, "the hand's picture")
    await page.locator("#hand .spot").first.click()  # a hand card: its cells light up
    await holds(page, "() => document.querySelectorAll('#stage .spot').length > 0",
                "lit cells")
    await page.wait_for_function("() => document.querySelector('#board').complete")
    await page.screenshot(path=str(tmp_path / f"mimic-{screen}.png"))
    await in_view(page, "#board", "#stage .spot", "#hand img", "#hand .spot", "#groups button",
                  "#prompt", *(["#choices button"] if await page.locator("#choices button")
                               .count() else []))


@pytest.mark.asyncio
@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_a_schicki_card_and_its_nine_reactions_fit_one_screen(table, browser, screen: str,
                                                                   tmp_path: Path):
    from bot.links import board_url
    from tests.e2e.test_schicki_micki import open_table, seed_with, wait_cards

    base = web_on(table)
    table.time_scale = 0.3
    await table.start()
    seed, dealt = seed_with("call", players=2)
    match_id, _row = await open_table(table, ["alice", "bob"], seed=seed)
    page = await browser.new_page(viewport=SCREENS[screen])
    await page.goto(board_url(base, SECRET, match_id, table.driver.user("alice").id,
                              time.time()))
    await wait_cards(table, match_id, dealt)
    await offers(page, (await table.match(match_id)).version)
    await page.wait_for_function("() => document.querySelector('#board').complete")
    await page.screenshot(path=str(tmp_path / f"schicki-{screen}.png"))
    assert await page.locator("#choices button").count() == 9
    await in_view(page, "#board", "#choices button")
    # The reactions' emoji come from the bot's own emoji font where the device has none (this
    # Chromium has none): the page loaded it for them.
    assert await page.evaluate("""() => document.fonts.ready.then(() => [...document.fonts]
        .some((f) => f.family.includes("Menagerie Emoji") && f.status === "loaded"))""")
