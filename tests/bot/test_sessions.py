"""The session service: lobby rules, the one write path, computers, timers and replay."""

from __future__ import annotations

import asyncio

import pytest

from bot.db import leaderboards
from bot.db.repo import ChannelBusy
from bot.games import REGISTRY
from bot.games.core import IllegalAction, NotYourTurn, StaleAction, dump, replay
from bot.sessions.transition import Listener, LobbyError

GUILD, CHANNEL, HOST, GUEST = 10, 20, 100, 200


class Heard(Listener):
    """A listener that keeps what it hears."""

    def __init__(self) -> None:
        self.transitions: list = []
        self.reminded: list[str] = []

    def published(self, transition) -> None:
        self.transitions.append(transition)

    async def remind(self, match, seat) -> None:
        self.reminded.append(seat.name)


async def lobby(sessions, **options):
    return await sessions.open_lobby(
        "mimikri", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        options={"subjects": 4, "turn_timer": 0, **options},
    )


async def timed_out_once(sessions):
    """A started two-player game with a 0.3 s turn timer, once its first turn timed out."""
    match = await lobby(sessions, turn_timer=0.3)
    await sessions.join(match.id, GUEST, "Guest")
    await sessions.start(match.id, HOST)

    async def first_timeout():
        while not await sessions.repo.action_log(match.id):
            await asyncio.sleep(0.02)
    await asyncio.wait_for(first_timeout(), 5)
    return match


async def wait_until_over(sessions, match_id, timeout=10.0):
    async def poll():
        while (await sessions.repo.match(match_id)).status == "active":
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), timeout)


@pytest.mark.asyncio
async def test_one_open_game_per_channel(sessions):
    await lobby(sessions)
    with pytest.raises(ChannelBusy):
        await lobby(sessions)


@pytest.mark.asyncio
async def test_lobby_rules(sessions):
    match = await lobby(sessions)
    with pytest.raises(LobbyError, match=r"lobby\.error\.players .*low=2, high=6"):
        await sessions.start(match.id, HOST)
    await sessions.join(match.id, GUEST, "Guest")
    with pytest.raises(LobbyError, match=r"lobby\.error\.already_in"):
        await sessions.join(match.id, GUEST, "Guest")
    with pytest.raises(LobbyError, match=r"lobby\.error\.host_starts"):
        await sessions.start(match.id, GUEST)
    with pytest.raises(LobbyError, match=r"lobby\.error\.host_cancels"):
        await sessions.leave_lobby(match.id, HOST)
    await sessions.leave_lobby(match.id, GUEST)
    assert [s.name for s in await sessions.repo.seats(match.id)] == ["Host"]
    for _ in range(5):
        await sessions.add_computer(match.id, HOST)
    with pytest.raises(LobbyError, match=r"lobby\.error\.full"):
        await sessions.join(match.id, GUEST, "Guest")
    with pytest.raises(LobbyError, match=r"lobby\.error\.cancel_rights"):
        await sessions.cancel(match.id, GUEST, is_admin=False)
    await sessions.cancel(match.id, GUEST, is_admin=True)
    assert (await sessions.repo.match(match.id)).status == "cancelled"


@pytest.mark.asyncio
async def test_rejections_leave_the_game_unchanged(sessions):
    match = await lobby(sessions)
    await sessions.join(match.id, GUEST, "Guest")
    await sessions.start(match.id, HOST)
    before = await sessions.repo.match(match.id)
    with pytest.raises(NotYourTurn):
        await sessions.submit(match.id, GUEST, "orient:N", before.version)
    with pytest.raises(LobbyError, match=r"lobby\.error\.not_playing"):
        await sessions.submit(match.id, 999, "orient:N", before.version)
    with pytest.raises(StaleAction):
        await sessions.submit(match.id, HOST, "orient:N", before.version - 1)
    with pytest.raises(IllegalAction, match=r"mimikri\.refused\.insert_first"):
        await sessions.submit(match.id, HOST, "reveal:A1", before.version)
    after = await sessions.repo.match(match.id)
    assert (after.version, after.state) == (before.version, before.state)
    assert await sessions.repo.action_log(match.id) == []


@pytest.mark.asyncio
async def test_computers_finish_a_game_and_results_replay(sessions):
    heard = Heard()
    sessions.subscribe(heard)
    published = heard.transitions
    match = await lobby(sessions)
    await sessions.add_computer(match.id, HOST)
    await sessions.add_computer(match.id, HOST)
    await sessions.start(match.id, HOST)
    await sessions.leave_game(match.id, HOST)  # the host's seat goes to a computer too
    await wait_until_over(sessions, match.id)

    async def announced():  # the commit is visible a moment before it is announced
        while published[-1].outcome is None:
            await asyncio.sleep(0.005)
    await asyncio.wait_for(announced(), 5)
    final = await sessions.repo.match(match.id)
    assert final.status == "finished"
    log = await sessions.repo.action_log(match.id)
    state, _ = replay(REGISTRY["mimikri"], final.seed, 3, final.options, log)
    assert dump(state) == dump(final.state)
    # Computers (and a human whose seat a computer took) never reach the leaderboard.
    assert await leaderboards.board(sessions.repo, GUILD, "mimikri") == []


@pytest.mark.asyncio
async def test_two_humans_are_rated(sessions):
    match = await lobby(sessions)
    await sessions.join(match.id, GUEST, "Guest")
    await sessions.start(match.id, HOST)
    users = {0: HOST, 1: GUEST}
    rules = REGISTRY["mimikri"]
    while (current := await sessions.repo.match(match.id)).status == "active":
        seat = min(rules.active_seats(current.state))
        action = rules.legal_actions(current.state, seat)[0]
        await sessions.submit(match.id, users[seat], action, current.version)
    board = {row.user_id: row for row in await leaderboards.board(sessions.repo, GUILD, "mimikri")}
    assert set(board) == {HOST, GUEST}
    assert sum(row.points for row in board.values()) == 16
    assert all(row.mu is not None for row in board.values())


@pytest.mark.asyncio
async def test_three_timeouts_in_a_row_hand_the_seat_to_the_computer(sessions):
    clock = sessions.clock
    match = await lobby(sessions, turn_timer=60)
    await sessions.join(match.id, GUEST, "Guest")
    await sessions.start(match.id, HOST)
    rules = REGISTRY["mimikri"]
    # "In a row" counts a player's own turns: only their own move resets the count.
    streak: dict[int, int] = {}
    while True:
        current = await sessions.repo.match(match.id)
        assert current.deadline == pytest.approx(clock.now + 60)
        seat = min(rules.active_seats(current.state))
        streak[seat] = streak.get(seat, 0) + 1
        clock.now += 61
        transition = await sessions.expire(match.id, current.version)
        assert transition.events[0].kind == "timed_out"
        seats = await sessions.repo.seats(match.id)
        if any(s.is_computer for s in seats):
            break
    assert seats[seat].is_computer and seats[seat].timeouts == 3 and streak[seat] == 3
    assert transition.events[0].data["handed_over"] is True
    # An expiry for a version that has moved on does nothing.
    assert await sessions.expire(match.id, current.version) is None


@pytest.mark.asyncio
async def test_timer_task_reminds_at_half_time_then_moves(repo):
    from bot.sessions.service import SessionService

    sessions = SessionService(repo, computer_delay=0)  # the real clock
    heard = Heard()
    sessions.subscribe(heard)
    reminded = heard.reminded
    try:
        match = await timed_out_once(sessions)
        assert reminded[0] == "Host"
        assert (await repo.seats(match.id))[0].timeouts == 1
    finally:
        await sessions.close()


@pytest.mark.asyncio
async def test_a_time_out_in_the_middle_of_a_mariposas_turn_finishes_that_turn(sessions):
    """A turn of several steps: the computer that steps in finishes the absent player's turn
    (every step in the log), and play passes on."""
    clock = sessions.clock
    match = await sessions.open_lobby(
        "mariposas", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        options={"turn_timer": 60})
    await sessions.join(match.id, GUEST, "Guest")
    await sessions.start(match.id, HOST)
    rules = REGISTRY["mariposas"]
    current = await sessions.repo.match(match.id)
    seat = min(rules.active_seats(current.state))
    user = (HOST, GUEST)[seat]
    card = rules.legal_actions(current.state, seat)[0]
    played = await sessions.submit(match.id, user, card, current.version)
    assert rules.turn_open(played.match.state)
    clock.now += 61
    transition = await sessions.expire(match.id, played.match.version)
    assert transition.events[0].kind == "timed_out"
    assert not rules.turn_open(transition.match.state)
    assert seat not in rules.active_seats(transition.match.state)
    log = await sessions.repo.action_log(match.id)
    assert len(log) >= 2 and all(s == seat for s, _, _ in log)  # the card, then every step
    assert log[-1][1] in ("confirm", "keep") or log[-1][1].startswith("trade:")
    assert (await sessions.repo.seats(match.id))[seat].timeouts == 1


@pytest.mark.asyncio
async def test_scheduled_names_the_games_that_move_on_without_anyone_acting(repo):
    """What the e2e harness waits on: a timed game's timer, a computer's pending move, each
    until it has run or the game ended; a game waiting only for its humans has nothing."""
    from bot.sessions.service import SessionService

    sessions = SessionService(repo, computer_delay=60)  # a computer's move stays pending
    try:
        untimed = await lobby(sessions)
        await sessions.join(untimed.id, GUEST, "Guest")
        await sessions.start(untimed.id, HOST)
        assert sessions.scheduled() == set()

        timed = await sessions.open_lobby(
            "mimikri", guild_id=GUILD, channel_id=CHANNEL + 1, host_id=HOST, host_name="Host",
            options={"subjects": 4, "turn_timer": 60})
        await sessions.join(timed.id, GUEST, "Guest")
        await sessions.start(timed.id, HOST)
        assert sessions.scheduled() == sessions.scheduled("timer") == {timed.id}
        assert sessions.scheduled("computer") == set()

        current = await sessions.repo.match(untimed.id)
        to_move = min(REGISTRY["mimikri"].active_seats(current.state))
        await sessions.leave_game(untimed.id, (HOST, GUEST)[to_move])  # a computer takes it
        assert sessions.scheduled("computer") == {untimed.id}
        assert sessions.scheduled() == {untimed.id, timed.id}

        await sessions.cancel(timed.id, HOST, is_admin=False)
        await sessions.cancel(untimed.id, HOST, is_admin=False)
        assert sessions.scheduled() == set()
    finally:
        await sessions.close()


@pytest.mark.asyncio
async def test_an_ended_games_history_is_not_kept_after_it_is_read(sessions):
    """After a restart the publisher reads a finished game's history for its last board: that
    game's events must not stay in memory for the life of the process."""
    match = await lobby(sessions)
    await sessions.add_computer(match.id, HOST)
    await sessions.start(match.id, HOST)
    await sessions.leave_game(match.id, HOST)
    await wait_until_over(sessions, match.id)
    await asyncio.sleep(0.05)  # the last change's commit is announced and its tasks end
    assert sessions._history == {} and not sessions._locks
    final = await sessions.repo.match(match.id)
    events = await sessions.history(final)
    assert events  # read whole, from the log
    assert sessions._history == {}


@pytest.mark.asyncio
async def test_listeners_hear_each_commit_in_the_order_they_subscribed(sessions):
    """Every subscribed listener hears every committed change, the first subscribed first; one
    that fails does not keep the change from the others; an unsubscribed one hears no more."""
    order: list[str] = []

    class Named(Listener):
        def __init__(self, name: str, fails: bool = False) -> None:
            self.name, self.fails = name, fails

        def published(self, transition) -> None:
            order.append(self.name)
            if self.fails:
                raise RuntimeError("a front end's bug")

    sessions.subscribe(Named("board"))
    sessions.subscribe(Named("broken", fails=True))
    unsubscribe = sessions.subscribe(Named("web"))
    match = await lobby(sessions)
    await sessions.join(match.id, GUEST, "Guest")
    assert order == ["board", "broken", "web"]
    unsubscribe()
    await sessions.leave_lobby(match.id, GUEST)
    assert (await sessions.repo.seats(match.id))[-1].user_id == HOST
    assert order == ["board", "broken", "web", "board", "broken"]


@pytest.mark.asyncio
async def test_a_failed_reminder_does_not_stop_the_turn_timer(repo):
    """A listener whose reminder fails is logged; the next listener is still reminded and the
    timer still runs out."""
    from bot.sessions.service import SessionService

    class Failing(Listener):
        async def remind(self, match, seat) -> None:
            raise RuntimeError("Discord is down")

    sessions = SessionService(repo, computer_delay=0)
    heard = Heard()
    sessions.subscribe(Failing())
    sessions.subscribe(heard)
    try:
        await timed_out_once(sessions)
        assert heard.reminded == ["Host"]
    finally:
        await sessions.close()
