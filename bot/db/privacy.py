"""Storage of "your data": everything kept about one Discord user, read out or erased.

Functions over the `Repo`, through its primitives and `transaction()`, like `bot.db.players`:
the bot shares one connection, and that is the one way to use it without interleaving with
another coroutine's change. What is keyed by a user id (see bot/db/migrations): seats (and the
name the player had there), results, ratings, reaction-time records, daily tries, the player's
own settings, real-time input waiting to be judged, and the host of a match.

Erasing is one transaction. Rows that are only the player's (ratings, records, daily tries,
settings, waiting input) are deleted. Seats and results of games with other players are kept,
without the user id and the name, so everyone else's results, ranks and points stay exactly
as they were: a human seat keeps an empty name (the pictures draw it as "Player N" in the
reader's language; the leaderboards skip rows without a user id), and a seat a computer took
over from the player becomes a plain computer seat ("Computer N", named in the reader's words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from bot.db.engine import Row
from bot.db.repo import Repo

ANONYMOUS = ""  # the name of an erased player's seat: no name, drawn as "Player N"
NO_HOST = 0  # the host of a match whose host was erased (no Discord id is 0)
_COMPUTER = re.compile(r"Computer ([0-9]{1,2})")  # as `SessionService.add_computer` names


class StillSeated(Exception):
    """The player holds a human seat in a lobby or running game: leave it before erasing."""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat the player had (or has) in a match, with the match's result for it."""

    match_id: int
    game: str
    guild_id: int
    status: str  # the match's: lobby, active, finished, cancelled
    created_at: float
    seat: int
    name: str
    taken_over: bool  # a computer plays (played) it since the player left or timed out
    host: bool
    score: int | None = None
    rank: int | None = None
    won: bool | None = None


@dataclass(frozen=True, slots=True)
class RatingLine:
    """The player's rating for one game on one server."""

    guild_id: int
    game: str
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One of the player's numbers in a finished match (e.g. a reaction time in ms)."""

    match_id: int
    game: str
    guild_id: int
    kind: str
    value: float


@dataclass(frozen=True, slots=True)
class DailyLine:
    """One daily challenge try."""

    day: str
    guild_id: int
    match_id: int


@dataclass(slots=True)
class Stored:
    """Everything stored about one user."""

    user_id: int
    seats: list[SeatLine] = field(default_factory=list)
    ratings: list[RatingLine] = field(default_factory=list)
    records: list[RecordLine] = field(default_factory=list)
    daily: list[DailyLine] = field(default_factory=list)
    pings: bool | None = None  # their own setting; None: no row, the defaults
    waiting: int = 0  # real-time input not judged yet
    hosted: list[int] = field(default_factory=list)  # matches they host(ed), by id

    @property
    def results(self) -> list[SeatLine]:
        """The seats of finished matches with a result."""
        return [s for s in self.seats if s.rank is not None]

    def empty(self) -> bool:
        """Whether nothing at all is stored."""
        return not (self.seats or self.ratings or self.records or self.daily
                    or self.pings is not None or self.waiting or self.hosted)


@dataclass(frozen=True, slots=True)
class Erased:
    """What one erasure changed, counted."""

    seats: int  # seats made anonymous (the games themselves stay)
    results: int  # results made anonymous
    ratings: int
    records: int
    daily: int
    settings: int
    waiting: int
    hosted: int  # matches no longer naming them as host

    def total(self) -> int:
        """How many rows changed or went."""
        return (self.seats + self.results + self.ratings + self.records + self.daily
                + self.settings + self.waiting + self.hosted)


async def stored_about(repo: Repo, user_id: int) -> Stored:
    """Everything the database keeps about ``user_id``, read in one transaction (a
    consistent picture)."""
    found = Stored(user_id)
    async with repo.transaction():
        for row in await _rows(
            repo,
            "SELECT s.match_id, m.game, m.guild_id, m.status, m.created_at, s.seat, s.name,"
            " s.is_computer, m.host_id, r.score, r.rank, r.won FROM seats s"
            " JOIN matches m ON m.id = s.match_id"
            " LEFT JOIN results r ON r.match_id = s.match_id AND r.seat = s.seat"
            " WHERE s.user_id = ? ORDER BY m.created_at, s.match_id", (user_id,),
        ):
            found.seats.append(SeatLine(
                row["match_id"], row["game"], row["guild_id"], row["status"],
                row["created_at"], row["seat"], row["name"], bool(row["is_computer"]),
                row["host_id"] == user_id, row["score"], row["rank"],
                None if row["won"] is None else bool(row["won"])))
        found.ratings = [RatingLine(r["guild_id"], r["game"], r["mu"], r["sigma"])
                         for r in await _rows(
            repo, "SELECT guild_id, game, mu, sigma FROM ratings WHERE user_id = ?"
            " ORDER BY guild_id, game", (user_id,))]
        found.records = [RecordLine(r["match_id"], r["game"], r["guild_id"], r["kind"],
                                    r["value"]) for r in await _rows(
            repo, "SELECT c.match_id, m.game, m.guild_id, c.kind, c.value FROM records c"
            " JOIN matches m ON m.id = c.match_id WHERE c.user_id = ?"
            " ORDER BY c.match_id, c.kind, c.value", (user_id,))]
        found.daily = [DailyLine(r["day"], r["guild_id"], r["match_id"]) for r in await _rows(
            repo, "SELECT day, guild_id, match_id FROM daily_tries WHERE user_id = ?"
            " ORDER BY day", (user_id,))]
        settings = await _rows(repo, "SELECT pings FROM player_settings WHERE user_id = ?",
                               (user_id,))
        found.pings = bool(settings[0]["pings"]) if settings else None
        [(found.waiting,)] = await _rows(repo, "SELECT COUNT(*) FROM inbox WHERE user_id = ?",
                                         (user_id,))
        found.hosted = [r["id"] for r in await _rows(
            repo, "SELECT id FROM matches WHERE host_id = ? ORDER BY id", (user_id,))]
    return found


class OpenSeat(NamedTuple):
    """A lobby or running game the player sits in or hosts."""

    match_id: int
    status: str  # lobby or active
    host: bool
    game: str
    guild_id: int  # with several processes, only the one owning it may change the game
    channel_id: int


async def open_seats(repo: Repo, user_id: int) -> list[OpenSeat]:
    """The lobbies and running games where the player holds a human seat, or which they
    host, oldest first."""
    async with repo.transaction():
        rows = await _rows(
            repo,
            "SELECT m.id, m.status, m.host_id = ? AS host, m.game, m.guild_id, m.channel_id"
            " FROM matches m"
            " WHERE m.status IN ('lobby', 'active') AND (m.host_id = ? OR EXISTS ("
            "SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.user_id = ?"
            " AND s.is_computer = 0)) ORDER BY m.id", (user_id, user_id, user_id))
    return [OpenSeat(r["id"], r["status"], bool(r["host"]), r["game"], r["guild_id"],
                     r["channel_id"]) for r in rows]


async def erase(repo: Repo, user_id: int) -> Erased:
    """Delete or anonymise everything stored about ``user_id``, in one transaction.

    Raises:
        StillSeated: they still hold a human seat in a lobby or running game (or host an open
            lobby); nothing was changed.
    """
    async with repo.transaction():
        [(seated,)] = await _rows(
            repo,
            "SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id"
            " WHERE m.status IN ('lobby', 'active') AND s.user_id = ? AND s.is_computer = 0",
            (user_id,))
        [(hosting,)] = await _rows(
            repo, "SELECT COUNT(*) FROM matches WHERE status = 'lobby' AND host_id = ?",
            (user_id,))
        if seated or hosting:
            raise StillSeated(user_id)
        seats = await _anonymise_seats(repo, user_id)
        return Erased(
            seats=seats,
            results=await _change(repo, "UPDATE results SET user_id = NULL WHERE user_id = ?",
                                  user_id),
            ratings=await _change(repo, "DELETE FROM ratings WHERE user_id = ?", user_id),
            records=await _change(repo, "DELETE FROM records WHERE user_id = ?", user_id),
            daily=await _change(repo, "DELETE FROM daily_tries WHERE user_id = ?", user_id),
            settings=await _change(repo, "DELETE FROM player_settings WHERE user_id = ?",
                                   user_id),
            waiting=await _change(repo, "DELETE FROM inbox WHERE user_id = ?", user_id),
            hosted=await _change(repo, f"UPDATE matches SET host_id = {NO_HOST}"  # noqa: S608
                                 " WHERE host_id = ?", user_id),
        )


async def _anonymise_seats(repo: Repo, user_id: int) -> int:
    """Every seat of the player without their id and name: a human seat with no name, a seat
    a computer took over as the next plain "Computer N" of its match."""
    rows = await _rows(repo, "SELECT match_id, seat, is_computer FROM seats WHERE user_id = ?",
                       (user_id,))
    for row in rows:
        name = ANONYMOUS
        if row["is_computer"]:
            names = await _rows(repo, "SELECT name FROM seats WHERE match_id = ?"
                                " AND is_computer = 1 AND user_id IS NULL", (row["match_id"],))
            numbers = [int(m[1]) for n in names if (m := _COMPUTER.fullmatch(n["name"]))]
            name = f"Computer {max(numbers, default=0) + 1}"
        await repo.execute(
            "UPDATE seats SET user_id = NULL, name = ? WHERE match_id = ? AND seat = ?",
            (name, row["match_id"], row["seat"]))
    return len(rows)


async def _change(repo: Repo, sql: str, user_id: int) -> int:
    return await repo.execute(sql, (user_id,))


async def _rows(repo: Repo, sql: str, args: tuple[object, ...]) -> list[Row]:
    """Rows of a query, inside the caller's transaction (it holds the connection)."""
    return await repo.fetch_all(sql, args)
