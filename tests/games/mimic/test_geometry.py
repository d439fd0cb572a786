"""Set lines on hand-drawn grids: shared/rules/mimic.txt §Obstructions, §Orange Power Cards."""

from bot.games.mimic.geometry import all_lines, lines_from, neighbours, xy
from tests.games.mimic.art import cubes_of, parse, path_of, starts_of


def cells(art: str, start: str = "D4", *, jump: bool = False) -> set[tuple[str, ...]]:
    """The cell sequences of every line from ``start`` in the drawing."""
    blocked = set(starts_of(art)) | cubes_of(art)
    return {line.cells for line in lines_from(start, blocked, jump=jump)}


def heading(lines: set[tuple[str, ...]], first: str) -> set[tuple[str, ...]]:
    return {line for line in lines if line[0] == first}


def test_grid_names():
    """§The Playing Grid: 7 × 7, the red start card at the centre."""
    assert xy("A1") == (0, 0) and xy("G7") == (6, 6) and xy("D4") == (3, 3)
    assert sorted(neighbours("A1")) == ["A2", "B1"]
    assert len(neighbours("D4")) == 4


def test_open_grid_goes_straight_then_turns_at_the_border_both_ways():
    """§Obstructions a: a set goes straight; at the border it turns left or right.

    Without obstructions each side of the red card gives two lines: three cells straight to
    the border, then one cell to the left or to the right.
    """
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  .  .  .  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
          A  B  C  D  E  F  G
    """
    lines = cells(art)
    assert len(lines) == 8
    assert heading(lines, "D5") == {("D5", "D6", "D7", "C7"), ("D5", "D6", "D7", "E7")}
    assert heading(lines, "E4") == {("E4", "F4", "G4", "G5"), ("E4", "F4", "G4", "G3")}


def test_turn_at_another_start_card():
    """§Obstructions b: every start card but the beginning one turns a set."""
    art = """
        7 .  .  .  Y  .  .  .
        6 .  4  3  2  .  .  .
        5 .  .  .  1  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    north = heading(cells(art), "D5")
    assert path_of(art) == ("D5", "D6", "C6", "B6")
    assert north == {path_of(art), ("D5", "D6", "E6", "F6")}
    # The same yellow card starts lines of its own, and the red card turns them.
    from_yellow = cells(art, "D7")
    assert ("D6", "D5", "C5", "B5") in from_yellow and ("D6", "D5", "E5", "F5") in from_yellow


def test_turn_at_a_cube_and_uncubed_cards_do_not_turn():
    """§Obstructions c: a cube turns the set; a card without a cube is part of the line."""
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  .  #  .  .  .
        5 4  3  2  1  .  .  .
        4 .  .  .  R  rL .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    lines = cells(art)
    assert path_of(art) in lines
    assert heading(lines, "D5") == {path_of(art), ("D5", "E5", "F5", "G5")}
    assert heading(lines, "E4") == {("E4", "F4", "G4", "G5"), ("E4", "F4", "G4", "G3")}


def test_one_way_turn_in_a_corner():
    """§Obstructions a: a set can bend several times; where one side is closed it turns the
    other way only."""
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  .  .  .  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  .  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  #  .  4
        1 .  .  .  Y  1  2  3
    """
    # East from D1: E1, F1, G1, then the border: north (G2) only, south is off the grid.
    east = heading(cells(art, "D1"), "E1")
    assert east == {path_of(art)} == {("E1", "F1", "G1", "G2")}
    # North from D1: D2, D3, D4, D5 straight.
    assert heading(cells(art, "D1"), "D2") == {("D2", "D3", "D4", "D5")}


def test_a_line_that_cannot_continue():
    """§Obstructions: ahead, left and right all closed — that side starts no set."""
    art = """
        7 .  .  .  Y  .  .  .
        6 .  .  #  .  #  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    assert heading(cells(art), "D5") == set()
    assert len(cells(art)) == 6  # the three other sides still give two lines each


def test_blocked_first_cell_and_a_line_shut_in_after_turning():
    """A start card whose neighbour is cubed starts nothing that way; a line that turns
    into a dead end is no line either."""
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  .  .  .  .  .
        5 .  .  .  #  .  .  .
        4 #  .  .  R  .  .  .
        3 .  #  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    lines = cells(art)
    assert heading(lines, "D5") == set()
    # West: C4, B4, A4 is a cube → turn: B5 north (open) or B3 south (a cube).
    assert heading(lines, "C4") == {("C4", "B4", "B5", "B6")}


def test_all_lines_covers_every_start_card():
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  Y  .  .  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    lines = all_lines(starts_of(art), cubes_of(art))
    assert {line.start for line in lines} == {"D4", "C6"}
    assert all(len(line.cells) == 4 and line.jumped is None for line in lines)


# -- Orange power card: jumps ----------------------------------------------------------------

def test_jump_over_a_cube_continues_straight():
    """§Orange 1: jump one cube and place on the other side to continue the set."""
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  .  .  .  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  R  1  #  2
        3 .  .  .  .  .  .  3
        2 .  .  .  .  .  .  4
        1 .  .  .  .  .  .  .
    """
    east = heading(cells(art, jump=True), "E4")
    assert path_of(art) in east
    assert ("E4", "G4", "G5", "G6") in east
    # Without the card the cube turns the line as usual.
    assert heading(cells(art), "E4") == {("E4", "E5", "E6", "E7"), ("E4", "E3", "E2", "E1")}
    assert heading(cells(art, jump=True), "E4") >= heading(cells(art), "E4")


def test_jump_over_a_start_card():
    """§Orange 1: a start card can be jumped too."""
    art = """
        7 .  .  .  4  .  .  .
        6 .  .  .  3  .  .  .
        5 .  .  .  Y  .  .  .
        4 .  .  .  .  .  .  .
        3 .  .  .  1  .  .  .
        2 .  .  .  R  .  .  .
        1 .  .  .  .  .  .  .
    """
    # From D2 north: D3, D4 (empty), then D5 is a start card.
    art_path = ("D3", "D4", "D6", "D7")
    assert art_path in heading(cells(art, "D2", jump=True), "D3")
    assert art_path not in cells(art, "D2")


def test_jump_example_4_second_obstruction_is_a_start_card():
    """§Orange 3, examples 4–6: two obstructions in a row — jump the first, and the second
    turns the set, pivoting on the jumped cube."""
    art = """
        7 .  .  .  Y  .  .  .
        6 4  3  2  #  .  .  .
        5 .  .  .  1  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    north = heading(cells(art, jump=True), "D5")
    assert path_of(art) in north
    assert ("D5", "E6", "F6", "G6") in north
    assert ("D5", "D7", "C7", "B7") not in north  # the second obstruction cannot be jumped


def test_jump_example_5_border_is_the_second_obstruction():
    """§Orange 4: the border cannot be jumped but acts as the second obstruction and turns."""
    art = """
        7 .  4  3  #  .  .  .
        6 .  .  .  2  .  .  .
        5 .  .  .  1  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    north = heading(cells(art, jump=True), "D5")
    # D5, D6, jump D7, the border: pivot to C7 or E7, then go on west or east.
    assert path_of(art) == ("D5", "D6", "C7", "B7")
    assert path_of(art) in north and ("D5", "D6", "E7", "F7") in north
    # Without the jump the cube turns the line at D6.
    assert heading(cells(art), "D5") == {("D5", "D6", "C6", "B6"), ("D5", "D6", "E6", "F6")}


def test_jump_example_6_two_cubes_in_a_row():
    """§Orange 3: over the first cube only; the second turns the set left or right."""
    art = """
        7 .  .  .  .  .  4  .
        6 .  .  .  .  .  3  .
        5 .  .  .  .  .  2  .
        4 .  .  .  R  1  #  #
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    east = heading(cells(art, jump=True), "E4")
    assert path_of(art) == ("E4", "F5", "F6", "F7")
    assert path_of(art) in east and ("E4", "F3", "F2", "F1") in east
    assert not any("G4" in line for line in east)


def test_one_jump_per_line_and_none_from_the_start_card():
    """§Orange 1: one cube or one start card; a set must have begun to be continued."""
    art = """
        7 .  .  .  .  .  .  .
        6 .  .  .  .  .  .  .
        5 .  .  .  #  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    assert heading(cells(art, jump=True), "D6") == set()
    art2 = """
        7 .  #  3  2  .  .  .
        6 .  .  4  #  .  .  .
        5 .  .  .  1  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    # North: D5, jump D6 → D7, the border turns it west: C7; then B7 is a cube and the jump
    # is spent, so the line turns (C6) instead of jumping again to A7.
    north = heading(cells(art2, jump=True), "D5")
    assert path_of(art2) == ("D5", "D7", "C7", "C6") and path_of(art2) in north
    assert ("D5", "D7", "C7", "A7") not in north


def test_parse_reads_row_seven_on_top():
    art = """
        7 rL .  .  .  .  .  .
        6 .  .  .  .  .  .  .
        5 .  .  .  .  .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  bO
    """
    assert parse(art) == {"A7": "rL", "D4": "R", "G1": "bO"}
