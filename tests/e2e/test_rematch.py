"""Rematch end to end: the button under a finished game's announcement opens a lobby with the
same game, options and computers, calls the other players to Join, opens only one lobby however
often (or however many at once) it is pressed, refuses strangers, and works after a restart."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_mimikri import play_to_end

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)


async def finished_game(table: Table):
    """Alice and Bob and a hard computer play a whole Mimikri game; the end's announcement."""
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimikri new", subjects=4, turn_timer=5)
    assert opened.ok and not opened.ephemeral, opened
    board = opened.message
    assert board is not None
    match_id = game_id(board.content)
    assert "joined" in ephemeral_text(await driver.click("bob", board, label="Join"))
    await driver.click("alice", board, label="Add computer (hard)")
    started = await driver.click("alice", board, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    await table.idle()
    news = driver.messages("games")[-1]
    assert "game over" in news.content and news.id != board.id
    return match_id, news


@pytest.mark.asyncio
async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(table):
    driver, world = table.driver, table.server.world
    alice, bob = world.user("alice").id, world.user("bob").id
    match_id, news = await finished_game(table)
    finished = await table.match(match_id)

    # Carol did not play: she is refused privately and nothing opens.
    refused = await driver.click("carol", news, label="Rematch")
    assert refused.ephemeral and "Only the players" in ephemeral_text(refused)
    assert await table.bot.sessions.repo.open_match_in(finished.channel_id) is None

    since = driver.mark()
    pressed = await driver.click("bob", news, label="Rematch")
    assert pressed.ok and not pressed.ephemeral, pressed
    lobby = pressed.message
    rematch_id = game_id(lobby.content)
    assert rematch_id != match_id
    # The call goes out once the computers are seated again.
    await driver.wait_for_message(lambda m: "wants a rematch" in m.content, since=since)
    await table.idle()
    again = await table.match(rematch_id)
    assert again.status == "lobby" and again.game == "mimikri"
    assert again.options == finished.options and again.host_id == bob
    assert again.message_id == lobby.id, "the reply is the lobby: no second lobby message"
    seats = await table.bot.sessions.repo.seats(rematch_id)
    assert [(s.user_id, s.is_computer, s.level) for s in seats] == [
        (bob, False, "normal"), (None, True, "hard")]
    assert "Computer 1 · hard" in driver.latest(lobby).content
    # Alice is called, and only she: Bob pressed, the computer is no one to ping.
    [call] = driver.pings(since=since)
    assert set(call.users) == {alice} and not call.roles and not call.everyone
    assert f"/{lobby.id}" in call.message.content and "Join" in call.message.content

    # A restart in between: the old announcement's button still answers (from its id).
    await table.kill()
    await table.start()

    # A second press opens no second lobby: it points to the one that is open.
    second = await driver.click("alice", news, label="Rematch")
    text = ephemeral_text(second)
    assert second.ephemeral and "already open" in text and f"/{lobby.id}" in text
    assert (await table.bot.sessions.repo.open_match_in(finished.channel_id)).id == rematch_id

    # Alice confirms her seat, and the rematch can start.
    assert "joined" in ephemeral_text(await driver.click("alice", lobby, label="Join"))
    seats = await table.bot.sessions.repo.seats(rematch_id)
    assert [s.user_id for s in seats] == [bob, None, alice]
    started = await driver.click("bob", lobby, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()


@pytest.mark.asyncio
async def test_two_players_pressing_at_once_open_one_lobby(table):
    driver = table.driver
    match_id, news = await finished_game(table)
    presses = await asyncio.gather(driver.click("alice", news, label="Rematch"),
                                   driver.click("bob", news, label="Rematch"))
    # The click is answered with the lobby first; its computer and the call follow.
    await driver.wait_for_message(lambda m: "wants a rematch" in m.content, channel="games",
                                  timeout=10)
    await table.idle()
    lobbies = [p for p in presses if not p.ephemeral]
    told = [ephemeral_text(p) for p in presses if p.ephemeral]
    assert len(lobbies) == 1 and len(told) == 1, presses
    assert "already open" in told[0]
    opened = await table.bot.sessions.repo.open_match_in((await table.match(match_id)).channel_id)
    assert opened is not None and opened.id == game_id(lobbies[0].message.content)


@pytest.mark.asyncio
async def test_a_busy_channel_opens_no_rematch(table):
    driver = table.driver
    _match_id, news = await finished_game(table)
    other = await driver.slash("carol", "games", "mimikri new", subjects=4)
    assert other.ok and not other.ephemeral
    busy = await driver.click("alice", news, label="Rematch")
    text = ephemeral_text(busy)
    assert busy.ephemeral and "already has a game" in text, text
    assert (await table.match(game_id(other.message.content))).host_id == (
        table.server.world.user("carol").id)


@pytest.mark.asyncio
async def test_a_refused_call_to_the_players_still_leaves_the_lobby_open(table):
    """Discord refuses the message that mentions the others (403, every time): the lobby is the
    click's reply all the same, with its computer seated, and the bot logs no error."""
    driver = table.driver
    _, news = await finished_game(table)
    table.server.fail("POST /channels/*/messages", status=403, times=-1)
    pressed = await driver.click("bob", news, label="Rematch")
    await table.idle()
    assert pressed.ok and not pressed.ephemeral, pressed
    lobby = await table.match(game_id(pressed.message.content))
    for _ in range(500):  # the computer is seated after the reply
        seats = await table.bot.sessions.repo.seats(lobby.id)
        if len(seats) == 2:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.2)  # and the refused call comes last
    assert lobby.status == "lobby" and [(s.is_computer, s.level) for s in seats] == [
        (False, "normal"), (True, "hard")]
    assert not [m for m in driver.messages("games") if "wants a rematch" in m.content]
