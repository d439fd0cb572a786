"""Schicki Micki hears emoji reactions in the order the gateway delivered them, through
discord.py's public raw reaction events: a long burst reaches the dealer in exactly that order,
with keys that sort the same way, and a reloaded cog hears each reaction once (the old one
none) and hands it to the root's one dealer once."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from bot.reactions import Reaction
from cogs.schicki_micki.cog import SchickiMicki
from presentation.schicki_micki.words import SAY
from tests.double import Driver
from tests.e2e.table import Table

FAKE_MATCH = 999_999  # no such match: the dealer refuses nothing and deals nothing for it
USERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")


Heard = list[tuple[int, str, Reaction]]  # (user, action, reaction), as the dealer got them


def heard_by(cog: SchickiMicki, monkeypatch: pytest.MonkeyPatch) -> Heard:
    """Every reaction the cog hands its dealer, in the order it does."""
    heard: Heard = []
    react = cog.dealer.react

    def recording(match_id: int, reaction: Reaction) -> None:
        heard.append((reaction.user_id or 0, reaction.action, reaction))
        react(match_id, reaction)

    monkeypatch.setattr(cog.dealer, "react", recording)
    return heard


def reacted_in(cog: SchickiMicki, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The emoji of every reaction ``cog`` itself took in from discord.py (the dealer is the
    root's, shared by the old and the new cog, so it cannot tell them apart)."""
    heard: list[str] = []
    take = cog._reacted

    def recording(event: Any, seq: int, at: float) -> None:
        heard.append(event.emoji.name or "")
        take(event, seq, at)

    monkeypatch.setattr(cog, "_reacted", recording)
    return heard


async def heard_all(heard: list[Any], count: int, timeout: float = 10.0) -> None:
    async def wait() -> None:
        while len(heard) < count:
            await asyncio.sleep(0.005)
    await asyncio.wait_for(wait(), timeout)


async def assert_burst_in_gateway_order(
    cog: SchickiMicki, driver: Driver, monkeypatch: pytest.MonkeyPatch, message: Any
) -> None:
    """A burst of reactions from ten users, three emojis each, sent back to back, reaches the
    dealer in gateway order, keyed in that order."""
    cog.rows[message.id] = FAKE_MATCH  # the message is taken for a live table
    heard = heard_by(cog, monkeypatch)
    actions = ("knock", "grab:blue", "call:umbrella")
    burst = [(user, message, SAY[action]) for action in actions for user in USERS]
    seqs = await driver.react_burst(burst)
    delivered = [seq for seq in seqs if seq is not None]
    assert delivered == seqs and delivered == sorted(delivered), \
        "the double delivered every one, in order"
    await heard_all(heard, len(burst))
    users = {name: driver.user(name).id for name in USERS}
    assert [(user, action) for user, action, _ in heard] == \
        [(users[name], action) for action in actions for name in USERS]
    keys = [reaction.key for _, _, reaction in heard]
    assert keys == sorted(keys), "their keys sort them as the gateway did"
    assert len({key[1] for key in keys}) == len(keys), "no two share a tie-break"


@pytest.mark.asyncio
async def test_a_long_burst_reaches_the_dealer_in_gateway_order(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await table.start()
    # The extension's class: loading it imports its module afresh, so isinstance would not do.
    cog = cast(SchickiMicki, bot.get_cog("SchickiMicki"))
    assert cog is not None
    message = await table.driver.say("alice", "games", "a table")
    await assert_burst_in_gateway_order(cog, table.driver, monkeypatch, message)


@pytest.mark.asyncio
async def test_a_reloaded_cog_hears_each_reaction_once_and_the_old_one_none(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing of the unloaded cog stays hooked into discord.py: after a reload, a reaction
    reaches the new cog's dealer once and the old one's not at all."""
    bot = await table.start()
    old = cast(SchickiMicki, bot.get_cog("SchickiMicki"))  # as above
    assert old is not None
    message = await table.driver.say("alice", "games", "a table")
    old.rows[message.id] = FAKE_MATCH
    old_took = reacted_in(old, monkeypatch)
    await bot.reload_extension("cogs.schicki_micki.cog")
    new = cast(SchickiMicki, bot.get_cog("SchickiMicki"))
    assert new is not None and new is not old and new.dealer is old.dealer
    new.rows[message.id] = FAKE_MATCH
    new_took = reacted_in(new, monkeypatch)
    dealt = heard_by(new, monkeypatch)
    assert await table.driver.react("bob", message, SAY["knock"])
    await heard_all(dealt, 1)
    await asyncio.sleep(0.1)  # time enough for a second, stale listener to be heard too
    assert [action for _, action, _ in dealt] == ["knock"], "the dealer got it once"
    assert new_took == [SAY["knock"]] and old_took == []
    # Taken off again: the new cog forgets the mark it noted, the old one never had one.
    assert new.reactions.marks[message.id]
    assert await table.driver.unreact("bob", message, SAY["knock"])

    async def forgotten() -> None:
        while new.reactions.marks[message.id]:
            await asyncio.sleep(0.005)
    await asyncio.wait_for(forgotten(), 10)
    assert message.id not in old.reactions.marks
