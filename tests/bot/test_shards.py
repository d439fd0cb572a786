"""Shards: Discord's guild → shard formula, which guilds a process owns (in Python and in the
repo's resume queries), and the SHARD_COUNT / SHARD_IDS settings, good and bad."""

from __future__ import annotations

import sqlite3

import pytest

from bot.daily import DailyChallenge
from bot.sessions.service import SessionService
from bot.settings import Settings
from bot.shards import EVERYONE, Owner, parse, shard_of
from tests.conftest import FakeClock

# Discord's documentation takes 175928847299117063 apart: its top bits (>> 22) are the
# timestamp 41944705796. So it is on shard 41944705796 % n; the next ids in the same
# millisecond's neighbours (1 << 22 apart) move one shard on.
DOCS_ID = 175928847299117063
NEXT_MS = 1 << 22


@pytest.mark.parametrize(("guild_id", "count", "shard"), [
    (DOCS_ID, 1, 0), (DOCS_ID, 2, 0), (DOCS_ID, 4, 0),
    (DOCS_ID + NEXT_MS, 1, 0), (DOCS_ID + NEXT_MS, 2, 1), (DOCS_ID + NEXT_MS, 4, 1),
    (DOCS_ID + 2 * NEXT_MS, 2, 0), (DOCS_ID + 2 * NEXT_MS, 4, 2),
    (DOCS_ID + 3 * NEXT_MS, 2, 1), (DOCS_ID + 3 * NEXT_MS, 4, 3),
    # The low 22 bits (worker, process, increment) never change the shard.
    ((5 << 22) | 0x3FFFFF, 1, 0), ((5 << 22) | 0x3FFFFF, 2, 1), ((5 << 22) | 0x3FFFFF, 4, 1),
    ((5 << 22), 4, 1), ((4 << 22) - 1, 4, 3),
])
def test_a_guild_is_on_the_shard_discords_formula_gives(guild_id, count, shard):
    assert shard_of(guild_id, count) == shard


def test_owning_some_shards_owns_exactly_their_guilds():
    owner = Owner(4, (1, 3))
    owned = [shard for shard in range(8) if owner.owns((shard << 22) + 12345)]
    assert owned == [1, 3, 5, 7]
    assert not owner.everything


@pytest.mark.parametrize("owner", [EVERYONE, Owner(1, (0,)), Owner(2, (0, 1)),
                                   Owner(4, (3, 1, 0, 2))])
def test_owning_every_shard_owns_every_guild_and_filters_nothing(owner):
    assert owner.everything
    assert all(owner.owns(g) for g in (0, DOCS_ID, DOCS_ID + NEXT_MS, 2**62 + 7))
    assert owner.where() is None


@pytest.mark.parametrize("owner", [Owner(2, (0,)), Owner(2, (1,)), Owner(4, (2,)), Owner(4, (0, 3)),
                                   Owner(3, (1, 2))])
def test_the_sql_condition_picks_the_same_guilds_as_owns(owner):
    guilds = [DOCS_ID + k * NEXT_MS + k for k in range(12)] + [2**62 + 5, 2**63 - 1]
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (guild_id INTEGER)")
    db.executemany("INSERT INTO t VALUES (?)", [(g,) for g in guilds])
    sql, args = owner.where()
    picked = [r[0] for r in db.execute(f"SELECT guild_id FROM t WHERE {sql} ORDER BY rowid", args)]  # noqa: S608
    assert picked == [g for g in guilds if owner.owns(g)]
    assert 0 < len(picked) < len(guilds)


# -- the settings ----------------------------------------------------------------------------

@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("", "", (None, None)),
    ("4", "", (4, (0, 1, 2, 3))),
    (" 2 ", "1", (2, (1,))),
    ("4", "0,1", (4, (0, 1))),
    ("4", "0-3", (4, (0, 1, 2, 3))),
    ("8", "0-1, 4 ,6-7", (8, (0, 1, 4, 6, 7))),
    ("16", "5 - 6", (16, (5, 6))),
    ("1", "0", (1, (0,))),
])
def test_shard_settings_that_are_accepted(count, ids, expected):
    assert parse(count, ids) == expected


@pytest.mark.parametrize(("count", "ids", "said"), [
    ("", "0,1", "SHARD_IDS needs SHARD_COUNT (how many shards there are in all)"),
    ("0", "", "SHARD_COUNT must be a whole number of at least 1 (not '0')"),
    ("two", "", "SHARD_COUNT must be a whole number of at least 1 (not 'two')"),
    ("-2", "", "SHARD_COUNT must be a whole number of at least 1 (not '-2')"),
    ("2.5", "", "SHARD_COUNT must be a whole number of at least 1 (not '2.5')"),
    ("4", "a", "SHARD_IDS must be shard numbers or ranges like 0,1 or 0-3 (not 'a')"),
    ("4", "0,,1", "SHARD_IDS must be shard numbers or ranges like 0,1 or 0-3 (not '0,,1')"),
    ("4", "3-1", "SHARD_IDS must be shard numbers or ranges like 0,1 or 0-3 (not '3-1')"),
    ("4", "-1", "SHARD_IDS must be shard numbers or ranges like 0,1 or 0-3 (not '-1')"),
    ("4", "0-", "SHARD_IDS must be shard numbers or ranges like 0,1 or 0-3 (not '0-')"),
    ("4", "4", "SHARD_IDS must be below SHARD_COUNT 4 (shards are numbered 0 to 3; not 4)"),
    ("2", "0-2", "SHARD_IDS must be below SHARD_COUNT 2 (shards are numbered 0 to 1; not 2)"),
    ("4", "1,1", "SHARD_IDS names shard 1 twice"),
    ("8", "0-3,2-5", "SHARD_IDS names shard 2, 3 twice"),
])
def test_shard_settings_that_are_refused_in_one_line(count, ids, said):
    with pytest.raises(ValueError) as refused:
        Settings.from_env({"SHARD_COUNT": count, "SHARD_IDS": ids})
    assert str(refused.value) == said
    assert "\n" not in said


def test_without_shard_settings_the_bot_is_not_sharded_and_owns_everything():
    settings = Settings.from_env({})
    assert settings.shard_count is None and settings.shard_ids is None
    assert settings.owner is EVERYONE


def test_shard_settings_make_the_owner():
    settings = Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "1-2"})
    assert (settings.shard_count, settings.shard_ids) == (4, (1, 2))
    assert settings.owner == Owner(4, (1, 2))


# -- the resume queries ----------------------------------------------------------------------

MINE, THEIRS = 7 << 22, 8 << 22  # shards 1 and 0 of 2


async def _open_games(repo) -> dict[int, list[int]]:
    """A lobby, a running game and a cancelled one whose end was not drawn yet in each guild;
    the match ids by guild."""
    sessions = SessionService(repo, clock=FakeClock(), computer_delay=0)
    made: dict[int, list[int]] = {}
    for guild in (MINE, THEIRS):
        for channel in (1, 2, 3):
            lobby = await sessions.open_lobby(
                "mimikri", guild_id=guild, channel_id=guild + channel, host_id=100 + channel,
                host_name="Host", options={"turn_timer": 600})
            made.setdefault(guild, []).append(lobby.id)
            if channel > 1:
                await sessions.add_computer(lobby.id, 100 + channel)
                await sessions.start(lobby.id, 100 + channel)
            if channel == 3:
                await sessions.cancel(lobby.id, 100 + channel, is_admin=True)
    await sessions.close()  # a process that stopped: its timers with it
    return made


@pytest.mark.asyncio
async def test_the_resume_queries_load_only_the_owned_guilds_games(repo):
    await _open_games(repo)
    owner = Owner(2, (1,))
    every_open = await repo.open_matches()
    every_unsettled = await repo.unsettled_matches()
    assert {m.guild_id for m in every_open} == {MINE, THEIRS}
    assert await repo.open_matches(owner=EVERYONE) == every_open
    assert await repo.unsettled_matches(owner=EVERYONE) == every_unsettled
    assert await repo.open_matches(owner=owner) == [m for m in every_open if m.guild_id == MINE]
    assert await repo.unsettled_matches(owner=owner) == [
        m for m in every_unsettled if m.guild_id == MINE]
    assert await repo.open_matches(THEIRS, owner=owner) == []
    assert await repo.open_matches(owner=Owner(2, (0,))) == [
        m for m in every_open if m.guild_id == THEIRS]


@pytest.mark.asyncio
async def test_sessions_resume_only_the_owned_guilds_games(repo):
    await _open_games(repo)
    sessions = SessionService(repo, clock=FakeClock(), computer_delay=0, owner=Owner(2, (1,)))
    try:
        resumed = await sessions.resume()
        assert resumed and {m.guild_id for m in resumed} == {MINE}
        armed = sessions.scheduled()
        assert armed and armed <= {m.id for m in resumed}
    finally:
        await sessions.close()


@pytest.mark.asyncio
async def test_daily_result_lines_are_resumed_only_in_owned_guilds(repo):
    sessions = SessionService(repo, clock=FakeClock(), computer_delay=0)
    daily = DailyChallenge(sessions, clock=FakeClock())
    tries = {}
    for guild in (MINE, THEIRS):
        match = await daily.open(guild_id=guild, channel_id=guild + 1, user_id=guild + 2,
                                 name="Player")
        await sessions.cancel(match.id, guild + 2, is_admin=True)
        tries[guild] = match.id
    # Finished, as if the game had been played out.
    await repo.execute("UPDATE matches SET status = 'finished'")
    assert [t.guild_id for t in await daily.unannounced()] == [MINE, THEIRS]
    assert [t.guild_id for t in await daily.unannounced(Owner(2, (1,)))] == [MINE]
    assert [t.guild_id for t in await daily.unannounced(Owner(2, (0,)))] == [THEIRS]
