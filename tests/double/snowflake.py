"""Snowflake ids drawn from a clock that tests control.

discord.py derives ``created_at`` of messages and interactions from the id
itself, so the only way a test can put an interaction "at 20:00 on a
Tuesday" is to mint the id from a clock it can set.
"""

from __future__ import annotations

import datetime as dt
import itertools

DISCORD_EPOCH_MS = 1_420_070_400_000
UTC = dt.UTC


class Clock:
    """Wall-clock time that follows real time until a test freezes or shifts it."""

    def __init__(self) -> None:
        self._offset = dt.timedelta(0)
        self._frozen: dt.datetime | None = None

    def now(self) -> dt.datetime:
        if self._frozen is not None:
            return self._frozen
        return dt.datetime.now(UTC) + self._offset

    def freeze(self, at: dt.datetime | None = None) -> None:
        """Stop the clock at ``at`` (aware datetime; naive means UTC), or at now."""
        at = at or self.now()
        self._frozen = at if at.tzinfo else at.replace(tzinfo=UTC)

    def set(self, at: dt.datetime) -> None:
        """Jump to ``at`` and keep ticking from there (real time still flows)."""
        at = at if at.tzinfo else at.replace(tzinfo=UTC)
        if self._frozen is not None:
            self._frozen = at
        else:
            self._offset = at - dt.datetime.now(UTC)

    def advance(self, seconds: float) -> None:
        delta = dt.timedelta(seconds=seconds)
        if self._frozen is not None:
            self._frozen += delta
        else:
            self._offset += delta

    def unfreeze(self) -> None:
        """Resume ticking from the frozen instant."""
        if self._frozen is not None:
            self._offset = self._frozen - dt.datetime.now(UTC)
            self._frozen = None

    def iso(self) -> str:
        return self.now().isoformat()


class Snowflakes:
    """Mints unique ids whose timestamp part is the clock's current time."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        # The low 22 bits (worker, process, increment) only need to make ids
        # unique; a running counter does that even when the clock stands still.
        self._counter = itertools.count(1)

    def next(self) -> int:
        ms = int(self.clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS
        return (max(ms, 0) << 22) | (next(self._counter) & 0x3FFFFF)

    def on_shard(self, shard: int, count: int) -> int:
        """A new id that Discord's formula, ``(id >> 22) % count``, puts on ``shard``.

        Its timestamp is moved at most ``count - 1`` ms ahead: the shard is the
        timestamp's remainder, and a guild id is only ever compared, never waited for.
        """
        if not 0 <= shard < count:
            raise ValueError(f"shard {shard} is not among 0..{count - 1}")
        ms = max(int(self.clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS, 0)
        ms += (shard - ms) % count
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def snowflake_time(snowflake: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)
