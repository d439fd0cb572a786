"""Fixtures for end-to-end tests: a fake Discord on 127.0.0.1 and real discord.py bots against it.

    async def test_x(fake_discord, driver, start_bot):
        bot = await start_bot(create_bot(settings))   # any discord.Client
        result = await driver.slash("alice", "games", "mimikri new", subjects=5)

A test fails if the bot called a route the double does not know, sent a request that
Discord's published API does not allow (`tests.double.openapi`), if the double itself answered
what that API does not say (a defect of the double), or if
discord.py logged an error (an exception in a command, view or event) that
the test did not claim with ``running_bot.take_errors()``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
import pytest_asyncio

from tests.double import Driver, FakeDiscord, RunningBot, World, run_bot
from tests.e2e.table import ErrorLog, Table, czech

StartBot = Callable[..., Awaitable[RunningBot]]


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord; discord.py's endpoints point at it for the test's duration."""
    server = await FakeDiscord(World()).start()
    try:
        with server.patch_discord():
            yield server
    finally:
        await server.stop()
    unknown = server.take_unknown_routes()
    if unknown:
        pytest.fail(
            "the bot called routes the fake Discord does not know: " + ", ".join(map(str, unknown))
        )
    refused = server.take_violations()
    if refused:
        pytest.fail("the bot sent requests that Discord's API spec does not allow (Discord "
                    "answers them 400 Invalid Form Body):\n" + "\n".join(map(str, refused)))
    invented = server.take_answer_violations()
    if invented:
        pytest.fail("a defect of the Discord double, not of the bot: the double answered what "
                    "Discord's API spec does not say:\n" + "\n".join(map(str, invented)))


@pytest.fixture
def driver(fake_discord: FakeDiscord) -> Driver:
    return Driver(fake_discord)


@pytest_asyncio.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[StartBot]:
    """``await start_bot(client)`` logs any discord.Client / commands.Bot in and waits for on_ready.

    Bots still running at the end are closed cleanly; killed ones stay dead.
    """
    started: list[RunningBot] = []

    async def start(client: discord.Client, **kwargs: Any) -> RunningBot:
        running = await run_bot(fake_discord, client, **kwargs)
        started.append(running)
        return running

    yield start
    errors = []
    for running in started:
        await running.close()
        errors += running.take_errors()
    if errors:
        pytest.fail("discord.py logged errors in the bot:\n" + "\n\n".join(errors))


@pytest_asyncio.fixture
async def table(fake_discord, driver, start_bot, tmp_path, request):
    """Menagerie itself against the fake Discord; fails the test if the bot logged an error
    it did not claim. Not started (a test may set its clock first), unless the test is marked
    ``started`` (then it is) or ``czech`` (a Czech server: `tests.e2e.table.czech`)."""
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    table = Table(fake_discord, driver, start_bot, tmp_path / "menagerie.sqlite3")
    table.errors = errors
    try:
        if request.node.get_closest_marker("czech"):
            await czech(table)
        elif request.node.get_closest_marker("started"):
            await table.start()
        yield table
    finally:
        logging.getLogger().removeHandler(errors)
    unexpected = errors.take()
    assert not unexpected, f"the bot logged errors: {unexpected}"
