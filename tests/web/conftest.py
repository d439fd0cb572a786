"""Fixtures for the web board's browser tests: headless Chromium through Playwright's async API,
in the test's own event loop, so the bot (against the Discord double) and the browser run side
by side and a test awaits either; a page in a context of its own per test; a started table with
the web board on.

    async def test_x(web_table, page):
        await page.goto(link)

A test on a phone's screen says so: ``@pytest.mark.parametrize("screen", [PHONE_SCREEN])``
(`tests.web.browsing`).
Any test that takes ``browser`` (or ``page``) is marked ``browser`` by tests/conftest.py, and
skipped, saying why, where Chromium is missing.

Playwright and Chromium are started for each test, not once per session: pytest-asyncio gives
each test (and the table's fixtures) its own loop, and Playwright's objects belong to the loop
that made them. A start costs about 0.35 s here (its driver 0.2 s, Chromium 0.15 s once warm).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from tests.e2e.conftest import driver, fake_discord, start_bot, table  # noqa: F401 (fixtures)
from tests.e2e.table import Table
from tests.e2e.test_web_play import web_on
from tests.web.browsing import CHROMIUM, DESKTOP_SCREEN, FLAGS, why_no_chromium


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    """Debian's Chromium, headless, with a fresh profile of its own (Playwright makes one in a
    temporary folder and removes it): nothing is downloaded."""
    reason = why_no_chromium()
    if reason:
        pytest.skip(reason)
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
def screen() -> dict[str, Any]:
    """The page's screen: a desktop's unless a test parametrizes ``screen``."""
    return DESKTOP_SCREEN


@pytest_asyncio.fixture
async def page(browser: Any, screen: dict[str, Any]) -> AsyncIterator[Any]:
    """A page in a new context (no cookies or cache shared with another test) on ``screen``.
    An error the page's own script throws fails the test, with what its console said."""
    context = await browser.new_context(**screen)
    opened = await context.new_page()
    thrown: list[str] = []
    said: list[str] = []
    opened.on("pageerror", lambda error: thrown.append(str(error)))
    opened.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    try:
        yield opened
    finally:
        await context.close()
    assert not thrown, f"the page's script threw: {thrown}; its console: {said}"


@pytest_asyncio.fixture
async def web_table(table: Table) -> Table:  # noqa: F811 (the fixture imported above)
    """The e2e table with the web board on (a free port on 127.0.0.1), the bot started."""
    web_on(table)
    await table.start()
    return table
