"""Czech and English through the fake Discord: Czech clients see the commands in Czech, every
private reply follows the reader's own client, public messages the server's language (Discord's,
or the one a manager chose with `/settings language`)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.db.server_settings import guild_language
from tests.e2e.table import ephemeral_text, game_id

pytestmark = [pytest.mark.asyncio, pytest.mark.czech]


def texts(node: dict[str, Any], path: str = ""):
    """Every (path, description, localizations) in a synced command payload, choices too."""
    yield path + node["name"], node.get("description"), node.get("description_localizations")
    for option in node.get("options") or []:
        yield from texts(option, f"{path}{node['name']} ")
    for choice in node.get("choices") or []:
        yield f"{path}{node['name']}={choice['value']}", choice["name"], \
            choice.get("name_localizations")


async def test_czech_clients_see_every_command_text_in_czech(table):
    synced = [c for cmds in table.server.world.commands.values() for c in cmds]
    assert synced
    missing = [path for command in synced for path, text, local in texts(command)
               if text and not (local or {}).get("cs")]
    assert missing == []
    lobby = next(c for c in synced if c["name"] == "mimikri")
    assert lobby["description_localizations"]["cs"].startswith("Mimikri, pexeso")


async def test_private_replies_follow_the_reader_public_ones_the_server(table):
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimikri new")
    lobby = opened.message
    assert "nová hra" in lobby.content and "Nastavení: " in lobby.content
    labels = [c.get("label") for c in driver.latest(lobby).iter_components()]
    assert "Přidat se" in labels and "Spustit" in labels
    joined = await driver.click("bob", lobby, label="Přidat se")
    assert ephemeral_text(joined) == "You joined. Wait for the host to start."
    listed = await driver.slash("alice", "games", "game list")
    assert "čeká na hráče" in listed.content
    refused = await driver.slash("bob", "games", "mimikri new")
    assert "is already running in this channel" in refused.content
    again = await driver.slash("alice", "games", "mimikri new")
    assert "V tomto kanálu už běží" in again.content

    # A manager switches the server to English: the lobby is redrawn in English.
    switched = await driver.slash("alice", "games", "settings language", language="en")
    assert "English" in ephemeral_text(switched)
    await table.idle()
    assert "new game #" in driver.latest(lobby).content
    assert (await guild_language(table.bot.sessions.repo, table.server.world.guild.id)) == "en"
    assert game_id(lobby.content)


async def test_only_managers_choose_the_servers_language(table):
    refused = await table.driver.slash("bob", "games", "settings language", language="cs")
    assert refused.ephemeral
    assert await guild_language(table.bot.sessions.repo, table.server.world.guild.id) is None
