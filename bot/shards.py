"""Which servers this process owns: the SHARD_COUNT / SHARD_IDS settings and Discord's formula.

Discord sends a server's events to one shard only, ``(guild_id >> 22) % shard_count``, so the
process that runs that shard is the only one its players talk to, and the only one that may
resume its games after a restart (timers, computer players, redraws, the dealer). `Owner` says
which guilds that is, in Python (`Owner.owns`) and as an SQL condition (`Owner.where`) that the
repo adds to its resume queries, so a process does not even load another's games. Without
sharding the owner owns every guild and adds no condition: the queries stay as they were.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

SHIFT = 22  # a snowflake's low 22 bits are worker, process and increment: not the server


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> SHIFT) % shard_count


@dataclass(frozen=True, slots=True)
class Owner:
    """The shards one process runs, out of how many there are."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    @property
    def everything(self) -> bool:
        """Whether it runs every shard (so owns every guild): no filter needed."""
        return set(self.ids) >= set(range(self.count))

    def owns(self, guild_id: int) -> bool:
        """Whether this process resumes the guild's games."""
        return self.everything or shard_of(guild_id, self.count) in self.ids

    def where(self, column: str = "guild_id") -> tuple[str, tuple[int, ...]] | None:
        """`owns` as an SQL condition on a guild-id column, with its parameters (None: every
        guild). The same formula as `shard_of`, for SQLite and PostgreSQL alike."""
        if self.everything:
            return None
        marks = ", ".join("?" * len(self.ids))
        return f"(({column} >> {SHIFT}) % ?) IN ({marks})", (self.count, *self.ids)


EVERYONE = Owner()


def parse(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS as given ("4" and "0,1" or "0-3" or "0-1,3"): (None, None)
    when both are unset (one process, not sharded); SHARD_COUNT alone runs all its shards.

    Raises:
        ValueError: one line naming the setting that cannot be used and why.
    """
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ValueError(f"SHARD_COUNT must be a whole number of at least 1 (not {count_text!r})")
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    ids: list[int] = []
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        first, last = first.strip(), last.strip() if dash else first.strip()
        if not (first.isdigit() and last.isdigit()) or int(first) > int(last):
            raise ValueError(f"SHARD_IDS must be shard numbers or ranges like 0,1 or 0-3"
                             f" (not {ids_text!r})")
        if int(last) >= count:
            raise ValueError(f"SHARD_IDS must be below SHARD_COUNT {count}"
                             f" (shards are numbered 0 to {count - 1}; not {int(last)})")
        ids.extend(range(int(first), int(last) + 1))
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        raise ValueError(f"SHARD_IDS names shard {', '.join(map(str, twice))} twice")
    return count, tuple(ids)
