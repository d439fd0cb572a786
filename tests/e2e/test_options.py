"""Option values outside a command's declared limits, sent raw as a modified client could:
refused privately with the option's name and what it allows, and nothing is opened.

The driver's `slash` builds only what Discord's client would send (it refuses these values
itself), so the interactions here are built from the synced command with the values put in
by hand. The same forged path with an allowed value opens a lobby, so a refusal is the
bot's doing and not a broken interaction.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.double import commands
from tests.double import interactions as ix
from tests.double.driver import Driver
from tests.double.interactions import InteractionResult

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)


async def send_raw(driver: Driver, user: str, command: str, **values: Any) -> InteractionResult:
    """`/command` in #games with ``values`` exactly as given, whatever the command allows."""
    channel = driver.channel("games")
    data = commands.build_data(driver.world, command, {}, guild_id=channel.guild_id)
    root, *path = command.split()
    definitions = commands.find_root(driver.world, root, channel.guild_id)["options"]
    invoked = data
    for part in path:
        definitions = next(o for o in definitions if o["name"] == part)["options"]
        invoked = invoked["options"][0]
    types = {o["name"]: o["type"] for o in definitions}
    invoked["options"] = [{"name": name, "type": types[name], "value": value}
                          for name, value in values.items()]
    return await driver._interact(ix.APPLICATION_COMMAND, user, channel, data)


async def matches(table) -> int:
    (count,) = await table.bot.sessions.repo.fetch_one("SELECT COUNT(*) FROM matches")
    return count


REFUSED = [
    # command, the values sent, words the private answer must hold
    ("mimikri new", {"turn_timer": -5}, ("`turn_timer`", "between 0 and 60", "not -5")),
    ("mimikri new", {"subjects": 7}, ("`subjects`", '"4 cards, 16 butterflies"',
                                      '"5 cards, 20 butterflies"')),
    ("mimikri new", {"turn_timer": "5"}, ("`turn_timer`", "whole number")),
    ("schicki new", {"reveal": 0}, ("`reveal`", "between 1 and 10", "not 0")),
    ("schicki new", {"settle": 99.5}, ("`settle`", "between 0.5 and 5", "not 99.5")),
    ("schicki new", {"input": "telepathy"}, ("`input`", '"emoji reactions"', '"buttons"')),
    ("mimic new", {"turn_timer": 999}, ("`turn_timer`", "between 0 and 60", "not 999")),
    ("mimic new", {"mode": "basic", "turn_timer": 61}, ("`turn_timer`", "not 61")),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("command", "values", "words"), REFUSED,
                         ids=[f"{c} {v}" for c, v, _ in REFUSED])
async def test_an_option_outside_its_limits_is_refused_privately(table, command, values, words):
    driver = table.driver
    result = await send_raw(driver, "alice", command, **values)
    assert result.ok and result.ephemeral, result
    for word in words:
        assert word in result.content, result.content
    assert await matches(table) == 0
    assert driver.messages("games") == [], "nothing is posted for everyone"


ALLOWED = [
    ("mimikri new", {"subjects": 5, "turn_timer": 60}),
    ("schicki new", {"reveal": 1, "settle": 5.0, "input": "buttons"}),
    ("mimic new", {"mode": "advanced", "turn_timer": 0}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("command", "values"), ALLOWED, ids=[c for c, _ in ALLOWED])
async def test_allowed_values_sent_the_same_way_open_a_lobby(table, command, values):
    result = await send_raw(table.driver, "alice", command, **values)
    assert result.ok and not result.ephemeral, result
    assert "game #" in result.content
    assert await matches(table) == 1

