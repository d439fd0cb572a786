"""A player's own settings in storage: defaults without a row, changes kept across a reopen."""

from __future__ import annotations

import pytest

from bot.db.players import set_pings, wants_pings
from bot.db.repo import Repo
from bot.db.store import open_store


@pytest.mark.asyncio
async def test_pings_are_on_until_switched_off_and_stay_so_after_a_reopen(store_target):
    path = store_target
    db = await open_store(path)
    try:
        repo = Repo(db)
        assert await wants_pings(repo, 7)
        await set_pings(repo, 7, False)
        assert not await wants_pings(repo, 7)
        assert await wants_pings(repo, 8), "one player's choice is theirs only"
    finally:
        await db.close()
    db = await open_store(path)
    try:
        repo = Repo(db)
        assert not await wants_pings(repo, 7)
        await set_pings(repo, 7, True)
        await set_pings(repo, 7, True)  # switching on twice is no error
        assert await wants_pings(repo, 7)
    finally:
        await db.close()


@pytest.mark.asyncio
async def test_a_setting_written_inside_a_change_rolls_back_with_it(store_target):
    db = await open_store(store_target)
    try:
        repo = Repo(db)
        with pytest.raises(RuntimeError):
            async with repo.transaction():
                await set_pings(repo, 7, False)
                raise RuntimeError("the change failed")
        assert await wants_pings(repo, 7)
    finally:
        await db.close()
