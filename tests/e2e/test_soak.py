"""Memory across many games in one process: once a game has ended and its board is final, the
process keeps nothing per match of it (tools/soak.py plays them; `make bench` plays 2,000)."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio

from tools.soak import DoubleTrimmer, kept, soak

GAMES = 150  # about 10 s here; `make bench` plays 2,000


@pytest_asyncio.fixture
async def table(table):
    """The shared table (tests/e2e/conftest.py), started; Schicki Micki's clock sped up."""
    table.time_scale = 0.05
    await table.start()
    return table


@pytest.mark.asyncio
async def test_per_match_structures_return_to_idle_after_many_games(table):
    world = table.server.world
    channel = table.driver.channel("games")
    figures = await soak(table.bot, GAMES, guild_id=world.guild.id, channel_id=channel.id,
                         host_id=world.user("alice").id,
                         between=DoubleTrimmer(table.server))
    assert figures.grown() == {}, figures.grown()
    # Flat after warm-up, whatever the count. Counted in the blocks Python's allocator holds
    # (each object of up to 512 bytes is one), not in resident memory, which the C allocator
    # holds on to as it likes: beside three CPU hogs resident memory rose by 31 MiB while
    # these blocks rose by 3,142 (at rest: about 4,600, the bounded caches filling). A
    # match's state and rows kept by mistake would add hundreds a game: 120 games past the
    # warm-up would pass this bound.
    # Resident memory is measured by `make bench`, over 2,000 games.
    assert figures.block_growth() < 20_000, figures.blocks


@pytest.mark.asyncio
async def test_a_lock_stays_while_held_or_awaited_and_goes_after(table):
    """A lock is dropped only when no change holds it or waits for it: two changes of one
    match still run one after the other."""
    sessions = table.bot.sessions
    order: list[str] = []

    async def change(name: str) -> None:
        async with sessions.lock(424242):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    first = asyncio.create_task(change("a"))
    await asyncio.sleep(0)
    second = asyncio.create_task(change("b"))
    await asyncio.sleep(0.001)
    assert 424242 in sessions._locks  # held by one, awaited by the other
    await asyncio.gather(first, second)
    assert order == ["a in", "a out", "b in", "b out"]
    del first, second
    assert 424242 not in sessions._locks
    assert kept(table.bot)["sessions._locks"] == 0


@pytest.mark.asyncio
async def test_an_ended_game_forgotten_still_answers_who_waits_for_its_board(table):
    """`drawn` (the dealer and turn pings wait on it) and a late click's nudge still know the
    final board of an ended game after the publisher forgot the rest of it."""
    world = table.server.world
    channel = table.driver.channel("games")
    await soak(table.bot, 2, guild_id=world.guild.id, channel_id=channel.id,
               host_id=world.user("alice").id)
    publisher = table.bot.publisher
    assert not publisher._drawn and len(publisher._ended) == 2
    last = max(publisher._ended)
    final = (await table.match(last)).version
    assert await asyncio.wait_for(publisher.drawn(last, final, timeout=5), 1) > 0
    assert publisher.nudge(last, final - 1, final) is False  # the board is final: no redraw
    assert last not in publisher._workers


def test_memory_growth_is_told_by_a_risen_floor_not_a_passing_peak():
    from tools.soak import Soak
    wandering = Soak(idle={}, rss=[(n, 230 + (30 if n in (120, 150) else 0)) for n in
                                   range(15, 151, 15)])
    assert wandering.rss_growth() == 0  # the last sample's peak alone is no leak
    leaking = Soak(idle={}, rss=[(n, 200 + n / 2) for n in range(15, 151, 15)])
    assert leaking.rss_growth() == (200 + 90 / 2) - (200 + 30 / 2)  # 90: the second half
