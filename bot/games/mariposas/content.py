"""Mariposas' components as data: load ``data/mariposas/*.json`` into checked, frozen objects.

The rule text (``shared/rules/mariposas.txt`` §Components) fixes how many of each thing there
are; the printed map and the card faces are not in it, so the files carry the original design
of ``shared/specs/mariposas.md`` (the map, the action deck, the season goal cards, the
waystation markers, the ability tokens). ``data/mariposas/README.md`` describes the format.

Validation here is about integrity, so the rules engine can trust what it is given: every
count §Components names, every reference (a city, a colour, a bonus card) resolves, the map is
one connected piece, each milkweed icon touches three spaces, the East Coast is a chain of
neighbours, every goal's region holds at least one space. The spec's design properties that
the engine does not depend on (143 spaces, the flower pattern, the listed coordinates) are held
by ``tests/games/mariposas/test_content.py`` instead, so the data can be corrected without code.

The files are read on first use, never at import time.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from importlib.resources.abc import Traversable
from typing import Any

from bot.games.content import folder
from bot.games.mariposas.geometry import (
    Coord,
    Graph,
    Vertex,
    is_above,
    is_below,
    is_left_of,
    is_right_of,
)

DATA_DIR = folder("mariposas")
FILES = ("map", "actions", "goals", "waystations", "abilities")
"""The data files, each ``<name>.json`` in ``DATA_DIR``."""

SEASONS = ("spring", "summer", "fall")
# §Components: 36 action cards, 20 season goal cards (5 spring, 10 summer, 5 fall), 16
# waystation tokens, 6 life cycle ability tokens.
ACTION_CARDS = 36
GOAL_CARDS = {"spring": 5, "summer": 10, "fall": 5}
WAYSTATION_MARKERS = 16
ABILITY_TOKENS = 6
BONUS_MARKERS = 3
"""§Waystation Bonus Move Cards: "Three of the waystation markers give you a bonus move card"."""

GOAL_TYPES = (
    "per_butterfly",          # points for each butterfly in the region
    "one_in_each",            # points once, for a butterfly in each of the regions
    "count_and_none",         # points once, for ≥ at_least butterflies and none in the region
    "each_flower_token",      # points once, for holding a token of every flower type
    "per_breeding",           # points for each breeding in the region
    "breeding_makes_double",  # a breeding of parent_generation in the region flips to double
)
REGION_KEYS = ("above", "below", "left", "right", "around", "colour", "on")
FEATURES = ("double_flower", "east_coast")
ABILITY_TIMES = ("after_last_fall_turn", "each_hatch", "immediately", "game_end",
                 "michoacan_scoring")


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the map.

    ``kind`` is ``flower``, ``city`` or ``michoacan``. A flower space has a colour and one or
    two flowers (two on a double-flower space); a city (a waystation) and Michoacán have
    neither. ``city`` is the city's id on a city space.
    """

    id: int
    at: Coord
    kind: str
    colour: str | None = None
    flowers: tuple[str, ...] = ()
    city: str | None = None


@dataclass(frozen=True, slots=True)
class City:
    """A named city: a waystation space."""

    id: str
    name: str
    space: int


@dataclass(frozen=True, slots=True)
class Region:
    """Where a goal looks: the spaces meeting every condition given (an intersection).

    ``above``/``below``/``left``/``right``/``around`` name a city id; ``colour`` a space
    colour; ``on`` a feature, ``double_flower`` or ``east_coast``.
    """

    above: str | None = None
    below: str | None = None
    left: str | None = None
    right: str | None = None
    around: str | None = None
    colour: str | None = None
    on: str | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Region:
        """Read one region object, refusing unknown or missing conditions."""
        if not raw or set(raw) - set(REGION_KEYS):
            raise ValueError(f"a region needs conditions among {REGION_KEYS}, not {dict(raw)}")
        return cls(**{key: str(value) for key, value in raw.items()})

    def conditions(self) -> tuple[tuple[str, str], ...]:
        """The conditions given, as ``(key, value)`` pairs."""
        pairs = ((f.name, getattr(self, f.name)) for f in fields(self))
        return tuple((key, value) for key, value in pairs if value is not None)


@dataclass(frozen=True, slots=True)
class Board:
    """The map: spaces (ids are indexes into ``spaces`` and into ``graph``) and its features."""

    spaces: tuple[Space, ...]
    cities: tuple[City, ...]
    michoacan: int
    milkweed: tuple[Vertex, ...]
    next_to_milkweed: frozenset[int]
    east_coast: tuple[int, ...]
    flower_types: tuple[str, ...]
    colours: tuple[str, ...]
    graph: Graph

    def city(self, city_id: str) -> City:
        """The city with this id.

        Raises:
            KeyError: no such city.
        """
        for city in self.cities:
            if city.id == city_id:
                return city
        raise KeyError(city_id)

    def space_at(self, coord: Coord) -> Space:
        """The space at ``(row, column)``.

        Raises:
            ValueError: no space there.
        """
        return self.spaces[self.graph.index(coord)]

    def region(self, where: Region) -> frozenset[int]:
        """The spaces of a goal's region (spec, The map: geography for goals)."""
        chosen = set(range(len(self.spaces)))
        for key, value in where.conditions():
            chosen = {space for space in chosen if self._meets(space, key, value)}
        return frozenset(chosen)

    def _meets(self, space: int, key: str, value: str) -> bool:
        if key == "colour":
            return self.spaces[space].colour == value
        if key == "on" and value == "double_flower":
            return len(self.spaces[space].flowers) == 2
        if key == "on":
            return space in self.east_coast
        centre = self.city(value).space
        if key == "around":
            return space == centre or space in self.graph.neighbours(centre)
        if space == self.michoacan:
            # The spec puts Michoacán below and left of everything, whatever its grid column.
            return key in ("below", "left")
        past = {"above": is_above, "below": is_below, "left": is_left_of, "right": is_right_of}
        return past[key](self.spaces[space].at, self.spaces[centre].at)


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of action card: moves (steps of each separate move, in any order) or a reuse.

    ``take_adjacent_flower``: the move also takes a flower from a space next to its landing.
    ``reuse``: ``own`` (a card you played this season) or ``other`` (another player's).
    """

    id: str
    count: int
    moves: tuple[int, ...] = ()
    take_adjacent_flower: bool = False
    reuse: str | None = None


@dataclass(frozen=True, slots=True)
class Goal:
    """One goal of a season card (``type`` is one of `GOAL_TYPES`).

    ``regions`` holds the region looked at: one for ``per_butterfly``, ``per_breeding`` and
    ``breeding_makes_double``; the "none" region for ``count_and_none``; several for
    ``one_in_each``; none for ``each_flower_token``. ``immediate`` marks the card's "!".
    """

    type: str
    points: int = 0
    regions: tuple[Region, ...] = ()
    at_least: int = 0
    immediate: bool = False
    parent_generation: int = 0


@dataclass(frozen=True, slots=True)
class GoalCard:
    """A season goal card: its id (``S1``, ``U1``, ``F1``…), season and goals."""

    id: str
    season: str
    goals: tuple[Goal, ...]


@dataclass(frozen=True, slots=True)
class BonusMove:
    """A bonus move card: ``played`` ``instead`` of an action card (with its own ``moves``)
    or ``with`` one (adding a separate move of ``adds_move`` steps, or ``lengthens_move``
    steps onto one of that card's moves)."""

    id: str
    played: str
    copies: int
    moves: tuple[int, ...] = ()
    adds_move: int = 0
    lengthens_move: int = 0


@dataclass(frozen=True, slots=True)
class Marker:
    """A waystation marker: it ``gives`` a ``life_cycle`` card (``set`` and ``stage``), a
    ``bonus_move`` card (``card``), or turns its city into the ``wild_flower`` space."""

    id: str
    gives: str
    set: str | None = None
    stage: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    """A life cycle ability token: ``when`` it acts and by how much (points, flowers, cards
    or butterflies, by token); ``rule_text`` quotes §Life Cycle Ability Tokens."""

    id: str
    when: str
    amount: int
    rule_text: str


@dataclass(frozen=True, slots=True)
class Content:
    """Everything in ``data/mariposas/``, validated."""

    board: Board
    action_kinds: tuple[ActionKind, ...]
    deck: tuple[str, ...]
    goal_cards: tuple[GoalCard, ...]
    life_cycle_sets: tuple[str, ...]
    life_cycle_stages: tuple[str, ...]
    life_cycle_copies: int
    bonus_moves: tuple[BonusMove, ...]
    markers: tuple[Marker, ...]
    abilities: tuple[Ability, ...]
    abilities_in_play: int

    def action(self, card_id: str) -> ActionKind:
        """The kind of an action card id from `deck` (``move_5-3`` → ``move_5``).

        Raises:
            KeyError: no such card.
        """
        kind_id, _, copy = card_id.rpartition("-")
        for kind in self.action_kinds:
            if kind.id == kind_id and copy.isdigit() and 1 <= int(copy) <= kind.count:
                return kind
        raise KeyError(card_id)

    def season_cards(self, season: str) -> tuple[GoalCard, ...]:
        """The goal cards of one season, in file order."""
        return tuple(card for card in self.goal_cards if card.season == season)


# The map file ------------------------------------------------------------------------------

def _grid(rows: Sequence[str], what: str) -> list[list[str]]:
    grid = [row.split() for row in rows]
    if not grid:
        raise ValueError(f"map: the {what} grid is empty")
    return grid


def _coord(raw: Sequence[Any]) -> Coord:
    if len(raw) != 2:
        raise ValueError(f"map: a coordinate is [row, column], not {raw!r}")
    return (int(raw[0]), int(raw[1]))


def _flower_space(space_id: int, at: Coord, colour: str, token: str,
                  letters: Mapping[str, str]) -> Space:
    # One letter per flower printed on the space: "w" one white, "ww" two (a double space).
    if not 1 <= len(token) <= 2 or any(letter not in letters for letter in token):
        raise ValueError(f"map: space {at} needs one or two flower letters, not {token!r}")
    return Space(space_id, at, "flower", colour, tuple(letters[letter] for letter in token))


def _spaces(raw: Mapping[str, Any], city_at: Mapping[Coord, str]) -> list[Space]:
    terrain = _grid(raw["terrain"], "terrain")
    flowers = _grid(raw["flowers"], "flowers")
    if [len(row) for row in terrain] != [len(row) for row in flowers]:
        raise ValueError("map: the terrain and flowers grids differ in shape")
    legend, letters = raw["legend"], raw["flower_letters"]
    spaces: list[Space] = []
    for r, (kinds, printed) in enumerate(zip(terrain, flowers, strict=True)):
        for c, (kind, shown) in enumerate(zip(kinds, printed, strict=True)):
            meaning = legend.get(kind)
            if meaning is None:
                raise ValueError(f"map: unknown terrain {kind!r} at {(r, c)}")
            if meaning == "none":
                continue
            if meaning != "city" and (r, c) in city_at:
                raise ValueError(f"map: city {city_at[(r, c)]} is not on a city space")
            if meaning in ("city", "michoacan"):
                if shown != ".":
                    raise ValueError(f"map: {meaning} space {(r, c)} shows no flowers")
                spaces.append(Space(len(spaces), (r, c), meaning, city=city_at.get((r, c))))
            else:
                spaces.append(_flower_space(len(spaces), (r, c), meaning, shown, letters))
    return spaces


def _cities(raw: Sequence[Mapping[str, Any]]) -> dict[Coord, tuple[str, str]]:
    cities: dict[Coord, tuple[str, str]] = {}
    for entry in raw:
        at = _coord(entry["at"])
        if at in cities:
            raise ValueError(f"map: two cities at {at}")
        cities[at] = (str(entry["id"]), str(entry["name"]))
    ids = Counter(city_id for city_id, _ in cities.values())
    names = Counter(name for _, name in cities.values())
    if max(ids.values(), default=1) > 1 or max(names.values(), default=1) > 1:
        raise ValueError("map: city ids and names must be unique")
    return cities


def _check_connected(graph: Graph) -> None:
    if len(graph.component(0)) != len(graph):
        raise ValueError("map: not every space can be reached from every other")


def _milkweed(raw: Sequence[Mapping[str, Any]], graph: Graph, michoacan: int) -> tuple[Vertex, ...]:
    vertices = tuple(Vertex(_coord(entry["hex"]), str(entry["corner"])) for entry in raw)
    if len(set(vertices)) != len(vertices):
        raise ValueError("map: a milkweed vertex is listed twice")
    for vertex in vertices:
        touching = graph.vertex_spaces(vertex)
        if len(touching) != 3:
            raise ValueError(f"map: milkweed at {vertex} touches {len(touching)} spaces, not 3")
        if michoacan in touching:
            raise ValueError("map: Michoacán has no milkweed")
    return vertices


def _east_coast(raw: Sequence[Sequence[Any]], graph: Graph) -> tuple[int, ...]:
    chain = tuple(graph.index(_coord(at)) for at in raw)
    if len(set(chain)) != len(chain) or not chain:
        raise ValueError("map: the East Coast lists each space once")
    for south, north in itertools.pairwise(chain):
        if north not in graph.neighbours(south):
            raise ValueError(f"map: East Coast {graph.coords[south]} and "
                             f"{graph.coords[north]} are not neighbours")
    return chain


def _board(raw: Mapping[str, Any]) -> Board:
    if raw.get("layout") != "odd-r":
        raise ValueError("map: only the odd-r layout is understood")
    city_entries = _cities(raw["cities"])
    spaces = _spaces(raw, {at: city_id for at, (city_id, _) in city_entries.items()})
    michoacans = [space for space in spaces if space.kind == "michoacan"]
    home = raw["michoacan"]
    if len(michoacans) != 1 or michoacans[0].at != _coord(home["at"]):
        raise ValueError("map: exactly one Michoacán space, where 'michoacan' says")
    unnamed = [space.at for space in spaces if space.kind == "city" and space.city is None]
    if unnamed or len(city_entries) != sum(space.kind == "city" for space in spaces):
        raise ValueError(f"map: every city space needs one city entry (unnamed: {unnamed})")
    graph = Graph([space.at for space in spaces],
                  {michoacans[0].at: [_coord(n) for n in home["neighbours"]]})
    _check_connected(graph)
    milkweed = _milkweed(raw["milkweed"], graph, michoacans[0].id)
    flower_types = tuple(raw["flower_types"])
    if set(raw["flower_letters"].values()) != set(flower_types):
        raise ValueError("map: the flower letters must name exactly the flower types")
    return Board(
        spaces=tuple(spaces),
        cities=tuple(City(city_id, name, graph.index(at))
                     for at, (city_id, name) in city_entries.items()),
        michoacan=michoacans[0].id,
        milkweed=milkweed,
        next_to_milkweed=frozenset(s for v in milkweed for s in graph.vertex_spaces(v)),
        east_coast=_east_coast(raw["east_coast"], graph),
        flower_types=flower_types,
        colours=tuple(dict.fromkeys(space.colour for space in spaces if space.colour)),
        graph=graph,
    )


# The cards ----------------------------------------------------------------------------------

def _action_kind(entry: Mapping[str, Any]) -> ActionKind:
    moves = tuple(int(step) for step in entry.get("moves", ()))
    reuse = entry.get("reuse")
    if bool(moves) == (reuse is not None) or reuse not in (None, "own", "other"):
        raise ValueError(f"actions: {entry['id']} either moves or reuses (own/other)")
    if any(step < 1 for step in moves) or int(entry["count"]) < 1:
        raise ValueError(f"actions: {entry['id']} needs moves of 1+ steps and a count of 1+")
    return ActionKind(str(entry["id"]), int(entry["count"]), moves,
                      bool(entry.get("take_adjacent_flower", False)), reuse)


def _actions(raw: Mapping[str, Any]) -> tuple[tuple[ActionKind, ...], tuple[str, ...]]:
    kinds = tuple(_action_kind(entry) for entry in raw["kinds"])
    if len({kind.id for kind in kinds}) != len(kinds):
        raise ValueError("actions: a kind is listed twice")
    deck = tuple(f"{kind.id}-{copy}" for kind in kinds for copy in range(1, kind.count + 1))
    if len(deck) != ACTION_CARDS:
        raise ValueError(f"actions: {len(deck)} cards, §Components has {ACTION_CARDS}")
    return kinds, deck


def _goal(raw: Mapping[str, Any], board: Board) -> Goal:
    kind = raw.get("type")
    if kind not in GOAL_TYPES:
        raise ValueError(f"goals: unknown goal type {kind!r}")
    where = raw.get("none") if kind == "count_and_none" else raw.get("where")
    listed = where if isinstance(where, list) else [] if where is None else [where]
    regions = tuple(Region.from_json(region) for region in listed)
    wanted = {"each_flower_token": (0, 0), "one_in_each": (2, 9)}.get(kind, (1, 1))
    if not wanted[0] <= len(regions) <= wanted[1]:
        raise ValueError(f"goals: a {kind} goal has {len(regions)} regions")
    for region in regions:
        _check_region(region, board)
    goal = Goal(kind, int(raw.get("points", 0)), regions, int(raw.get("at_least", 0)),
                bool(raw.get("immediate", False)), int(raw.get("parent_generation", 0)))
    if kind == "count_and_none" and goal.at_least < 1:
        raise ValueError("goals: a count_and_none goal needs at_least ≥ 1")
    if kind == "breeding_makes_double" and not 1 <= goal.parent_generation <= 3:
        raise ValueError("goals: only generations 1–3 breed a new butterfly")
    if kind != "breeding_makes_double" and goal.points < 1:
        raise ValueError(f"goals: a {kind} goal scores points")
    return goal


def _check_region(region: Region, board: Board) -> None:
    city_ids = {city.id for city in board.cities}
    for key, value in region.conditions():
        known = board.colours if key == "colour" else FEATURES if key == "on" else city_ids
        if value not in known:
            raise ValueError(f"goals: {key} {value!r} is not one of {sorted(known)}")
    if not board.region(region):
        raise ValueError(f"goals: no space is in {region}")


def _goal_cards(raw: Mapping[str, Any], board: Board) -> tuple[GoalCard, ...]:
    cards = tuple(
        GoalCard(str(entry["id"]), str(entry["season"]),
                 tuple(_goal(goal, board) for goal in entry["goals"]))
        for entry in raw["cards"]
    )
    if len({card.id for card in cards}) != len(cards):
        raise ValueError("goals: a card id is listed twice")
    per_season = Counter(card.season for card in cards)
    if dict(per_season) != GOAL_CARDS:
        raise ValueError(f"goals: {dict(per_season)}, §Components has {GOAL_CARDS}")
    if any(not card.goals for card in cards):
        raise ValueError("goals: every card has a goal")
    return cards


def _bonus_move(entry: Mapping[str, Any]) -> BonusMove:
    card = BonusMove(str(entry["id"]), str(entry["played"]), int(entry["copies"]),
                     tuple(int(step) for step in entry.get("moves", ())),
                     int(entry.get("adds_move", 0)), int(entry.get("lengthens_move", 0)))
    # §Waystation Bonus Move Cards: one card is played instead of an action card, two with one.
    shapes = {"instead": bool(card.moves) and not card.adds_move and not card.lengthens_move,
              "with": not card.moves and bool(card.adds_move) != bool(card.lengthens_move)}
    if not shapes.get(card.played, False):
        raise ValueError(f"waystations: bonus move {card.id} has an impossible shape")
    return card


def _markers(raw: Sequence[Mapping[str, Any]]) -> tuple[Marker, ...]:
    markers = tuple(
        Marker(str(entry["id"]), str(entry["gives"]), entry.get("set"), entry.get("stage"),
               entry.get("card"))
        for entry in raw
    )
    if len({marker.id for marker in markers}) != len(markers):
        raise ValueError("waystations: a marker id is listed twice")
    return markers


def _check_markers(markers: Sequence[Marker], sets: Sequence[str], stages: Sequence[str],
                   bonus: Sequence[BonusMove]) -> None:
    life = sorted((m.set, m.stage) for m in markers if m.gives == "life_cycle")
    if life != sorted((s, stage) for s in sets for stage in stages):
        raise ValueError("waystations: one life cycle marker for each set and stage")
    cards = sorted(str(m.card) for m in markers if m.gives == "bonus_move")
    if cards != sorted(card.id for card in bonus) or len(cards) != BONUS_MARKERS:
        raise ValueError(f"waystations: one marker for each of the {BONUS_MARKERS} bonus cards")
    wild = [m for m in markers if m.gives == "wild_flower"]
    if len(wild) != 1 or len(markers) != len(life) + len(cards) + 1:
        raise ValueError("waystations: one wild flower marker, and nothing else")
    if len(markers) != WAYSTATION_MARKERS:
        raise ValueError(f"waystations: {len(markers)} markers, §Components has 16")


def _abilities(raw: Mapping[str, Any], n_sets: int) -> tuple[Ability, ...]:
    tokens = tuple(
        Ability(str(entry["id"]), str(entry["when"]), int(entry["amount"]),
                str(entry["rule_text"]))
        for entry in raw["tokens"]
    )
    if len({token.id for token in tokens}) != ABILITY_TOKENS or len(tokens) != ABILITY_TOKENS:
        raise ValueError(f"abilities: §Components has {ABILITY_TOKENS} different tokens")
    if any(token.when not in ABILITY_TIMES or token.amount < 1 for token in tokens):
        raise ValueError(f"abilities: 'when' is one of {ABILITY_TIMES}, amount 1 or more")
    # Setup 15: one token beside each life cycle set.
    if int(raw["in_play"]) != n_sets:
        raise ValueError("abilities: one token in play per life cycle set")
    return tokens


def parse(raw: Mapping[str, Mapping[str, Any]]) -> Content:
    """Check the decoded files (keyed by the names in `FILES`) and build the content.

    Raises:
        ValueError: the files are inconsistent (the message names the file and the fault).
        KeyError: a required field is missing.
    """
    board = _board(raw["map"])
    kinds, deck = _actions(raw["actions"])
    way = raw["waystations"]
    sets, stages = tuple(way["life_cycle"]["sets"]), tuple(way["life_cycle"]["stages"])
    bonus = tuple(_bonus_move(entry) for entry in way["bonus_moves"])
    markers = _markers(way["markers"])
    _check_markers(markers, sets, stages, bonus)
    if len(markers) != len(board.cities):
        raise ValueError("waystations: one marker for each city (Setup 11)")
    abilities = _abilities(raw["abilities"], len(sets))
    return Content(
        board=board,
        action_kinds=kinds,
        deck=deck,
        goal_cards=_goal_cards(raw["goals"], board),
        life_cycle_sets=sets,
        life_cycle_stages=stages,
        life_cycle_copies=int(way["life_cycle"]["copies"]),
        bonus_moves=bonus,
        markers=markers,
        abilities=abilities,
        abilities_in_play=len(sets),
    )


def read_files(directory: Traversable = DATA_DIR) -> dict[str, Any]:
    """The decoded data files, keyed by the names in `FILES`.

    Raises:
        OSError: a file cannot be read.
        ValueError: a file is not JSON.
    """
    return {
        name: json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
        for name in FILES
    }


@functools.cache
def load(directory: Traversable = DATA_DIR) -> Content:
    """The shipped content, read and validated once.

    Raises:
        ValueError: the files are inconsistent.
        OSError: a file cannot be read.
    """
    return parse(read_files(directory))
