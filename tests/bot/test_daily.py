"""The daily challenge's service: the day's seed and deal, one try a day, the board and
streaks read from finished tries, and all of it kept across a restart."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from bot.daily import AlreadyTried, DailyChallenge, day_of, seed_for
from bot.db import open_db
from bot.db.repo import ChannelBusy, Repo
from bot.games import REGISTRY
from bot.games.mimic import ai
from bot.sessions.service import SessionService

RULES = REGISTRY["mimic"]
GUILD, OTHER_GUILD = 10, 11
DAY = dt.datetime(2026, 12, 2, 23, 59, 30, tzinfo=dt.UTC).timestamp()  # half a minute to midnight
ONE_DAY = 24 * 3600.0


class Clock:
    """A clock the test moves."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def take(daily: DailyChallenge, user: int, channel: int, guild: int = GUILD):
    match = await daily.open(guild_id=guild, channel_id=channel, user_id=user,
                             name=f"Player {user}")
    return await daily.start(match.id, user)


async def play_out(sessions: SessionService, match_id: int, user: int) -> int:
    """Play the game to its end with the MIMIC computer's choices; return the cubes placed."""
    rng = random.Random(5)
    for _ in range(1000):
        match = await sessions.repo.match(match_id)
        assert match is not None and match.state is not None
        if match.status != "active":
            outcome = RULES.outcome(match.state)
            assert outcome is not None
            return outcome.scores[0]
        code = ai.choose(RULES.view(match.state, 0), RULES.legal_actions(match.state, 0), rng)
        await sessions.submit(match_id, user, code, None)
    raise AssertionError("the daily game did not end")


def test_the_seed_is_the_utc_day():
    assert seed_for(dt.date(2026, 12, 2)) == "daily-2026-12-02"
    assert day_of(DAY) == dt.date(2026, 12, 2)
    assert day_of(DAY + 60) == dt.date(2026, 12, 3)  # midnight UTC, whatever the local zone


@pytest.mark.asyncio
async def test_same_deal_for_everyone_today_and_another_tomorrow(sessions):
    clock = Clock(DAY)
    daily = DailyChallenge(sessions, clock=clock)
    first = await take(daily, 1, channel=100)
    second = await take(daily, 2, channel=200, guild=OTHER_GUILD)
    assert first.seed == second.seed == "daily-2026-12-02"
    assert first.state == second.state and first.state["mode"] == "solo"
    clock.now += ONE_DAY
    await sessions.cancel(first.id, 1, is_admin=False)
    tomorrow = await take(daily, 1, channel=100)
    assert tomorrow.seed == "daily-2026-12-03"
    assert tomorrow.state != first.state


@pytest.mark.asyncio
async def test_one_try_a_day_anywhere(sessions):
    daily = DailyChallenge(sessions, clock=Clock(DAY))
    match = await take(daily, 1, channel=100)
    with pytest.raises(AlreadyTried) as refused:
        await daily.open(guild_id=OTHER_GUILD, channel_id=300, user_id=1, name="Player 1")
    assert refused.value.found.match_id == match.id
    assert refused.value.found.status == "active"
    # A busy channel takes no try: the player may /daily elsewhere.
    with pytest.raises(ChannelBusy):
        await daily.open(guild_id=GUILD, channel_id=100, user_id=2, name="Player 2")
    assert await daily.try_of(2, daily.today()) is None


@pytest.mark.asyncio
async def test_result_board_and_streak_survive_a_restart(tmp_path):
    path = str(tmp_path / "daily.sqlite3")
    clock = Clock(DAY - ONE_DAY)
    db = await open_db(path)
    sessions = SessionService(Repo(db), clock=clock, computer_delay=0)
    daily = DailyChallenge(sessions, clock=clock)
    try:
        yesterday = await take(daily, 1, channel=100)
        await play_out(sessions, yesterday.id, 1)
        clock.now += ONE_DAY
        assert await daily.streak(1, daily.today()) == 1  # today's try not over: still alive
        mine = await take(daily, 1, channel=100)
        cubes = await play_out(sessions, mine.id, 1)
        other = await take(daily, 2, channel=200)
    finally:
        await sessions.close()
        await db.close()

    db = await open_db(path)
    sessions = SessionService(Repo(db), clock=clock, computer_delay=0)
    daily = DailyChallenge(sessions, clock=clock)
    try:
        assert (await daily.try_of(1, daily.today())).score == cubes
        board = await daily.board(GUILD, daily.today())
        assert [(r.rank, r.user_id, r.score, r.streak, r.status) for r in board] == [
            (1, 1, cubes, 2, "finished"), (None, 2, None, 0, "active")]
        assert board[0].name == "Player 1"
        assert await daily.board(OTHER_GUILD, daily.today()) == []
        await play_out(sessions, other.id, 2)
        assert (await daily.board(GUILD, daily.today()))[-1].streak == 1
        # A missed day ends the streak.
        clock.now += 2 * ONE_DAY
        assert await daily.streak(1, daily.today()) == 0
    finally:
        await sessions.close()
        await db.close()


@pytest.mark.asyncio
async def test_a_try_belongs_to_the_day_it_was_taken(sessions):
    """Taken half a minute before midnight UTC and finished after it: it is that day's result
    (and today's try is still free)."""
    clock = Clock(DAY)
    daily = DailyChallenge(sessions, clock=clock)
    match = await take(daily, 1, channel=100)
    clock.now += 120
    cubes = await play_out(sessions, match.id, 1)
    day = dt.date(2026, 12, 2)
    assert (await daily.try_of(1, day)).score == cubes
    assert [r.score for r in await daily.board(GUILD, day)] == [cubes]
    assert await daily.try_of(1, daily.today()) is None
    assert await daily.streak(1, daily.today()) == 1  # yesterday's counts until today is over
