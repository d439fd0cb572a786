"""The MIMIC computer player: it builds sets, keeps its lines completable, blocks when it pays.

It sees only its seat's view (the public table and its own hand; never the deck or another
hand) and the legal actions, and judges positions by the same set rules as `sets`.
`ai_lines` reads a board's lines, `ai_judge` says what a board is worth to the seat, `ai_turn`
plans the placement phase. This module picks the phase and handles the small decisions: the
start card a set earns, the draw, the team exchange and the tie showdown.

Levels (issue 13):

* ``hard`` plans the turn's two placements together, weighs threats by the odds of the
  unseen hands, spends Red cards to spoil an opponent's set one card short and drafts face-up
  cards for its lines and to deny them;
* ``normal`` lays one card at a time by the same judgement, minds threats half as much, never
  blocks with Red, judges with a small random spread and from the face-up cards takes (mostly)
  only one that completes a set;
* ``easy`` does not look at the opponents' chances, judges with a wide random spread and draws
  from the deck — it still completes sets, cashes its Blue card and keeps lines to one colour.

Randomness (noise and tie breaks) comes only from the ``rng`` argument.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.games.mimic.ai_judge import CUBE, Seat, Style, read_seat, worth
from bot.games.mimic.ai_lines import survey
from bot.games.mimic.ai_turn import Turn
from bot.games.mimic.cards import components
from bot.games.mimic.sets import Board, Kind
from bot.games.mimic.views import MimicView as View

LEVELS: dict[str, Style] = {
    "hard": Style(depth=2, odds=True, threat=0.8, red_block=True, noise=1.0, beam=6, draft=1.0),
    "normal": Style(depth=1, odds=True, threat=0.5, red_block=False, noise=8.0, beam=1,
                    draft=0.9),
    "easy": Style(depth=1, odds=False, threat=0.0, red_block=False, noise=45.0, beam=1,
                  draft=0.0),
}


def board_from_view(view: View, *, jump: bool | None = None) -> Board:
    """The position of a view, as `sets` needs it."""
    return Board(
        frozenset(view["starts"]),
        {cell: (c["colour"], c["animal"]) for cell, c in view["board"].items()},
        frozenset(cell for cell, c in view["board"].items() if c["cube"] is not None),
        view["step"]["jump"] if jump is None else jump,
    )


def choose(view: View, legal: Sequence[str], rng: random.Random, level: str = "normal") -> str:
    """Pick one of ``legal`` for the seat the view belongs to, at ``level``."""
    legal = list(legal)
    if len(legal) == 1:
        return legal[0]
    style = LEVELS.get(level, LEVELS["normal"])
    phase = view["phase"]
    if phase == "showdown":
        return min(legal, key=lambda a: components().rank(a[5:]))
    seat = read_seat(view)
    board = board_from_view(view)
    if phase == "exchange":
        return _exchange(view, legal, rng, style, seat, board)
    if phase == "start":
        return _start(view, legal, rng, style, seat, board)
    if phase == "draw":
        return _draw(view, legal, rng, style, seat, board)
    turn = Turn(view, seat, style, board, rng)
    pending = view["step"]["pending"]
    if pending is not None:
        return turn.yellow_target(pending["from"], legal)
    return turn.choose(legal)


def usefulness(board: Board, seat: Seat, kinds: list[Kind]) -> dict[Kind, float]:
    """What each kind would add to the seat's next turn: a set it completes, a line of two it
    finishes with another held card, the open cells that take it."""
    lines = survey(board)
    held = Counter(k for _, k in seat.hand)
    values: dict[Kind, float] = {}
    for kind in set(kinds):
        value = 0.0
        value += sum(0.9 * CUBE for _, k in lines.one if k == kind)
        for _, ways in lines.two:
            for way in ways:
                if kind in way:
                    rest = list(way)
                    rest.remove(kind)
                    value += 0.3 * CUBE if held[rest[0]] > (kind == rest[0]) else 2.0
        value += min(12, sum(2.0 for ks in lines.room.values() if kind in ks))
        values[kind] = value
    return values


def _draw(view: View, legal: list[str], rng: random.Random, style: Style, seat: Seat,
          board: Board) -> str:
    """A face-up card worth more than the deck's average card; else the deck (§Draw Phase).
    A card that completes a set is worth as much to the next player: taking it denies it."""
    faces = {f["id"]: (f["colour"], f["animal"]) for f in view["faceup"]}
    deck = "draw:deck" if "draw:deck" in legal else None
    if style.draft < 1:
        useful = usefulness(board, seat, list(faces.values()))
        wanted = [a for a in legal if a[5:] in faces and useful[faces[a[5:]]] >= 0.9 * CUBE]
        if wanted and rng.random() < style.draft:
            return wanted[0]
        return deck or rng.choice(legal)
    pool = seat.unseen
    values = usefulness(board, seat, [*faces.values(), *pool])
    total = sum(pool.values())
    average = sum(values[k] * n for k, n in pool.items()) / total if total else 0.0
    best, best_value = deck, average + 4.0
    for action in legal:
        card = action[5:]
        if card in faces:
            value = values[faces[card]] + rng.random()
            if best is None or value > best_value:
                best, best_value = action, value
    return best or legal[0]


def _start(view: View, legal: list[str], rng: random.Random, style: Style, seat: Seat,
           board: Board) -> str:
    """The start card where the board is worth most to it afterwards (§Start Cards 3)."""
    step = view["step"]
    room = max(0, (5 if seat.solo else 2) + step["extra"] - step["placed"])
    hand = [k for _, k in seat.hand]

    def value(action: str) -> float:
        cell = action[6:]
        after = Board(board.starts | {cell}, board.cards, board.cubes, board.jump)
        return worth(after, seat, style, hand, room=room) + style.noise * rng.random()

    return max(legal, key=value)


def _exchange(view: View, legal: list[str], rng: random.Random, style: Style, seat: Seat,
              board: Board) -> str:
    """§How to Play (Teams): the partner gives the card that fits the table best; the player
    gives back the one that fits least."""
    hand = dict(seat.hand)
    useful = usefulness(board, seat, list(hand.values()))
    giving_partner = view["seat"] != view["turn"]
    scored = sorted(legal, key=lambda a: (useful[hand[a[5:]]] + style.noise * rng.random(),
                                          rng.random()))
    return scored[-1] if giving_partner else scored[0]
