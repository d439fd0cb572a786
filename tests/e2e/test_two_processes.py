"""Two bot processes, one shard each of two, on one PostgreSQL database, through the double.

The double has two guilds, one on each shard. Each process (`python -m bot` as a real OS
process, SHARD_COUNT=2, its own SHARD_IDS) gets its guild only. In each guild two users play
Mimikri by hand and three computers play one by themselves; in the second guild two users and
a computer play Schicki Micki too (real time: reactions wait in the database's inbox until
their window is judged, so a kill there must apply none twice). One process is killed with
SIGKILL mid-game; the other keeps playing its guild's games meanwhile; the killed one is
started again with the same SHARD_IDS and takes its games up where they stood. Then: every
match's action log has versions 0, 1, 2… with none twice and replays from its seed to the
stored state; the /leaderboard answer in each guild shows the games, wins and ratings that
the results in the database give; each process called only its own guild's channels.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot import ratings
from bot.db import leaderboards
from bot.db.engine import Database
from bot.db.repo import Repo
from bot.db.rows import MatchRow
from bot.db.store import open_store
from bot.games import REGISTRY
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from bot.replay import rebuild
from bot.shards import shard_of
from presentation.schicki_micki.words import SAY
from tests.double import (
    BotProcess,
    BotProcessFailed,
    Driver,
    FakeDiscord,
    Guild,
    Message,
    start_bot_process,
)
from tests.double import interactions as ix
from tests.e2e.table import ephemeral_text, game_id
from tests.e2e.test_mimikri import choose
from tests.waiting import until

COUNT = 2
RULES = REGISTRY["mimikri"]
# The kill must come mid-game in all three of the second guild's games, on a busy machine too:
# the table is dealt first, and the computers' game is opened only once the table is under way
# and is killed a few moves in, so neither's remaining length depends on how slowly the other
# got going. A computers' game of Mimikri is about 50 moves: some 5 s at this delay.
COMPUTER_DELAY = 0.1
TIME_SCALE = 0.05  # Schicki Micki's clocks: a card every 125 ms, a 64-card deck some 8 s


@pytest_asyncio.fixture
async def repo(postgres_url: str) -> Any:
    """The test's own look at the database both processes share."""
    db: Database = await open_store(postgres_url)
    try:
        yield Repo(db)
    finally:
        await db.close()


class Guilds:
    """Who plays where: a guild, its process and its channels."""

    def __init__(self, server: FakeDiscord, repo: Repo, tmp: Path, postgres_url: str) -> None:
        self.server = server
        self.driver = Driver(server, settle_timeout=15.0)
        self.repo = repo
        self.tmp = tmp
        self.url = postgres_url
        self.processes: dict[int, BotProcess] = {}  # guild id -> its (current) process
        self.every_process: list[tuple[BotProcess, int]] = []
        self.background: list[asyncio.Task[None]] = []  # users acting on their own

    async def start(self, guild: Guild) -> BotProcess:
        process = await start_bot_process(
            self.server, database=self.url, workdir=self.tmp, shard_count=COUNT,
            shard_ids=[shard_of(guild.id, COUNT)], dev_guild_id=guild.id,
            computer_delay=COMPUTER_DELAY, time_scale=TIME_SCALE)
        self.processes[guild.id] = process
        self.every_process.append((process, guild.id))
        return process

    async def match(self, match_id: int) -> MatchRow:
        row = await self.repo.match(match_id)
        assert row is not None
        return row

    # -- playing, as users do --------------------------------------------------------------
    async def open_by_hand(self, channel: str, host: str, guest: str) -> tuple[Message, int]:
        """`/mimikri new`, the guest joins, the host starts: a game the two play by hand."""
        opened = await self.driver.slash(host, channel, "mimikri new", subjects=4, turn_timer=0)
        assert opened.ok and not opened.ephemeral, opened.errors
        board = opened.message
        assert board is not None
        joined = await self.driver.click(guest, board, label="Join")
        assert "joined" in ephemeral_text(joined), joined.errors
        started = await self.driver.click(host, board, label="Start")
        assert ephemeral_text(started) == "The game is on!", started.errors
        return board, game_id(board.content)

    async def open_for_computers(self, channel: str, host: str) -> int:
        """A lobby with two computers, started, and its host leaves: computers only."""
        opened = await self.driver.slash(host, channel, "mimikri new", subjects=4, turn_timer=0)
        assert opened.ok, opened.errors
        board = opened.message
        assert board is not None
        for _ in range(2):
            added = await self.driver.click(host, board, label="Add computer (normal)")
            assert added.ok, added.errors
        started = await self.driver.click(host, board, label="Start")
        assert ephemeral_text(started) == "The game is on!", started.errors
        left = await self.driver.slash(host, channel, "game leave")
        assert left.ok, left.errors
        return game_id(board.content)

    async def open_table(self, channel: str, host: str, guest: str) -> int:
        """`/schicki new`, a guest and a hard computer join, the host starts."""
        opened = await self.driver.slash(host, channel, "schicki new")
        assert opened.ok, opened.errors
        assert opened.message is not None
        await self.driver.click(guest, opened.message, label="Join")
        await self.driver.click(host, opened.message, label="Add computer (hard)")
        started = await self.driver.click(host, opened.message, label="Start")
        assert started.ok, started.errors
        return game_id(opened.message.content)

    async def react_along(self, match_id: int, users: list[str]) -> None:
        """The humans call what they see on the table, now and then, until the game ends."""
        turn = 0
        while (match := await self.match(match_id)).status == "active":
            state = match.state
            assert state is not None
            if state["phase"] == "dealing" and state["table"] and match.message_id:
                correct = read_table(cards()[c] for c in state["table"]).correct
                if correct and turn % 3:
                    await self.driver.react(users[turn % 2], match.message_id, SAY[correct])
            turn += 1
            await asyncio.sleep(0.03)

    async def move(self, board: Message, match_id: int, users: dict[int, str]) -> bool:
        """The seat to act clicks a sensible button once the board shows the stored version;
        False when the game is over."""
        match = await self.match(match_id)
        if match.status != "active":
            return False
        assert match.state is not None
        prefix = f"mg:{match_id}:{match.version}:"

        async def drawn() -> bool:
            latest = self.driver.latest(board)
            return any(c.get("custom_id", "").startswith(prefix)
                       for c in latest.iter_components())
        await until(drawn, f"game {match_id} drawn at version {match.version}")
        seat = min(RULES.active_seats(match.state))
        label = choose({**match.state, "version_hint": match.version})
        clicked = await self.driver.click(users[seat], board, label=label)
        assert clicked.ok, clicked.errors

        async def stored() -> bool:
            return (await self.match(match_id)).version > match.version
        await until(stored, f"the move {label} of game {match_id} stored")
        return True

    async def play_to_end(self, board: Message, match_id: int, users: dict[int, str]) -> None:
        for _ in range(400):
            if not await self.move(board, match_id, users):
                return
        raise AssertionError(f"game {match_id} did not end")

    async def finished(self, match_id: int, timeout: float = 30.0) -> None:
        async def over() -> bool:
            match = await self.match(match_id)
            return match.status == "finished" and match.board_final and match.announced
        await until(over, f"game {match_id} finished and shown", timeout)


@pytest.mark.asyncio
async def test_two_processes_two_shards_one_database_a_kill_and_a_restart(
    fake_discord: FakeDiscord, repo: Repo, postgres_url: str, tmp_path: Path
) -> None:
    world = fake_discord.world
    first = world.guild
    second = world.add_guild("Second Guild", shard=(1 - shard_of(first.id, COUNT), COUNT))
    play = Guilds(fake_discord, repo, tmp_path, postgres_url)
    try:
        await _play(play, first, second)
        await _check_leaderboards(play, first, second)
    finally:
        for task in play.background:
            task.cancel()
        await asyncio.gather(*play.background, return_exceptions=True)
        for process, _ in play.every_process:
            await process.stop()
    for process, guild_id in play.every_process:
        assert not process.errors, f"process of guild {guild_id} logged errors:\n{process.output}"
    await _check_logs(repo)
    await _check_announced_once(play)
    _check_each_process_kept_to_its_guild(play)


async def _play(play: Guilds, first: Guild, second: Guild) -> None:
    a, b = await asyncio.gather(play.start(first), play.start(second))
    assert a.pid != b.pid
    live = {s.token: s.shard for s in play.server.gateway.live}
    assert live == {a.token: (shard_of(first.id, COUNT), COUNT),
                    b.token: (shard_of(second.id, COUNT), COUNT)}

    # Each guild: a game by hand (a few moves made) and a game of computers.
    hands = {first.id: {0: "alice", 1: "bob"}, second.id: {0: "alice", 1: "carol"}}
    board_a, by_hand_a = await play.open_by_hand("games", "alice", "bob")
    board_b, by_hand_b = await play.open_by_hand("games-2", "alice", "carol")
    for _ in range(2):
        await play.move(board_a, by_hand_a, hands[first.id])
        await play.move(board_b, by_hand_b, hands[second.id])
    schicki = await play.open_table("off-topic-2", "bob", "carol")
    reacting = asyncio.create_task(play.react_along(schicki, ["bob", "carol"]))
    play.background.append(reacting)

    async def dealt() -> bool:
        return (await play.match(schicki)).version >= 6
    await until(dealt, "the second guild's table to be under way")
    robots_a = await play.open_for_computers("lobby", "dave")
    robots_b = await play.open_for_computers("lobby-2", "erin")
    assert len({by_hand_a, by_hand_b, robots_a, robots_b, schicki}) == 5

    async def going() -> bool:
        return (await play.match(robots_b)).version >= 3
    await until(going, "the second guild's computers' game to be under way")

    await b.kill()  # kill -9, mid-game: the computers' next move may be half-way through
    assert b.proc is not None and b.proc.returncode == -9
    at_kill = {m: await play.match(m) for m in (robots_b, by_hand_b, schicki)}
    over = {m: (row.status, row.version) for m, row in at_kill.items() if row.status != "active"}
    assert not over, f"killed too late: {over} (robots {robots_b}, table {schicki})"

    # Meanwhile the first process plays on: its guild's games go to their ends.
    await play.play_to_end(board_a, by_hand_a, hands[first.id])
    await play.finished(by_hand_a)
    await play.finished(robots_a)
    # A click there now reaches nobody (Discord: "This interaction failed").
    waiting = at_kill[by_hand_b]
    assert waiting.state is not None
    seat = min(RULES.active_seats(waiting.state))
    press = {"custom_id": f"mg:{by_hand_b}:{waiting.version}:noop", "component_type": 2}
    clicked = await play.driver._interact(ix.COMPONENT, hands[second.id][seat],
                                          play.driver.channel("games-2"), press, message=board_b)
    assert clicked.status == "not_delivered", "nobody runs the second guild's shard"
    for match_id, was in at_kill.items():
        now = await play.match(match_id)
        assert (now.version, now.state) == (was.version, was.state), "touched while down"

    # The same shard again: its games are resumed where the database has them.
    await play.start(second)
    await play.finished(robots_b)
    await play.play_to_end(board_b, by_hand_b, hands[second.id])
    await play.finished(by_hand_b)
    await play.finished(schicki)
    await reacting


async def _check_logs(repo: Repo) -> None:
    """Every match: versions 0..n-1 once each, n = its version, replaying to its state."""
    matches = [MatchRow.from_row(r) for r in await repo.fetch_all("SELECT * FROM matches")]
    assert len(matches) == 5
    for match in matches:
        assert match.status == "finished", match
        rows = await repo.fetch_all("SELECT seq FROM actions WHERE match_id = ? ORDER BY seq",
                                    (match.id,))
        assert [r["seq"] for r in rows] == list(range(match.version)), match.id
        seats = await repo.seats(match.id)
        log = await repo.action_log(match.id)
        frames = rebuild(REGISTRY[match.game], match.seed, len(seats), match.options, log)
        assert frames[-1].version == match.version
        assert _same(frames[-1].state, match.state), f"match {match.id} does not replay"
        results = await repo.fetch_all("SELECT seat FROM results WHERE match_id = ?",
                                       (match.id,))
        assert sorted(r["seat"] for r in results) == [s.seat for s in seats], "results once"
        humans = {s.seat for s in seats if not s.is_computer}
        assert not humans or any(seat in humans for seat, _, _ in log), f"nobody in {match.id}"
    assert await repo.fetch_all("SELECT id FROM inbox") == [], "input left unjudged"


async def _check_announced_once(play: Guilds) -> None:
    """Each game's end was posted once, by whichever run of its process ended it."""
    for row in await play.repo.fetch_all("SELECT id, channel_id, message_id FROM matches"):
        news = [m for m in play.driver.messages(row["channel_id"])
                if m.id != row["message_id"] and "game over" in m.content]
        assert len(news) == 1, (row["id"], [m.content for m in news])


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(json.loads(json.dumps(b)),
                                                       sort_keys=True)


async def _expected_board(repo: Repo, guild_id: int) -> dict[str, tuple[int, int, float]]:
    """From the stored results alone: each human's games, wins and shown rating here, the
    ratings replayed game by game in the order the games ended."""
    rows = await repo.fetch_all(
        "SELECT r.match_id, r.user_id, r.rank, r.won, r.is_computer, r.finished_at, s.name"
        " FROM results r JOIN seats s ON s.match_id = r.match_id AND s.seat = r.seat"
        " WHERE r.guild_id = ? AND r.game = 'mimikri' ORDER BY r.finished_at, r.match_id,"
        " r.seat", (guild_id,))
    by_match: dict[int, list[Any]] = {}
    for row in rows:
        by_match.setdefault(row["match_id"], []).append(row)
    current: dict[int, tuple[float, float]] = {}
    totals: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for seats in by_match.values():
        humans = [r for r in seats if not r["is_computer"] and r["user_id"] is not None]
        for r in humans:
            totals.setdefault(r["user_id"], [0, 0])
            totals[r["user_id"]][0] += 1
            totals[r["user_id"]][1] += int(r["won"])
            names[r["user_id"]] = r["name"]
        for user, mu, sigma in ratings.rate([(r["user_id"], r["rank"]) for r in humans],
                                            current):
            current[user] = (mu, sigma)
    stored = {r.user_id: (r.mu, r.sigma)
              for r in await leaderboards.board(repo, guild_id, "mimikri")}
    for user, (mu, sigma) in current.items():
        assert stored[user] == pytest.approx((mu, sigma)), "the stored rating is the replayed"
    return {names[u]: (g, w, round(ratings.display(*current[u]), 1) if u in current else 0.0)
            for u, (g, w) in totals.items()}


ROW = re.compile(r"^\s*(\d+)\s+(\S+)\s+(\d+)\s+(\d+)\s+\S+\s+\d+\s+([\d.]+)\s*$")


async def _check_leaderboards(play: Guilds, first: Guild, second: Guild) -> None:
    for guild, channel in ((first, "general"), (second, "general-2")):
        shown = await play.driver.slash("alice", channel, "leaderboard", game="mimikri")
        assert shown.ok and shown.followups, shown.errors
        text = shown.followups[0].content
        assert guild.name in text
        table = {m[2]: (int(m[3]), int(m[4]), float(m[5]))
                 for line in text.split("```")[1].splitlines() if (m := ROW.match(line))}
        expected = await _expected_board(play.repo, guild.id)
        assert table == expected, text
    names = {guild.id: set(await _expected_board(play.repo, guild.id))
             for guild in (first, second)}
    assert names == {first.id: {"Alice", "Bob"}, second.id: {"Alice", "Carol"}}


def _check_each_process_kept_to_its_guild(play: Guilds) -> None:
    world = play.server.world
    channel_path = re.compile(r"^/channels/(\d+)(?:/|$)")
    for process, guild_id in play.every_process:
        touched = set()
        for request in play.server.requests:
            found = channel_path.match(request.path)
            if request.token == process.token and found:
                channel = world.channels.get(int(found[1]))
                touched.add(channel.guild_id if channel is not None else None)
        assert touched <= {guild_id}, f"{process.token} called channels of {touched}"
    # And both did call their channels: the check above is not vacuous.
    called = {g for p, g in play.every_process
              if any(r.token == p.token and channel_path.match(r.path)
                     for r in play.server.requests)}
    assert called == {world.guild.id, *(g for g in world.guilds if g != world.guild.id)}


@pytest.mark.asyncio
async def test_a_bot_process_that_cannot_start_says_why(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    with pytest.raises(BotProcessFailed, match=r"exited with 2(.|\n)*SHARD_IDS must be below"):
        await start_bot_process(fake_discord, database=str(tmp_path / "menagerie.sqlite3"),
                                workdir=tmp_path, shard_count=2, shard_ids=[5])
    assert not fake_discord.gateway.sessions, "it never reached the gateway"
