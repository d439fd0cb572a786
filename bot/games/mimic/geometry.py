"""The MIMIC grid and its set lines: where a set can run from a start card.

Implements ``shared/rules/mimic.txt`` §The Playing Grid, §Obstructions (a–c), §Start Cards 1b
and §Orange Power Cards 1–5. Nothing here knows cards or players: a line's shape depends only on
the start cards and the cubed cards (the *obstructions*), never on the uncubed cards lying on it.

Cells are named ``A1``…``G7`` (column letter, row number); the red start card lies at ``D4``.
Directions are compass names: N is towards row 7, E towards column G.

A set line from a start card S is a path of four cells:

* it begins at the cell next to S and heads straight away from S;
* it goes straight while the cell ahead is open; when the cell ahead is an obstruction
  (the border, any start card, a cubed card) it turns 90° left *or* right, wherever that is
  open — so one start card can give several lines;
* if ahead, left and right are all closed, it cannot continue and there is no line;
* with the Orange power card active it may instead jump one cube or start card (never the
  border, at most once per line, and only to continue a set already begun). Beyond the jumped
  obstruction it goes straight on; if the cell beyond is closed too (a second obstruction, the
  border included) it pivots on the jumped cell, turning left or right from there
  (§Orange 3–4, examples 4–6).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

COLUMNS = "ABCDEFG"
SIZE = 7
LENGTH = 4
"""Cells in a set: two pairs."""
CENTRE = "D4"
DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def xy(cell: str) -> tuple[int, int]:
    """``"A1"`` → ``(0, 0)``; ``"G7"`` → ``(6, 6)``.

    Raises:
        ValueError: not a cell name of the grid.
    """
    if len(cell) != 2 or cell[0] not in COLUMNS or not cell[1].isdigit():
        raise ValueError(f"{cell!r} is not a cell (A1–G7)")
    x, y = COLUMNS.index(cell[0]), int(cell[1]) - 1
    if not 0 <= y < SIZE:
        raise ValueError(f"{cell!r} is not a cell (A1–G7)")
    return x, y


def is_cell(text: str) -> bool:
    """Whether ``text`` names a grid cell."""
    try:
        xy(text)
    except ValueError:
        return False
    return True


def inside(x: int, y: int) -> bool:
    """Whether the coordinates lie on the 7 × 7 grid."""
    return 0 <= x < SIZE and 0 <= y < SIZE


def name(x: int, y: int) -> str:
    """``(0, 0)`` → ``"A1"``."""
    return f"{COLUMNS[x]}{y + 1}"


ALL_CELLS: tuple[str, ...] = tuple(name(x, y) for y in range(SIZE) for x in range(SIZE))
"""Every cell, row 1 first, in the order the bot lists cells."""


def order(cell: str) -> int:
    """The index of a cell in `ALL_CELLS` (for sorting)."""
    x, y = xy(cell)
    return y * SIZE + x


def neighbours(cell: str) -> list[str]:
    """The orthogonal neighbours of a cell that lie on the grid."""
    x, y = xy(cell)
    return [name(x + dx, y + dy) for dx, dy in DIRECTIONS.values() if inside(x + dx, y + dy)]


def left(d: tuple[int, int]) -> tuple[int, int]:
    """The direction 90° to the left (counter-clockwise) of ``d``."""
    return (-d[1], d[0])


def right(d: tuple[int, int]) -> tuple[int, int]:
    """The direction 90° to the right (clockwise) of ``d``."""
    return (d[1], -d[0])


@dataclass(frozen=True, slots=True)
class Line:
    """One set line: its start card, its four cells in order, and the cell it jumped (if any)."""

    start: str
    cells: tuple[str, ...]
    jumped: str | None = None

    @property
    def last(self) -> str:
        """The fourth cell: where the cube of a completed set goes."""
        return self.cells[-1]


def lines_from(
    start: str, obstructions: Iterable[str], *, jump: bool = False, length: int = LENGTH
) -> list[Line]:
    """Every set line of ``length`` cells from the start card at ``start``.

    Args:
        start: the cell of the start card the lines begin at.
        obstructions: start cards and cubed cards (``start`` itself may be among them).
        jump: whether the Orange power card is active (one jump over a cube or start card).
        length: cells per line (4; tests use shorter ones).
    """
    blocked = frozenset(obstructions) | {start}
    found: list[Line] = []
    sx, sy = xy(start)
    for d in DIRECTIONS.values():
        first = (sx + d[0], sy + d[1])
        if _open(first, blocked, ()):
            for cells, jumped in _walk([first], d, blocked, jump, length):
                found.append(Line(start, tuple(name(*c) for c in cells), jumped))
    return found


def _open(c: tuple[int, int], blocked: frozenset[str], path: Iterable[tuple[int, int]]) -> bool:
    return inside(*c) and name(*c) not in blocked and c not in path


def _walk(
    path: list[tuple[int, int]],
    d: tuple[int, int],
    blocked: frozenset[str],
    jump: bool,
    length: int,
    jumped: str | None = None,
) -> Iterator[tuple[list[tuple[int, int]], str | None]]:
    if len(path) == length:
        yield path, jumped
        return
    x, y = path[-1]
    ahead = (x + d[0], y + d[1])
    if _open(ahead, blocked, path):
        yield from _walk([*path, ahead], d, blocked, jump, length, jumped)
        return
    # An obstruction: turn left or right (§Obstructions) …
    for t in (left(d), right(d)):
        nxt = (x + t[0], y + t[1])
        if _open(nxt, blocked, path):
            yield from _walk([*path, nxt], t, blocked, jump, length, jumped)
    # … or, with the Orange card, jump it once (§Orange 1–4).
    if jump and jumped is None and inside(*ahead) and name(*ahead) in blocked:
        beyond = (ahead[0] + d[0], ahead[1] + d[1])
        if _open(beyond, blocked, path):
            yield from _walk([*path, beyond], d, blocked, jump, length, name(*ahead))
            return
        for t in (left(d), right(d)):  # a second obstruction: pivot on the jumped cell
            nxt = (ahead[0] + t[0], ahead[1] + t[1])
            if _open(nxt, blocked, path):
                yield from _walk([*path, nxt], t, blocked, jump, length, name(*ahead))


@functools.lru_cache(maxsize=4096)
def _all_lines(starts: frozenset[str], cubes: frozenset[str], jump: bool) -> tuple[Line, ...]:
    obstructions = starts | cubes
    return tuple(
        line
        for start in sorted(starts, key=order)
        for line in lines_from(start, obstructions, jump=jump)
    )


def all_lines(
    starts: Iterable[str], cubes: Iterable[str], *, jump: bool = False
) -> tuple[Line, ...]:
    """Every set line from every start card, given the start cards and the cubed cells (cached)."""
    return _all_lines(frozenset(starts), frozenset(cubes), bool(jump))
