"""The lines of a MIMIC board as the computer reads them: one fast pass, kept on the board.

The rules judge placements with `sets`; the computer judges hundreds of boards a move, so it
reads all lines at once (`survey`): which open cells take which cards, which lines are one or
two cards short of a set and what they need. It agrees with `sets` (a test holds it).
Implements ``shared/rules/mimic.txt`` §Sets (what a completed set looks like) and §MIMIC
Cards 4 (a card must contribute to a set), as `sets` does.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.mimic.cards import components
from bot.games.mimic.sets import Board, Kind

BUILT = (0.0, 1.0, 4.5, 6.0)
"""A live line by the cards on it: a line of two is worth keeping (spoiling it wastes both)."""


def fits(kinds: Iterable[Kind]) -> bool:
    """One colour, at most two animals, at most two of each (`sets.feasible`, inlined)."""
    colour = None
    counts: dict[str, int] = {}
    for c, a in kinds:
        if colour is None:
            colour = c
        elif c != colour:
            return False
        counts[a] = counts.get(a, 0) + 1
        if counts[a] > 2 or len(counts) > 2:
            return False
    return True


@functools.lru_cache(maxsize=8192)
def welcome(kinds: tuple[Kind, ...]) -> frozenset[Kind]:
    """Every kind that a line holding ``kinds`` (sorted) still takes."""
    comp = components()
    return frozenset(
        (c, a) for c in comp.colours for a in comp.animals if fits((*kinds, (c, a)))
    )


@functools.lru_cache(maxsize=8192)
def wanted(kinds: tuple[Kind, ...]) -> tuple[tuple[Kind, ...], ...]:
    """The ways (multisets of kinds) to finish a line holding ``kinds`` (sorted) into a set."""
    if not fits(kinds):
        return ()
    counts = Counter(a for _, a in kinds)
    colour = kinds[0][0] if kinds else ""
    if len(kinds) == 3:
        return (((colour, next(a for a, n in counts.items() if n == 1)),),)
    if len(kinds) == 2:
        if len(counts) == 2:
            return (tuple(sorted(kinds)),)
        animal = kinds[0][1]
        return tuple(((colour, b), (colour, b)) for b in components().animals if b != animal)
    return ()


@dataclass
class Lines:
    """A board's live lines, sorted by what they need."""

    one: list[tuple[str, Kind]]
    """Lines one card short: the open cell and the card that completes the set there."""
    two: list[tuple[str, tuple[tuple[Kind, ...], ...]]]
    """Lines two cards short: their next open cell and the ways to finish them."""
    room: dict[str, set[Kind]]
    """Each open cell of a live line and the kinds it takes."""
    building: float
    """Live, unfinished lines weighed by their cards (`BUILT`)."""
    blue: bool
    """Some line's first three cards are one and a half pairs (as `sets.blue_targets`)."""


@functools.lru_cache(maxsize=16384)
def _line_key(kinds: tuple[Kind, ...]) -> tuple[bool, frozenset[Kind], bool]:
    """For sorted kinds on a line: still completable, the kinds it takes, a completed set."""
    ok = fits(kinds)
    done = ok and len(kinds) == 4 and len({a for _, a in kinds}) == 2
    return ok, welcome(kinds) if ok and len(kinds) < 4 else frozenset(), done


@functools.lru_cache(maxsize=4096)
def _half(kinds: tuple[Kind, ...]) -> bool:
    """One and a half pairs of one colour (§Blue Power Cards 2–3)."""
    return fits(kinds) and len({a for _, a in kinds}) == 2


@functools.lru_cache(maxsize=4096)
def needs(way: tuple[Kind, ...]) -> tuple[tuple[Kind, int], ...]:
    """A way to finish a line as (kind, how many) pairs."""
    return tuple(Counter(way).items())


def survey(board: Board) -> Lines:
    """Every live line of ``board``: one pass over the lines (the judgement's hot loop).

    The answer is kept on the board object (boards are never changed, only copied)."""
    kept: Lines | None = board.__dict__.get("_survey")
    if kept is not None:
        return kept
    cards = board.cards
    one: dict[tuple[str, Kind], None] = {}
    two: list[tuple[str, tuple[tuple[Kind, ...], ...]]] = []
    room: dict[str, set[Kind]] = {}
    building = 0.0
    blue = False
    for line in board.lines():
        kinds = []
        gap = None
        for c in line.cells:
            k = cards.get(c)
            if k is None:
                if gap is None:
                    gap = c
            else:
                kinds.append(k)
        if not blue and gap not in line.cells[:3]:
            blue = _half(tuple(sorted(cards[c] for c in line.cells[:3])))
        if gap is None:
            continue
        key = tuple(sorted(kinds))
        ok, takes, _ = _line_key(key)
        if not ok:
            continue
        if gap in room:
            room[gap] |= takes
        else:
            room[gap] = set(takes)
        n = len(kinds)
        building += BUILT[n]
        if n == 3:
            one[(gap, wanted(key)[0][0])] = None
        elif n == 2:
            two.append((gap, wanted(key)))
    found = Lines(list(one), two, room, building, blue)
    board.__dict__["_survey"] = found
    return found


def cells_for(board: Board, kind: Kind) -> list[str]:
    """The open cells where a card of ``kind`` may go (as `sets.placements`, faster)."""
    return [gap for gap, takes in survey(board).room.items() if kind in takes]


def completes(board: Board, cell: str) -> list[str]:
    """Where cubes go once a card lies at ``cell`` (as `sets.scoring_cells`, faster)."""
    cards = board.cards
    found: list[str] = []
    for line in board.lines():
        if cell not in line.cells:
            continue
        kinds = []
        for c in line.cells:
            k = cards.get(c)
            if k is None:
                break
            kinds.append(k)
        else:
            if _line_key(tuple(sorted(kinds)))[2] and line.last not in found:
                found.append(line.last)
    return found


def scored(board: Board, cell: str) -> Board:
    """``board`` with cubes on the sets the card at ``cell`` completed (no start card)."""
    cubes = completes(board, cell)
    if not cubes:
        return board
    return Board(board.starts, board.cards, board.cubes | frozenset(cubes), board.jump)
