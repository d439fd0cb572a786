"""Hand-drawn MIMIC grids for the tests: ASCII art → cells, boards and whole states.

A grid is drawn with row 7 on top and column A on the left, one whitespace-separated token a
cell (a row label in front and a column line under it are optional)::

    7 .  .  .  .  .  .  .
    6 .  .  Y  .  .  .  .
    5 .  .  gO rL .  .  .
    4 .  .  gE R  bZ #  .
    3 .  .  .  rL .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
      A  B  C  D  E  F  G

Tokens: ``.`` empty · ``R`` red start card · ``Y`` yellow start card · ``rL`` a card (colour
r/g/b, animal L)ion E)lephant G)iraffe Z)ebra O)strich) · ``rL*`` that card with a cube ·
``#`` a cubed card of no particular kind · ``1``–``4`` an empty cell marking a line's path.
"""

from __future__ import annotations

import random
import textwrap

from bot.games.core import apply_checked
from bot.games.mimic import RULES
from bot.games.mimic.cards import components
from bot.games.mimic.geometry import COLUMNS, SIZE
from bot.games.mimic.sets import Board
from bot.games.mimic.setup import fresh_step

COLOURS = {"r": "red", "g": "green", "b": "blue"}
ANIMALS = {"L": "lion", "E": "elephant", "G": "giraffe", "Z": "zebra", "O": "ostrich"}


def parse(art: str) -> dict[str, str]:
    """Cell → token for every non-empty cell of the drawing."""
    rows = []
    for line in textwrap.dedent(art).strip("\n").splitlines():
        tokens = line.split()
        if not tokens or tokens == list(COLUMNS):
            continue
        if len(tokens) == SIZE + 1:
            tokens = tokens[1:]
        assert len(tokens) == SIZE, f"a grid row needs {SIZE} cells: {line!r}"
        rows.append(tokens)
    assert len(rows) == SIZE, "a grid needs 7 rows"
    cells = {}
    for i, tokens in enumerate(rows):
        row = SIZE - i
        for col, token in zip(COLUMNS, tokens, strict=True):
            if token != ".":
                cells[f"{col}{row}"] = token
    return cells


def kind(token: str) -> tuple[str, str]:
    """``rL`` → ``("red", "lion")``."""
    return (COLOURS[token[0]], ANIMALS[token[1]])


def starts_of(art: str) -> dict[str, str]:
    return {c: ("red" if t == "R" else "yellow") for c, t in parse(art).items() if t in "RY"}


def cubes_of(art: str) -> set[str]:
    return {c for c, t in parse(art).items() if t == "#" or t.endswith("*")}


def path_of(art: str) -> tuple[str, ...]:
    """The cells marked 1, 2, 3, 4, in that order."""
    marks = {t: c for c, t in parse(art).items() if t in "1234"}
    return tuple(marks[str(i)] for i in range(1, 5))


def board(art: str, *, jump: bool = False) -> Board:
    """The `Board` of a drawing (``#`` cubes count as red lions)."""
    cards = {}
    for cell, token in parse(art).items():
        if token == "#":
            cards[cell] = ("red", "lion")
        elif token[0] in COLOURS:
            cards[cell] = kind(token)
    return Board(frozenset(starts_of(art)), cards, frozenset(cubes_of(art)), jump)


class Pool:
    """Hands out unused card ids of the wanted kinds."""

    def __init__(self, n_players: int) -> None:
        self.free = components().deck_for(n_players)

    def take(self, token: str | None = None) -> str:
        for cid in self.free:
            if token is None or components().card(cid).kind == kind(token):
                self.free.remove(cid)
                return cid
        raise AssertionError(f"no {token} card left")


def position(art: str, hands: list[list[str]], *, n: int = 2, options: dict | None = None,
             faceup: list[str] | None = None, turn: int = 0, cube_owner: int = 1) -> dict:
    """A whole state: the drawn grid, these hands (tokens), the rest of the cards in the deck.

    Seats without a listed (or with an empty) hand get five cards from the deck. Drawn cubes
    belong to ``cube_owner`` and are taken off its supply. The seat ``turn`` is in its
    placement phase.
    """
    state = RULES.setup(n, options or {}, random.Random(0))
    pool = Pool(n)
    cells = parse(art)
    state["starts"] = starts_of(art)
    state["cards"], state["cubes"] = {}, {}
    for cell, token in cells.items():
        if token[0] in COLOURS:
            state["cards"][cell] = pool.take(token[:2])
    hand_ids = [[pool.take(t) for t in hand] for hand in hands]
    state["faceup"] = [pool.take(t) for t in (faceup or [])]
    for cell, token in cells.items():
        if token == "#":
            state["cards"][cell] = pool.take()
    for cell in cubes_of(art):
        state["cubes"][cell] = cube_owner % len(state["sides"])
        state["cubes_left"][cube_owner % len(state["sides"])] -= 1
    hand_ids += [[] for _ in range(n - len(hand_ids))]
    for hand in hand_ids:
        if not hand:
            hand.extend(pool.take() for _ in range(5))
    state["hands"] = hand_ids
    state["deck"] = pool.free
    state["removed"] = []
    state["yellow_left"] = components().yellow_start_cards - (len(state["starts"]) - 1)
    state.update(turn=turn, phase="place", step=fresh_step(), exchange=None, showdown=None,
                 result=None)
    return RULES.load(state)


def ids(state: dict, seat: int, token: str) -> list[str]:
    """The ids of the cards of kind ``token`` in a seat's hand."""
    return [c for c in state["hands"][seat] if components().card(c).kind == kind(token)]


def act(state: dict, seat: int, action: str) -> tuple[dict, list]:
    """Apply an action through the engine's gate; return the new state and events."""
    step = apply_checked(RULES, state, seed="t", version=0, seat=seat, action=action,
                         seen_version=None)
    return step.state, step.events


def cells_for(state: dict, seat: int, card: str) -> list[str]:
    """The cells a hand card may be placed on, from the legal actions."""
    return [a.split(":")[2] for a in RULES.legal_actions(state, seat)
            if a.startswith(f"place:{card}:")]
