"""Nothing lost, nothing stuck: the real bot through the fake Discord under ordinary faults —
concurrent commands on one database connection, board edits Discord refuses, crashes between
a commit and its message, a lobby reply that never arrives.

Every test here is one of the failures a hostile run found; each failed before the fix.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.games import REGISTRY
from bot.games.core import apply_checked, replay
from bot.i18n import words
from bot.sessions.transition import Listener
from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_mimikri import choose

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

RULES = REGISTRY["mimikri"]
FOREVER = -1


async def open_game(table: Table, channel: str, *humans: str) -> tuple[object, int]:
    """`/mimikri new` in ``channel`` by the first human, the others join, the host starts."""
    driver = table.driver
    opened = await driver.slash(humans[0], channel, "mimikri new", turn_timer=0)
    assert opened.ok and not opened.ephemeral, opened
    board = opened.message
    assert board is not None
    for name in humans[1:]:
        await driver.click(name, board, label="Join")
    started = await driver.click(humans[0], board, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    return board, game_id(board.content)


async def next_move(table: Table, match_id: int, users: dict[int, str], hint: int = 0):
    """Who moves next, the button label, and whether that move ends the game."""
    match = await table.match(match_id)
    assert match.state is not None
    seat = min(RULES.active_seats(match.state))
    label = choose({**match.state, "version_hint": hint})
    code = f"orient:{label}" if match.state["phase"] == "orient" else f"reveal:{label}"
    step = apply_checked(RULES, match.state, seed=match.seed, version=match.version, seat=seat,
                         action=code, seen_version=match.version)
    return users[seat], label, step.outcome is not None


async def stored_after(table: Table, match_id: int, version: int, timeout: float = 5) -> None:
    async def moved() -> None:
        while (await table.match(match_id)).version <= version:
            await asyncio.sleep(0.005)
    await asyncio.wait_for(moved(), timeout)


async def click_stored(table: Table, board, match_id: int, user: str, label: str) -> int:
    """Click a board button and wait until the move is stored (not drawn: the board may be
    failing); return the version before it."""
    before = (await table.match(match_id)).version
    assert (await table.driver.click(user, board, label=label)).ok
    await stored_after(table, match_id, before)
    return before


async def click_move(table: Table, board, match_id: int, users: dict[int, str]) -> None:
    """One move through the board's buttons, stored and drawn."""
    user, label, _ = await next_move(table, match_id, users)
    await click_stored(table, board, match_id, user, label)
    await table.idle()


async def play_until_last_move(table: Table, board, match_id: int, users: dict[int, str]):
    """Play until the next move ends the game; return that move (user, label)."""
    for _ in range(400):
        user, label, ends = await next_move(table, match_id, users)
        if ends:
            return user, label
        await click_move(table, board, match_id, users)
    raise AssertionError("the game did not end")


def board_version(table: Table, board) -> int:
    """The version the board message's buttons carry (-1: no buttons)."""
    for component in table.driver.latest(board).iter_components():
        custom_id = component.get("custom_id", "")
        if custom_id.startswith("mg:"):
            return int(custom_id.split(":")[2])
    return -1


async def board_shows(table: Table, board, match_id: int, timeout: float = 10) -> None:
    async def caught_up() -> None:
        while board_version(table, board) != (await table.match(match_id)).version:
            await asyncio.sleep(0.01)
    await asyncio.wait_for(caught_up(), timeout)


def replays(match, log) -> bool:
    state, _ = replay(RULES, match.seed, len(match.state["collected"]), match.options, log)
    return state == match.state


# -- 1. one writer at a time on the shared connection ----------------------------------------


@pytest.mark.asyncio
async def test_simultaneous_new_in_one_channel_open_exactly_one_game(table):
    driver = table.driver
    for attempt in range(5):
        results = await asyncio.gather(*(
            driver.slash(user, "lobby", "mimikri new") for user in ("alice", "bob", "carol",
                                                                   "dave")))
        lobbies = [r for r in results if r.ok and not r.ephemeral]
        refused = [r for r in results if r.ephemeral]
        assert len(lobbies) == 1, (attempt, [r.content for r in results])
        assert len(refused) == 3 and all("already running" in r.content for r in refused)
        match_id = game_id(lobbies[0].message.content)
        match = await table.match(match_id)
        assert match.status == "lobby" and match.message_id == lobbies[0].message.id
        host = next(u for u in ("alice", "bob", "carol", "dave")
                    if driver.user(u).id == match.host_id)
        assert "cancelled" in (await driver.slash(host, "lobby", "game cancel")).content


@pytest.mark.asyncio
async def test_moves_in_many_games_with_new_spammed_keep_every_log_whole(table):
    """Four running games, moves in all of them at once, `/mimikri new` spammed into their
    busy channels (each one a rolled-back insert): afterwards every match replays from its seed
    to its stored state, and every state the bot announced is a prefix of its log."""
    driver = table.driver
    announced: list[tuple[int, int, dict]] = []

    class Spy(Listener):
        def published(self, transition) -> None:
            match = transition.match
            if match.status != "lobby":
                announced.append((match.id, match.version, match.state))
    table.bot.sessions.subscribe(Spy())

    pairs = [("general", "alice", "bob"), ("games", "carol", "dave"),
             ("lobby", "erin", "frank"), ("off-topic", "grace", "heidi")]
    games = []
    for channel, first, second in pairs:
        board, match_id = await open_game(table, channel, first, second)
        games.append((channel, board, match_id, {0: first, 1: second}))
    rng = random.Random(8)

    async def player(board, match_id: int, users: dict[int, str]) -> None:
        for _ in range(12):
            match = await table.match(match_id)
            if match.status != "active":
                return
            await board_shows(table, board, match_id)
            user, label, _ = await next_move(table, match_id, users, hint=rng.randrange(2))
            # Sometimes a double click: one move is taken, the other is refused as stale.
            clicks = 1 + (rng.random() < 0.3)
            await asyncio.gather(*(driver.click(user, board, label=label) for _ in range(clicks)))
            await asyncio.sleep(rng.random() * 0.02)

    async def spammer(channel: str) -> None:
        for _ in range(12):
            refused = await driver.slash(rng.choice(["ivan", "judy"]), channel, "mimikri new")
            assert refused.ephemeral and "already running" in refused.content, refused.content
            await asyncio.sleep(rng.random() * 0.02)

    await asyncio.gather(*(player(b, m, u) for _, b, m, u in games),
                         *(spammer(c) for c, _, _, _ in games))
    await table.idle()
    repo = table.bot.sessions.repo
    for _, _, match_id, _ in games:
        match = await table.match(match_id)
        log = await repo.action_log(match_id)
        assert match.version == len(log) > 0
        assert replays(match, log), f"match {match_id} does not replay to its stored state"
    for match_id, version, state in announced:
        match = await table.match(match_id)
        log = (await repo.action_log(match_id))[:version]
        assert len(log) == version, "an announced action is missing from the log"
        prefix, _ = replay(RULES, match.seed, 2, match.options, log)
        assert prefix == state, f"match {match_id} announced a state its log does not give"


# -- 2. the board converges ------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize(("status", "times"), [(429, 7), (503, 5)])
async def test_board_edits_failing_past_discord_py_retries_are_retried(table, status, times):
    """discord.py gives up after five 429s in a row (and at once on a 503; a 500 it retries
    the same five times, only slower); the publisher does not give up."""
    board, match_id = await open_game(table, "games", "alice", "bob")
    users = {0: "alice", 1: "bob"}
    failing = table.server.fail(f"PATCH /channels/*/messages/{board.id}", status=status,
                                retry_after=0.01, times=times)
    user, label, _ = await next_move(table, match_id, users)
    before = await click_stored(table, board, match_id, user, label)
    await board_shows(table, board, match_id, timeout=30)
    assert len(failing.hits) == times
    await click_move(table, board, match_id, users)  # the next move works from the board
    assert (await table.match(match_id)).version == before + 2


@pytest.mark.asyncio
async def test_a_forbidden_board_tells_the_host_once_and_catches_up_when_allowed(table):
    driver = table.driver
    board, match_id = await open_game(table, "games", "alice", "bob")
    users = {0: "alice", 1: "bob"}
    denied = table.server.fail(f"PATCH /channels/*/messages/{board.id}", status=403,
                               times=FOREVER)
    mark = driver.mark()
    user, label, _ = await next_move(table, match_id, users)
    before = await click_stored(table, board, match_id, user, label)
    warning = await driver.wait_for_message(lambda m: "missing a permission" in m.content,
                                            channel="games", since=mark)
    alice = driver.user("alice")
    assert f"<@{alice.id}>" in warning.content and f"game #{match_id}" in warning.content
    while len(denied.hits) < 4:  # it keeps trying...
        await asyncio.sleep(0.01)
    warnings = [m for m in driver.messages("games") if "missing a permission" in m.content]
    assert len(warnings) == 1, "...but tells the host only once"

    # A click on the outdated board (the same button again: it still shows the old game) is
    # not the player's fault: they are told so, privately.
    behind = await driver.click(user, board, label=label)
    if not ephemeral_text(behind):
        await behind.wait_followups(1)
    assert ephemeral_text(behind) == words("en")("ui.behind")
    assert (await table.match(match_id)).version == before + 1

    denied.times = len(denied.hits)  # the permission is back
    await board_shows(table, board, match_id)
    await click_move(table, board, match_id, users)
    assert (await table.match(match_id)).version == before + 2


# -- 3. ended games after a crash ------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_crash_after_the_final_move_redraws_and_announces_it_once(table):
    driver = table.driver
    board, match_id = await open_game(table, "games", "alice", "bob")
    users = {0: "alice", 1: "bob"}
    user, label = await play_until_last_move(table, board, match_id, users)
    # Discord refuses the board edit: the bot dies before the final board or announcement.
    table.server.fail(f"PATCH /channels/*/messages/{board.id}", status=403, times=FOREVER)
    await click_stored(table, board, match_id, user, label)
    assert (await table.match(match_id)).status == "finished"
    await table.kill()
    table.server.faults.clear()
    assert list(driver.latest(board).iter_components()), "the old board still has buttons"

    mark = driver.mark()
    await table.start()
    final = driver.latest(board)
    assert "game over" in final.content and not list(final.iter_components())
    ends = [m for m in driver.messages("games") if "game over" in m.content and m.id != board.id]
    assert len(ends) == 1, "the end is announced after the restart"
    # It pings the winners it names, who are players, and nobody else.
    players = {driver.user("alice").id, driver.user("bob").id}
    [ping] = driver.pings(since=mark)
    assert ping.message.id == ends[0].id and ping.users and ping.users <= players
    assert not ping.roles and not ping.everyone
    await table.kill()
    await table.start()
    ends = [m for m in driver.messages("games") if "game over" in m.content and m.id != board.id]
    assert len(ends) == 1, "and only once"


@pytest.mark.asyncio
async def test_a_crash_after_cancel_redraws_the_cancelled_board(table):
    driver = table.driver
    board, match_id = await open_game(table, "games", "alice", "bob")
    table.server.fail(f"PATCH /channels/*/messages/{board.id}", status=403, times=FOREVER)
    assert "cancelled" in (await driver.slash("alice", "games", "game cancel")).content
    await table.kill()
    table.server.faults.clear()
    await table.start()
    final = driver.latest(board)
    assert "was cancelled" in final.content and not list(final.iter_components())
    assert (await table.match(match_id)).board_final


# -- 4. the lobby is never unreachable -------------------------------------------------------


@pytest.mark.asyncio
async def test_a_lost_lobby_reply_still_gives_a_lobby_to_join(table):
    driver = table.driver
    table.server.fail("POST /interactions/*/callback", status=404, code=10062,
                      message="Unknown interaction")
    mark = driver.mark()
    await driver.slash("alice", "games", "mimikri new")
    lobby = await driver.wait_for_message(lambda m: "Press **Join**" in m.content,
                                          channel="games", since=mark)
    match = await table.bot.sessions.repo.open_match_in(driver.channel("games").id)
    assert match is not None and match.message_id == lobby.id
    await table.idle()
    assert "joined" in ephemeral_text(await driver.click("bob", lobby, label="Join"))
    assert ephemeral_text(await driver.click("alice", lobby, label="Start")) == "The game is on!"
    await table.idle()
    assert board_version(table, lobby) == 0
    assert not any("unchanged" in m.content for m in driver.messages("games", ephemeral=True))


@pytest.mark.asyncio
async def test_a_crash_before_the_lobby_reply_posts_the_lobby_at_start_up(table):
    driver = table.driver
    channel = driver.channel("games")
    alice = driver.user("alice")
    # As a crash between storing the lobby and replying leaves it: stored, with no message.
    match = await table.bot.sessions.open_lobby(
        "mimikri", guild_id=table.server.world.guild.id, channel_id=channel.id,
        host_id=alice.id, host_name="Alice", options={"subjects": 4, "turn_timer": 0})
    await table.kill()
    mark = driver.mark()
    await table.start()
    lobby = await driver.wait_for_message(lambda m: f"game #{match.id}" in m.content,
                                          channel="games", since=mark)
    assert (await table.match(match.id)).message_id == lobby.id
    assert "joined" in ephemeral_text(await driver.click("bob", lobby, label="Join"))


# -- 6. names never ping ---------------------------------------------------------------------


@pytest.mark.asyncio
async def test_hostile_names_ping_nobody_and_read_as_written(table):
    """Players named like mentions leave; the computers that keep their seats (and their names)
    play to the end; the end is announced. Nothing pings a role, @everyone or @here."""
    driver = table.driver
    role = table.server.world.guild.roles[-1].id
    driver.user("alice").global_name = "@everyone Alice"
    driver.user("bob").global_name = f"<@&{role}> @here **Bob**"
    mark = driver.mark()
    board, match_id = await open_game(table, "games", "alice", "bob")
    assert "left" in ephemeral_text(await driver.slash("bob", "games", "game leave"))
    assert "left" in ephemeral_text(await driver.slash("alice", "games", "game leave"))
    end = await driver.wait_for_message(lambda m: "game over" in m.content and m.id != board.id,
                                        channel="games", since=mark, timeout=30)
    assert (await table.match(match_id)).status == "finished"
    await table.idle()
    for ping in driver.pings(since=mark):
        assert not ping.everyone and not ping.roles, ping
        assert ping.users <= {driver.user("alice").id, driver.user("bob").id}, ping
    assert driver.pings(since=mark) == [], "only humans are ever pinged, and none is left"
    # The names read as written: escaped, not formatted, not mentions.
    shown = driver.latest(board).content + end.content
    assert "@\u200beveryone Alice" in shown and "\\*\\*Bob\\*\\*" in shown
    assert f"<@&{role}>" not in shown and "@here" not in shown and "@everyone" not in shown
