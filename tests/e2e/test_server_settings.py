"""`/settings server` through the fake Discord: only managers change it, what they chose is the
default of every new lobby (after a restart too) while a host's own option wins, and games
stay out of channels the server did not allow."""

from __future__ import annotations

import pytest

from tests.e2e.table import ephemeral_text, game_id

pytestmark = [pytest.mark.asyncio, pytest.mark.started]  # Alice owns the server


async def options_of(table, result) -> dict:
    """The stored options of the lobby a `/… new` answer posted."""
    match = await table.match(game_id(result.content))
    return match.options


async def test_only_managers_change_the_servers_defaults(table):
    refused = await table.driver.slash("bob", "games", "settings server", mimic_timer=1)
    assert refused.ephemeral and "Only server managers" in ephemeral_text(refused)
    lobby = await table.driver.slash("bob", "games", "mimic new")
    assert (await options_of(table, lobby))["turn_timer"] == 600, "the game's own default"


async def test_the_servers_defaults_fill_new_lobbies_also_after_a_restart(table):
    driver = table.driver
    shown = await driver.slash("alice", "games", "settings server", mimic_timer=3,
                               threads="on", schicki_input="buttons")
    text = ephemeral_text(shown)
    assert shown.ephemeral
    assert "MIMIC 3 min" in text and "Mimikri 5 min" in text and "buttons" in text, text
    assert "in its own thread: yes" in text and "every channel" in text, text

    await table.kill()
    await table.start()
    mimic = await driver.slash("bob", "games", "mimic new")
    assert await options_of(table, mimic) == {
        "advanced": False, "teams": False, "turn_timer": 180, "thread": True}
    assert "3 min" in mimic.content, "the lobby shows the timer the game will have"
    schicki = await driver.slash("bob", "lobby", "schicki new")
    assert (await options_of(table, schicki))["input"] == "buttons"
    # The host's own choices win over the server's.
    own = await driver.slash("carol", "general", "mimic new", turn_timer=0, thread=False)
    assert await options_of(table, own) == {"advanced": False, "teams": False, "turn_timer": 0}

    # Shown again without options: the same, read back from the database.
    again = ephemeral_text(await driver.slash("alice", "off-topic", "settings server"))
    assert again == text


async def test_games_are_opened_only_in_the_channels_the_server_allows(table):
    driver = table.driver
    games = driver.channel("games").id
    allowed = await driver.slash("alice", "games", "settings server", games_here="allow")
    assert f"<#{games}>" in ephemeral_text(allowed)

    refused = await driver.slash("bob", "general", "mimikri new")
    assert refused.ephemeral and f"<#{games}>" in ephemeral_text(refused)
    daily = await driver.slash("bob", "general", "daily")
    assert daily.ephemeral and f"<#{games}>" in ephemeral_text(daily)
    assert await table.bot.sessions.repo.open_matches() == []
    assert (await driver.slash("bob", "games", "mimikri new")).ephemeral is False

    # Removing a channel that is not on the list says so and changes nothing.
    odd = await driver.slash("alice", "general", "settings server", games_here="remove")
    assert "nothing to remove" in ephemeral_text(odd)
    everywhere = await driver.slash("alice", "general", "settings server",
                                    games_here="everywhere")
    assert "every channel" in ephemeral_text(everywhere)
    assert (await driver.slash("bob", "general", "mimikri new")).ephemeral is False
