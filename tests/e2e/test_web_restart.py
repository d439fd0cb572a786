"""A board page outlives its bot: the bot's process is killed with kill -9 (nothing closes the
page's socket politely), the page says it is reconnecting, and once the bot is started again
it connects by itself and follows the game as before — in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.db.repo import Repo
from bot.db.store import open_store
from tests.double import FakeDiscord, start_bot_process
from tests.e2e.test_two_processes import Guilds
from tests.e2e.test_web_board import SECRET, free_port, watch_link
from tests.web.browsing import CHROMIUM, FLAGS, PHONE, holds
from tests.web.test_playing import offers

pytestmark = pytest.mark.browser


@pytest.mark.asyncio
async def test_a_page_reconnects_by_itself_after_the_bot_is_killed(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    import shutil

    if shutil.which(CHROMIUM) is None:
        pytest.skip("no Chromium at /usr/bin/chromium (make test installs it)")
    from playwright.async_api import async_playwright

    database = str(tmp_path / "menagerie.sqlite3")
    port = free_port()
    guild = fake_discord.world.guild
    env = {"WEB_URL": f"http://127.0.0.1:{port}", "WEB_SECRET": SECRET, "WEB_PORT": str(port)}
    bot = await start_bot_process(fake_discord, database=database, workdir=tmp_path,
                                  dev_guild_id=guild.id, extra_env=env)
    bots = [bot]
    db = await open_store(database)
    play = Guilds(fake_discord, Repo(db), tmp_path, database)
    users = {0: "alice", 1: "bob"}
    try:
        board, match_id = await play.open_by_hand("games", "alice", "bob")
        await play.move(board, match_id, users)
        link = watch_link(play, play.driver.latest(board))
        assert link is not None
        async with async_playwright() as playwright:
            browser: Any = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                            args=FLAGS)
            try:
                page = await browser.new_page(viewport=PHONE)
                await page.goto(link)
                await offers(page, (await play.match(match_id)).version)
                assert await bot.kill() == -9
                await holds(page, "() => document.querySelector('#state').textContent"
                                  " === 'Reconnecting…'", "the page saying it reconnects")
                bot = await start_bot_process(  # the same settings, the same port
                    fake_discord, database=database, workdir=tmp_path, dev_guild_id=guild.id,
                    extra_env=env)
                bots.append(bot)
                await play.move(board, match_id, users)
                after = (await play.match(match_id)).version
                await offers(page, after)  # connected again by itself, and following
                assert await page.text_content("#state") == "Live: the board follows every move."
            finally:
                await browser.close()
    finally:
        for each in bots:
            await each.stop()
        await db.close()
    assert not bot.errors, bot.output
