"""The session service's part of games in threads: Start asks where the game goes on only when
it may move, and never inside a transaction; the move is stored with the start; a game that
loses its thread is cancelled and shown in its channel again, which is then free."""

from __future__ import annotations

import pytest

from bot.db.repo import ChannelBusy
from bot.sessions.transition import Placement
from tests.bot.test_sessions import Heard

GUILD, CHANNEL, HOST, GUEST, THREAD, LOBBY, FIRST = 10, 20, 100, 200, 3000, 4000, 5000


async def lobby(sessions, **options):
    match = await sessions.open_lobby(
        "mimikri", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        options={"subjects": 4, "turn_timer": 0, **options})
    await sessions.repo.set_message(match.id, LOBBY)
    await sessions.join(match.id, GUEST, "Guest")
    return match


def placer(sessions, asked: list, answer=(THREAD, FIRST)):
    class Asked(Placement):
        def may_move(self, match) -> bool:
            return bool(match.options.get("thread"))

        async def place(self, match, seats):
            # Discord is asked with the shared connection free for everyone else.
            assert sessions.repo._owner is None
            asked.append((match.id, [s.user_id for s in seats]))
            return answer
    sessions.placement = Asked()


@pytest.mark.asyncio
async def test_a_game_that_may_not_move_is_not_placed(sessions):
    asked: list = []
    placer(sessions, asked)
    match = await lobby(sessions)
    started = await sessions.start(match.id, HOST)
    assert asked == [] and started.match.channel_id == CHANNEL
    assert started.match.message_id == LOBBY and started.match.thread_id is None


@pytest.mark.asyncio
async def test_a_placed_start_moves_the_game_into_its_thread(sessions):
    asked: list = []
    published = []
    placer(sessions, asked)
    match = await lobby(sessions, thread=True)
    heard = Heard()
    sessions.subscribe(heard)
    published = heard.transitions
    started = await sessions.start(match.id, HOST)
    assert asked == [(match.id, [HOST, GUEST])]
    row = started.match
    assert (row.status, row.channel_id, row.message_id) == ("active", THREAD, FIRST)
    assert (row.home_channel_id, row.thread_id, row.lobby_message_id) == (CHANNEL, THREAD, LOBBY)
    assert row.in_thread and [t.match.channel_id for t in published] == [THREAD]
    # The channel takes the next lobby meanwhile; the thread holds its one game.
    await sessions.open_lobby("mimikri", guild_id=GUILD, channel_id=CHANNEL, host_id=GUEST,
                              host_name="Guest", options={})
    with pytest.raises(ChannelBusy):
        await sessions.open_lobby("mimikri", guild_id=GUILD, channel_id=THREAD, host_id=GUEST,
                                  host_name="Guest", options={})
    assert [m.id for m in await sessions.repo.threads_from(CHANNEL)] == [match.id]
    assert await sessions.repo.is_game_thread(THREAD)


@pytest.mark.asyncio
async def test_a_refused_place_starts_where_the_lobby_is(sessions):
    asked: list = []
    placer(sessions, asked, answer=None)
    match = await lobby(sessions, thread=True)
    started = await sessions.start(match.id, HOST)
    assert asked and started.match.channel_id == CHANNEL and started.match.thread_id is None


@pytest.mark.asyncio
async def test_leaving_a_lost_thread_cancels_and_goes_home(sessions):
    placer(sessions, [])
    match = await lobby(sessions, thread=True)
    await sessions.start(match.id, HOST)
    left = await sessions.leave_thread(match.id)
    assert [e.kind for e in left.events] == ["cancelled"]
    row = left.match
    assert (row.status, row.channel_id, row.message_id) == ("cancelled", CHANNEL, LOBBY)
    assert not row.in_thread and row.thread_id == THREAD  # remembered, not used
    assert await sessions.leave_thread(match.id) is None, "once"
    assert await sessions.repo.threads_from(CHANNEL) == []
