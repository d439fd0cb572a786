"""A MIMIC computer player: it completes sets when it can, blocks when it must.

It sees only its view (the public table and its own hand) and judges positions with the same
`sets` functions as the rules. In order of preference in the placement phase:

1. a placement (or a Yellow move) that completes a set; the Orange jump or the Green extra card
   when that opens a completion;
2. a Blue cube on an incomplete set;
3. otherwise the placement that builds its longest line while leaving opponents the fewest
   lines one card short of a set (in solo those lines are chances, not threats);
4. before ending the turn, a Red power card on a threat it could not spoil otherwise.

Randomness (tie breaks) comes only from the ``rng`` argument.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.mimic.cards import components
from bot.games.mimic.sets import (
    Board,
    Kind,
    feasible,
    one_away,
    placements,
    scoring_cells,
)

View = Mapping[str, Any]


def board_from_view(view: View, *, jump: bool | None = None) -> Board:
    """The position of a view, as `sets` needs it."""
    return Board(
        frozenset(view["starts"]),
        {cell: (c["colour"], c["animal"]) for cell, c in view["board"].items()},
        frozenset(cell for cell, c in view["board"].items() if c["cube"] is not None),
        view["step"]["jump"] if jump is None else jump,
    )


def _hand(view: View) -> dict[str, Kind]:
    return {c["id"]: (c["colour"], c["animal"]) for c in view["hand"]}


def choose(view: View, legal: Sequence[str], rng: random.Random, level: str = "normal") -> str:
    """Pick one of ``legal`` for the seat the view belongs to (levels: see issue 13's work,
    not yet told apart)."""
    legal = list(legal)
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "showdown":
        return min(legal, key=lambda a: components().rank(a[5:]))
    if phase == "exchange":
        return _exchange(view, legal, rng)
    if phase == "start":
        return _start(view, legal, rng)
    if phase == "draw":
        return _draw(view, legal, rng)
    return _place_phase(view, legal, rng)


def _threats(board: Board) -> int:
    return len(one_away(board))


def _usefulness(board: Board, kind: Kind) -> int:
    """How well a card fits the table: 10 per set it completes, plus its legal cells."""
    score = len(placements(board, kind))
    for cell in placements(board, kind):
        if scoring_cells(board.with_card(cell, kind), cell):
            score += 10
    return score


def _exchange(view: View, legal: list[str], rng: random.Random) -> str:
    """The partner gives its most useful card; the player gives back its least useful."""
    board, hand = board_from_view(view), _hand(view)
    giving_partner = view["seat"] != view["turn"]
    scored = sorted(legal, key=lambda a: (_usefulness(board, hand[a[5:]]), rng.random()))
    return scored[-1] if giving_partner else scored[0]


def _start(view: View, legal: list[str], rng: random.Random) -> str:
    """The start card where it gives the opponents the fewest near-complete lines."""
    board = board_from_view(view)
    solo = view["mode"] == "solo"

    def value(action: str) -> float:
        cell = action[6:]
        after = Board(board.starts | {cell}, board.cards, board.cubes, board.jump)
        threats = _threats(after)
        return (threats if solo else -threats) + rng.random() * 0.5

    return max(legal, key=value)


def _draw(view: View, legal: list[str], rng: random.Random) -> str:
    """A face-up card that completes a set or fits well; otherwise the deck."""
    board = board_from_view(view)
    faces = {c["id"]: (c["colour"], c["animal"]) for c in view["faceup"]}
    best, best_score = ("draw:deck" if "draw:deck" in legal else legal[0]), 6.0
    for action in legal:
        card = action[5:]
        if card in faces:
            score = _usefulness(board, faces[card]) + rng.random()
            if score > best_score:
                best, best_score = action, score
    return best


def _place_phase(view: View, legal: list[str], rng: random.Random) -> str:
    board, hand = board_from_view(view), _hand(view)
    step = view["step"]
    if step["pending"] is not None:
        kind = board.cards[step["pending"]["from"]]
        lifted = board.without(step["pending"]["from"])
        for action in legal:
            if action.startswith("to:") and scoring_cells(lifted.with_card(action[3:], kind),
                                                           action[3:]):
                return action
        return "cancel"
    places = [a for a in legal if a.startswith("place:")]
    # 1. Complete a set (the most sets at once).
    wins = []
    for action in places:
        _, card, cell = action.split(":")
        n = len(scoring_cells(board.with_card(cell, hand[card]), cell))
        if n:
            wins.append((n, rng.random(), action))
    if wins:
        return max(wins)[2]
    for action in legal:
        if action.startswith("yellow:") and _move_completes(board, action[7:]):
            return action
    if "power:orange" in legal and _completes_any(board_from_view(view, jump=True), hand):
        return "power:orange"
    if "power:green" in legal and not places and _completes_any(board, hand):
        return "power:green"
    # 2. A Blue cube is a cube.
    blues = [a for a in legal if a.startswith("blue:")]
    if blues:
        return rng.choice(blues)
    # Advanced: a power card instead of a second, weak placement.
    takes = [a for a in legal if a.startswith("take:")]
    solo = view["mode"] == "solo"
    if places and (step["placed"] < 2 or (solo and _worth_extra(board, hand, places))):
        best = max(places, key=lambda a: _placement_value(board, hand, a, solo, rng))
        if takes and len(view["powers"][view["seat"]]["active"]) < 2:
            return rng.choice(takes)
        return best
    if takes:
        return rng.choice(takes)
    # 4. Spoil a threat with a Red card before handing the turn on.
    reds = [a for a in legal if a.startswith("red:")]
    if reds and not solo and "end" in legal:
        now = _threats(board)
        if now:
            spoil = min(reds, key=lambda a: (_threats(board.without(a[4:])), rng.random()))
            if _threats(board.without(spoil[4:])) < now:
                return spoil
    return "end" if "end" in legal else rng.choice(legal)


def _placement_value(board: Board, hand: dict[str, Kind], action: str, solo: bool,
                     rng: random.Random) -> float:
    """Longest feasible line through the new card, minus the threats it leaves (solo: plus)."""
    _, card, cell = action.split(":")
    after = board.with_card(cell, hand[card])
    length = max(
        (len(after.kinds(line)) for line in after.lines()
         if cell in line.cells and feasible(after.kinds(line))),
        default=0,
    )
    threats = _threats(after) - _threats(board)
    return 2 * length + (2 * threats if solo else -3 * threats) + rng.random()


def _worth_extra(board: Board, hand: dict[str, Kind], places: list[str]) -> bool:
    """Solo, past the two required cards: lay another only if the rest of the hand can then
    complete a set next."""
    for action in places:
        _, card, cell = action.split(":")
        after = board.with_card(cell, hand[card])
        rest = [k for c, k in hand.items() if c != card]
        if any(kind in rest for _, kind in one_away(after)):
            return True
    return False


def _move_completes(board: Board, origin: str) -> bool:
    kind = board.cards[origin]
    lifted = board.without(origin)
    return any(
        scoring_cells(lifted.with_card(cell, kind), cell)
        for cell in placements(lifted, kind) if cell != origin
    )


def _completes_any(board: Board, hand: dict[str, Kind]) -> bool:
    return any(
        scoring_cells(board.with_card(cell, kind), cell)
        for kind in set(hand.values()) for cell in placements(board, kind)
    )
