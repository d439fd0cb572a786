"""Turn pings end to end: the player whose turn starts is mentioned once, with the timer's
deadline as a Discord timestamp; computers never; `/settings me pings:off` silences a player,
also after a restart; and a ping Discord refuses leaves the game going."""

from __future__ import annotations

import asyncio
import random
import sqlite3

import pytest

from bot.games import REGISTRY
from bot.games.core import apply_checked
from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_mimikri import choose, move, open_game
from tests.waiting import until

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

RULES = REGISTRY["mimikri"]
BELL = "🔔"


def turn_pings(table: Table, since: int) -> list[tuple[int, str]]:
    """(whom, text) of each turn ping sent from ``since`` on (not the end's announcement)."""
    found = []
    for ping in table.driver.pings(since=since):
        if BELL in ping.message.content:
            assert not ping.roles and not ping.everyone
            [user] = ping.users
            found.append((user, ping.message.content))
    return found


async def play(table: Table, board, match_id: int, users: dict[int, str], moves: int,
               seen: list[tuple[int, float | None]]) -> None:
    """Make ``moves`` moves (fewer if the game ends), noting after each the seat to act and
    the stored deadline in ``seen``."""
    for _ in range(moves):
        match = await table.match(match_id)
        if match.status != "active":
            return
        assert match.state is not None
        seat = min(RULES.active_seats(match.state))
        await move(table, users[seat], board, choose({**match.state, "version_hint": 0}),
                   match_id)
        after = await table.match(match_id)
        if after.status == "active":
            assert after.state is not None
            seen.append((min(RULES.active_seats(after.state)), after.deadline))


async def acting(table: Table, match_id: int) -> list[tuple[int, None]]:
    """The seat to act at every version so far, from the action log (a computer's moves come
    and go between two of a test's looks at the table)."""
    seats = [seat for seat, _, _ in await table.bot.sessions.repo.action_log(match_id)]
    match = await table.match(match_id)
    if match.status == "active":
        assert match.state is not None
        seats.append(min(RULES.active_seats(match.state)))
    return [(seat, None) for seat in seats]


def expected(seen: list[tuple[int, float | None]], ids: dict[int, int | None]) -> list[int]:
    """Who is pinged: the seat to act whenever the turn passes to a human seat — from
    ``seen[0]`` on, which is not pinged (the host who clicked Start, or a turn pinged before
    the test looked)."""
    wanted: list[int] = []
    before = seen[0][0] if seen else None
    for seat, _ in seen[1:]:
        user_id = ids[seat]
        if seat != before and user_id is not None:
            wanted.append(user_id)
        before = seat
    return wanted


@pytest.mark.asyncio
async def test_each_turn_pings_its_player_once_with_the_deadline(table):
    world = table.server.world
    alice, bob = world.user("alice").id, world.user("bob").id
    since = table.driver.mark()
    board, match_id = await open_game(table, "alice", "bob", timer=5)
    start = await table.match(match_id)
    seen = [(min(RULES.active_seats(start.state)), start.deadline)]
    await play(table, board, match_id, {0: "alice", 1: "bob"}, 12, seen)

    pinged = turn_pings(table, since)
    assert [user for user, _ in pinged] == expected(seen, {0: alice, 1: bob})
    assert {user for user, _ in pinged} == {alice, bob}, "both players had turns"
    # Mimikri's holder orients the camera and then searches: one turn, one ping; the board
    # was edited many more times than anyone was pinged.
    assert len(pinged) < len(seen)
    # Each ping carries its turn's deadline, counted down by every client in its own words.
    assert seen[0][0] == 0, "the host plays first, and is not called: they clicked Start"
    turns = [(seat, deadline) for i, (seat, deadline) in enumerate(seen)
             if i > 0 and seen[i - 1][0] != seat]
    for (user, text), (_, deadline) in zip(pinged, turns, strict=True):
        assert deadline is not None and f"<t:{int(deadline)}:R>" in text, text
        assert f"<@{user}>" in text and f"game #{match_id}" in text
    # A turn that is over takes its ping away: the channel keeps only the current turn's.
    shown = [m for m in table.driver.messages("games") if BELL in m.content]
    assert [m.content for m in shown] == [pinged[-1][1]]


@pytest.mark.asyncio
async def test_computers_are_never_pinged_and_no_timer_means_no_timestamp(table):
    alice = table.server.world.user("alice").id
    since = table.driver.mark()
    board, match_id = await open_game(table, "alice", computers=1)
    start = await table.match(match_id)
    seen = [(min(RULES.active_seats(start.state)), start.deadline)]
    await play(table, board, match_id, {0: "alice"}, 12, seen)

    pinged = turn_pings(table, since)
    assert pinged and {user for user, _ in pinged} == {alice}
    assert [user for user, _ in pinged] == expected(await acting(table, match_id),
                                                    {0: alice, 1: None})
    assert all("<t:" not in text for _, text in pinged), "no timer, no deadline"


@pytest.mark.asyncio
async def test_pings_off_silences_a_player_also_after_a_restart(table):
    driver = table.driver
    world = table.server.world
    alice, bob = world.user("alice").id, world.user("bob").id
    off = await driver.slash("bob", "games", "settings me", pings="off")
    assert off.ephemeral and "won't mention you" in ephemeral_text(off)
    board, match_id = await open_game(table, "alice", "bob", timer=5)

    await table.kill()
    await table.start()
    since = driver.mark()
    match = await table.match(match_id)
    seen = [(min(RULES.active_seats(match.state)), match.deadline)]
    await play(table, board, match_id, {0: "alice", 1: "bob"}, 14, seen)
    assert {seat for seat, _ in seen[1:]} == {0, 1}, "both had turns after the restart"
    pinged = turn_pings(table, since)
    # Alice's turns ping her (not the one under way at the restart: it was pinged before);
    # Bob's never.
    assert [user for user, _ in pinged] == expected(seen, {0: alice, 1: None})
    assert bob not in {user for user, _ in pinged}

    on = await driver.slash("bob", "games", "settings me", pings="on")
    assert "I'll mention you" in ephemeral_text(on)
    since = driver.mark()
    seen = seen[-1:]
    await play(table, board, match_id, {0: "alice", 1: "bob"}, 14, seen)
    assert any(seat == 1 for seat, _ in seen[1:]), "Bob had another turn"
    assert bob in {user for user, _ in turn_pings(table, since)}, "pings are on again"


@pytest.mark.asyncio
async def test_a_ping_discord_refuses_leaves_the_game_going(table):
    driver = table.driver
    world = table.server.world
    alice, bob = world.user("alice").id, world.user("bob").id
    board, match_id = await open_game(table, "alice", "bob", timer=5)
    refused = table.server.fail("POST /channels/*/messages", status=403, times=-1)
    since = driver.mark()
    start = await table.match(match_id)
    seen = [(min(RULES.active_seats(start.state)), start.deadline)]
    await play(table, board, match_id, {0: "alice", 1: "bob"}, 6, seen)
    assert refused.hits, "the pings were tried"
    assert turn_pings(table, since) == []
    after = await table.match(match_id)
    assert after.version >= 6 and after.status == "active", "the game went on"
    assert f"game #{match_id}" in driver.latest(board).content

    # Rate limited: discord.py waits it out and the ping still arrives.
    refused.times = len(refused.hits)  # exhausted: Discord takes messages again
    table.server.fail("POST /channels/*/messages", status=429, retry_after=0.05, times=1)
    since = driver.mark()
    seen = seen[-1:]
    await play(table, board, match_id, {0: "alice", 1: "bob"}, 8, seen)
    wanted = expected(seen, {0: alice, 1: bob})
    assert wanted, "the turn passed"
    assert [user for user, _ in turn_pings(table, since)] == wanted


@pytest.mark.asyncio
async def test_a_mariposas_turn_of_many_steps_pings_once(table):
    from bot.games.mariposas.rules import RULES as MARIPOSAS
    from tests.e2e import test_mariposas as mp

    driver = table.driver
    world = table.server.world
    humans = {0: "alice", 1: "bob"}
    ids = {seat: world.user(name).id for seat, name in humans.items()}
    opened = await driver.slash("alice", "games", "mariposas new", turn_timer=0)
    board = opened.message
    match_id = game_id(board.content)
    assert (await driver.click("bob", board, label="Join")).ok
    since = driver.mark()
    started = await driver.click("alice", board, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    rng = random.Random(3)
    turns = steps = 0
    for _ in range(60):
        match = await mp.settle(table, match_id, humans)
        await table.idle()
        if match.status != "active" or match.state["phase"] == "free":
            break  # a season's free hatch asks everyone at once: beyond this test
        seat = min(MARIPOSAS.active_seats(match.state))
        pinged = [user for user, _ in turn_pings(table, since)]
        since = driver.mark()
        if MARIPOSAS.turn_open(match.state):
            assert pinged == [], "a step within a turn pings nobody"
        elif match.version == 0 and seat == 0:
            assert pinged == [], "Start does not call the host who clicked it"
        else:
            assert pinged == [ids[seat]], "a new turn pings its player once"
            turns += 1
        panel = await mp.open_panel(table, humans[seat], board)
        await mp.step(table, humans[seat], panel, mp.decide(match.state, seat, rng),
                      match.version, MARIPOSAS.view(match.state, seat))
        steps += 1
    assert turns >= 3 and steps > turns, (turns, steps)


async def play_until(table: Table, board, match_id: int, users: dict[int, str],
                     done) -> None:
    """Move (as whoever is to act) until ``done(seat to act)`` holds, then wait for the pings."""
    for _ in range(30):
        match = await table.match(match_id)
        assert match.status == "active" and match.state is not None
        seat = min(RULES.active_seats(match.state))
        if done(seat):
            await table.idle()
            return
        await move(table, users[seat], board, choose({**match.state, "version_hint": 0}),
                   match_id)
    raise AssertionError("the turn never passed")


def shown_pings(table: Table, channel) -> list:
    """The turn pings still in ``channel``."""
    return [m for m in table.driver.messages(channel) if BELL in m.content]


async def bobs_turn(table: Table, *, thread: bool = False):
    """Alice and Bob play until Bob's turn, whose ping is then shown: the board, the game,
    the ping and where it is."""
    users = {0: "alice", 1: "bob"}
    if thread:
        from tests.e2e.test_threads import lobby
        board, match_id = await lobby(table, "alice", "mimikri new", subjects=4, turn_timer=0)
        assert "joined" in ephemeral_text(await table.driver.click("bob", board, label="Join"))
        started = await table.driver.click("alice", board, label="Start")
        assert ephemeral_text(started) == "The game is on!"
        await table.idle()
        match = await table.match(match_id)
        assert match.message_id is not None
        board = table.driver.latest(match.message_id)
    else:
        board, match_id = await open_game(table, "alice", "bob")
    await play_until(table, board, match_id, users, lambda seat: seat == 1)
    channel = (await table.match(match_id)).channel_id
    [ping] = shown_pings(table, channel)
    assert f"<@{table.server.world.user('bob').id}>" in ping.content
    return board, match_id, ping, channel


@pytest.mark.asyncio
async def test_a_ping_sent_before_a_restart_is_taken_away_when_its_turn_ends(table):
    users = {0: "alice", 1: "bob"}
    board, match_id, ping, channel = await bobs_turn(table)

    await table.kill()
    await table.start()
    assert [m.id for m in shown_pings(table, channel)] == [ping.id], "Bob's turn is still on"
    await play_until(table, board, match_id, users, lambda seat: seat != 1)
    assert ping.id not in {m.id for m in shown_pings(table, channel)}, "the old ping is gone"
    assert table.driver.latest(ping).deleted


@pytest.mark.asyncio
async def test_a_restart_takes_away_the_ping_of_a_game_that_ended_while_down(table):
    _, match_id, ping, channel = await bobs_turn(table)

    await table.kill()
    with sqlite3.connect(table.db) as db:  # cancelled by hand while the bot was down
        db.execute("UPDATE matches SET status = 'cancelled' WHERE id = ?", (match_id,))
    await table.start()
    assert shown_pings(table, channel) == []
    assert table.driver.latest(ping).deleted
    assert await table.bot.sessions.repo.fetch_all("SELECT * FROM turn_pings") == []


@pytest.mark.asyncio
async def test_a_ping_in_a_thread_archived_during_its_turn_is_deleted_once_reopened(
        table, monkeypatch):
    board, match_id, ping, thread_id = await bobs_turn(table, thread=True)
    thread = table.driver.channel(thread_id)
    # Bob plays on until his next move is the one that ends his turn (a found butterfly lets
    # him go on): the rules tell which, from the stored state and the match's seed.
    for _ in range(30):
        match = await table.match(match_id)
        label = choose({**match.state, "version_hint": 0})
        code = ("orient:" if match.state["phase"] == "orient" else "reveal:") + label
        after = apply_checked(RULES, match.state, seed=match.seed, version=match.version,
                              seat=1, action=code, seen_version=None)
        if 1 not in RULES.active_seats(after.state):
            break
        await move(table, "bob", board, label, match_id)
    table.driver.archive(thread)  # Discord hid the quiet thread during Bob's turn
    # The move's redraw reopens the thread at the moment its ping's delete goes: the reopening
    # waits for that delete, so the delete always meets the archive (timing alone did not,
    # under load); this test is about the retry once the thread is open again.
    threads = table.bot.publisher.threads
    reopen = threads.usable

    async def after_the_delete(match):
        await until(lambda: table.server.calls("DELETE /channels/*/messages/*"),
                    "the old ping's delete", timeout=10)
        return await reopen(match)
    monkeypatch.setattr(threads, "usable", after_the_delete)

    await move(table, "bob", board, label, match_id)
    await table.idle()
    # The retry follows the reopening in its own task: wait for it (a busy machine is slower).
    for _ in range(200):
        if ping.id not in {m.id for m in shown_pings(table, thread_id)}:
            break
        await asyncio.sleep(0.02)
    refused = [r for r in table.server.calls("DELETE /channels/*/messages/*") if r.status == 400]
    assert refused, "the first delete met the archived thread"
    assert not thread.archived, "the next board reopened the thread"
    assert ping.id not in {m.id for m in shown_pings(table, thread_id)}, "deleted once reopened"


@pytest.mark.asyncio
@pytest.mark.parametrize(("status", "times"), [(503, 1), (429, 5)])
async def test_a_ping_whose_delete_discord_failed_is_deleted_later(table, status, times):
    """A server error, and a rate limit discord.py gave up waiting out (five in a row)."""
    users = {0: "alice", 1: "bob"}
    board, match_id, ping, channel = await bobs_turn(table)
    failing = table.server.fail("DELETE /channels/*/messages/*", status=status, times=times,
                                retry_after=0.01)

    await play_until(table, board, match_id, users, lambda seat: seat != 1)
    for _ in range(200):
        if ping.id not in {m.id for m in shown_pings(table, channel)}:
            break
        await asyncio.sleep(0.02)
    assert failing.hits, "the delete failed first"
    assert ping.id not in {m.id for m in shown_pings(table, channel)}, "and went through later"
