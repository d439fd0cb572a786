"""A server's defaults in storage: nothing chosen without rows, each choice kept across a
reopen, one server's choices its own, and the language untouched by the others."""

from __future__ import annotations

import pytest

from bot.db.repo import Repo
from bot.db.server_settings import (
    allow_channel,
    allow_every_channel,
    server_settings,
    set_guild_language,
    set_option,
    set_threads,
    set_timer,
)
from bot.db.store import open_store
from bot.defaults import ServerSettings


@pytest.mark.asyncio
async def test_choices_are_kept_across_a_reopen_and_are_each_servers_own(store_target):
    path = store_target
    db = await open_store(path)
    try:
        repo = Repo(db)
        assert await server_settings(repo, 1) == ServerSettings()
        await set_guild_language(repo, 1, "cs")
        await set_threads(repo, 1, True)
        await set_option(repo, 1, "schicki_micki", "input", "buttons")
        await set_timer(repo, 1, "mimic", 120)
        await set_timer(repo, 1, "mimic", 0)  # changed again: the last choice counts
        await allow_channel(repo, 1, 10, True)
        await allow_channel(repo, 1, 10, True)  # twice is no error
        await allow_channel(repo, 1, 11, True)
        await allow_channel(repo, 1, 11, False)
    finally:
        await db.close()
    db = await open_store(path)
    try:
        repo = Repo(db)
        assert await server_settings(repo, 1) == ServerSettings(
            language="cs", threads=True, options={("schicki_micki", "input"): "buttons"},
            timers={"mimic": 0},
            channels=frozenset({10}))
        assert await server_settings(repo, 2) == ServerSettings()
        await set_threads(repo, 1, False)
        await allow_every_channel(repo, 1)
        after = await server_settings(repo, 1)
        assert after.threads is False and after.channels == frozenset()
        assert after.language == "cs" and after.option("schicki_micki", "input") == "buttons"
    finally:
        await db.close()
