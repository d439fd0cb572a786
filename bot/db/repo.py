"""Every SQL statement of the matches, seats, actions, results and ratings, as typed async
methods of the `Repo`.

The `Repo` is the bot's one `bot.db.shared.SharedConnection`: its statements, and those of the
few other storage modules (`bot.db.players`, `bot.db.history`, `bot.db.leaderboards`, …), which
are functions over it, all run through its primitives (`fetch_one`, `execute`, …) and its
`transaction()`, the one way to use the shared connection without interleaving with another
coroutine's change. The rows it reads come back decoded (`bot.db.rows`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from bot.db.engine import IntegrityError
from bot.db.rows import InboxRow, MatchRow, ResultRow, SeatRow
from bot.db.shared import SharedConnection
from bot.shards import EVERYONE, Owner


class ChannelBusy(Exception):
    """A channel already has an open (lobby or active) game."""


CHANGES = "menagerie_matches"
"""The channel every committed change of a match is announced on (PostgreSQL's NOTIFY; heard by
`bot.db.postgres.Listener` in the other processes); its payload: the match id."""


class Repo(SharedConnection):
    """The storage of matches, seats, actions, results and ratings."""

    # -- matches --------------------------------------------------------------------------

    async def create_match(
        self, *, game: str, guild_id: int, channel_id: int, host_id: int, host_name: str,
        seed: str, options: dict[str, Any], now: float,
    ) -> int:
        """Open a lobby with the host in seat 0.

        Raises:
            ChannelBusy: the channel already has an open game.
        """
        try:
            async with self.transaction():
                match_id = await self.insert_returning_id(
                    "INSERT INTO matches (game, guild_id, channel_id, host_id, seed, options,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game, guild_id, channel_id, host_id, seed, json.dumps(options), now, now),
                )
                await self.execute(
                    "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (match_id, host_id, host_name),
                )
        except IntegrityError as error:
            raise ChannelBusy(channel_id) from error
        return match_id

    async def match(self, match_id: int) -> MatchRow | None:
        """The match with this id, if any."""
        row = await self.fetch_one("SELECT * FROM matches WHERE id = ?", (match_id,))
        return MatchRow.from_row(row) if row else None

    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        """The lobby or running game in a channel, if any."""
        row = await self.fetch_one(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return MatchRow.from_row(row) if row else None

    async def open_matches(self, guild_id: int | None = None, *,
                           owner: Owner = EVERYONE) -> list[MatchRow]:
        """Lobbies and running games, of one server or of all (that ``owner`` owns)."""
        sql = "SELECT * FROM matches WHERE status IN ('lobby', 'active')"
        args: tuple[Any, ...] = ()
        if guild_id is not None:
            sql += " AND guild_id = ?"
            args = (guild_id,)
        sql, args = _owned(sql, args, owner)
        return [MatchRow.from_row(r) for r in await self.fetch_all(sql + " ORDER BY id", args)]

    async def unsettled_matches(self, *, owner: Owner = EVERYONE) -> list[MatchRow]:
        """Every match whose message may be behind the database: lobbies, running games, and
        ended games whose final board or end announcement (in a game's thread: also its line in
        the channel) did not go out — of the guilds ``owner`` owns."""
        sql, args = _owned(
            "SELECT * FROM matches WHERE (status IN ('lobby', 'active') OR board_final = 0"
            " OR (status = 'finished' AND (announced = 0"
            " OR (thread_id IS NOT NULL AND home_announced = 0))))", (), owner)
        return [MatchRow.from_row(r) for r in await self.fetch_all(sql + " ORDER BY id", args)]

    async def set_message(self, match_id: int, message_id: int) -> None:
        """Remember the match's board message."""
        await self.execute("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id))

    async def move_to_thread(self, match_id: int, thread_id: int,
                             message_id: int | None) -> None:
        """The game goes on in its thread: the thread becomes its channel (the old one is free
        for another lobby) and ``message_id`` (in the thread) its board; the lobby message stays
        behind in the channel."""
        await self.execute(
            "UPDATE matches SET home_channel_id = channel_id, lobby_message_id = message_id,"
            " thread_id = ?, channel_id = ?, message_id = ? WHERE id = ?",
            (thread_id, thread_id, message_id, match_id),
        )

    async def move_home(self, match_id: int) -> None:
        """The game's thread cannot be used any more: show the game in its channel again, on
        its lobby message (call it once the game has ended, so the channel's one open game is
        not taken)."""
        # A game whose lobby was in that thread has no other channel: it keeps no thread.
        await self.execute(
            "UPDATE matches SET channel_id = home_channel_id, message_id = lobby_message_id,"
            " thread_id = CASE WHEN home_channel_id = thread_id THEN NULL ELSE thread_id END"
            " WHERE id = ? AND home_channel_id IS NOT NULL",
            (match_id,),
        )

    async def threads_from(self, channel_id: int) -> list[MatchRow]:
        """The open games that moved from this channel into their threads."""
        rows = await self.fetch_all(
            "SELECT * FROM matches WHERE home_channel_id = ? AND channel_id = thread_id"
            " AND status IN ('lobby', 'active') ORDER BY id", (channel_id,),
        )
        return [MatchRow.from_row(r) for r in rows]

    async def is_game_thread(self, channel_id: int) -> bool:
        """Whether a channel is the thread a game was moved into."""
        return await self.fetch_one("SELECT 1 FROM matches WHERE thread_id = ? LIMIT 1",
                               (channel_id,)) is not None

    async def set_board_key(self, match_id: int, key: str) -> None:
        """Note what the board message now shows (see `MatchRow.board_key`)."""
        await self.execute("UPDATE matches SET board_key = ? WHERE id = ?", (key, match_id))

    async def mark_shown(self, match_id: int, *, board_final: bool = False,
                         announced: bool = False, home_announced: bool = False) -> None:
        """Note that Discord shows the ended game's final board, or its announcement (or, of a
        game in a thread, its result line in the channel)."""
        if home_announced:
            await self.execute("UPDATE matches SET home_announced = 1 WHERE id = ?",
                              (match_id,))
        if board_final:
            await self.execute("UPDATE matches SET board_final = 1 WHERE id = ?", (match_id,))
        if announced:
            await self.execute("UPDATE matches SET announced = 1 WHERE id = ?", (match_id,))

    async def announce_change(self, match_id: int) -> None:
        """Tell the other processes (PostgreSQL) that ``match_id`` changed, with this
        transaction's commit (on `CHANGES`)."""
        await self.db.announce(CHANGES, str(match_id))

    async def set_status(self, match_id: int, status: str, now: float) -> None:
        """Cancel a match (or set another status) without touching its state."""
        await self.execute(
            "UPDATE matches SET status = ?, deadline = NULL, updated_at = ? WHERE id = ?",
            (status, now, match_id),
        )

    async def start_match(
        self, match_id: int, state: dict[str, Any], deadline: float | None, now: float
    ) -> None:
        """Turn a lobby into a running game at version 0."""
        await self.execute(
            "UPDATE matches SET status = 'active', state = ?, version = 0, deadline = ?,"
            " reminded = 0, updated_at = ? WHERE id = ? AND status = 'lobby'",
            (json.dumps(state), deadline, now, match_id),
        )

    async def mark_reminded(self, match_id: int, version: int) -> bool:
        """Note that the reminder of the turn at ``version`` went out (False: it has passed)."""
        changed = await self.execute(
            "UPDATE matches SET reminded = 1 WHERE id = ? AND version = ? AND status = 'active'",
            (match_id, version),
        )
        return changed == 1

    # -- seats ----------------------------------------------------------------------------

    async def seats(self, match_id: int) -> list[SeatRow]:
        """The seats of a match, in seat order."""
        rows = await self.fetch_all(
            "SELECT seat, user_id, name, is_computer, timeouts, level FROM seats"
            " WHERE match_id = ? ORDER BY seat",
            (match_id,),
        )
        return [SeatRow(r["seat"], r["user_id"], r["name"], bool(r["is_computer"]),
                        r["timeouts"], r["level"]) for r in rows]

    async def add_seat(
        self, match_id: int, user_id: int | None, name: str, is_computer: bool = False,
        level: str = "normal",
    ) -> int:
        """Seat a user or a computer player (at ``level``) at the next free seat; return the
        seat."""
        async with self.transaction():
            (seat,) = await self.fetch_row(
                "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE match_id = ?", (match_id,)
            )
            await self.execute(
                "INSERT INTO seats (match_id, seat, user_id, name, is_computer, level)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, seat, user_id, name, int(is_computer), level),
            )
        return int(seat)

    async def remove_seat(self, match_id: int, seat: int) -> None:
        """Free a lobby seat; later seats move up so seats stay 0…n-1."""
        async with self.transaction():
            await self.execute(
                "DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat)
            )
            # Two steps through negative numbers keep the primary key unique while renumbering.
            await self.execute(
                "UPDATE seats SET seat = -seat WHERE match_id = ? AND seat > ?", (match_id, seat)
            )
            await self.execute(
                "UPDATE seats SET seat = -seat - 1 WHERE match_id = ? AND seat < 0", (match_id,)
            )

    async def update_seat(
        self, match_id: int, seat: int, *, is_computer: bool | None = None,
        timeouts: int | None = None,
    ) -> None:
        """Hand a seat to the computer, or count its time-outs."""
        async with self.transaction():
            if is_computer is not None:
                await self.execute(
                    "UPDATE seats SET is_computer = ? WHERE match_id = ? AND seat = ?",
                    (int(is_computer), match_id, seat),
                )
            if timeouts is not None:
                await self.execute(
                    "UPDATE seats SET timeouts = ? WHERE match_id = ? AND seat = ?",
                    (timeouts, match_id, seat),
                )

    # -- the action log -------------------------------------------------------------------

    async def commit_action(
        self, match_id: int, *, expected_version: int, state: dict[str, Any], seat: int,
        code: str, at_ms: int, actor: str, deadline: float | None, now: float,
        finished: Sequence[ResultRow] | None = None,
        ratings: Iterable[tuple[int, float, float]] = (),
        records: Iterable[tuple[int, int | None, str, float]] = (),
        inbox_id: int | None = None,
    ) -> None:
        """Store the new state and append the action in one transaction.

        A finishing action also stores the results, the new ratings and the game's records
        (seat, user, kind, value) in the same transaction, so a crash can never leave a
        finished game without them. ``inbox_id`` names the stored input this action applies,
        which goes in the same transaction, so it is applied exactly once.

        Raises:
            RuntimeError: the stored version is not ``expected_version`` (a second writer).
        """
        status = "finished" if finished is not None else "active"
        async with self.transaction():
            changed = await self.execute(
                "UPDATE matches SET state = ?, version = ?, status = ?, deadline = ?,"
                " reminded = 0, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'",
                (json.dumps(state), expected_version + 1, status, deadline, now, match_id,
                 expected_version),
            )
            if changed != 1:
                raise RuntimeError(f"match {match_id} is not at version {expected_version}")
            await self.execute(
                "INSERT INTO actions (match_id, seq, seat, code, at_ms, actor)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, expected_version, seat, code, at_ms, actor),
            )
            if inbox_id is not None:
                await self.execute("DELETE FROM inbox WHERE id = ?", (inbox_id,))
            if finished is not None:
                await self._store_results(match_id, finished, ratings, now)
                await self.execute_many(
                    "INSERT INTO records (match_id, seat, user_id, kind, value)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(match_id, seat, user, kind, value) for seat, user, kind, value in records],
                )

    async def _store_results(
        self, match_id: int, finished: Sequence[ResultRow],
        ratings: Iterable[tuple[int, float, float]], now: float,
    ) -> None:
        guild_id, game = await self.fetch_row(
            "SELECT guild_id, game FROM matches WHERE id = ?", (match_id,)
        )
        await self.execute_many(
            "INSERT INTO results (match_id, seat, guild_id, game, user_id, is_computer, score,"
            " rank, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (match_id, r.seat, guild_id, game, r.user_id, int(r.is_computer), r.score,
                 r.rank, int(r.won), now)
                for r in finished
            ],
        )
        await self.execute_many(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma",
            [(guild_id, game, user_id, mu, sigma) for user_id, mu, sigma in ratings],
        )

    async def action_log(self, match_id: int) -> list[tuple[int, str, int]]:
        """The match's actions in order, as (seat, code, at_ms)."""
        rows = await self.fetch_all(
            "SELECT seat, code, at_ms FROM actions WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        return [(r["seat"], r["code"], r["at_ms"]) for r in rows]

    # -- input waiting for a real-time window ---------------------------------------------

    async def add_inbox(
        self, match_id: int, *, user_id: int | None, seat: int | None, code: str, at: float,
        at_ms: int, seq: int,
    ) -> int:
        """Store an input as it arrives; return its id."""
        return await self.insert_returning_id(
            "INSERT INTO inbox (match_id, user_id, seat, code, at, at_ms, seq)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (match_id, user_id, seat, code, at, at_ms, seq),
        )

    async def inbox(self, match_id: int) -> list[InboxRow]:
        """The match's stored input not yet applied, in arrival order."""
        rows = await self.fetch_all(
            "SELECT id, user_id, seat, code, at, at_ms, seq FROM inbox WHERE match_id = ?"
            " ORDER BY id", (match_id,),
        )
        return [InboxRow(r["id"], r["user_id"], r["seat"], r["code"], r["at"], r["at_ms"],
                         r["seq"]) for r in rows]

    async def drop_inbox(self, ids: Iterable[int]) -> None:
        """Forget stored input that was refused or came too early."""
        wanted = [(i,) for i in ids]
        if wanted:
            async with self.transaction():
                await self.execute_many("DELETE FROM inbox WHERE id = ?", wanted)

    # -- ratings (the leaderboards' reads are bot.db.leaderboards) ------------------------

    async def ratings(
        self, guild_id: int, game: str, user_ids: Iterable[int]
    ) -> dict[int, tuple[float, float]]:
        """Current (mu, sigma) of these users, where they have one."""
        ids = list(user_ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self.fetch_all(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"  # noqa: S608
            f" AND user_id IN ({marks})",
            (guild_id, game, *ids),
        )
        return {r["user_id"]: (r["mu"], r["sigma"]) for r in rows}


def _owned(sql: str, args: tuple[Any, ...], owner: Owner,
           column: str = "guild_id") -> tuple[str, tuple[Any, ...]]:
    """A query with a WHERE clause, narrowed to the guilds ``owner`` owns (unchanged when it
    owns them all)."""
    where = owner.where(column)
    if where is None:
        return sql, args
    return f"{sql} AND {where[0]}", (*args, *where[1])
