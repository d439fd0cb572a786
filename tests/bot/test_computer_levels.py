"""Computer levels at the table: each computer seat keeps the level chosen in the lobby, its
moves are chosen at that level, a computer taking over a player plays normal, seats are named
with their level in the reader's words, and older databases keep their Schicki Micki level."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3

import pytest

import bot.games
import bot.sessions.clock
from bot.computers import new_brain
from bot.db import migration_files, open_db
from bot.db.repo import Repo
from bot.db.rows import SeatRow
from bot.dealer import Dealer
from bot.i18n import words
from bot.sessions.transition import LobbyError
from cogs._ui import seat_name
from tests.bot.test_dealer import FakeTable, until

GUILD, CHANNEL, HOST = 10, 20, 100


async def mimikri_lobby(sessions):
    return await sessions.open_lobby(
        "mimikri", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        options={"subjects": 4, "turn_timer": 0})


@pytest.mark.asyncio
async def test_each_computer_seat_keeps_the_level_chosen_for_it(sessions):
    match = await mimikri_lobby(sessions)
    await sessions.add_computer(match.id, HOST, "hard")
    await sessions.add_computer(match.id, HOST, "easy")
    await sessions.add_computer(match.id, HOST)
    seats = await sessions.repo.seats(match.id)
    assert [(s.is_computer, s.level) for s in seats] == [
        (False, "normal"), (True, "hard"), (True, "easy"), (True, "normal")]
    with pytest.raises(ValueError, match="level"):
        await sessions.add_computer(match.id, HOST, "impossible")


@pytest.mark.asyncio
async def test_computers_move_at_their_level_and_a_take_over_plays_normal(sessions, monkeypatch):
    asked: list[str] = []

    def spy(game, level="normal"):
        asked.append(level)
        return new_brain(game, level)
    monkeypatch.setattr(bot.sessions.clock, "new_brain", spy)
    match = await mimikri_lobby(sessions)
    await sessions.add_computer(match.id, HOST, "hard")
    await sessions.add_computer(match.id, HOST, "easy")
    await sessions.start(match.id, HOST)
    await asyncio.sleep(0.2)  # the computers move; the host's seat is still the host's
    assert "normal" not in asked
    await sessions.leave_game(match.id, HOST)

    async def over():
        return (await sessions.repo.match(match.id)).status == "finished"
    await until(over, 20)
    assert set(asked) == {"hard", "easy", "normal"}


@pytest.mark.asyncio
async def test_the_dealer_asks_each_schicki_computer_at_its_own_level(sessions, monkeypatch):
    asked: set[str] = set()
    game = bot.games.GAMES["schicki_micki"]
    real = game.realtime.react

    def spy(view, level, rng):
        asked.add(level)
        return real(view, level, rng)
    # The dealer asks the game's spec how a computer reacts.
    monkeypatch.setitem(bot.games.GAMES, "schicki_micki", dataclasses.replace(
        game, realtime=dataclasses.replace(game.realtime, react=spy)))
    match = await sessions.open_lobby("schicki_micki", guild_id=1, channel_id=2, host_id=HOST,
                                      host_name="Host", options={})
    await sessions.add_computer(match.id, HOST, "easy")
    await sessions.add_computer(match.id, HOST, "hard")
    match = (await sessions.start(match.id, HOST)).match
    dealer = Dealer(sessions, FakeTable(), time_scale=0.002)
    dealer.watch(match)

    async def both():
        return asked == {"easy", "hard"}
    try:
        await until(both, 20)
    finally:
        await dealer.close()


def test_a_computer_seat_is_named_with_its_level_in_the_readers_words():
    en, cs = words("en"), words("cs")
    hard = SeatRow(2, None, "Computer 2", True, 0, "hard")
    assert seat_name(hard, en) == "Computer 2 · hard"
    assert seat_name(hard, cs) == "Počítač 2 · těžký"
    assert seat_name(SeatRow(0, 5, "Alice", True, 0), en) == "Computer (for Alice)"
    # A person who calls themselves "Computer 7" keeps their name as written.
    assert seat_name(SeatRow(1, 6, "Computer 7", False, 0), cs) == "Computer 7"


@pytest.mark.asyncio
async def test_an_older_database_gives_schicki_computers_the_level_of_their_lobby(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    older = [m for m in migration_files() if m[1] < "0005"]
    with sqlite3.connect(path) as db:
        for number, _, sql in older:
            db.executescript(f"{sql}\nPRAGMA user_version = {number};")
        for match_id, game, options in ((1, "schicki_micki", {"level": "hard"}),
                                        (2, "mimikri", {"level": "hard"}),
                                        (3, "schicki_micki", {})):
            db.execute("INSERT INTO matches (id, game, guild_id, channel_id, host_id, seed,"
                       " options, status, created_at, updated_at) VALUES"
                       " (?, ?, 1, ?, 7, 's', ?, 'active', 0, 0)",
                       (match_id, game, match_id, json.dumps(options)))
            db.execute("INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, 7, 'A')",
                       (match_id,))
            db.execute("INSERT INTO seats (match_id, seat, user_id, name, is_computer)"
                       " VALUES (?, 1, NULL, 'Computer 1', 1)", (match_id,))
    db = await open_db(path)
    try:
        repo = Repo(db)
        levels = {m: [s.level for s in await repo.seats(m)] for m in (1, 2, 3)}
    finally:
        await db.close()
    assert levels == {1: ["normal", "hard"], 2: ["normal", "normal"], 3: ["normal", "normal"]}


@pytest.mark.asyncio
async def test_the_last_computer_added_can_be_taken_off_its_lobby_seat(sessions):
    match = await mimikri_lobby(sessions)
    with pytest.raises(LobbyError, match=r"lobby\.error\.no_computer"):
        await sessions.remove_computer(match.id, HOST)
    await sessions.add_computer(match.id, HOST, "easy")
    await sessions.join(match.id, 200, "Guest")
    await sessions.add_computer(match.id, HOST, "hard")
    with pytest.raises(LobbyError, match=r"lobby\.error\.join_first"):
        await sessions.remove_computer(match.id, 300)
    step = await sessions.remove_computer(match.id, 200)
    assert step.events[0].data == {"name": "Computer 2", "level": "hard"}
    assert [(s.name, s.level) for s in await sessions.repo.seats(match.id)] == [
        ("Host", "normal"), ("Computer 1", "easy"), ("Guest", "normal")]
