"""Two session services on one database, as two bot processes (each its own shard): a change
one commits to the other's game reaches the other through the change feed (`Clock.heard`),
which drives it on and tells its listeners; its own changes told again are no news, and a game
of another shard's guild is never driven on here."""

from __future__ import annotations

import asyncio

import pytest

from bot.sessions.service import SessionService
from bot.shards import Owner, shard_of
from tests.bot.test_sessions import Heard
from tests.conftest import FakeClock

COUNT = 2


def guild_of(shard: int) -> int:
    """A guild id that shard ``shard`` of two runs."""
    guild = 1 << 22
    while shard_of(guild, COUNT) != shard:
        guild += 1 << 22
    return guild


async def two_player_game(sessions: SessionService, guild: int) -> int:
    match = await sessions.open_lobby("mimikri", guild_id=guild, channel_id=7, host_id=1,
                                      host_name="Host", options={"subjects": 4, "turn_timer": 60})
    await sessions.join(match.id, 2, "Guest")
    await sessions.start(match.id, 1)
    return match.id


@pytest.mark.asyncio
async def test_a_change_committed_elsewhere_is_told_by_the_games_own_process_only(repo):
    ours, theirs = (SessionService(repo, clock=FakeClock(), computer_delay=0,
                                   owner=Owner(COUNT, (shard,))) for shard in (0, 1))
    heard_ours, heard_theirs = Heard(), Heard()
    ours.subscribe(heard_ours)
    theirs.subscribe(heard_theirs)
    try:
        match_id = await two_player_game(ours, guild_of(0))
        told = len(heard_ours.transitions)
        await ours.heard(match_id)  # its own change, told again by the feed: no news
        assert len(heard_ours.transitions) == told
        # The other process commits a move (on the web board it serves).
        match = await repo.match(match_id)
        mover = 1 if 0 in ours.rules("mimikri").active_seats(match.state) else 2
        legal = ours.rules("mimikri").legal_actions(match.state, 0 if mover == 1 else 1)
        old_timer = ours._tasks[(match_id, "timer")]
        moved = await theirs.submit(match_id, mover, legal[0], match.version)
        assert not theirs.scheduled(), "a game of another shard is not driven on there"
        await theirs.heard(match_id)  # not its guild's game: it tells nobody
        assert [t.match.version for t in heard_theirs.transitions] == [moved.match.version]
        await ours.heard(match_id)  # the game's own process: as if committed here
        assert heard_ours.transitions[-1].match.version == moved.match.version
        assert len(heard_ours.transitions) == told + 1
        # Its turn timer now runs for the new turn (the old one's is stopped).
        assert ours.scheduled("timer") == {match_id}
        await asyncio.sleep(0)  # a cancelled task ends at its next turn of the loop
        assert ours._tasks[(match_id, "timer")] is not old_timer and old_timer.done()
        await ours.heard(match_id)  # told twice: once is enough
        assert len(heard_ours.transitions) == told + 1
    finally:
        await ours.close()
        await theirs.close()
