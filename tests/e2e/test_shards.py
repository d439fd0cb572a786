"""A sharded bot (SHARD_COUNT=2) resumes only the games of its own shard's guilds.

The double has one guild; a game of a second, foreign guild (on the other shard) is written
into the same database through the session service, as another process would have left it.
The bot, started with the SHARD_IDS of the double's guild, identifies as that shard, plays its
own guild's games on (computer moves after the restart, the board redrawn) and leaves the
foreign ones alone: no move, no timer, no dealer, no call to their channels.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest

from bot.app import MenagerieBot, ShardedMenagerieBot, create_bot
from bot.db import open_db
from bot.db.repo import Repo
from bot.db.rows import MatchRow
from bot.sessions.service import SessionService
from bot.settings import Settings
from bot.shards import shard_of
from tests.double import Driver, FakeDiscord
from tests.e2e.test_schicki_order import assert_burst_in_gateway_order
from tests.e2e.test_startup import said, start
from tests.waiting import until

COUNT = 2
FOREIGN_CHANNEL = 4242  # no channel of the double: any call to it would show


async def _leave_to_computers(sessions: SessionService, game: str, guild_id: int,
                              channel_id: int, host_id: int, options: dict[str, Any]) -> int:
    """A running game of the host and a computer that the host left: computers only, so it
    goes on by itself once a process resumes it."""
    lobby = await sessions.open_lobby(game, guild_id=guild_id, channel_id=channel_id,
                                      host_id=host_id, host_name="Alice", options=options)
    await sessions.add_computer(lobby.id, host_id)
    await sessions.start(lobby.id, host_id)
    await sessions.leave_game(lobby.id, host_id)
    return lobby.id


async def _stored_games(path: str, guild_id: int, channel_id: int, host_id: int
                        ) -> tuple[int, int, int]:
    """Written before the bot starts, by a process whose computers never got to move: a
    Mimikri game in the double's guild and one in a foreign guild (on the other shard), and a
    running Schicki Micki table there too."""
    foreign = guild_id + (1 << 22)  # the next shard
    assert shard_of(foreign, COUNT) != shard_of(guild_id, COUNT)
    db = await open_db(path)
    sessions = SessionService(Repo(db), computer_delay=3600)
    try:
        own = await _leave_to_computers(sessions, "mimikri", guild_id, channel_id, host_id, {})
        theirs = await _leave_to_computers(sessions, "mimikri", foreign, FOREIGN_CHANNEL,
                                           host_id, {})
        table = await _leave_to_computers(sessions, "schicki_micki", foreign,
                                          FOREIGN_CHANNEL + 1, host_id, {"reveal": 1.0})
    finally:
        await sessions.close()
        await db.close()
    return own, theirs, table


@pytest.mark.asyncio
async def test_a_sharded_bot_resumes_only_its_own_guilds_games(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, tmp_path: Any
) -> None:
    world = fake_discord.world
    channel = driver.channel("games")
    alice = driver.user("alice")
    path = str(tmp_path / "menagerie.sqlite3")
    own, theirs, table = await _stored_games(path, world.guild.id, channel.id, alice.id)
    db = await open_db(path)
    before = {m: await Repo(db).match(m) for m in (theirs, table)}
    await db.close()

    mine = shard_of(world.guild.id, COUNT)
    settings = Settings(token="", database_path=path, dev_guild_id=world.guild.id,
                        computer_delay=0, retry_delay=0.05, shard_count=COUNT,
                        shard_ids=(mine,))
    bot = create_bot(settings)
    assert isinstance(bot, ShardedMenagerieBot)
    await start_bot(bot)
    assert [s.shard for s in fake_discord.gateway.live] == [(mine, COUNT)]
    assert bot.get_guild(world.guild.id) is not None

    repo = bot.sessions.repo

    async def own_over() -> bool:
        match = await repo.match(own)
        return (match is not None and match.status == "finished" and match.board_final
                and match.announced)
    # The computers played the whole game, its end was shown.
    await until(own_over, "the own game's end shown", timeout=20)
    assert fake_discord.calls(f"POST /channels/{channel.id}/messages")

    # Its players can talk to it: the interaction reached the owning shard.
    listed = await driver.slash("alice", "games", "game list")
    assert listed.ok, listed.errors

    await asyncio.sleep(0.3)  # a resumed foreign game would have moved or been drawn by now
    for match_id, was in before.items():
        now: MatchRow | None = await repo.match(match_id)
        assert now == was, f"the foreign game {match_id} was touched"
    assert not [r for r in fake_discord.requests
                if f"/channels/{FOREIGN_CHANNEL}" in r.path
                or f"/channels/{FOREIGN_CHANNEL + 1}" in r.path]
    assert not bot.sessions.scheduled() & {theirs, table}
    assert table not in bot.get_cog("SchickiMicki").dealer.dealing()  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_a_killed_sharded_bot_resumes_its_games_at_its_restart(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, tmp_path: Any
) -> None:
    world = fake_discord.world
    channel = driver.channel("games")
    path = str(tmp_path / "menagerie.sqlite3")
    own, theirs, table = await _stored_games(path, world.guild.id, channel.id,
                                             driver.user("alice").id)
    mine = shard_of(world.guild.id, COUNT)

    def sharded(delay: float) -> MenagerieBot:
        return create_bot(Settings(token="", database_path=path, dev_guild_id=world.guild.id,
                                   computer_delay=delay, retry_delay=0.05, shard_count=COUNT,
                                   shard_ids=(mine,)))

    bot = sharded(0.3)
    running = await start_bot(bot)
    first = await bot.sessions.repo.match(own)
    assert first is not None

    async def moved() -> bool:
        match = await bot.sessions.repo.match(own)
        return match is not None and match.version >= first.version + 2
    await until(moved, "two moves of the own game", timeout=20)
    await running.kill(release=bot.db.close)  # kill -9: no clean-up
    db = await open_db(path)
    at_kill = await Repo(db).match(own)
    before = {m: await Repo(db).match(m) for m in (theirs, table)}
    await db.close()
    assert at_kill is not None and at_kill.status == "active"

    again = sharded(0)
    await start_bot(again)
    repo = again.sessions.repo

    async def own_over() -> bool:
        match = await repo.match(own)
        return match is not None and match.status == "finished" and match.announced
    # The restart took the game on where the killed process left it.
    await until(own_over, "the own game's end", timeout=20)
    assert [s.shard for s in fake_discord.gateway.live] == [(mine, COUNT)]
    await asyncio.sleep(0.3)
    for match_id, was in before.items():
        assert await repo.match(match_id) == was, f"the foreign game {match_id} was touched"


@pytest.mark.asyncio
async def test_without_shard_settings_the_bot_is_the_plain_client(tmp_path: Any) -> None:
    bot = create_bot(Settings(token="", database_path=str(tmp_path / "x.sqlite3")))
    assert type(bot) is MenagerieBot and bot.shard_count is None


@pytest.mark.parametrize(("count", "ids", "named"), [
    ("", "0,1", "SHARD_COUNT"), ("2", "1,2", "below SHARD_COUNT 2"), ("4", "0-2,1", "twice"),
    ("none", "", "SHARD_COUNT"),
])
def test_shard_settings_it_cannot_use_stop_the_start_in_one_line(tmp_path, count, ids, named):
    result = start([sys.executable, "-m", "bot"], tmp_path, SHARD_COUNT=count, SHARD_IDS=ids)
    assert result.returncode == 2, result.stderr  # as every other configuration error
    lines = said(result)
    assert len(lines) == 1 and lines[0].startswith("Configuration error: SHARD_"), lines
    assert named in lines[0]
    assert not (tmp_path / "menagerie.sqlite3").exists()  # stopped before anything was done


@pytest.mark.asyncio
async def test_privacy_delete_leaves_no_game_of_another_process_and_deletes_nothing(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, tmp_path: Any
) -> None:
    """A player seated in a game of a guild on another shard: this process may not take them
    out of it (its owner would not know), so the deletion stops before anything changes and
    says where to leave first."""
    world = fake_discord.world
    alice = driver.user("alice")
    path = str(tmp_path / "menagerie.sqlite3")
    foreign = world.guild.id + (1 << 22)
    db = await open_db(path)
    sessions = SessionService(Repo(db), computer_delay=3600)
    try:
        theirs = await sessions.open_lobby("mimikri", guild_id=foreign, channel_id=FOREIGN_CHANNEL,
                                           host_id=alice.id, host_name="Alice", options={})
        await sessions.add_computer(theirs.id, alice.id)
        await sessions.start(theirs.id, alice.id)
    finally:
        await sessions.close()
        await db.close()
    mine = shard_of(world.guild.id, COUNT)
    bot = create_bot(Settings(token="", database_path=path, dev_guild_id=world.guild.id,
                              computer_delay=0, retry_delay=0.05, shard_count=COUNT,
                              shard_ids=(mine,)))
    await start_bot(bot)
    own = (await driver.slash("alice", "games", "mimikri new", subjects=4)).message
    assert own is not None
    repo = bot.sessions.repo
    before = {table: await repo.fetch_all(f"SELECT * FROM {table} ORDER BY 1")  # noqa: S608
              for table in ("matches", "seats", "actions", "player_settings")}

    asked = await driver.slash("alice", "general", "privacy delete")
    assert asked.ok and asked.ephemeral
    question = asked.message
    assert question is not None
    assert (await driver.click("alice", question, label="Delete my data")).ok

    async def answered() -> bool:
        return "Nothing was deleted" in driver.latest(question).content
    await until(answered, "the privacy answer", timeout=20)
    text = driver.latest(question).content
    assert f"Mimikri in <#{FOREIGN_CHANNEL}>" in text and "/game leave" in text
    assert f"<#{own.channel_id}>" not in text  # its own guild's lobby it could have left
    for table, rows in before.items():
        assert await repo.fetch_all(f"SELECT * FROM {table} ORDER BY 1") == rows, table  # noqa: S608
    assert not [r for r in fake_discord.requests if f"/channels/{FOREIGN_CHANNEL}" in r.path]


@pytest.mark.asyncio
async def test_a_sharded_bot_hears_reactions_in_its_shards_gateway_order(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sharded client (no `bot.ws`, one connection per shard) hands Schicki Micki's dealer
    the reactions of its shard's guild in that connection's gateway order."""
    world = fake_discord.world
    mine = shard_of(world.guild.id, COUNT)
    bot = create_bot(Settings(token="", database_path=str(tmp_path / "x.sqlite3"),
                              dev_guild_id=world.guild.id, computer_delay=0, retry_delay=0.05,
                              shard_count=COUNT, shard_ids=(mine,)))
    await start_bot(bot)
    assert isinstance(bot, ShardedMenagerieBot)
    assert bot.get_shard(mine) is not None and bot.ws is None
    cog = bot.get_cog("SchickiMicki")
    assert cog is not None
    message = await driver.say("alice", "games", "a table")
    await assert_burst_in_gateway_order(cog, driver, monkeypatch, message)
