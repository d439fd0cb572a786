"""The composition root (`root.compose`): the bot is the same whichever order its extensions load
in, every command is checked however it was added, and what an extension subscribes it takes
away when it is unloaded."""

from __future__ import annotations

import pytest

import root.compose
from tests.e2e.test_help import synced_commands
from tests.e2e.test_options import send_raw


def listening(table) -> list[str]:
    """The session service's listeners by class (an extension's module is loaded afresh by
    discord.py, so its classes are not the ones a test imports)."""
    return [type(x).__name__ for x in table.bot.sessions.listening]


@pytest.mark.asyncio
async def test_the_extensions_load_in_any_order(table, monkeypatch):
    await table.start()
    known = synced_commands(table.driver.world)
    await table.kill()

    loaded = root.compose.extensions()
    assert loaded[:2] == ["cogs.games", "cogs.mimikri.cog"] and len(loaded) == 10
    monkeypatch.setattr(root.compose, "extensions", lambda: list(reversed(loaded)))
    await table.start()
    assert synced_commands(table.driver.world) == known
    # /game history comes with the /game group, wherever the replays load: it answers, and
    # its option is checked like every command's.
    told = await send_raw(table.driver, "alice", "game history", page=0)
    assert told.messages[-1].ephemeral and "`page` must be" in told.messages[-1].content
    # The tables hear a change before the board is drawn (what a picture remembers), and
    # the board is drawn before any other listener posts.
    assert listening(table) == ["Tables", "Publisher", "TurnPings", "Dealer", "Daily"]
    lobby = await table.driver.slash("alice", "games", "mimikri new")
    assert lobby.ok, lobby


@pytest.mark.asyncio
async def test_an_unloaded_extension_stops_listening(table):
    await table.start()
    assert listening(table) == ["Tables", "Publisher", "TurnPings", "Dealer", "Daily"]
    await table.bot.unload_extension("cogs.daily")
    assert listening(table) == ["Tables", "Publisher", "TurnPings", "Dealer"]
    await table.bot.load_extension("cogs.daily")
    assert listening(table) == ["Tables", "Publisher", "TurnPings", "Dealer", "Daily"]
