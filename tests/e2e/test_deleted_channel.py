"""A deleted channel ends its games, end to end: a lobby and a running game (a computer, a turn
timer) in channels a moderator deletes are cancelled, their timers and computers stop, /game list
forgets them and the bot sends nothing more there, while other channels' games go on; a channel
deleted while the bot was down ends its game at the restart; a game in a thread ends with
the thread's channel; and a server that removes the bot ends its games, at once or (removed
while the bot was down) at the restart."""

from __future__ import annotations

import asyncio

import pytest

from bot.db import open_db
from bot.db.repo import Repo
from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_threads import mimikri_in_thread

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

SETTLE = 0.3  # seconds given to anything the bot might still send after a deletion


async def lobby_in(table: Table, channel: str, host: str = "alice", **options):
    """``/mimikri new`` in ``channel`` (in the channel itself, never a thread of its own)."""
    opened = await table.driver.slash(host, channel, "mimikri new", subjects=4, thread=False,
                                      **options)
    assert opened.ok and not opened.ephemeral, opened
    assert opened.message is not None
    return opened.message, game_id(opened.message.content)


async def running_in(table: Table, channel: str) -> int:
    """Alice against a computer in ``channel``, a one-minute turn timer on: the game's id."""
    message, match_id = await lobby_in(table, channel, turn_timer=1)
    await table.driver.click("alice", message, label="Add computer (normal)")
    started = await table.driver.click("alice", message, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    return match_id


def tasks_of(table: Table, match_id: int) -> list[str]:
    """The timer and computer tasks the session service runs for a game."""
    return [kind for kind in ("timer", "computer")
            if match_id in table.bot.sessions.scheduled(kind)]


def calls_to(table: Table, channel_ids: set[int], since: int) -> list[str]:
    """REST calls naming one of the channels, made after ``since`` requests."""
    return [str(r) for r in table.server.requests[since:]
            if any(r.path.startswith(f"/channels/{c}") for c in channel_ids)]


def sent(table: Table, mark: int) -> list[str]:
    """Messages the bot sent on its own (not answers to commands) since ``mark``."""
    return [a.message.content for a in table.driver.actions[mark:]
            if a.kind == "message_create" and a.source == "rest" and a.message is not None]


async def cancelled(table: Table, match_id: int, timeout: float = 5.0) -> None:
    async def wait() -> None:
        while (await table.match(match_id)).status != "cancelled":
            await asyncio.sleep(0.01)
    await asyncio.wait_for(wait(), timeout)


async def listed(table: Table) -> str:
    answer = await table.driver.slash("bob", "off-topic", "game list")
    return ephemeral_text(answer)


@pytest.mark.asyncio
async def test_deleted_channels_end_their_lobby_and_game_and_hear_nothing_more(table):
    driver = table.driver
    game = await running_in(table, "games")
    assert tasks_of(table, game) == ["timer"]
    _, lobby = await lobby_in(table, "lobby")
    _, other = await lobby_in(table, "general", host="bob")
    gone = {driver.channel("games").id, driver.channel("lobby").id}
    assert f"#{game}" in await listed(table) and f"#{lobby}" in await listed(table)

    since, mark = len(table.server.requests), driver.mark()
    driver.delete_channel("games")
    driver.delete_channel("lobby")
    await cancelled(table, game)
    await cancelled(table, lobby)
    await asyncio.sleep(SETTLE)
    await table.idle()

    assert tasks_of(table, game) == []
    assert calls_to(table, gone, since) == []
    assert sent(table, mark) == [], "nothing is told anywhere"
    shown = await listed(table)
    assert f"#{game}" not in shown and f"#{lobby}" not in shown and f"#{other}" in shown
    assert (await table.match(other)).status == "lobby"
    # Nothing is left to draw or announce at the next start either.
    await table.kill()
    since = len(table.server.requests)
    await table.start()
    assert calls_to(table, gone, since) == []


@pytest.mark.asyncio
async def test_a_channel_deleted_while_the_bot_is_down_ends_its_game_at_restart(table):
    driver = table.driver
    game = await running_in(table, "games")
    other = await running_in(table, "general")
    gone = driver.channel("games").id
    await table.kill()
    driver.delete_channel("games")
    mark = driver.mark()
    await table.start()
    await cancelled(table, game)
    await asyncio.sleep(SETTLE)
    await table.idle()
    assert tasks_of(table, game) == []
    assert tasks_of(table, other) == ["timer"], "the other game goes on"
    assert (await table.match(other)).status == "active"
    shown = await listed(table)
    assert f"#{game}" not in shown and f"#{other}" in shown
    assert sent(table, mark) == []
    # Found once: the next start does not try that channel again.
    await table.kill()
    since = len(table.server.requests)
    await table.start()
    assert calls_to(table, {gone}, since) == []


@pytest.mark.asyncio
async def test_games_in_threads_end_with_their_channel(table):
    driver = table.driver
    lobby_message, moved = await mimikri_in_thread(table)  # moved from #games into a thread
    thread = driver.thread_of(lobby_message)
    member_thread = await driver.start_thread("carol", "games", "our table")
    opened = await driver.slash("carol", member_thread.id, "mimikri new", subjects=4)
    assert opened.ok and not opened.ephemeral, opened
    inside = game_id(opened.message.content)  # a lobby opened in a member's thread
    _, other = await lobby_in(table, "general", host="bob")
    gone = {driver.channel("games").id, thread.id, member_thread.id}

    since, mark = len(table.server.requests), driver.mark()
    driver.delete_channel("games")
    await cancelled(table, moved)
    await cancelled(table, inside)
    await asyncio.sleep(SETTLE)
    await table.idle()
    assert tasks_of(table, moved) == []
    assert calls_to(table, gone, since) == []
    assert sent(table, mark) == []
    assert (await table.match(other)).status == "lobby"


@pytest.mark.asyncio
async def test_a_server_that_removes_the_bot_ends_its_games(table):
    """Kicked: nothing there can be shown or played any more. The lobby and the running game
    end at once (no timer, no computer, no retried edit into a server it cannot reach)."""
    driver = table.driver
    game = await running_in(table, "games")
    _, lobby = await lobby_in(table, "lobby")
    channels = {driver.channel(name).id for name in ("games", "lobby")}
    driver.remove_bot()
    await cancelled(table, game)
    await cancelled(table, lobby)
    assert tasks_of(table, game) == []
    since = len(table.server.requests)
    await asyncio.sleep(SETTLE)
    assert calls_to(table, channels, since) == []


@pytest.mark.asyncio
async def test_a_server_that_removed_the_bot_while_it_was_down_ends_its_games_at_restart(table):
    driver = table.driver
    game = await running_in(table, "games")
    await table.kill()
    driver.remove_bot()
    since = len(table.server.requests)
    await table.start()
    await cancelled(table, game)
    assert tasks_of(table, game) == []
    await asyncio.sleep(SETTLE)
    gone = driver.channel("games").id
    # At most the board's one try before READY said the server is gone; none after.
    assert len(calls_to(table, {gone}, since)) <= 1


@pytest.mark.asyncio
async def test_a_board_behind_in_a_server_that_removed_the_bot_warns_nobody(table):
    """The board is tried at the start, before READY says the server is gone: its 403 is no
    permission the host could give, so no 'missing permission' message goes out, not even
    privately."""
    driver = table.driver
    game = await running_in(table, "games")
    await table.kill()
    db = await open_db(str(table.db))
    try:  # a crash cut off its last draw
        await Repo(db).execute("UPDATE matches SET board_key = NULL WHERE id = ?", (game,))
    finally:
        await db.close()
    driver.remove_bot()
    mark = driver.mark()
    since = len(table.server.requests)
    await table.start()
    await cancelled(table, game)
    await asyncio.sleep(SETTLE)
    assert any(r.path.startswith(f"/channels/{driver.channel('games').id}")
               for r in table.server.requests[since:]), "the board was tried"
    assert not [text for text in sent(table, mark) if "missing a permission" in text]
    assert not [r for r in table.server.requests[since:] if r.path == "/users/@me/channels"]
