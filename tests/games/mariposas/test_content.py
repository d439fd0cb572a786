"""The Mariposas data files against shared/specs/mariposas.md and shared/rules/mariposas.txt.

The loader checks integrity (counts, references); these tests hold the spec's own design: its
map, flowers, cities, features, deck, goal table, waystations and abilities. Each spec
property has a helper that finds the faults, tried on broken copies too, so it can fail.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import pytest

from bot.games.mariposas.content import Board, Content, Goal, Region, load, parse, read_files
from bot.games.mariposas.geometry import Vertex, x2

SPEC_FLOWERS = ("white", "purple", "yellow", "pink", "red")
SPEC_CITIES = {
    "Winnipeg": (0, 2), "Québec City": (2, 12), "Minneapolis": (3, 3), "Toronto": (3, 9),
    "Chicago": (4, 5), "Detroit": (4, 7), "Boston": (4, 12), "New York": (5, 11),
    "Kansas City": (6, 3), "St. Louis": (6, 5), "Washington": (6, 10), "Atlanta": (9, 7),
    "Dallas": (10, 2), "Houston": (11, 3), "Orlando": (12, 8), "Monterrey": (14, 1),
}
SPEC_DOUBLES = {(0, 1), (0, 3), (0, 4), (0, 5), (0, 6), (3, 12), (13, 8), (16, 0)}
SPEC_OVERRIDES = {(13, 8): "white", (3, 12): "purple"}
SPEC_MILKWEED = [
    (1, 2), (1, 8), (2, 5), (2, 10), (3, 1), (3, 7), (4, 3), (4, 10), (5, 6), (5, 9), (6, 2),
    (6, 7), (7, 4), (7, 9), (8, 2), (8, 6), (9, 9), (10, 4), (10, 7), (11, 1), (12, 2), (14, 1),
]
SPEC_EAST_COAST = [
    (13, 8), (12, 9), (11, 9), (10, 10), (9, 10), (8, 11), (7, 11), (6, 11), (5, 11), (4, 12),
    (3, 12),
]


@pytest.fixture(scope="module")
def content() -> Content:
    return load()


@pytest.fixture(scope="module")
def board(content: Content) -> Board:
    return content.board


@pytest.fixture()
def raw() -> dict:
    """A fresh copy of the decoded files, to break on purpose."""
    return copy.deepcopy(read_files())


def at(board: Board, coord: tuple[int, int]) -> int:
    return board.graph.index(coord)


def coords(board: Board, spaces) -> set[tuple[int, int]]:
    return {board.spaces[s].at for s in spaces}


# The map -----------------------------------------------------------------------------------

def test_143_spaces_126_flower_spaces_16_cities_one_michoacan(board):
    """Spec §The map: 143 spaces: 126 flower spaces, 16 cities, Michoacán."""
    kinds = Counter(space.kind for space in board.spaces)
    assert kinds == {"flower": 126, "city": 16, "michoacan": 1}
    assert len(board.spaces) == 143 == len(board.graph)


def test_every_space_reaches_every_other(board):
    assert board.graph.component(board.michoacan) == frozenset(range(143))


def test_sixteen_cities_with_the_specs_names_and_places(board):
    """Spec §The map: the 16 cities; rule text §Examples of Season Goals names seven."""
    assert {city.name: board.spaces[city.space].at for city in board.cities} == SPEC_CITIES
    for city in board.cities:
        assert board.spaces[city.space].kind == "city"
        assert board.spaces[city.space].city == city.id
    named_in_rule_text = {"Winnipeg", "Québec City", "Toronto", "Boston", "Atlanta", "Houston",
                          "Orlando"}
    assert named_in_rule_text <= set(SPEC_CITIES)


def test_winnipeg_and_quebec_northernmost_michoacan_alone_at_the_bottom(board):
    """Spec §Facts: Winnipeg and Québec City northernmost, Michoacán at the bottom."""
    rows = {city.name: board.spaces[city.space].at[0] for city in board.cities}
    assert sorted(rows, key=rows.get)[:2] == ["Winnipeg", "Québec City"]
    bottom = max(space.at[0] for space in board.spaces)
    assert [s.id for s in board.spaces if s.at[0] == bottom] == [board.michoacan]


def neighbour_flower_clashes(board: Board) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of neighbouring flower spaces that share a flower type."""
    clashes = []
    for space in board.spaces:
        for other in board.graph.neighbours(space.id):
            if other > space.id and set(space.flowers) & set(board.spaces[other].flowers):
                clashes.append((space.at, board.spaces[other].at))
    return clashes


def test_no_two_neighbouring_spaces_share_a_flower(board):
    """Spec §The map: "no two neighbours share a flower"."""
    assert neighbour_flower_clashes(board) == []


def test_a_clash_would_be_found(raw):
    raw["map"]["flowers"][1] = raw["map"]["flowers"][1].replace(". p k", ". p p", 1)
    assert ((1, 1), (1, 2)) in neighbour_flower_clashes(parse(raw).board)


def spec_flower(coord: tuple[int, int]) -> str:
    """The spec's pattern: F[(x2 + 3*r) mod 5], then the two overrides."""
    return SPEC_OVERRIDES.get(coord, SPEC_FLOWERS[(x2(coord) + 3 * coord[0]) % 5])


def test_flowers_follow_the_spec_pattern_and_overrides(board):
    """Spec §The map: the pattern, (13,8) = 2 white, (3,12) = 2 purple."""
    assert board.flower_types == SPEC_FLOWERS
    for space in board.spaces:
        if space.kind == "flower":
            count = 2 if space.at in SPEC_DOUBLES else 1
            assert space.flowers == (spec_flower(space.at),) * count, space.at
        else:
            assert space.flowers == () and space.colour is None


def test_double_flower_spaces(board):
    """Spec §The map: the eight double-flower spaces, each two of one flower."""
    doubles = {space.at for space in board.spaces if len(space.flowers) == 2}
    assert doubles == SPEC_DOUBLES
    assert all(len(set(board.space_at(c).flowers)) == 1 for c in doubles)


def test_the_rule_texts_east_coast_ends(board):
    """Rule text §Examples of Season Goals: the East Coast runs from the blue space with 2
    white flowers immediately below Orlando to the green space adjacent to Quebec with 2
    purple flowers (spec 20: "below" is Orlando's lower-right neighbour)."""
    south, north = board.space_at((13, 8)), board.space_at((3, 12))
    assert (south.colour, south.flowers) == ("blue", ("white", "white"))
    assert (north.colour, north.flowers) == ("green", ("purple", "purple"))
    orlando, quebec = board.city("orlando").space, board.city("quebec_city").space
    assert south.id in board.graph.neighbours(orlando) and south.at[0] == 13
    assert north.id in board.graph.neighbours(quebec)


def test_east_coast_chain(board):
    """Spec §The map: the East Coast south to north, each space next to the one before."""
    assert [board.spaces[s].at for s in board.east_coast] == SPEC_EAST_COAST
    for south, north in itertools.pairwise(board.east_coast):
        assert north in board.graph.neighbours(south)


def test_east_coast_gap_is_refused(raw):
    del raw["map"]["east_coast"][3]
    with pytest.raises(ValueError, match="East Coast"):
        parse(raw)


def test_22_milkweed_vertices_each_touching_three_real_spaces(board):
    """Spec §The map: 22 milkweed icons on hex vertices, each at a hex's bottom tip."""
    assert board.milkweed == tuple(Vertex(c, "bottom") for c in SPEC_MILKWEED)
    for vertex in board.milkweed:
        touching = board.graph.vertex_spaces(vertex)
        assert len(touching) == 3 and board.michoacan not in touching
        assert coords(board, touching) == set(vertex.hexes)
    assert board.next_to_milkweed == {s for v in board.milkweed
                                      for s in board.graph.vertex_spaces(v)}


def test_monterrey_is_next_to_milkweed(board):
    """(14,1) is Monterrey: its bottom tip touches it and (15,0), (15,1) below it."""
    vertex = Vertex((14, 1), "bottom")
    assert coords(board, board.graph.vertex_spaces(vertex)) == {(14, 1), (15, 0), (15, 1)}
    assert board.city("monterrey").space in board.next_to_milkweed


def test_milkweed_off_the_map_is_refused(raw):
    # Winnipeg's top tip is at the north edge: the two hexes above it are off the map.
    raw["map"]["milkweed"][0] = {"hex": [0, 2], "corner": "top"}
    with pytest.raises(ValueError, match="touches 1 spaces"):
        parse(raw)


def test_michoacan(board):
    """Spec §The map: neighbours (16,1) and (16,2); no flower, no milkweed."""
    home = board.spaces[board.michoacan]
    assert home.at == (17, 1) and home.kind == "michoacan" and home.flowers == ()
    assert coords(board, board.graph.neighbours(board.michoacan)) == {(16, 1), (16, 2)}
    assert board.michoacan not in board.next_to_milkweed


def test_a_map_cut_off_from_michoacan_is_refused(raw):
    raw["map"]["michoacan"]["neighbours"] = []
    with pytest.raises(ValueError, match="reached"):
        parse(raw)


def test_a_city_without_a_name_is_refused(raw):
    del raw["map"]["cities"][5]
    with pytest.raises(ValueError, match="city entry"):
        parse(raw)


# Goal geometry -----------------------------------------------------------------------------

def test_geography_around_a_city_is_the_city_and_its_neighbours(board):
    """Spec §The map and open point 10: around X = X and the neighbours it has."""
    around = board.region(Region(around="boston"))
    # Boston sits at the east edge: (4, 13) and (5, 12) are no spaces, so 4 neighbours.
    assert coords(board, around) == {(4, 12), (3, 11), (3, 12), (4, 11), (5, 11)}
    assert len(board.region(Region(around="st_louis"))) == 7


def test_geography_above_below_left_right(board):
    """Rule text §Geographical Goals; spec: a space counts only if entirely past the line."""
    above = board.region(Region(above="atlanta"))
    assert {board.spaces[s].at[0] for s in above} == set(range(9))
    below = board.region(Region(below="dallas"))
    assert {board.spaces[s].at[0] for s in below} == set(range(11, 18))
    # Chicago (4,5) has x2 = 10: right means x2 ≥ 12, left x2 ≤ 8.
    assert {x2(board.spaces[s].at) for s in board.region(Region(right="chicago"))} == set(
        range(12, 26))
    between = board.region(Region(right="houston", left="atlanta"))
    assert {x2(board.spaces[s].at) for s in between} == set(range(9, 14))


def test_michoacan_is_below_and_left_of_everything(board):
    """Spec §The map: "Michoacán is below and left of everything"."""
    for city in board.cities:
        assert board.michoacan in board.region(Region(below=city.id))
        assert board.michoacan in board.region(Region(left=city.id))
        assert board.michoacan not in board.region(Region(above=city.id))
        assert board.michoacan not in board.region(Region(right=city.id))


def test_colour_goals_never_count_cities_or_michoacan(board):
    """Spec open point 11: cities and Michoacán have no space colour."""
    coloured = set().union(*(board.region(Region(colour=c)) for c in board.colours))
    assert len(coloured) == 126 and board.michoacan not in coloured
    assert set(board.colours) == {"green", "yellow", "red", "orange", "blue"}


def describe(goal: Goal) -> str:
    """A goal in the words of the spec's table, short: ``1/above atlanta``."""
    def where(region: Region) -> str:
        return " ".join(f"{key} {value}" for key, value in region.conditions())
    places = " | ".join(where(region) for region in goal.regions)
    head = {
        "per_butterfly": f"{goal.points}/{places}",
        "one_in_each": f"{goal.points} if each of {places}",
        "count_and_none": f"{goal.points} if {goal.at_least}+ and none {places}",
        "each_flower_token": f"{goal.points} if each flower",
        "per_breeding": f"{goal.points}{'!' if goal.immediate else ''} each breeding {places}",
        "breeding_makes_double": f"gen {goal.parent_generation} breeding {places} makes double",
    }
    return head[goal.type]


SPEC_GOALS = {
    "S1": ("1/above atlanta", "3 if each flower"),
    "S2": ("5 if 3+ and none below atlanta", "1/colour yellow"),
    "S3": ("2! each breeding left atlanta right houston", "1/colour orange"),
    "S4": ("2/around st_louis", "4 if each of colour yellow | colour orange | colour red"),
    "S5": ("6 if each of above atlanta colour red | above atlanta colour yellow",
           "1/on double_flower"),
    "U1": ("7 if each of around quebec_city | around toronto | around winnipeg",
           "1/colour green"),
    "U2": ("2/on east_coast", "3 if each flower"),
    "U3": ("2/around boston", "1/colour red"),
    "U4": ("2/on double_flower", "4 if each of colour yellow | colour orange | colour green"),
    "U5": ("5 if 3+ and none left atlanta", "2/around chicago"),
    "U6": ("1/above chicago", "2! each breeding above atlanta"),
    "U7": ("2/around minneapolis", "2/around new_york"),
    "U8": ("1/colour blue", "7 if each of around detroit | around toronto | around boston"),
    "U9": ("2/around winnipeg", "5 if 3+ and none below chicago"),
    "U10": ("1/right chicago", "4 if each of colour red | colour green | colour blue"),
    "F1": ("gen 3 breeding above atlanta makes double", "1/below atlanta"),
    "F2": ("2! each breeding left atlanta right houston", "2/around houston"),
    "F3": ("5 if 3+ and none above atlanta", "1/colour orange"),
    "F4": ("2/around orlando", "2/colour blue"),
    "F5": ("1/below dallas", "4 if each of colour blue | colour orange | colour yellow"),
}


def test_goal_cards_transcribe_the_specs_table(content):
    """Spec §Season goal cards: the 20 cards, goal A and goal B each."""
    assert {card.id: tuple(map(describe, card.goals)) for card in content.goal_cards} \
        == SPEC_GOALS


def test_5_spring_10_summer_5_fall_goal_cards(content):
    """Rule text §Components: 20 season goal cards (5 spring, 10 summer, 5 fall)."""
    assert [len(content.season_cards(s)) for s in ("spring", "summer", "fall")] == [5, 10, 5]
    assert {card.id[0] for card in content.season_cards("summer")} == {"U"}


def test_every_goal_region_holds_spaces(content):
    for card in content.goal_cards:
        for goal in card.goals:
            assert all(content.board.region(region) for region in goal.regions), card.id


def test_one_in_each_regions_never_overlap(content):
    """Spec open point 12: each region needs its own butterfly; with disjoint regions one
    butterfly (even a double) can never stand for two."""
    for card in content.goal_cards:
        for goal in card.goals:
            if goal.type == "one_in_each":
                for a, b in itertools.combinations(goal.regions, 2):
                    assert not content.board.region(a) & content.board.region(b), card.id


def test_an_empty_goal_region_is_refused(raw):
    raw["goals"]["cards"][0]["goals"][0]["where"] = {"above": "winnipeg"}  # row 0: none above
    with pytest.raises(ValueError, match="no space"):
        parse(raw)


def test_a_goal_naming_an_unknown_city_is_refused(raw):
    raw["goals"]["cards"][3]["goals"][0]["where"] = {"around": "springfield"}
    with pytest.raises(ValueError, match="springfield"):
        parse(raw)


def test_a_season_with_too_few_cards_is_refused(raw):
    raw["goals"]["cards"][5]["season"] = "spring"
    with pytest.raises(ValueError, match="Components"):
        parse(raw)


# Cards, waystations, abilities ---------------------------------------------------------------

def test_36_action_cards_by_type(content):
    """Spec §Action deck; rule text §Components: 36 action cards."""
    counts = Counter(content.action(card).id for card in content.deck)
    assert counts == {"move_1x3": 6, "move_2x2": 6, "move_1_3": 6, "move_5": 5,
                      "move_4_flower": 5, "reuse_own": 4, "reuse_other": 4}
    assert len(content.deck) == len(set(content.deck)) == 36
    shapes = {kind.id: (kind.moves, kind.take_adjacent_flower, kind.reuse)
              for kind in content.action_kinds}
    assert shapes == {
        "move_1x3": ((1, 1, 1), False, None), "move_2x2": ((2, 2), False, None),
        "move_1_3": ((1, 3), False, None), "move_5": ((5,), False, None),
        "move_4_flower": ((4,), True, None), "reuse_own": ((), False, "own"),
        "reuse_other": ((), False, "other"),
    }


def test_unknown_action_card_ids(content):
    for bad in ("move_5-6", "move_5-0", "move_5", "jump-1"):
        with pytest.raises(KeyError):
            content.action(bad)


def test_a_deck_of_35_is_refused(raw):
    raw["actions"]["kinds"][0]["count"] = 5
    with pytest.raises(ValueError, match="35 cards"):
        parse(raw)


def test_16_waystation_markers(content):
    """Spec §Facts; rule text §Waystations: 12 life cycle (3 sets × 4 stages), 3 bonus move,
    1 wild flower; one marker per city (Setup 11)."""
    gives = Counter(marker.gives for marker in content.markers)
    assert gives == {"life_cycle": 12, "bonus_move": 3, "wild_flower": 1}
    assert len(content.markers) == len(content.board.cities) == 16
    assert content.life_cycle_sets == ("green", "pink", "blue")
    assert content.life_cycle_stages == ("egg", "caterpillar", "chrysalis", "adult")
    assert content.life_cycle_copies == 5  # 60 life cycle cards
    bonus = {card.id: (card.played, card.moves, card.adds_move, card.lengthens_move)
             for card in content.bonus_moves}
    assert bonus == {"move_3_2": ("instead", (3, 2), 0, 0), "add_1_move": ("with", (), 1, 0),
                     "add_2_to_move": ("with", (), 0, 2)}
    assert sum(card.copies for card in content.bonus_moves) == 15


def test_a_second_wild_flower_is_refused(raw):
    raw["waystations"]["markers"].append({"id": "wild_2", "gives": "wild_flower"})
    with pytest.raises(ValueError, match="one wild flower"):
        parse(raw)


def test_six_ability_tokens_three_in_play(content):
    """Spec §Facts: six tokens; the rule text's two "Score 1 point" captions are not tokens."""
    assert [a.id for a in content.abilities] == [
        "extra_turn", "point_per_hatch", "each_flower", "three_points", "two_cards",
        "michoacan_extra"]
    assert content.abilities_in_play == 3
    assert not any(a.rule_text.startswith("Score 1 point") for a in content.abilities)


def test_five_abilities_are_refused(raw):
    raw["abilities"]["tokens"].pop()
    with pytest.raises(ValueError, match="6 different tokens"):
        parse(raw)
