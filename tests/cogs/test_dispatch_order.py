"""What Schicki Micki's reaction order rests on in discord.py, checked without a gateway so that
an upgrade that changes it fails here, in the quick tests: a cog's raw reaction listeners start
in the order their events were dispatched, additions and removals alike, each running up to its
first await before the next one starts, however busy the event loop is."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.ext import commands

EVENTS = 200


class Listening(commands.Cog):
    """Notes each raw reaction event the moment its listener starts (before any await, as the
    Schicki Micki cog queues its reactions)."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, int]] = []

    @commands.Cog.listener()
    async def on_raw_reaction_add(self, event: discord.RawReactionActionEvent) -> None:
        self.heard.append(("add", event.message_id))
        await asyncio.sleep(0)  # what comes after the first await may interleave

    @commands.Cog.listener()
    async def on_raw_reaction_remove(self, event: discord.RawReactionActionEvent) -> None:
        self.heard.append(("remove", event.message_id))
        await asyncio.sleep(0)


def raw(kind: str, n: int) -> discord.RawReactionActionEvent:
    data = {"message_id": n, "channel_id": 1, "user_id": 2, "guild_id": 3, "type": 0}
    return discord.RawReactionActionEvent(
        data, discord.PartialEmoji(name="✊"),  # type: ignore[arg-type]
        "REACTION_ADD" if kind == "add" else "REACTION_REMOVE")


async def busy(stop: asyncio.Event) -> None:
    """Other work on the loop, ready at every turn."""
    while not stop.is_set():
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_raw_reaction_listeners_start_in_dispatch_order() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    async with bot:  # sets up the bot's loop; nothing connects
        cog = Listening()
        await bot.add_cog(cog)
        stop = asyncio.Event()
        others = [asyncio.create_task(busy(stop)) for _ in range(3)]
        sent = [("add" if n % 3 else "remove", n) for n in range(EVENTS)]
        for index, (kind, n) in enumerate(sent):
            bot.dispatch(f"raw_reaction_{kind}", raw(kind, n))
            if index % 7 == 0:
                await asyncio.sleep(0)  # some arrive together, some one loop turn apart

        async def all_heard() -> None:
            while len(cog.heard) < EVENTS:
                await asyncio.sleep(0.001)
        await asyncio.wait_for(all_heard(), 5)
        stop.set()
        await asyncio.gather(*others)
    assert cog.heard == sent
