"""The spectators' board in headless Chromium: the page behind a board's "Watch live" link
shows the picture and says it is live, follows a move made in Discord as it is pushed (the
page is not loaded again; how soon is `make bench`'s), and every game's board reads on a
phone (nothing scrolls sideways, the picture fits and is loaded, the status line shows, the
title names the game)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.db.server_settings import set_guild_language
from bot.i18n import words
from tests.e2e.table import Table
from tests.e2e.test_mimikri import choose, move
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_board import watch_link
from tests.waiting import until
from tests.web.browsing import PHONE, PHONE_SCREEN, holds, shows

ENGLISH = words("en")
GAMES = {"mimikri": "Mimikri", "mimic": "MIMIC", "mariposas": "Mariposas",
         "schicki_micki": "Schicki Micki"}


def pictures(page: Any) -> dict[int, bytes]:
    """The board pictures the page loads from now on, by version (the first load has none;
    -1). A body is read a moment after the response: wait for the version wanted."""
    loaded: dict[int, bytes] = {}

    async def keep(response: Any) -> None:
        if "/board.png?" in response.url and response.ok:
            version = int(response.url.split("&v=")[1]) if "&v=" in response.url else -1
            loaded[version] = await response.body()
    page.on("response", keep)
    return loaded


@pytest.mark.asyncio
async def test_the_watch_live_page_follows_a_move_made_in_discord(web_table: Table, page: Any):
    table = web_table
    board, match_id = await open_mimikri(table, "alice", "bob")
    link = watch_link(table, board)
    assert link is not None
    loaded = pictures(page)
    await page.goto(link)
    match = await table.match(match_id)
    assert match.state is not None
    await shows(page, match.version)
    assert await page.text_content("#state") == ENGLISH("web.live")
    assert await page.is_visible("#board") and await page.is_hidden("#panel")  # a spectator's
    before = await page.locator("#board").screenshot()

    seat = 0 if match.state["phase"] == "orient" else 1
    label = choose({**match.state, "version_hint": match.version})
    # A mark in this document: a page loaded again (by hand or by a timer) would lose it.
    await page.evaluate("() => { window.sameDocument = true; }")
    # The page is watched while the click goes on: Discord's own redraw is no part of it.
    moving = asyncio.create_task(move(table, ["alice", "bob"][seat], board, label, match_id))
    await shows(page, match.version + 1)  # the move pushed, fetched and drawn
    await moving
    version = (await table.match(match_id)).version
    assert version == match.version + 1
    assert await page.evaluate("() => window.sameDocument === true"), "pushed, not reloaded"
    await until(lambda: version in loaded, "the picture's bytes")  # read after
    assert loaded[version] != loaded.get(match.version, loaded.get(-1))  # another picture
    assert await page.locator("#board").screenshot() != before  # and it is what the page shows
    assert await page.text_content("#state") == ENGLISH("web.live")


async def open_spectated(table: Table, game: str) -> str:
    """A running game of ``game`` between Alice and Bob (Mariposas with a computer too) in the
    games channel; the spectators' link to its board."""
    from bot.links import SPECTATOR, board_url
    from tests.e2e.test_mariposas import open_game as open_mariposas
    from tests.e2e.test_schicki_micki import open_table

    if game == "mariposas":
        board, _ = await open_mariposas(table)
    elif game == "mimikri":
        board, _ = await open_mimikri(table, "alice", "bob")
    elif game == "mimic":
        opened = await table.driver.slash("alice", "games", "mimic new")
        assert opened.ok, opened
        assert opened.message is not None
        await table.driver.click("bob", opened.message, label="Join")
        await table.driver.click("alice", opened.message, label="Start")
        board = opened.message
    else:  # Schicki Micki's rows carry no link: the one a spectator would be given
        match_id, _ = await open_table(table, ["alice", "bob"])

        async def card_up() -> bool:  # a picture with a card on the table, not the empty one
            state = (await table.match(match_id)).state
            return state is not None and bool(state["table"])
        await until(card_up, "the first card dealt")
        settings = table.bot.settings
        return board_url(settings.web_url, settings.web_secret, match_id, SPECTATOR,
                         time.time())
    await table.idle()
    link = watch_link(table, table.driver.latest(board))
    assert link is not None, game
    return link


# What the phone test measures on the page, in one go.
MEASURE = """() => {
    const box = (selector) => {
        const r = document.querySelector(selector).getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    };
    const board = document.querySelector('#board');
    return {scroll: document.documentElement.scrollWidth, board: box('#board'),
            state: box('#state'), title: document.title,
            heading: document.querySelector('h1').textContent,
            complete: board.complete, natural: board.naturalWidth};
}"""


@pytest.mark.asyncio
@pytest.mark.parametrize("screen", [PHONE_SCREEN])
@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_board_reads_on_a_phone(table: Table, page: Any, game: str, lang: str,
                                            tmp_path: Path):
    """At 400 × 800 (two device pixels to one), in both languages (Czech words run longer):
    the screenshot is kept in the test's folder."""
    from tests.e2e.test_web_play import web_on

    web_on(table)
    table.time_scale = 0.3  # Schicki Micki's cards come quicker
    await table.start()
    link = await open_spectated(table, game)  # in English: the helpers click English buttons
    # The server's language from here on: the page and its picture are drawn in it.
    await set_guild_language(table.bot.sessions.repo, table.server.world.guild.id, lang)
    await page.goto(link)
    await holds(page, "() => document.querySelector('#state').textContent.length > 0",
                "the status line")
    seen: dict[str, Any] = {}

    # Measured at a moment when the picture is loaded: Schicki Micki's changes every second,
    # and a picture being replaced has no natural width yet.
    async def measured() -> bool:
        seen.update(await page.evaluate(MEASURE))
        return bool(seen["complete"] and seen["natural"] > 0)
    await until(measured, "the picture loaded", timeout=10)
    await page.screenshot(path=str(tmp_path / f"{game}-{lang}.png"), full_page=True)
    width, height = PHONE["width"], PHONE["height"]
    assert seen["scroll"] <= width, seen  # nothing scrolls sideways
    assert seen["board"]["left"] >= 0 and seen["board"]["right"] <= width, seen
    assert await page.is_visible("#state"), seen
    assert seen["state"]["top"] >= 0 and seen["state"]["bottom"] <= height, seen  # no scrolling
    assert await page.text_content("#state") == words(lang)("web.live"), game
    assert GAMES[game] in seen["title"] and GAMES[game] in seen["heading"], seen
