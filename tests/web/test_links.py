"""A board link's life in a real browser: a page whose link has run out while it was away (no
fresh one reached it) says so once, in the server's words, and stops — it never loops
reconnecting with a link the server refuses."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.i18n import words
from bot.links import sign
from tests.e2e.test_web_board import SECRET
from tests.e2e.test_web_play import mimikri_on_the_web
from tests.web.browsing import holds

pytestmark = pytest.mark.browser


@pytest.mark.asyncio
async def test_a_page_whose_link_ran_out_says_so_and_stops(table, page, monkeypatch):
    import web.server

    monkeypatch.setattr(web.server, "RENEW_AHEAD", -3600)  # no fresh link arrives in time
    base, _board, match_id = await mimikri_on_the_web(table)
    alice = table.driver.user("alice").id
    ends = int(time.time()) + 4
    await page.goto(f"{base}/m/{match_id}?t={sign(SECRET, alice, match_id, ends)}")
    live = words("en")("web.live")
    await holds(page, f"() => document.querySelector('#state').textContent === {live!r}",
                "the board live")
    await asyncio.sleep(max(0.0, ends + 1 - time.time()))
    web = table.bot.web
    for board in list(web.live.boards.get(match_id, ())):
        await board.socket.close()  # the connection drops after the link ran out
    expired = words("en")("web.expired")
    await holds(page, f"() => document.querySelector('#state').textContent === {expired!r}",
                "the page saying its link ran out")
    await asyncio.sleep(2)  # a loop would have tried again by now
    assert web.live.count() == 0
    assert await page.text_content("#state") == expired
