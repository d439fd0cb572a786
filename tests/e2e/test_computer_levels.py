"""Computer levels through Discord: one Add computer button per level under the lobby, the
seat named with its level in the server's words, and the level kept when the game starts."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.table import Table, czech, ephemeral_text, game_id


@pytest.mark.asyncio
async def test_the_lobby_seats_a_computer_at_the_level_clicked(table: Table):
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimikri new", subjects=4, turn_timer=0)
    board = opened.message
    assert board is not None
    row = [c for c in driver.latest(board).iter_components()
           if "computer" in c.get("custom_id", "")]
    assert [c["label"] for c in row] == [
        "Add computer (easy)", "Add computer (normal)", "Add computer (hard)", "Remove computer"]
    added = await driver.click("alice", board, label="Add computer (hard)")
    assert ephemeral_text(added) == "A computer player (hard) joined."
    await driver.click("alice", board, label="Add computer (easy)")
    await table.idle()  # the lobby message is redrawn by the publisher
    lobby = driver.latest(board).content
    assert "🤖 Computer 1 · hard" in lobby and "🤖 Computer 2 · easy" in lobby
    await driver.click("alice", board, label="Start")
    await table.idle()
    seats = await table.bot.sessions.repo.seats(game_id(board.content))
    assert [s.level for s in seats] == ["normal", "hard", "easy"]


@pytest.mark.asyncio
async def test_a_czech_lobby_names_levels_in_czech(table: Table):
    await czech(table)
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimic new", turn_timer=0)
    board = opened.message
    assert board is not None
    added = await driver.click("alice", board, label="Přidat počítač (těžký)")
    assert ephemeral_text(added) == "Přidal se počítačový hráč (těžký)."
    await table.idle()
    assert "🤖 Počítač 1 · těžký" in driver.latest(board).content
    gone = await driver.click("alice", board, label="Odebrat počítač")
    assert ephemeral_text(gone) == "Poslední počítačový hráč odešel."
    await table.idle()
    assert "Počítač" not in driver.latest(board).content
    none = await driver.click("alice", board, label="Odebrat počítač")
    assert ephemeral_text(none) == "Není tu žádný počítačový hráč k odebrání."


@pytest.mark.asyncio
async def test_a_solo_mariposas_game_seats_its_computers_at_the_level_asked(table: Table):
    await table.start()
    opened = await table.driver.slash("alice", "games", "mariposas new", solo=True, computers=2,
                                      level="hard")
    assert opened.ok, opened
    assert opened.message is not None
    match_id = game_id(opened.message.content)
    for _ in range(500):  # the lobby is answered first; the computers are seated after it
        if (await table.match(match_id)).status == "active":
            break
        await asyncio.sleep(0.01)
    seats = await table.bot.sessions.repo.seats(match_id)
    assert [(s.is_computer, s.level) for s in seats] == [
        (False, "normal"), (True, "hard"), (True, "hard")]
