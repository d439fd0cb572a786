"""Games in their own threads, end to end: the thread is made from the lobby message at Start,
everything of the game goes into it and the channel keeps the lobby (a link) and the final
result line; no permission (or no threads here) keeps the game in the channel and tells the
host; after a restart an archived thread is reopened, a locked or deleted one ends the game
cleanly; Schicki Micki's reactions work in a thread; the channel takes another lobby meanwhile;
and with threads off nothing changes."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest

from bot.games import REGISTRY
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from cogs import _threads as threads_module
from cogs._ui import EN
from tests.double import interactions as ix
from tests.double import threads as thread_ops
from tests.double.models import CREATE_PUBLIC_THREADS
from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_mimikri import choose, move, play_to_end
from tests.e2e.test_schicki_micki import RESULT_HEADS, result_part, wait_cards

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

MIMIKRI = REGISTRY["mimikri"]


async def lobby(table: Table, host: str, command: str, *, thread: bool = True, **options):
    """``/… new`` by ``host`` in #games with the ``thread`` option; the lobby message and id."""
    if has_thread_option(table, command):
        options["thread"] = thread
    opened = await table.driver.slash(host, "games", command, **options)
    assert opened.ok and not opened.ephemeral, opened
    assert opened.message is not None
    match_id = game_id(opened.message.content)
    if not has_thread_option(table, command):  # set as the server's default would
        # Read, changed in Python and written back: the same on SQLite and PostgreSQL.
        changed = {**(await table.match(match_id)).options, "thread": thread}
        await table.bot.sessions.repo.execute(
            "UPDATE matches SET options = ? WHERE id = ?", (json.dumps(changed), match_id))
    return opened.message, match_id


def has_thread_option(table: Table, command: str) -> bool:
    group, sub = command.split()
    for scope in table.server.world.commands.values():
        for found in scope:
            if found["name"] == group:
                for option in found.get("options", []):
                    if option["name"] == sub:
                        return any(o["name"] == "thread" for o in option.get("options", []))
    return False


async def mimikri_in_thread(table: Table, *, thread: bool = True):
    """Alice and Bob start a Mimikri game (with a computer); the lobby message and the id."""
    driver = table.driver
    message, match_id = await lobby(table, "alice", "mimikri new", thread=thread, subjects=4,
                                    turn_timer=0)
    assert "joined" in ephemeral_text(await driver.click("bob", message, label="Join"))
    await driver.click("alice", message, label="Add computer (normal)")
    started = await driver.click("alice", message, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    return message, match_id


async def board_in(table: Table, match_id: int):
    """The game's board message, wherever the game is shown now."""
    match = await table.match(match_id)
    assert match.message_id is not None
    return table.driver.latest(match.message_id)


@pytest.mark.asyncio
async def test_a_game_in_its_thread_and_the_lobby_and_result_in_the_channel(table):
    driver, world = table.driver, table.server.world
    alice, bob = world.user("alice").id, world.user("bob").id
    since = driver.mark()
    lobby_message, match_id = await mimikri_in_thread(table)

    # One thread, made from the lobby message, named after the game.
    made = [a for a in driver.actions[since:] if a.kind == "thread_create"]
    assert len(made) == 1
    thread = driver.thread_of(lobby_message)
    assert thread.name == f"Mimikri #{match_id}"
    assert thread.parent_id == driver.channel("games").id
    match = await table.match(match_id)
    assert (match.channel_id, match.thread_id, match.home_channel_id) == (
        thread.id, thread.id, driver.channel("games").id)

    # The board is in the thread; its first message called the players in (and only them).
    board = await board_in(table, match_id)
    assert board.channel_id == thread.id and board.pngs()
    called = [p for p in driver.pings(since=since) if p.message.channel_id == thread.id]
    assert called and called[0].users == {alice, bob}

    # The lobby message in the channel now only points to the thread.
    pointer = driver.latest(lobby_message)
    assert f"<#{thread.id}>" in pointer.content and "being played" in pointer.content
    assert not list(pointer.iter_components()) and not pointer.attachments

    # The channel refuses the final result line once: it comes again, the thread's does not.
    refusal = table.server.fail(f"POST /channels/{driver.channel('games').id}/messages", 403)
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    await table.idle()
    assert len(refusal.hits) == 1

    # Every message of the game after Start went into the thread...
    games = driver.channel("games").id
    in_channel = [a.message for a in driver.actions[since:]
                  if a.kind == "message_create" and a.message is not None
                  and a.message.channel_id == games and a.message.ephemeral_for is None
                  and a.message.id != lobby_message.id]
    in_thread = driver.messages(thread)
    ends = [m for m in in_thread if "game over" in m.content and m.id != board.id]
    assert len(ends) == 1, "announced there, once"
    # ...and the channel got only the final result line, with a link and a Rematch button.
    [result] = in_channel
    assert "game over" in result.content and f"<#{thread.id}>" in result.content
    assert not result.pinged_users, "the players were called in the thread already"
    assert driver.find_component(result, label="Rematch")
    assert "was played" in driver.latest(lobby_message).content
    assert driver.messages("games") == [driver.latest(lobby_message), result]


@pytest.mark.asyncio
async def test_the_server_default_puts_games_in_threads_unless_the_host_says_no(table):
    driver = table.driver
    chosen = await driver.slash("alice", "games", "settings server", threads="on")  # the owner
    assert chosen.ok, chosen
    opened = await driver.slash("bob", "games", "mimic new", solo=True, turn_timer=0)
    assert opened.ok, opened
    solo_id = game_id(opened.message.content)

    async def started() -> None:  # a solo game starts right after its lobby is posted
        while (await table.match(solo_id)).status != "active":
            await asyncio.sleep(0.01)
    await asyncio.wait_for(started(), 5)
    await table.idle()
    solo = await table.match(solo_id)
    assert solo.status == "active" and solo.thread_id == driver.thread_of(opened.message).id
    board = driver.latest(solo.message_id)
    assert board.channel_id == solo.thread_id and board.pngs()
    # The host's own choice wins over the server's.
    since = driver.mark()
    lobby_message, match_id = await mimikri_in_thread(table, thread=False)
    assert not [a for a in driver.actions[since:] if a.kind == "thread_create"]
    assert (await table.match(match_id)).message_id == lobby_message.id


@pytest.mark.asyncio
async def test_with_threads_off_nothing_changes(table):
    driver = table.driver
    since = driver.mark()
    lobby_message, match_id = await mimikri_in_thread(table, thread=False)
    assert not [a for a in driver.actions[since:] if a.kind == "thread_create"]
    match = await table.match(match_id)
    assert match.thread_id is None and match.home_channel_id is None
    assert match.message_id == lobby_message.id, "the lobby became the board, as always"
    assert driver.latest(lobby_message).pngs()


@pytest.mark.asyncio
async def test_no_permission_to_make_threads_keeps_the_game_in_the_channel(table):
    driver, world = table.driver, table.server.world
    driver.deny_bot("games", CREATE_PUBLIC_THREADS)
    since = driver.mark()
    lobby_message, match_id = await mimikri_in_thread(table)
    refused = table.server.calls("POST /channels/*/messages/*/threads")
    assert [r.status for r in refused] == [403]
    match = await table.match(match_id)
    assert match.thread_id is None and match.message_id == lobby_message.id
    assert driver.latest(lobby_message).pngs(), "the board is the lobby message, as always"
    # The host, and only the host, is told once, in the channel.
    [note] = [p for p in driver.pings(since=since) if "threads" in p.message.content]
    assert note.users == {world.user("alice").id} and not note.roles and not note.everyone
    assert note.message.channel_id == driver.channel("games").id
    assert "Create Public Threads" in note.message.content


@pytest.mark.asyncio
async def test_discord_failing_to_make_the_thread_keeps_the_game_going(table):
    driver = table.driver
    table.server.fail("POST /channels/*/messages/*/threads", 500, times=-1)
    lobby_message, match_id = await mimikri_in_thread(table)
    match = await table.match(match_id)
    assert match.thread_id is None and match.status == "active"
    assert driver.latest(lobby_message).pngs()


@pytest.mark.asyncio
async def test_a_second_lobby_opens_in_the_channel_while_the_first_game_plays(table):
    driver = table.driver
    lobby_message, first = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    second = await driver.slash("carol", "games", "mimic new", turn_timer=0)
    assert second.ok and not second.ephemeral, second
    other = game_id(second.message.content)
    assert other != first
    assert (await table.match(other)).channel_id == driver.channel("games").id
    # The first game still plays in its thread.
    board = await board_in(table, first)
    assert board.channel_id == thread.id
    match = await table.match(first)
    seat = min(MIMIKRI.active_seats(match.state))
    await move(table, {0: "alice", 1: "bob"}[seat], board,
               choose({**match.state, "version_hint": match.version}), first)
    assert (await table.match(first)).version == match.version + 1
    # /game list links the game in its thread and the lobby in the channel.
    listed = ephemeral_text(await driver.slash("bob", thread, "game list"))
    assert f"/{thread.id}/{board.id}" in listed and f"/{second.message.id}" in listed
    # What a command typed in the channel about the game in the thread is told.
    pointer = await table.bot.publisher.threads.elsewhere(driver.channel("games").id, EN)
    assert pointer == f"**Mimikri** game #{first} is played in its thread: <#{thread.id}>"
    assert await table.bot.publisher.threads.elsewhere(thread.id, EN) is None


@pytest.mark.asyncio
async def test_a_command_typed_in_the_channel_points_to_the_games_thread(table):
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    pointer = f"game #{match_id} is played in its thread: <#{thread.id}>"
    for command in ("game leave", "game cancel", "mimic hand", "mariposas turn"):
        told = await driver.slash("bob", "games", command)
        if not ephemeral_text(told):
            await told.wait_followups(1)
        assert pointer in ephemeral_text(told), (command, ephemeral_text(told))
    assert (await table.match(match_id)).status == "active", "nothing was left or cancelled"


@pytest.mark.asyncio
async def test_a_restart_reopens_an_archived_thread_and_the_game_goes_on(table):
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    await table.kill()
    driver.archive(thread)  # a day without messages
    await table.start()
    assert not thread.archived, "reopened before its board is drawn"
    board = await board_in(table, match_id)
    assert board.channel_id == thread.id
    match = await table.match(match_id)
    seat = min(MIMIKRI.active_seats(match.state))
    edits = len(board.versions)
    await move(table, {0: "alice", 1: "bob"}[seat], board,
               choose({**match.state, "version_hint": match.version}), match_id)
    assert len(driver.latest(board).versions) > edits, "the board is updated in the thread"
    assert (await table.match(match_id)).status == "active"


@pytest.mark.asyncio
async def test_a_thread_archived_while_playing_is_reopened_by_the_next_board(table):
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    driver.archive(thread)
    board = await board_in(table, match_id)
    match = await table.match(match_id)
    seat = min(MIMIKRI.active_seats(match.state))
    await move(table, {0: "alice", 1: "bob"}[seat], board,
               choose({**match.state, "version_hint": match.version}), match_id)
    refused = [r for r in table.server.calls("PATCH /channels/*/messages/*") if r.status == 400]
    assert refused, "the edit met the archived thread first"
    assert not thread.archived
    shown = driver.latest(board)
    assert table.bot.publisher.shown(match_id)[0] == (await table.match(match_id)).version
    assert shown.channel_id == thread.id


async def ended_in_channel(table: Table, lobby_message, match_id: int, since: int,
                           players: tuple[str, ...] = ("alice", "bob")) -> None:
    """The game was cancelled and shows so on its lobby message; the channel was told (the
    human ``players`` mentioned)."""
    driver = table.driver
    match = await table.match(match_id)
    assert match.status == "cancelled"
    assert match.channel_id == driver.channel("games").id
    assert match.message_id == lobby_message.id
    assert "was cancelled" in driver.latest(lobby_message).content
    told = await driver.wait_for_message(lambda m: "thread was deleted or locked" in m.content,
                                         channel="games", since=since)
    assert told.pinged_users == {table.server.world.user(u).id for u in players}
    # The channel is free for the next game.
    again = await driver.slash("carol", "games", "mimikri new", subjects=4)
    assert again.ok and not again.ephemeral, again


@pytest.mark.asyncio
@pytest.mark.parametrize("how", ["locked", "deleted"])
async def test_a_restart_ends_a_game_whose_thread_is_locked_or_deleted(table, how):
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    await table.kill()
    if how == "locked":
        driver.archive(thread, locked=True)
    else:
        driver.delete_thread(thread)
    since = driver.mark()
    await table.start()
    await ended_in_channel(table, lobby_message, match_id, since)
    if how == "locked":
        assert thread.archived and thread.locked, "a moderator's lock is respected"


@pytest.mark.asyncio
async def test_a_thread_deleted_while_playing_ends_the_game_at_the_next_move(table):
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    board = await board_in(table, match_id)
    driver.delete_thread(driver.thread_of(lobby_message))
    since = driver.mark()
    # A computer's move (or a timer) changes the board: its edit finds no thread any more.
    match = await table.match(match_id)
    leaver = {0: "alice", 1: "bob"}[min(MIMIKRI.active_seats(match.state))]
    await table.bot.sessions.leave_game(match_id, table.server.world.user(leaver).id)
    await table.idle()
    stays = tuple(u for u in ("alice", "bob") if u != leaver)
    await ended_in_channel(table, lobby_message, match_id, since, stays)
    assert board.deleted


@pytest.mark.asyncio
async def test_schicki_micki_reactions_count_in_a_thread(table):
    table.time_scale = 0.3
    await table.kill()
    await table.start()
    driver = table.driver
    message, match_id = await lobby(table, "alice", "schicki new")
    await driver.click("bob", message, label="Join")
    await table.bot.sessions.repo.execute("UPDATE matches SET seed = 'sm-wrong' WHERE id = ?",
                                          (match_id,))
    mark = driver.mark()
    await driver.click("alice", message, label="Start")
    row = await driver.wait_for_message(lambda m: "row 1" in m.content, since=mark, timeout=10)
    thread = driver.thread_of(message)
    assert row.channel_id == thread.id and (await table.match(match_id)).channel_id == thread.id
    state = await wait_cards(table, match_id, 1)
    reading = read_table(cards()[c] for c in state["table"])
    since = driver.mark()
    await driver.react("alice", row, "✊" if reading.situation != "knock" else "🔴")
    result = await driver.wait_for_message(
        lambda m: any(f"\n{head}" in m.content for head in RESULT_HEADS), channel=thread,
        since=since, timeout=10, edits=True)
    assert result.id == row.id and "Alice" in result_part(result.content)
    # Alice's reaction is taken off again for the next row; the lobby only links the thread.
    alice = table.server.world.user("alice").id

    async def taken_off() -> None:
        while any(alice in users for users in driver.latest(row).reactions.values()):
            await asyncio.sleep(0.01)
    await asyncio.wait_for(taken_off(), 10)
    assert f"<#{thread.id}>" in driver.latest(message).content
    assert not [m for m in driver.messages("games") if m.id != message.id]
    await table.bot.sessions.cancel(match_id, table.server.world.user("alice").id,
                                    is_admin=True)
    await table.idle()


async def finished_in_thread(table):
    """A Mimikri game played to its end in a thread: the thread and the two result lines
    with Rematch (the thread's, the channel's)."""
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    board = await board_in(table, match_id)
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    await table.idle()
    [in_thread] = [m for m in driver.messages(thread)
                   if "game over" in m.content and m.id != board.id]
    [in_channel] = [m for m in driver.messages("games") if "game over" in m.content]
    return thread, in_thread, in_channel


@pytest.mark.asyncio
async def test_a_rematch_pressed_in_the_thread_plays_in_that_thread(table):
    driver = table.driver
    thread, news, _ = await finished_in_thread(table)
    pressed = await driver.click("bob", news, label="Rematch")
    assert pressed.ok and not pressed.ephemeral, pressed
    again = game_id(pressed.message.content)
    assert pressed.message.channel_id == thread.id
    assert "joined" in ephemeral_text(await driver.click("alice", pressed.message, label="Join"))
    since = driver.mark()
    started = await driver.click("bob", pressed.message, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    # No thread in a thread: the rematch plays on its lobby message, in the same thread...
    assert not [a for a in driver.actions[since:] if a.kind == "thread_create"]
    match = await table.match(again)
    assert match.channel_id == thread.id and match.message_id == pressed.message.id
    assert driver.latest(pressed.message).pngs()
    assert not [m for m in driver.messages(thread) if "threads" in m.content], "no note"
    # ...and that thread is kept usable: archived, the next board reopens it.
    driver.archive(thread)
    seat = min(MIMIKRI.active_seats(match.state))
    await move(table, {0: "bob", 1: "alice"}[seat], pressed.message,
               choose({**match.state, "version_hint": match.version}), again)
    assert not thread.archived
    assert table.bot.publisher.shown(again)[0] == (await table.match(again)).version


@pytest.mark.asyncio
@pytest.mark.parametrize("first", ["thread", "channel"])
async def test_the_two_rematch_buttons_of_a_thread_game_open_one_lobby(table, first):
    """The result line in the thread and the one in the channel both have Rematch: whichever
    is pressed first opens the lobby there, the other leads to that same lobby."""
    driver = table.driver
    thread, in_thread, in_channel = await finished_in_thread(table)
    buttons = {"thread": in_thread, "channel": in_channel}
    second = "channel" if first == "thread" else "thread"

    opened = await driver.click("bob", buttons[first], label="Rematch")
    assert opened.ok and not opened.ephemeral, opened
    again = game_id(opened.message.content)
    where = thread.id if first == "thread" else driver.channel("games").id
    assert opened.message.channel_id == where
    await table.idle()
    pointed = await driver.click("alice", buttons[second], label="Rematch")
    assert pointed.ephemeral, "no second lobby"
    text = ephemeral_text(pointed)
    assert "already open" in text and f"#{again}" in text
    assert f"/{where}/{opened.message.id}" in text, "a link to that lobby"
    lobbies = await table.bot.sessions.repo.open_matches()
    assert [m.id for m in lobbies] == [again]


@pytest.mark.asyncio
async def test_the_two_rematch_buttons_pressed_at_once_open_one_lobby(table):
    driver = table.driver
    _thread, in_thread, in_channel = await finished_in_thread(table)
    pressed = await asyncio.gather(driver.click("bob", in_thread, label="Rematch"),
                                   driver.click("alice", in_channel, label="Rematch"))
    await table.idle()
    [opened] = [p for p in pressed if not p.ephemeral]
    [pointed] = [p for p in pressed if p.ephemeral]
    assert f"#{game_id(opened.message.content)}" in ephemeral_text(pointed)
    assert len(await table.bot.sessions.repo.open_matches()) == 1


@pytest.mark.asyncio
async def test_a_game_opened_in_a_members_thread_is_kept_usable_there(table):
    driver = table.driver
    thread = await driver.start_thread("alice", "games", "game night")
    opened = await driver.slash("alice", thread, "mimikri new", subjects=4, turn_timer=0,
                                thread=False)
    assert opened.ok and not opened.ephemeral, opened
    board, match_id = opened.message, game_id(opened.message.content)
    await driver.click("bob", board, label="Join")
    since = driver.mark()
    assert ephemeral_text(await driver.click("alice", board, label="Start")) == "The game is on!"
    await table.idle()
    assert not [a for a in driver.actions[since:] if a.kind == "thread_create"]
    match = await table.match(match_id)
    assert (match.channel_id, match.thread_id, match.message_id) == (thread.id, thread.id,
                                                                     board.id)
    driver.archive(thread)
    seat = min(MIMIKRI.active_seats(match.state))
    await move(table, {0: "alice", 1: "bob"}[seat], board,
               choose({**match.state, "version_hint": match.version}), match_id)
    assert not thread.archived, "the board's update reopened the thread"
    assert table.bot.publisher.shown(match_id)[0] == (await table.match(match_id)).version


@pytest.mark.asyncio
async def test_a_reminder_armed_at_start_goes_into_the_thread(table):
    """The turn timer was armed with the match as it was committed at Start; its reminder
    goes where the game is now."""
    driver = table.driver
    lobby_message, match_id = await mimikri_in_thread(table)
    thread = driver.thread_of(lobby_message)
    match = await table.match(match_id)
    as_armed = dataclasses.replace(match, channel_id=driver.channel("games").id,
                                   message_id=lobby_message.id, thread_id=None)
    seat = (await table.bot.sessions.repo.seats(match_id))[0]
    since = driver.mark()
    await table.bot.pings.remind(as_armed, seat)
    [reminder] = driver.pings(since=since)
    assert reminder.message.channel_id == thread.id
    assert reminder.users == {table.server.world.user("alice").id}
    assert f"/{thread.id}/{match.message_id}" in reminder.message.content


@pytest.mark.asyncio
async def test_a_discord_that_does_not_make_the_thread_keeps_the_game_in_the_channel(
        table, monkeypatch):
    driver, world = table.driver, table.server.world
    monkeypatch.setattr(threads_module, "PLACE_WAIT", 0.5)  # Discord's answer never comes
    table.server.slow("POST /channels/*/messages/*/threads", 1.5)
    since = driver.mark()
    lobby_message, match_id = await mimikri_in_thread(table)  # Start is answered all the same
    match = await table.match(match_id)
    assert match.thread_id is None and match.message_id == lobby_message.id
    [note] = [p for p in driver.pings(since=since) if "in time" in p.message.content]
    assert note.users == {world.user("alice").id}
    assert note.message.channel_id == driver.channel("games").id


@pytest.mark.asyncio
async def test_a_start_slower_than_discords_deadline_still_makes_the_thread(table):
    """Discord takes its time over both calls of Start (the thread, the players' call into
    it): longer together than the 3 s a press has for its first answer. Start was
    acknowledged first, so the game goes into its thread and the host is told it is on."""
    driver = table.driver
    message, match_id = await lobby(table, "alice", "mimikri new", subjects=4, turn_timer=0)
    await driver.click("bob", message, label="Join")
    deadline = table.server.interaction_deadline
    table.server.slow("POST /channels/*/messages/*/threads", deadline / 2 + 0.25)
    table.server.slow("POST /channels/*/messages", deadline / 2 + 0.25)  # the players' call
    started = await driver.click("alice", message, label="Start")
    assert started.ok and started.type == ix.DEFERRED_CHANNEL_MESSAGE, started
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    match = await table.match(match_id)
    thread = driver.thread_of(message)
    assert thread is not None and match.thread_id == thread.id == match.channel_id
    [made] = table.server.calls("POST /channels/*/messages/*/threads")  # once, not given up
    assert 200 <= made.status < 300, made


@pytest.mark.asyncio
async def test_a_start_cut_short_after_making_the_thread_uses_that_thread(table):
    """A crash between making the thread and storing the start left a lobby with a thread:
    the next Start finds Discord refusing a second one (160004) and takes that one."""
    driver = table.driver
    message, match_id = await lobby(table, "alice", "mimikri new", subjects=4, turn_timer=0)
    await driver.click("bob", message, label="Join")
    made = thread_ops.create(table.server, driver.channel("games"), driver.latest(message),
                             f"Mimikri #{match_id}")
    assert ephemeral_text(await driver.click("alice", message, label="Start")) == \
        "The game is on!"
    await table.idle()
    refused = table.server.calls("POST /channels/*/messages/*/threads")
    assert [r.status for r in refused] == [400]
    match = await table.match(match_id)
    assert match.channel_id == made.id and (await board_in(table, match_id)).pngs()
    assert len([t for t in table.server.world.guild.threads]) == 1


@pytest.mark.asyncio
async def test_a_czech_server_names_the_thread_in_czech(table):
    driver, world = table.driver, table.server.world
    await table.kill()
    world.guild.preferred_locale = "cs"
    await table.start()
    lobby_message, match_id = await lobby(table, "alice", "mimikri new", subjects=4)
    await driver.click("bob", lobby_message, custom_id=r"ml:\d+:join")
    await driver.click("alice", lobby_message, custom_id=r"ml:\d+:start")
    await table.idle()
    thread = driver.thread_of(lobby_message)
    assert thread.name == f"Mimikri č. {match_id}"
    assert driver.latest(lobby_message).content == (
        f"🧵 **Mimikri** · hra č. {match_id} se hraje ve svém vlákně: <#{thread.id}>")
