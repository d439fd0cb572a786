"""Setting up a MIMIC table: cards, cubes, power cards and the opening grid.

Implements ``shared/rules/mimic.txt`` §Preparation - Basic Game 1–7 and §Advanced Preparation
1–3, with these choices from ``shared/specs/mimic.md``:

* power cards in the basic game: each player gets 2 red, 1 green, 1 yellow, 1 blue, and
  1 orange where orange is in play (4 players, teams, solo); the solo player gets no green,
  which could never be used (see `_deal_powers`);
* three face-up MIMIC cards in the draw area (none in solo);
* the set-up yellow start cards go to random legal cells next to the four opening cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.games.core import IllegalAction
from bot.games.mimic.cards import POWER_COLOURS, components
from bot.games.mimic.geometry import CENTRE, DIRECTIONS, name, xy
from bot.games.mimic.moves import board_of
from bot.games.mimic.sets import start_card_cells

SCHEMA = 1
BASIC_POWERS = ("green", "yellow", "red", "red", "blue")


def fresh_step() -> dict[str, Any]:
    """The per-turn scratch record, empty."""
    return {"placed": 0, "extra": 0, "jump": False, "start_done": False, "pending": None}


def new_state(n_players: int, options: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The starting state (§Preparation).

    Options: ``teams`` (4 players, two teams of partners sitting opposite) and ``advanced``
    (2–4 players, the power-card market).

    Raises:
        IllegalAction: the options do not fit the player count.
    """
    comp = components()
    teams = bool(options.get("teams", False))
    advanced = bool(options.get("advanced", False))
    if teams and n_players != 4:
        raise IllegalAction("mimic.refused.teams_four")
    if advanced and n_players < 2:
        raise IllegalAction("mimic.refused.advanced_players")
    mode = "solo" if n_players == 1 else "teams" if teams else "players"
    sides = [[0, 2], [1, 3]] if teams else [[s] for s in range(n_players)]
    cubes = comp.cubes["team"] if teams else comp.cubes[str(n_players)]
    orange = n_players in (1, 4)

    deck = comp.deck_for(n_players)
    rng.shuffle(deck)
    state: dict[str, Any] = {
        "schema": SCHEMA,
        "players": n_players,
        "mode": mode,
        "advanced": advanced,
        "sides": sides,
        "starts": {CENTRE: "red"},
        "cards": {},
        "cubes": {},
        "deck": deck,
        "faceup": [],
        "hands": [[] for _ in range(n_players)],
        "removed": [],
        "yellow_left": comp.yellow_start_cards,
        "cubes_left": [cubes] * len(sides),
        "powers": [],
        "power_deck": [],
        "power_line": [],
        "turn": 0,
        "turns": 0,
        "phase": "exchange" if teams else "place",
        "step": fresh_step(),
        "exchange": {"stage": "partner"} if teams else None,
        "showdown": None,
        "result": None,
    }
    _opening_cards(state, rng)
    _opening_starts(state, rng, 2 if n_players >= 4 or advanced else 1)
    for hand in state["hands"]:
        hand.extend(_take(deck, comp.hand_size))
    if mode != "solo":
        state["faceup"] = _take(deck, comp.face_up)
    _deal_powers(state, rng, orange)
    return state


def _take(pile: list[str], n: int) -> list[str]:
    taken = pile[:n]
    del pile[:n]
    return taken


def _opening_cards(state: dict[str, Any], rng: random.Random) -> None:
    """§Preparation 5: one card face up on each side of the red start card, all colours shown.

    Cards whose colour would leave too few sides for the missing colours are put aside and
    shuffled back into the deck.
    """
    deck, colours = state["deck"], components().colours
    cx, cy = xy(CENTRE)
    sides = [name(cx + dx, cy + dy) for dx, dy in DIRECTIONS.values()]
    laid: list[str] = []
    aside: list[str] = []
    while len(laid) < len(sides):
        card = deck.pop(0)
        shown = {components().card(c).colour for c in laid} | {components().card(card).colour}
        if len(colours) - len(shown) <= len(sides) - len(laid) - 1:
            laid.append(card)
        else:
            aside.append(card)
    for cell, card in zip(sides, laid, strict=True):
        state["cards"][cell] = card
    if aside:
        deck.extend(aside)
        rng.shuffle(deck)


def _opening_starts(state: dict[str, Any], rng: random.Random, n: int) -> None:
    """§Preparation 6: yellow start cards next to the opening cards, never next to each other."""
    opening = list(state["cards"])
    for _ in range(n):
        cells = start_card_cells(board_of(state), next_to=opening)
        cell = rng.choice(cells)
        state["starts"][cell] = "yellow"
        state["yellow_left"] -= 1


def _deal_powers(state: dict[str, Any], rng: random.Random, orange: bool) -> None:
    """Power cards in front of each player (spec choice), or the advanced market (§Advanced)."""
    comp = components()
    n = state["players"]
    if state["advanced"]:
        state["powers"] = [{"active": ["blue"], "used": []} for _ in range(n)]
        pile = [
            colour for colour in POWER_COLOURS
            if colour != "blue" and (orange or colour != "orange")
            for _ in range(comp.power_cards[colour])
        ]
        rng.shuffle(pile)
        state["power_line"] = _take(pile, comp.power_line)
        state["power_deck"] = pile
        return
    kit = list(BASIC_POWERS) + (["orange"] if orange else [])
    if state["mode"] == "solo":
        # Green lets a player lay a third card; solo may lay up to five, a whole hand, anyway
        # (§How to Play (1 Player)), so a green card would sit unused and only mislead.
        kit.remove("green")
    state["powers"] = [{"active": sorted(kit, key=POWER_COLOURS.index), "used": []}
                       for _ in range(n)]
