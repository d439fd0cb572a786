"""A seated player's private pictures on the web board, as Discord shows them privately
(issue 34, item 4): MIMIC's hand as card pictures (a card clicked there lights its cells on the
board, a cell click lays it), Mariposas' private map with its numbered landings (a number
clicked there lands); each drawn only for that player's own link — a spectator's, another
user's, or another match's is refused — and seen whole with the board on a desktop, a phone
upright and a phone on its side (MIMIC's hand so: test_playing.py's fit test)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.games import REGISTRY
from bot.links import LINK_LIFE, sign
from tests.e2e.table import Table
from tests.e2e.test_web_board import SECRET, watch_link
from tests.e2e.test_web_play import connect, my_link, web_on
from tests.waiting import until
from tests.web.browsing import PHONE, holds
from tests.web.test_playing import (
    HAND_SHOWN,
    SCREENS,
    a_mariposas_turn,
    in_view,
    mimic_on_a_phone,
    offers,
    open_mimic,
)

PNG = b"\x89PNG\r\n\x1a\n"


def token_of(link: str) -> str:
    return link.split("?t=")[1]


async def hand_shown(page: Any) -> None:
    """Wait until the page shows its seat's private picture of the version it offers."""
    await holds(page, HAND_SHOWN, "the private picture of the shown version")


@pytest.mark.asyncio
async def test_the_hand_picture_is_drawn_only_for_its_own_player(table):
    """Alice's link loads Alice's hand, Bob's his own; a spectator's link, a link of a user not
    seated there and Alice's link for another match are refused; only Alice's board is told
    where her hand's cards are."""
    base = web_on(table)
    await table.start()
    board, match_id = await open_mimic(table)
    _, alice = await my_link(table, "alice", board)
    _, bob = await my_link(table, "bob", board)
    spectator = watch_link(table, board)
    assert spectator is not None
    expires = int(time.time()) + LINK_LIFE
    carol = sign(SECRET, table.driver.user("carol").id, match_id, expires)  # not seated
    elsewhere = sign(SECRET, table.driver.user("alice").id, match_id + 1, expires)
    version = (await table.match(match_id)).version
    address = f"{base}/m/{match_id}/hand.png?v={version}&t="
    async with aiohttp.ClientSession() as http:
        mine = await http.get(address + token_of(alice))
        alices = await mine.read()
        assert mine.status == 200 and alices[:8] == PNG
        theirs = await http.get(address + token_of(bob))
        assert theirs.status == 200 and (await theirs.read()) != alices  # his own cards
        for refused in (token_of(spectator), carol, elsewhere, token_of(alice) + "x"):
            answer = await http.get(address + refused)
            assert answer.status == 403, refused
            assert (await answer.read())[:8] != PNG
        # Only the seat's own board hears of its picture and where its cards lie.
        seated = await connect(http, base, alice)
        watching = await connect(http, base, spectator)
        frame, public = await seated.next(), await watching.next()
        assert frame["you"]["hand"]["spots"] and frame["you"]["hand"]["alt"]
        assert "you" not in public and '"hand":{"alt"' not in " ".join(watching.texts)
        await seated.ws.close()
        await watching.ws.close()


@pytest.mark.asyncio
async def test_a_mimic_card_picked_on_the_hand_picture_is_laid_on_a_lit_cell(table, browser,
                                                                             tmp_path: Path):
    _board, match_id, page = await mimic_on_a_phone(table, browser)
    match = await table.match(match_id)
    await offers(page, match.version)
    await hand_shown(page)
    assert await page.locator("#stage .spot").count() == 0  # nothing lit before a card
    cards = page.locator("#hand .spot")
    assert await cards.count() >= 2  # the cards to lay, each on the picture
    assert await page.locator("#groups button").count() == 0  # not a second time as buttons
    assert await page.text_content("#holding") == ""  # the picture says what the hand holds
    label = await cards.first.get_attribute("aria-label")
    await cards.first.click()
    await holds(page, "() => document.querySelectorAll('#stage .spot').length > 0",
                "the picked card's cells lit on the board")
    assert "chosen" in (await cards.first.get_attribute("class") or "")
    lit = await page.locator("#stage .spot").count()
    legal = REGISTRY["mimic"].legal_actions(match.state, 0)
    cells = [code for code in legal if code.startswith("place:")]
    assert 0 < lit <= len(cells)
    await page.screenshot(path=str(tmp_path / "mimic-hand-picked.png"))
    await page.locator("#stage .spot").first.click()

    async def laid() -> bool:
        return (await table.match(match_id)).version > match.version
    await until(laid, f"{label} laid")
    code = await table.bot.sessions.repo.fetch_one(
        "SELECT code FROM actions WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (match_id,))
    assert code is not None and str(code[0]).startswith("place:")
    after = await table.match(match_id)
    await offers(page, after.version)
    await hand_shown(page)  # the hand as it now is, for the new version


async def last_code(table: Table, match_id: int) -> str:
    row = await table.bot.sessions.repo.fetch_one(
        "SELECT code FROM actions WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (match_id,))
    assert row is not None
    return str(row[0])


async def to_the_landing(table: Table, page: Any, match_id: int, seat: int) -> list[str]:
    """Make the turn's first offers (by button, or at the butterfly on the private map) until
    it asks where to land; its landing codes."""
    rules = REGISTRY["mariposas"]
    for _ in range(20):
        match = await table.match(match_id)
        assert match.state is not None
        legal = rules.legal_actions(match.state, seat)
        if any(code.startswith("land:") for code in legal):
            await offers(page, match.version)
            return [code for code in legal if code.startswith("land:")]
        await offers(page, match.version)
        target = "#hand .spot" if await page.locator("#hand .spot").count() \
            else "#choices button"
        await page.locator(target).first.click()

        async def moved(version: int = match.version) -> bool:
            return (await table.match(match_id)).version > version
        await until(moved, f"the click on {target} stored")
    raise AssertionError("the turn never asked where to land")


@pytest.mark.asyncio
async def test_a_mariposas_landing_clicked_at_its_number_on_the_private_map(table, browser,
                                                                           tmp_path: Path):
    page, match_id, seat = await a_mariposas_turn(table, browser, PHONE)
    landings = await to_the_landing(table, page, match_id, seat)
    await hand_shown(page)
    numbers = page.locator("#hand .spot")
    assert await numbers.count() == len(landings)  # each landing at its number, none twice
    spotted = {await numbers.nth(i).get_attribute("aria-label") for i in range(len(landings))}
    buttons = set(await page.locator("#choices button").all_text_contents())
    assert not spotted & buttons  # a landing is its number, not a button too
    await page.screenshot(path=str(tmp_path / "mariposas-landing.png"))
    version = (await table.match(match_id)).version
    await numbers.last.click()

    async def landed() -> bool:
        return (await table.match(match_id)).version > version
    await until(landed, "the landing stored")
    assert await last_code(table, match_id) == landings[-1]


@pytest.mark.asyncio
@pytest.mark.parametrize("screen", sorted(SCREENS))
async def test_a_mariposas_private_map_board_and_choices_fit_one_screen(table, browser,
                                                                        screen: str,
                                                                        tmp_path: Path):
    page, match_id, seat = await a_mariposas_turn(table, browser, SCREENS[screen])
    await to_the_landing(table, page, match_id, seat)
    await hand_shown(page)
    await page.wait_for_function("() => document.querySelector('#board').complete")
    await page.screenshot(path=str(tmp_path / f"mariposas-hand-{screen}.png"))
    await in_view(page, "#board", "#stage .spot", "#hand img", "#hand .spot",
                  "#choices button", "#prompt")
