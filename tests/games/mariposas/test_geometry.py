"""The Mariposas hex grid: odd-r neighbours, vertices, geography and walks of exactly N steps.

Movement: shared/rules/mariposas.txt §Movement and §Landing on Flowers, read with the spec's
open point 1 (a move of N is a walk of exactly N steps; revisiting spaces is allowed).
"""

from __future__ import annotations

import itertools

import pytest

from bot.games.mariposas.content import load
from bot.games.mariposas.geometry import (
    Graph,
    Vertex,
    hex_vertices,
    is_above,
    is_below,
    is_left_of,
    is_right_of,
    neighbour_coords,
    x2,
)


@pytest.fixture(scope="module")
def board():
    return load().board


def reach(board, coord, steps) -> set[tuple[int, int]]:
    graph = board.graph
    return {graph.coords[s] for s in graph.reachable(graph.index(coord), steps)}


def walk_ends(graph: Graph, start: int, steps: int) -> set[int]:
    """Every end of every walk, enumerated one path at a time (the slow, obvious way)."""
    ends: set[int] = set()
    paths: list[tuple[int, ...]] = [(start,)]
    for _ in range(steps):
        paths = [(*path, n) for path in paths for n in graph.neighbours(path[-1])]
    ends.update(path[-1] for path in paths)
    return ends


# Neighbours and vertices -------------------------------------------------------------------

def test_odd_r_neighbours_as_the_spec_writes_them():
    """Spec §The map: even r: (r−1,c−1) (r−1,c) (r,c−1) (r,c+1) (r+1,c−1) (r+1,c);
    odd r: (r−1,c) (r−1,c+1) (r,c−1) (r,c+1) (r+1,c) (r+1,c+1)."""
    assert set(neighbour_coords((4, 5))) == {(3, 4), (3, 5), (4, 4), (4, 6), (5, 4), (5, 5)}
    assert set(neighbour_coords((3, 5))) == {(2, 5), (2, 6), (3, 4), (3, 6), (4, 5), (4, 6)}
    assert (x2((4, 5)), x2((3, 5))) == (10, 11)


def test_the_shipped_map_is_symmetric_with_at_most_six_neighbours(board):
    graph = board.graph
    for space, around in enumerate(graph.adjacency):
        assert len(around) <= 6 and space not in around
        assert all(space in graph.neighbours(other) for other in around)
        assert isinstance(around, tuple) and list(around) == sorted(around)


def test_michoacans_neighbours_are_the_ones_the_spec_gives(board):
    """Spec §The map: Michoacán's neighbours are (16,1) and (16,2)."""
    graph = board.graph
    assert {graph.coords[s] for s in graph.neighbours(board.michoacan)} == {(16, 1), (16, 2)}
    assert board.michoacan in graph.neighbours(graph.index((16, 1)))
    assert board.michoacan not in graph.neighbours(graph.index((16, 0)))


def test_an_override_replaces_computed_neighbours_on_both_sides():
    graph = Graph([(0, 0), (0, 1), (0, 2)], {(0, 1): [(0, 0)]})
    assert graph.adjacency == ((1,), (0,), ())
    with pytest.raises(ValueError):
        Graph([(0, 0)], {(0, 0): [(5, 5)]})
    with pytest.raises(ValueError):
        Graph([(0, 0), (0, 0)])


@pytest.mark.parametrize("coord", [(4, 5), (3, 5), (0, 0), (17, 1)])
def test_each_hex_has_six_vertices_each_shared_with_two_neighbours(coord):
    """A vertex joins the hex with two of its neighbours that are neighbours of each other."""
    vertices = hex_vertices(coord)
    assert len(set(vertices)) == 6
    around = set(neighbour_coords(coord))
    for vertex in vertices:
        hexes = vertex.hexes
        assert coord in hexes and len(set(hexes)) == 3
        a, b = set(hexes) - {coord}
        assert {a, b} <= around and b in neighbour_coords(a)


def test_every_vertex_has_one_name():
    """Seen from each of its three hexes, a vertex comes out under the same name."""
    named = [v for r, c in itertools.product(range(2, 6), range(2, 6))
             for v in hex_vertices((r, c))]
    inner = {v for v in named if all(2 <= h[0] < 6 and 2 <= h[1] < 6 for h in v.hexes)}
    assert inner and all(named.count(v) == 3 for v in inner)


def test_bottom_and_top_tips():
    """A bottom tip touches its hex and the two below it; a top tip the two above it."""
    assert Vertex((1, 2), "bottom").hexes == ((1, 2), (2, 2), (2, 3))
    assert Vertex((2, 2), "bottom").hexes == ((2, 2), (3, 1), (3, 2))
    assert Vertex((2, 2), "top").hexes == ((2, 2), (1, 1), (1, 2))
    with pytest.raises(ValueError):
        Vertex((0, 0), "left")


# Geography -------------------------------------------------------------------------------

def test_lines_through_corners():
    """Rule text §Geographical Goals: only whole rows above/below, whole columns past the
    vertical line through the corners (spec: right of X is x2 ≥ x2_X + 2)."""
    atlanta = (9, 7)  # x2 = 15: its corners' lines are at x2 14 and 16
    assert is_above((8, 0), atlanta) and not is_above((9, 0), atlanta)
    assert is_below((10, 7), atlanta) and not is_below((9, 12), atlanta)
    assert is_right_of((9, 8), atlanta) and is_right_of((8, 9), atlanta)  # x2 17, 18
    assert is_left_of((9, 6), atlanta) and is_left_of((8, 6), atlanta)  # x2 13, 12
    for straddling in ((8, 8), (10, 7)):  # x2 16 and 14: cut by a line, so neither side
        assert not is_right_of(straddling, atlanta) and not is_left_of(straddling, atlanta)
    assert not is_right_of((8, 7), atlanta) and not is_left_of((8, 7), atlanta)


# Walks -----------------------------------------------------------------------------------

def test_one_step_reaches_exactly_the_neighbours(board):
    """§Movement: "Move 1 space" lands on a neighbouring space."""
    graph = board.graph
    for space in range(len(graph)):
        assert graph.reachable(space, 1) == frozenset(graph.neighbours(space))
        assert graph.reachable(space, 0) == {space}


def test_two_steps_from_the_north_west_corner(board):
    """(0,1) has two neighbours, Winnipeg (0,2) and (1,1). Two steps may go there and back
    (ending on the start), round the triangle (0,1)-(0,2)-(1,1), or on to (0,3), (1,2),
    (2,1), (2,2) — worked out by hand from the grid."""
    assert reach(board, (0, 1), 1) == {(0, 2), (1, 1)}
    assert reach(board, (0, 1), 2) == {(0, 1), (0, 2), (1, 1), (0, 3), (1, 2), (2, 1), (2, 2)}


def test_two_steps_out_of_michoacan(board):
    """From Michoacán: to (16,1) or (16,2), then on to their neighbours or back home."""
    assert reach(board, (17, 1), 2) == {
        (17, 1), (16, 0), (16, 1), (16, 2), (15, 0), (15, 1), (15, 2)}


def test_a_walk_may_step_back_and_must_use_every_step():
    """The choice in geometry.py: revisits allowed, exactly N steps. On a row of three spaces
    (no triangles) two steps from the end go on or come back; three steps can only end in
    the middle — a walk of "up to" N steps, or one without revisits, would differ."""
    line = Graph([(0, 0), (0, 1), (0, 2)])
    assert line.reachable(0, 2) == {0, 2}
    assert line.reachable(0, 3) == {1}
    assert line.reachable(1, 4) == {1}
    with pytest.raises(ValueError):
        line.reachable(0, -1)


@pytest.mark.parametrize("steps", [2, 3])
def test_reachable_matches_every_walk_enumerated(board, steps):
    graph = board.graph
    for space in range(len(graph)):
        assert graph.reachable(space, steps) == walk_ends(graph, space, steps), space
