"""Sets on a MIMIC board: which cells a card may go to, what a placement completes.

Implements ``shared/rules/mimic.txt`` §Sets (how they are built, what a completed set looks
like), §MIMIC Cards 3–4 (a placement must contribute to a completed set), §Blue Power
Cards 2–3 (one and a half pairs) and §Start Cards 3–6. Works on a `Board` — the start cards,
the cards (as ``(colour, animal)``) and the cubes — which the rules build from the state and
the computer player builds from its view, so both judge a position alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.games.mimic.geometry import ALL_CELLS, Line, all_lines, neighbours, order

Kind = tuple[str, str]
"""``(colour, animal)``: all a card means for sets."""


@dataclass(frozen=True)
class Board:
    """A position as far as sets care: start cards, cards by cell, cubed cells, jump or not."""

    starts: frozenset[str]
    cards: Mapping[str, Kind]
    cubes: frozenset[str]
    jump: bool = False
    _ends: list[tuple[str, list[Kind]]] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    def lines(self) -> tuple[Line, ...]:
        """Every set line of this position."""
        return all_lines(self.starts, self.cubes, jump=self.jump)

    def empty(self, cell: str) -> bool:
        """No start card and no MIMIC card on the cell."""
        return cell not in self.cards and cell not in self.starts

    def kinds(self, line: Line) -> list[Kind]:
        """The kinds of the cards lying on a line's cells, in line order."""
        return [self.cards[c] for c in line.cells if c in self.cards]

    def without(self, cell: str) -> Board:
        """The same position with the (uncubed) card at ``cell`` lifted off."""
        return Board(self.starts, {c: k for c, k in self.cards.items() if c != cell},
                     self.cubes, self.jump)

    def with_card(self, cell: str, kind: Kind) -> Board:
        """The same position with one more card."""
        return Board(self.starts, {**self.cards, cell: kind}, self.cubes, self.jump)

    def open_ends(self) -> list[tuple[str, list[Kind]]]:
        """For every line with a gap: its first empty cell and the kinds already on it.

        A card may only go to a line's *first* empty cell: the cells before it must hold cards,
        so the set is continuous from its start card (spec §Placing a MIMIC card).
        """
        if self._ends is not None:
            return self._ends
        ends: list[tuple[str, list[Kind]]] = []
        for line in self.lines():
            gap = next((c for c in line.cells if c not in self.cards), None)
            if gap is not None:
                ends.append((gap, self.kinds(line)))
        object.__setattr__(self, "_ends", ends)  # the board is frozen; this is its cache
        return ends


def feasible(kinds: Iterable[Kind]) -> bool:
    """Can these cards still be part of one set: one colour, ≤ 2 animals, ≤ 2 of each?"""
    kinds = list(kinds)
    if len({colour for colour, _ in kinds}) > 1:
        return False
    counts = Counter(animal for _, animal in kinds)
    return len(counts) <= 2 and all(n <= 2 for n in counts.values())


def complete(kinds: list[Kind]) -> bool:
    """Two different pairs of animals of one colour (§Sets 2a–d): AABB, ABAB, ABBA …"""
    return len(kinds) == 4 and feasible(kinds) and len({a for _, a in kinds}) == 2


def half(kinds: list[Kind]) -> bool:
    """One and a half pairs of one colour (§Blue Power Cards 2–3): AAB, ABA, ABB."""
    return len(kinds) == 3 and feasible(kinds) and len({a for _, a in kinds}) == 2


def placements(board: Board, kind: Kind) -> list[str]:
    """The empty cells where a card of ``kind`` contributes to a set, in cell order."""
    cells = {gap for gap, kinds in board.open_ends() if feasible([*kinds, kind])}
    return sorted(cells, key=order)


def any_placement(board: Board, kinds: Iterable[Kind]) -> bool:
    """Whether any of these cards has a legal cell."""
    wanted = set(kinds)
    return any(feasible([*ks, k]) for _, ks in board.open_ends() for k in wanted)


def completed_through(board: Board, cell: str) -> list[Line]:
    """The lines through ``cell`` that now hold a completed set (§Sets 2e)."""
    return [
        line for line in board.lines()
        if cell in line.cells and all(c in board.cards for c in line.cells)
        and complete(board.kinds(line))
    ]


def scoring_cells(board: Board, cell: str) -> list[str]:
    """Where cubes go after a card lands on ``cell``: the fourth card of each completed set.

    Several sets can be completed at once (§Sets IMPORTANT 3); a card takes one cube only.
    """
    seen: list[str] = []
    for line in completed_through(board, cell):
        if line.last not in seen:
            seen.append(line.last)
    return seen


def blue_targets(board: Board) -> list[str]:
    """Third cards of incomplete sets: the first three cells of a line hold 1.5 pairs."""
    cells = {
        line.cells[2] for line in board.lines()
        if all(c in board.cards for c in line.cells[:3])
        and half([board.cards[c] for c in line.cells[:3]])
    }
    return sorted(cells, key=order)


def start_card_cells(board: Board, next_to: Iterable[str] | None = None) -> list[str]:
    """Where a yellow start card may go (§Start Cards 3–6).

    An empty cell next to a MIMIC card (cubed ones too; only next to ``next_to`` if given),
    not next to another start card (corners are fine), and not blocked in: at least one
    neighbour is an empty cell of the grid.
    """
    anchors = set(board.cards if next_to is None else next_to)
    found = []
    for cell in ALL_CELLS:
        if not board.empty(cell):
            continue
        around = neighbours(cell)
        if not anchors.intersection(around) or any(n in board.starts for n in around):
            continue
        if any(board.empty(n) for n in around):
            found.append(cell)
    return found


def one_away(board: Board) -> list[tuple[str, Kind]]:
    """Lines one card short of a set: the open cell and the kind that would complete it.

    The computer player reads threats and chances from this.
    """
    found = []
    for gap, kinds in board.open_ends():
        if len(kinds) == 3 and feasible(kinds):
            counts = Counter(a for _, a in kinds)
            missing = next(a for a, n in counts.items() if n == 1)
            found.append((gap, (kinds[0][0], missing)))
    return found
