""""Your data" in storage: everything keyed by a user is read out, and erased in one
transaction — their own rows deleted, their seats and results in others' games kept without
their id and name, so everyone else's results and leaderboard lines stay the same."""

from __future__ import annotations

import pytest

from bot.db import leaderboards
from bot.db.players import set_pings
from bot.db.postgres import PostgresDatabase
from bot.db.privacy import ANONYMOUS, NO_HOST, StillSeated, erase, open_seats, stored_about
from bot.db.repo import Repo
from bot.db.rows import ResultRow, SeatRow
from bot.i18n import words
from cogs._ui import seat_name
from cogs.privacy import done_text, report, summary
from rendering import canvas
from tests.test_i18n import ROOT, literal_replies


@pytest.fixture
def repo(any_repo):
    """Every test here that stores something runs on each engine (SQLite, PostgreSQL)."""
    return any_repo

GUILD = 500
ALICE, BOB, CAROL = 11, 12, 13


async def finished(repo: Repo, channel: int, players: list[tuple[int | None, str]],
                   scores: list[int], *, game: str = "mimikri", left: int | None = None) -> int:
    """A finished match of ``players`` (None: a computer); ``left``: the seat a computer took
    over from its player before the end."""
    (host, host_name), *others = players
    assert host is not None  # a person hosts
    match_id = await repo.create_match(game=game, guild_id=GUILD, channel_id=channel,
                                       host_id=host, host_name=host_name, seed="s",
                                       options={}, now=1_764_000_000.0)
    for user, name in others:
        await repo.add_seat(match_id, user, name, is_computer=user is None)
    if left is not None:
        await repo.update_seat(match_id, left, is_computer=True)
    await repo.start_match(match_id, {}, None, 1.0)
    ranks = [1 + sorted(scores, reverse=True).index(s) for s in scores]
    seats = await repo.seats(match_id)
    rows = [ResultRow(s.seat, s.user_id, s.is_computer, score, rank, rank == 1)
            for s, score, rank in zip(seats, scores, ranks, strict=True)]
    ratings = [(s.user_id, 25.0 + rank, 8.0 - rank) for s, rank in zip(seats, ranks, strict=True)
               if s.user_id and not s.is_computer]
    records = [(s.seat, s.user_id, "reaction_ms", 800.0 + s.seat) for s in seats
               if s.user_id and not s.is_computer]
    await repo.commit_action(match_id, expected_version=0, state={}, seat=0, code="x",
                             at_ms=0, actor="player", deadline=None, now=2.0, finished=rows,
                             ratings=ratings, records=records)
    return match_id


async def everything(repo: Repo) -> dict[str, list[tuple]]:
    """Every row of every table that can name a user, for before/after comparisons."""
    found = {}
    for table in ("matches", "seats", "results", "ratings", "records", "daily_tries",
                  "player_settings", "inbox"):
        rows = await repo.fetch_all(f"SELECT * FROM {table}")  # noqa: S608
        found[table] = sorted(tuple(r) for r in rows)
    return found


async def mentions(repo: Repo, user_id: int) -> dict[str, int]:
    """How many rows of each table still name ``user_id``, in any column holding a user id."""
    found = {}
    for table, column in (("matches", "host_id"), ("seats", "user_id"), ("results", "user_id"),
                          ("ratings", "user_id"), ("records", "user_id"),
                          ("daily_tries", "user_id"), ("player_settings", "user_id"),
                          ("inbox", "user_id")):
        counted = await repo.fetch_one(
            f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (user_id,))  # noqa: S608
        assert counted is not None  # a count is one row
        (found[table],) = counted
    return found


async def world(repo: Repo) -> dict[str, int]:
    """Alice plays with Bob and a computer, with Bob alone, and once leaves Carol's game (a
    computer takes her seat); Bob and Carol play without her; Alice took a daily try, has a
    setting, and a reaction waits in a running game."""
    ids = {
        "with_bob": await finished(repo, 1, [(ALICE, "Alice"), (BOB, "Bob"), (None, "Computer 1")],
                                   [9, 7, 3]),
        "bob_wins": await finished(repo, 2, [(BOB, "Bob"), (ALICE, "Alice")], [10, 4]),
        "left": await finished(repo, 3, [(CAROL, "Carol"), (ALICE, "Alice")], [5, 6], left=1),
        "others": await finished(repo, 4, [(BOB, "Bob"), (CAROL, "Carol")], [8, 2]),
        "solo": await finished(repo, 5, [(ALICE, "Alice")], [30], game="mimic"),
    }
    await repo.execute("INSERT INTO daily_tries (day, user_id, guild_id, match_id)"
                       " VALUES ('2026-12-01', ?, ?, ?)", (ALICE, GUILD, ids["solo"]))
    await set_pings(repo, ALICE, False)
    await set_pings(repo, BOB, True)
    running = await repo.create_match(game="schicki_micki", guild_id=GUILD, channel_id=6,
                                      host_id=BOB, host_name="Bob", seed="s", options={},
                                      now=3.0)
    await repo.add_inbox(running, user_id=ALICE, seat=None, code="call:hat", at=1.0, at_ms=5,
                         seq=1)
    ids["running"] = running
    return ids


@pytest.mark.asyncio
async def test_show_lists_every_table_that_names_the_player(repo):
    ids = await world(repo)
    found = await stored_about(repo, ALICE)
    assert {s.match_id for s in found.seats} == {ids[k] for k in
                                                 ("with_bob", "bob_wins", "left", "solo")}
    assert [s.name for s in found.seats] == ["Alice"] * 4
    assert next(s for s in found.seats if s.taken_over).match_id == ids["left"]
    assert len(found.results) == 4 and sum(bool(s.won) for s in found.results) == 3
    assert {(r.game, r.guild_id) for r in found.ratings} == {("mimikri", GUILD), ("mimic", GUILD)}
    assert len(found.records) == 3  # not in the game a computer finished for her
    assert [d.match_id for d in found.daily] == [ids["solo"]]
    assert found.pings is False and found.waiting == 1
    assert found.hosted == [ids["with_bob"], ids["solo"]]
    assert not found.empty()
    assert (await stored_about(repo, 999)).empty()

    # In words, each language: every section, her name as she had it, nobody else's.
    for lang in ("en", "cs"):
        w = words(lang)
        text = "\n".join([summary(found, w), *report(found, w, {GUILD: "Table Club"})])
        assert text.count("Alice") == 4 and "Bob" not in text and "Carol" not in text
        assert "Table Club" in text and "0.800" in text.replace(",", ".")
    assert summary(found, words("en")) == ("Stored: 4 games, 4 results, 2 ratings, 3 reaction"
                                           " times, 1 daily challenge try, 1 reaction waiting"
                                           " to be judged, your own settings.")


@pytest.mark.asyncio
async def test_erase_leaves_nothing_of_the_player_and_others_unchanged(repo):
    ids = await world(repo)
    bob_board = {r.user_id: r for r in await leaderboards.board(repo, GUILD, "mimikri")}
    before = await everything(repo)

    erased = await erase(repo, ALICE)

    assert await mentions(repo, ALICE) == dict.fromkeys(
        ("matches", "seats", "results", "ratings", "records", "daily_tries", "player_settings",
         "inbox"), 0)
    assert (await stored_about(repo, ALICE)).empty()
    assert (erased.seats, erased.results, erased.ratings, erased.records, erased.daily,
            erased.settings, erased.waiting, erased.hosted) == (4, 4, 2, 3, 1, 1, 1, 2)
    # Her seats stay, nameless; the one a computer took over is a plain computer now.
    seats = await repo.seats(ids["with_bob"])
    assert [(s.user_id, s.name) for s in seats] == [(None, ANONYMOUS), (BOB, "Bob"),
                                                    (None, "Computer 1")]
    left = (await repo.seats(ids["left"]))[1]
    assert (left.user_id, left.name, left.is_computer) == (None, "Computer 1", True)
    assert (await repo.match(ids["with_bob"])).host_id == NO_HOST

    # Everyone else's rows are exactly as they were; hers differ only where she was named.
    after = await everything(repo)
    for table in ("ratings", "records", "player_settings"):
        assert after[table] == [r for r in before[table] if ALICE not in r[:3]], table
    assert len(after["results"]) == len(before["results"])
    others = [r[:4] + r[5:] for r in before["results"]]
    assert [r[:4] + r[5:] for r in after["results"]] == others, "scores, ranks, wins kept"
    board = {r.user_id: r for r in await leaderboards.board(repo, GUILD, "mimikri")}
    assert set(board) == {BOB, CAROL}
    assert board == {u: r for u, r in bob_board.items() if u != ALICE}
    assert await leaderboards.solo_board(repo, GUILD, "mimic") == []
    assert ALICE not in await leaderboards.records(repo, GUILD, "mimikri", "reaction_ms")
    assert await leaderboards.player_games(repo, GUILD, ALICE) == []

    # A second erasure finds nothing.
    assert (await erase(repo, ALICE)).total() == 0
    for lang in ("en", "cs"):
        assert "2" in done_text(erased, 1, 0, 1, words(lang))


@pytest.mark.asyncio
async def test_an_open_seat_must_be_left_first_and_nothing_changes_meanwhile(repo):
    ids = await world(repo)
    lobby = await repo.create_match(game="mimikri", guild_id=GUILD, channel_id=7,
                                    host_id=CAROL, host_name="Carol", seed="s", options={},
                                    now=4.0)
    await repo.add_seat(lobby, ALICE, "Alice")
    await repo.add_seat(ids["running"], ALICE, "Alice")
    own = await repo.create_match(game="mimikri", guild_id=GUILD, channel_id=8,
                                  host_id=ALICE, host_name="Alice", seed="s", options={},
                                  now=4.0)
    seats = await open_seats(repo, ALICE)
    assert [(s.match_id, s.status, s.host) for s in seats] == [
        (ids["running"], "lobby", False), (lobby, "lobby", False), (own, "lobby", True)]
    assert [(s.game, s.guild_id, s.channel_id) for s in seats][1:] == [
        ("mimikri", GUILD, 7), ("mimikri", GUILD, 8)]
    before = await everything(repo)
    with pytest.raises(StillSeated):
        await erase(repo, ALICE)
    assert await everything(repo) == before


@pytest.mark.asyncio
async def test_a_failure_inside_the_erasure_rolls_all_of_it_back(repo):
    await world(repo)
    before = await everything(repo)
    with pytest.raises(RuntimeError):
        async with repo.transaction():
            await erase(repo, ALICE)
            raise RuntimeError("the disk went away")
    assert await everything(repo) == before


@pytest.mark.asyncio
async def test_every_column_that_can_hold_a_user_is_known_here(repo):
    """A migration that adds a user column must teach `bot.db.privacy` about it (and this
    test's `mentions`)."""
    known = {("matches", "host_id"), ("seats", "user_id"), ("results", "user_id"),
             ("ratings", "user_id"), ("records", "user_id"), ("daily_tries", "user_id"),
             ("player_settings", "user_id"), ("inbox", "user_id")}
    found = set()
    # The information schema is PostgreSQL's, and SQLite's pragma_table_info its own.
    for table, column in await repo.fetch_all(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = 'public'" if isinstance(repo.db, PostgresDatabase) else
            "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p"
            " WHERE m.type = 'table'"):
        if "user" in column or column.endswith(("host_id", "player_id")):
            found.add((table, column))
    assert found == known


def test_the_cogs_replies_come_from_the_catalogue():
    assert literal_replies(ROOT / "cogs" / "privacy.py") == []


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_an_erased_seat_reads_sensibly_in_every_language(lang):
    """Pictures and text show an erased player's seat as "Player N" in the reader's language, and
    a seat a computer took over from them as a plain computer with its level."""
    w = words(lang)
    human = SeatRow(1, None, ANONYMOUS, False, 0)
    computer = SeatRow(2, None, "Computer 1", True, 0)
    player = w("mimikri.picture.player", number=w.number(2))
    assert canvas.name(seat_name(human, w), player) == player
    # Text (a re-sent announcement, a replay's log) names the seat too, never with nothing.
    assert seat_name(human, w) == w("ui.player_n", n=2) and "2" in seat_name(human, w)
    assert seat_name(computer, w) == w("ui.computer_name", n=1, level=w("level.normal"))
    assert "Computer 1" not in seat_name(computer, w) or lang == "en"
