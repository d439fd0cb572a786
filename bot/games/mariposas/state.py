"""Mariposas' state: its schema, the set-up (§Setup) and the checks `load` runs on stored data.

State (JSON-safe; card ids from ``data/mariposas/``, spaces are indexes into ``board.spaces``)::

    schema 1, players n
    season        0 spring, 1 summer, 2 fall
    goal_cards    [spring, summer, fall] card ids     secret while not revealed
    revealed      [bool ×3]
    on_card       [[count per seat] ×3]               butterflies on each season card (§Setup 7)
    supply        [[0, g1, g2, g3, g4] per seat]      markers in each seat's supply by generation
    butterflies   [{id, seat, gen, double, space}]    the butterflies on the map
    next_id       [int per seat]                      ids are "<seat>.<n>"
    markers       {city id: marker id}                secret while the city is not in face_up
    face_up       [city ids]
    life_cycle    [[life cycle card ids]]             per seat, e.g. "green_egg"
    bonus         [{"held": [...], "used": [...]}]    bonus move cards per seat (public)
    abilities     {life cycle set: ability token id}  the three in play (§Setup 15)
    has_ability   [[token ids]]                       per seat
    flowers       [{flower: n}]  flower_supply {flower: n}
    deck, discard [card ids]  hands [[card ids]]      deck order and others' hands secret
    played        [[{card, as, target, bonus}]]       this season, per seat (public)
    scores        [int]   season_scores [[{seat: [points per goal]}]]
    first, pos, round                                 turn order: seat first+pos, rounds done
    extra         None | [seats]                      fall's extra turns still to take
    phase         "turn" | "trade" | "free" | "over"
    turn          the current turn (see `turn`), None outside "turn"/"trade"
    free          {seat: [parent ids]}                 season-end free hatch choices still open
    result        None | {scores, winners, places, standings, decided_by, final}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.games.mariposas.content import SEASONS, Content, load

SCHEMA = 1
TURNS = (4, 5, 6)
"""§Overview: turns per player in spring, summer and fall."""
DIE_WILD = "wild"
FLOWER_SUPPLY = 24
"""Spec, Facts: 24 tokens of each of the 5 flower types."""
START_SUPPLY = (0, 0, 1, 1, 4)
"""§Setup 5–7 with the spec's 1/2/3/4 markers per generation: after placing gen 1 in
Michoacán, 1 gen 2 on the summer card and 2 gen 3 on the fall card, the rest is in supply."""
MARKERS = (0, 1, 2, 3, 4)
"""Spec, Facts: each player's butterflies by generation (gen 4 markers are two-sided)."""
ON_CARD = (0, 1, 2)
"""How many butterflies each seat puts on the spring/summer/fall card (§Setup 7)."""
PHASES = ("turn", "trade", "free", "over")


def content() -> Content:
    """The shipped components (read once)."""
    return load()


def new_state(n_players: int, rng: random.Random) -> dict[str, Any]:
    """§Setup 1–15 for ``n_players`` seats."""
    data = content()
    board = data.board
    goal_cards = [rng.choice(data.season_cards(season)).id for season in SEASONS]
    deck = list(data.deck)
    rng.shuffle(deck)
    hands = [[deck.pop(0), deck.pop(0)] for _ in range(n_players)]
    cities = [city.id for city in board.cities]
    markers = [marker.id for marker in data.markers]
    rng.shuffle(markers)
    tokens = rng.sample([ability.id for ability in data.abilities], data.abilities_in_play)
    butterflies = [
        {"id": f"{seat}.0", "seat": seat, "gen": 1, "double": False, "space": board.michoacan}
        for seat in range(n_players)
    ]
    return {
        "schema": SCHEMA,
        "players": n_players,
        "season": 0,
        "goal_cards": goal_cards,
        "revealed": [True, False, False],
        "on_card": [[count] * n_players for count in ON_CARD],
        "supply": [list(START_SUPPLY) for _ in range(n_players)],
        "butterflies": butterflies,
        "next_id": [1] * n_players,
        "markers": dict(zip(cities, markers, strict=True)),
        "face_up": [],
        "life_cycle": [[] for _ in range(n_players)],
        "bonus": [{"held": [], "used": []} for _ in range(n_players)],
        "abilities": dict(zip(data.life_cycle_sets, tokens, strict=True)),
        "has_ability": [[] for _ in range(n_players)],
        "flowers": [{f: 0 for f in board.flower_types} for _ in range(n_players)],
        "flower_supply": {f: FLOWER_SUPPLY for f in board.flower_types},
        "deck": deck,
        "discard": [],
        "hands": hands,
        "played": [[] for _ in range(n_players)],
        "scores": [0] * n_players,
        "season_scores": [],
        "first": rng.randrange(n_players),
        "pos": 0,
        "round": 0,
        "extra": None,
        "phase": "turn",
        "turn": None,
        "free": {},
        "result": None,
    }


# Small lookups shared by the other modules ---------------------------------------------------

def current_seat(state: Mapping[str, Any]) -> int:
    """Whose turn it is (in fall's extra turns, the head of the extra queue)."""
    if state["extra"]:
        return int(state["extra"][0])
    return int((state["first"] + state["pos"]) % state["players"])


def butterfly(state: Mapping[str, Any], butterfly_id: str) -> dict[str, Any] | None:
    """The butterfly on the map with this id, or None."""
    b: dict[str, Any]
    for b in state["butterflies"]:
        if b["id"] == butterfly_id:
            return b
    return None


def mine(state: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """``seat``'s butterflies on the map, in id order."""
    return sorted((b for b in state["butterflies"] if b["seat"] == seat),
                  key=lambda b: _id_key(b["id"]))


def _id_key(butterfly_id: str) -> tuple[int, int]:
    seat, _, n = butterfly_id.partition(".")
    return int(seat), int(n)


def owns_card(state: Mapping[str, Any], seat: int, card: str) -> bool:
    """Whether ``seat`` has this life cycle or bonus move card (§Landing on a Waystation 3:
    never a second copy; a played bonus card still counts as had)."""
    bonus = state["bonus"][seat]
    return card in state["life_cycle"][seat] or card in bonus["held"] or card in bonus["used"]


def is_action_card(card: str) -> bool:
    """Whether ``card`` is one of the 36 action cards (not a bonus move card)."""
    return card in content().deck


# Loading -------------------------------------------------------------------------------------

def check(data: Mapping[str, Any]) -> None:
    """Raise ValueError if stored data is not a consistent Mariposas state."""
    if data.get("schema") != SCHEMA:
        raise ValueError(f"unknown Mariposas state schema {data.get('schema')!r}")
    n = data["players"]
    if not 2 <= n <= 5 or data["phase"] not in PHASES or not 0 <= data["season"] <= 2:
        raise ValueError("Mariposas state has a bad player count, phase or season")
    per_seat = ("supply", "next_id", "life_cycle", "bonus", "has_ability", "flowers", "hands",
                "played", "scores")
    if any(len(data[key]) != n for key in per_seat):
        raise ValueError("Mariposas state has per-seat fields for the wrong seats")
    played = [entry["card"] for pile in data["played"] for entry in pile]
    cards = [*data["deck"], *data["discard"], *(c for hand in data["hands"] for c in hand),
             *(c for c in played if is_action_card(c))]
    if sorted(cards) != sorted(content().deck):
        raise ValueError("Mariposas state loses or invents action cards")
    for flower, supply in data["flower_supply"].items():
        held = sum(f[flower] for f in data["flowers"])
        if supply < 0 or held + supply != FLOWER_SUPPLY:
            raise ValueError(f"Mariposas state loses or invents {flower} tokens")
    graph_size = len(content().board.spaces)
    for b in data["butterflies"]:
        if not (0 <= b["seat"] < n and 1 <= b["gen"] <= 4 and 0 <= b["space"] < graph_size):
            raise ValueError(f"Mariposas state has a broken butterfly {b!r}")
    if sorted(data["markers"].values()) != sorted(m.id for m in content().markers):
        raise ValueError("Mariposas state loses or invents waystation markers")
    for seat in range(n):
        for gen in (2, 3, 4):
            off_map = data["supply"][seat][gen] + (data["on_card"][gen - 1][seat]
                                                   if gen < 4 else 0)
            on_map = sum(b["seat"] == seat and b["gen"] == gen for b in data["butterflies"])
            if min(off_map, on_map) < 0 or off_map + on_map > MARKERS[gen]:
                raise ValueError(f"Mariposas state invents generation {gen} butterflies")
    if (data["turn"] is None) != (data["phase"] in ("free", "over")):
        raise ValueError("Mariposas state has a turn in the wrong phase")
