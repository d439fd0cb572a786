"""The Mariposas hex grid: neighbours, vertices, geography and walks of exactly N steps.

The grid follows ``shared/specs/mariposas.md`` §The map: pointy-top hexes in the "odd-r"
layout (odd rows sit half a hex to the right), row 0 the north edge. A space is named by its
``(row, column)`` coordinate; ``x2 = 2*column + row % 2`` is its doubled horizontal position,
in which neighbours on one row differ by 2 and neighbours on the next row by 1.

Nothing here knows the printed map: `Graph` is built from any set of coordinates, so the tests
can walk small hand-drawn grids as well as the shipped one (``content.py`` builds that).

Walks (``shared/rules/mariposas.txt`` §Movement, §Landing on Flowers; spec, Points the rule
text leaves open 1): a move of N is a walk of exactly N steps, each to a neighbouring space, and
it lands only at its end. The rule text names no limit on the path, so a walk **may revisit
spaces and may step straight back**: a move of 2 may end where it began. The rule text's own
limits are on collecting, not on moving ("a butterfly can never collect flowers from the space
on which it started the turn"; "never ... from the same space twice in a turn"), which the rules
engine applies to the landing, not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Coord = tuple[int, int]
"""``(row, column)`` of a space."""

CORNERS = ("top", "bottom")
"""The two kinds of vertex; every vertex of the grid is one of them (see `Vertex`)."""


def x2(coord: Coord) -> int:
    """The doubled horizontal position: ``2*column + row % 2``."""
    row, column = coord
    return 2 * column + row % 2


def neighbour_coords(coord: Coord) -> tuple[Coord, ...]:
    """The six coordinates around ``coord`` (some may lie off the map), clockwise from the
    upper left: upper left, upper right, right, lower right, lower left, left."""
    row, column = coord
    # An odd row is shifted right, so its diagonal neighbours sit one column further right.
    shift = row % 2
    left, right = column - 1 + shift, column + shift
    return (
        (row - 1, left), (row - 1, right), (row, column + 1),
        (row + 1, right), (row + 1, left), (row, column - 1),
    )


@dataclass(frozen=True, slots=True, order=True)
class Vertex:
    """A corner where three hexes meet, named by one hex and which of its tips it is.

    With pointy tops every vertex has either one hex above and two below (the *bottom* tip of
    the hex above) or two above and one below (the *top* tip of the hex below), so each vertex
    has exactly one name of this form.
    """

    hex: Coord
    corner: str

    def __post_init__(self) -> None:
        if self.corner not in CORNERS:
            raise ValueError(f"a vertex corner is 'top' or 'bottom', not {self.corner!r}")

    @property
    def hexes(self) -> tuple[Coord, Coord, Coord]:
        """The three coordinates that meet here: the named hex first, then the other two
        left to right."""
        around = neighbour_coords(self.hex)
        if self.corner == "bottom":
            return (self.hex, around[4], around[3])
        return (self.hex, around[0], around[1])


def hex_vertices(coord: Coord) -> tuple[Vertex, ...]:
    """The six vertices of a hex, clockwise from the top, each under its one name."""
    up_left, up_right, _, down_right, down_left, _ = neighbour_coords(coord)
    return (
        Vertex(coord, "top"),
        Vertex(up_right, "bottom"),  # upper right tip: below the upper right neighbour
        Vertex(down_right, "top"),   # lower right tip: above the lower right neighbour
        Vertex(coord, "bottom"),
        Vertex(down_left, "top"),
        Vertex(up_left, "bottom"),
    )


# Geography for the season goals (spec, The map: a space counts only if entirely past the
# line drawn through X's corners; rule text §Geographical Goals).

def is_above(coord: Coord, of: Coord) -> bool:
    """In a row above ``of``'s row."""
    return coord[0] < of[0]


def is_below(coord: Coord, of: Coord) -> bool:
    """In a row below ``of``'s row."""
    return coord[0] > of[0]


def is_right_of(coord: Coord, of: Coord) -> bool:
    """Wholly right of the vertical line through ``of``'s right corners."""
    # The right corners are half a hex (1 in x2) right of the centre; a hex reaches half a hex
    # left of its own centre, so it clears the line from 2 onwards.
    return x2(coord) >= x2(of) + 2


def is_left_of(coord: Coord, of: Coord) -> bool:
    """Wholly left of the vertical line through ``of``'s left corners."""
    return x2(coord) <= x2(of) - 2


class Graph:
    """Spaces as ints ``0..n-1`` (in the order given) with their adjacency as tuples of ints.

    Args:
        coords: every space's coordinate, each once.
        overrides: spaces whose neighbours are given rather than computed (Michoacán, the one
            large space); the other side of each listed pair is made to match, so the graph
            stays symmetric.

    Raises:
        ValueError: a coordinate twice, or an override naming a coordinate not in ``coords``.
    """

    def __init__(self, coords: Sequence[Coord],
                 overrides: Mapping[Coord, Iterable[Coord]] | None = None) -> None:
        self.coords: tuple[Coord, ...] = tuple((int(r), int(c)) for r, c in coords)
        self._index = {coord: i for i, coord in enumerate(self.coords)}
        if len(self._index) != len(self.coords):
            raise ValueError("a space is listed twice")
        adjacency = [
            {self._index[n] for n in neighbour_coords(coord) if n in self._index}
            for coord in self.coords
        ]
        for coord, listed in (overrides or {}).items():
            self._override(adjacency, coord, listed)
        self.adjacency: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(around)) for around in adjacency
        )

    def _override(self, adjacency: list[set[int]], coord: Coord,
                  listed: Iterable[Coord]) -> None:
        space = self.index(coord)
        wanted = {self.index(n) for n in listed}
        for other in adjacency[space] - wanted:
            adjacency[other].discard(space)
        for other in wanted:
            adjacency[other].add(space)
        adjacency[space] = wanted

    def __len__(self) -> int:
        return len(self.coords)

    def index(self, coord: Coord) -> int:
        """The space at ``coord``.

        Raises:
            ValueError: no space there.
        """
        try:
            return self._index[(coord[0], coord[1])]
        except KeyError:
            raise ValueError(f"no space at {tuple(coord)}") from None

    def has(self, coord: Coord) -> bool:
        """Whether a space lies at ``coord``."""
        return (coord[0], coord[1]) in self._index

    def neighbours(self, space: int) -> tuple[int, ...]:
        """The spaces next to ``space``, in ascending order."""
        return self.adjacency[space]

    def vertex_spaces(self, vertex: Vertex) -> tuple[int, ...]:
        """The spaces that touch ``vertex`` (0 to 3 of them: the others lie off the map)."""
        return tuple(self._index[h] for h in vertex.hexes if h in self._index)

    def component(self, space: int) -> frozenset[int]:
        """Every space a butterfly on ``space`` could ever reach."""
        seen = {space}
        todo = [space]
        while todo:
            for other in self.adjacency[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return frozenset(seen)

    def reachable(self, space: int, steps: int) -> frozenset[int]:
        """Where a walk of exactly ``steps`` steps from ``space`` can end.

        Revisiting and stepping back are allowed (module docstring), so this is the set of
        spaces N steps on from the set N−1 steps on: one pass per step over at most every
        space, never a search over paths.

        Raises:
            ValueError: a negative number of steps.
        """
        if steps < 0:
            raise ValueError("a move has 0 or more steps")
        adjacency = self.adjacency
        frontier = {space}
        for _ in range(steps):
            frontier = {other for here in frontier for other in adjacency[here]}
        return frozenset(frontier)
