"""The stored rows of a match as the rest of the bot reads them: decoded from their tables,
frozen, and free of SQL (`bot.db.repo` reads and writes them)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.db.engine import Row


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One match as stored."""

    id: int
    game: str
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    seed: str
    options: dict[str, Any]
    state: dict[str, Any] | None
    version: int
    status: str
    deadline: float | None
    reminded: bool
    board_final: bool = False  # the finished or cancelled board is drawn (no buttons left)
    announced: bool = False  # the end of the game was posted
    # Played in its own thread: channel_id is then the thread; these lead back to the channel
    # the lobby was opened in and its lobby message there.
    home_channel_id: int | None = None
    thread_id: int | None = None
    lobby_message_id: int | None = None
    home_announced: bool = False  # the final result line went to the channel too
    board_key: str | None = None  # what its board message was last drawn from (cogs._board_key)

    @property
    def live(self) -> dict[str, Any]:
        """The state of a started game (a lobby has none yet: asking is a bug)."""
        if self.state is None:
            raise ValueError(f"match {self.id} has no game state: it is a lobby")
        return self.state

    @property
    def in_thread(self) -> bool:
        """Whether the game is shown in its own thread now (not moved back to its channel)."""
        return self.thread_id is not None and self.channel_id == self.thread_id

    @classmethod
    def from_row(cls, row: Row) -> MatchRow:
        """Decode a ``matches`` row."""
        return cls(
            id=row["id"], game=row["game"], guild_id=row["guild_id"],
            channel_id=row["channel_id"], message_id=row["message_id"], host_id=row["host_id"],
            seed=row["seed"], options=json.loads(row["options"]),
            state=json.loads(row["state"]) if row["state"] else None,
            version=row["version"], status=row["status"], deadline=row["deadline"],
            reminded=bool(row["reminded"]), board_final=bool(row["board_final"]),
            announced=bool(row["announced"]), home_channel_id=row["home_channel_id"],
            thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
            home_announced=bool(row["home_announced"]), board_key=row["board_key"],
        )


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who sits at one seat: a user, or a computer player (user_id kept if it replaced one)."""

    seat: int
    user_id: int | None
    name: str
    is_computer: bool
    timeouts: int
    level: str = "normal"  # how well the computer plays (bot.computers.LEVELS)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's line in a finished match."""

    seat: int
    user_id: int | None
    is_computer: bool
    score: int
    rank: int
    won: bool


@dataclass(frozen=True, slots=True)
class InboxRow:
    """A real-time game's input, stored while it waits for its window to be settled."""

    id: int
    user_id: int | None
    seat: int | None
    code: str
    at: float
    at_ms: int
    seq: int
