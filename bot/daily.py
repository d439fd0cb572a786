"""The daily challenge: today's solo MIMIC deal, the same for everyone in the world on one UTC
day, one try per player per day, each server's board of the day and every player's streak.

The deal needs no storage: its seed is derived from the UTC date (``daily-2026-12-02``), and
the match is otherwise a normal solo MIMIC match run by the session service. What is stored is
only the try (day, player, server, match), in the same transaction that opens the match, so
a try can never be taken twice nor lost. A try's score is its match's result (cubes placed),
which the session service stores in the transaction that finishes the game: the board and
the streaks are read from those, so they survive any restart without a write of their own.

The clock is injectable (tests move it to tomorrow). The SQL of the daily tries lives here, run
through the repo's primitives and inside its transactions, beside the statements of
`bot.db.repo`.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.db.rows import MatchRow
from bot.sessions.service import SessionService
from bot.shards import EVERYONE, Owner

GAME = "mimic"
# A solo basic game without a turn timer: nobody is hurried and no computer moves for anyone.
OPTIONS: dict[str, Any] = {"advanced": False, "teams": False, "turn_timer": 0}


def day_of(now: float) -> dt.date:
    """The UTC day of a moment (seconds since the epoch)."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date()


def seed_for(day: dt.date) -> str:
    """The seed of a day's deal: the same for every player and server, different every day."""
    return f"daily-{day.isoformat()}"


class AlreadyTried(Exception):
    """The player has taken today's try already (`Try` says where it stands)."""

    def __init__(self, found: Try) -> None:
        super().__init__(f"user {found.user_id} already took the try of {found.day}")
        self.found = found


@dataclass(frozen=True, slots=True)
class Try:
    """One player's try of one day: its match, where that stands, and its score once over."""

    day: dt.date
    user_id: int
    guild_id: int
    match_id: int
    channel_id: int
    message_id: int | None
    status: str  # the match's: lobby, active, finished, cancelled
    score: int | None  # cubes placed, once finished
    announced: bool = False  # its result line went out


@dataclass(frozen=True, slots=True)
class DailyRow:
    """One player's line on a server's board of one day."""

    rank: int | None  # None: not finished (playing, or given up)
    user_id: int
    name: str
    status: str
    score: int | None
    streak: int


_TRY = (
    "SELECT d.day, d.user_id, d.guild_id, d.match_id, m.channel_id, m.message_id, m.status,"
    " d.announced,"
    " r.score, (SELECT s.name FROM seats s WHERE s.match_id = d.match_id AND s.seat = 0) AS name"
    " FROM daily_tries d JOIN matches m ON m.id = d.match_id"
    " LEFT JOIN results r ON r.match_id = d.match_id AND r.seat = 0"
)


def _try(row: Any) -> Try:
    return Try(dt.date.fromisoformat(row["day"]), row["user_id"], row["guild_id"],
               row["match_id"], row["channel_id"], row["message_id"], row["status"],
               row["score"] if row["status"] == "finished" else None, bool(row["announced"]))


class DailyChallenge:
    """Opens the day's tries and reads the boards and streaks."""

    def __init__(self, sessions: SessionService, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.sessions = sessions
        self.clock = clock

    def today(self) -> dt.date:
        """The UTC day the clock is in."""
        return day_of(self.clock())

    async def _rows(self, sql: str, args: tuple[Any, ...]) -> list[Any]:
        repo = self.sessions.repo
        async with repo.transaction():
            return await repo.fetch_all(sql, args)

    async def try_of(self, user_id: int, day: dt.date) -> Try | None:
        """The player's try of ``day``, if they took it (on any server)."""
        rows = await self._rows(_TRY + " WHERE d.day = ? AND d.user_id = ?",
                                (day.isoformat(), user_id))
        return _try(rows[0]) if rows else None

    async def try_in(self, match_id: int) -> Try | None:
        """The try a match is played for (None: not a daily game)."""
        rows = await self._rows(_TRY + " WHERE d.match_id = ?", (match_id,))
        return _try(rows[0]) if rows else None

    async def unannounced(self, owner: Owner = EVERYONE) -> list[Try]:
        """Finished tries whose result line did not go out (a crash came first), in the guilds
        ``owner`` owns."""
        sql = _TRY + " WHERE d.announced = 0 AND m.status = 'finished'"
        args: tuple[Any, ...] = ()
        where = owner.where("m.guild_id")
        if where is not None:
            sql, args = f"{sql} AND {where[0]}", where[1]
        rows = await self._rows(sql + " ORDER BY d.match_id", args)
        return [_try(r) for r in rows]

    async def mark_announced(self, match_id: int) -> None:
        """Note that the try's result line was posted."""
        await self.sessions.repo.execute(
            "UPDATE daily_tries SET announced = 1 WHERE match_id = ?", (match_id,))

    async def open(self, *, guild_id: int, channel_id: int, user_id: int,
                   name: str) -> MatchRow:
        """Take today's try: a solo MIMIC match with the day's seed, and the try, stored
        together. Not started yet: `start` it once the player was answered.

        Raises:
            AlreadyTried: the player took today's try already.
            ChannelBusy: the channel has an open game.
        """
        day = self.today()
        repo = self.sessions.repo
        async with repo.transaction():
            found = await self.try_of(user_id, day)
            if found is not None:
                raise AlreadyTried(found)
            match_id = await repo.create_match(
                game=GAME, guild_id=guild_id, channel_id=channel_id, host_id=user_id,
                host_name=name, seed=seed_for(day), options=dict(OPTIONS), now=self.clock())
            await repo.execute(
                "INSERT INTO daily_tries (day, user_id, guild_id, match_id) VALUES (?, ?, ?, ?)",
                (day.isoformat(), user_id, guild_id, match_id))
        match = await repo.match(match_id)
        assert match is not None  # noqa: S101 (narrows the type for mypy)
        return match

    async def start(self, match_id: int, user_id: int) -> MatchRow:
        """Deal the try's game (the session service commits it, then shows the board)."""
        return (await self.sessions.start(match_id, user_id)).match

    async def streak(self, user_id: int, day: dt.date) -> int:
        """The player's consecutive UTC days with a finished try, up to ``day`` — or up to the
        day before, while ``day``'s try is not over yet (the streak is still alive then)."""
        rows = await self._rows(
            "SELECT d.day FROM daily_tries d JOIN matches m ON m.id = d.match_id"
            " WHERE d.user_id = ? AND d.day <= ? AND m.status = 'finished' ORDER BY d.day DESC",
            (user_id, day.isoformat()))
        days = [dt.date.fromisoformat(r["day"]) for r in rows]
        expected = day if days and days[0] == day else day - dt.timedelta(days=1)
        count = 0
        for played in days:
            if played != expected:
                break
            count += 1
            expected -= dt.timedelta(days=1)
        return count

    async def board(self, guild_id: int, day: dt.date) -> list[DailyRow]:
        """The server's tries of ``day``: finished ones by cubes placed (equal scores share a
        rank), then those still playing or given up."""
        rows = await self._rows(_TRY + " WHERE d.guild_id = ? AND d.day = ?",
                                (guild_id, day.isoformat()))
        tries = [(_try(r), r["name"] or str(r["user_id"])) for r in rows]
        finished = sorted((t for t in tries if t[0].score is not None),
                          key=lambda t: (-(t[0].score or 0), t[1]))
        others = sorted((t for t in tries if t[0].score is None), key=lambda t: t[1])
        table: list[DailyRow] = []
        for i, (found, name) in enumerate(finished):
            rank = (table[-1].rank if table and table[-1].score == found.score else i + 1)
            table.append(DailyRow(rank, found.user_id, name, found.status, found.score,
                                  await self.streak(found.user_id, day)))
        for found, name in others:
            table.append(DailyRow(None, found.user_id, name, found.status, None,
                                  await self.streak(found.user_id, day)))
        return table
