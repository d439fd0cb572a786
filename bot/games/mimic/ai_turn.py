"""The MIMIC computer's placement phase: which card where, which power card, when to stop.

Every call plans the rest of the turn afresh from the view: each placement from hand (cards of
one kind are alike) is followed, where the level looks that far, by the best second placement;
the board after each plan is judged by `ai_judge.worth`. Power cards compete with placements on
the same scale (§Power Cards): Blue is a cube, Yellow and Orange are used where they complete a
set, Green where a third card completes one, Red to spoil an opponent's set one card short
(only the hard level) or, alone, to lift a card that spoils a line, and in the advanced game a
face-up power card is taken instead of a second card that would help little (§Advanced How To
Play 1).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.games.mimic.ai_judge import CUBE, Seat, Style, end_of_game, worth
from bot.games.mimic.ai_lines import cells_for, completes, fits, scored, survey
from bot.games.mimic.sets import Board, Kind
from bot.games.mimic.views import MimicView

START_BONUS = 12.0
"""A completed set also brings a start card: new lines (§Start Cards 3)."""
POWER_KEEP = {"green": 22.0, "yellow": 30.0, "red": 18.0, "blue": 10.0, "orange": 12.0}
"""What an unused power card is still worth: spending it must gain more."""
TAKE_WORTH = {"green": 24.0, "yellow": 32.0, "red": 22.0, "orange": 10.0, "blue": 40.0}
"""Advanced: what a face-up power card is worth in front of the player."""
BUDGET = 220
"""Second-look judgements per decision, roughly (the beam narrows when choices are many)."""
SOLO_EXTRA = 14.0
"""Solo: the cost of a card laid beyond the two required (the deck is the game's clock)."""


class Turn:
    """One placement-phase decision: the position, the seat's knowledge and its level."""

    def __init__(self, view: MimicView, seat: Seat, style: Style, board: Board,
                 rng: random.Random) -> None:
        step = view["step"]
        self.seat, self.style, self.board, self.rng = seat, style, board, rng
        self.placed = step["placed"]
        cap = 5 if seat.solo else 2
        self.room = cap + step["extra"] - self.placed
        self.required = max(0, 2 - self.placed)
        self.starts_left = view["yellow_left"] > 0 and not step["start_done"]
        self.hand = [k for _, k in seat.hand]

    # -- judging plans -------------------------------------------------------------------

    def final(self, board: Board, hand: list[Kind], room: int) -> float:
        """Worth of stopping here (room: placements still allowed this turn)."""
        return worth(board, self.seat, self.style, hand, room=room)

    def gain(self, cubes: int, first_set: bool) -> float:
        """Cubes scored now; the last cube wins at once (§Winning the Game 1)."""
        if cubes <= 0:
            return 0.0
        if cubes >= self.seat.cubes_left:
            return 50 * CUBE
        return cubes * CUBE + (START_BONUS if first_set and self.starts_left else 0.0)

    def place_value(self, board: Board, hand: list[Kind], kind: Kind, cell: str, placed: int,
                    depth: int, got: int = 0) -> float:
        """Worth of laying ``kind`` at ``cell``, then (depth 2) the best follow-up."""
        after = board.with_card(cell, kind)
        cubes = completes(after, cell)
        if cubes:
            after = Board(after.starts, after.cards, after.cubes | frozenset(cubes), after.jump)
        value = self.gain(len(cubes) + got, got == 0 and bool(cubes)) - self.gain(got, False)
        rest = list(hand)
        rest.remove(kind)
        placed += 1
        room = self.room - (placed - self.placed)
        if self.seat.solo and placed > 2 and not cubes:
            value -= SOLO_EXTRA
        if len(cubes) + got >= self.seat.cubes_left:
            return value
        follow = []
        if depth > 1 and room > 0:
            for k2, cell2 in _choices(after, rest):
                follow.append(self.place_value(after, rest, k2, cell2, placed, depth - 1,
                                               got + len(cubes)))
        if placed < 2:
            if depth > 1:
                if not follow:
                    return value + end_of_game(self.seat, got + len(cubes))
                return value + max(follow)
            if not _any_fit(after, rest):
                return value + end_of_game(self.seat, got + len(cubes))
            return value + self.final(after, rest, room)
        return value + max([self.final(after, rest, 0), *follow])

    # -- the decision --------------------------------------------------------------------

    def choose(self, legal: Sequence[str]) -> str:
        """The best of the legal actions: placements, power cards, taking one, ending."""
        options: list[tuple[float, float, str]] = []
        noise = self.style.noise

        def offer(value: float, action: str) -> None:
            options.append((value + noise * self.rng.random(), self.rng.random(), action))

        hand_ids: dict[Kind, str] = {}
        for card, kind in self.seat.hand:
            hand_ids.setdefault(kind, card)
        places: dict[tuple[Kind, str], str] = {}
        for action in legal:
            if action.startswith("place:"):
                _, card, cell = action.split(":")
                kind = next(k for c, k in self.seat.hand if c == card)
                places.setdefault((kind, cell), f"place:{hand_ids[kind]}:{cell}")
        if places and self.style.depth == 1:
            # One card at a time: a set completed now is never put off for a later hope.
            now = {key: a for key, a in places.items()
                   if completes(self.board.with_card(key[1], key[0]), key[1])}
            places = now or places
        if places:
            shallow = {
                key: self.place_value(self.board, self.hand, key[0], key[1], self.placed, 1)
                for key in places
            }
            if self.style.depth > 1 and self.room > 1:
                # The second look replaces the first's hopes; only the plans looked at twice
                # compete, so none wins on an unchecked hope.
                # A budget of judgements keeps a move under 50 ms on crowded boards.
                beam = max(2, min(self.style.beam, BUDGET // max(1, len(shallow))))
                keep = sorted(shallow, key=lambda k: -shallow[k])[:beam]
                keep += [key for key in shallow if key not in keep and completes(
                    self.board.with_card(key[1], key[0]), key[1])]
                shallow = {key: self.place_value(self.board, self.hand, key[0], key[1],
                                                 self.placed, 2) for key in keep}
            for key, value in shallow.items():
                cubes = completes(self.board.with_card(key[1], key[0]), key[1])
                offer(value + len(cubes), places[key])  # a cube now before the same cube later
        stop = self.final(self.board, self.hand, 0)
        if "end" in legal:
            offer(stop if self.required == 0 else end_of_game(self.seat, 0), "end")
        self._powers(legal, stop, offer)
        return max(options)[2]

    def _powers(self, legal: Sequence[str], stop: float,
                offer: Callable[[float, str], None]) -> None:
        """Offer every power-card action worth a look, valued on the placements' scale."""
        board, hand, seat = self.board, self.hand, self.seat
        blues = [a for a in legal if a.startswith("blue:")]
        for action in blues:
            cell = action[5:]
            after = Board(board.starts, board.cards, board.cubes | {cell}, board.jump)
            # A cube now: the one-card-at-a-time levels take it before any spread of theirs.
            sure = self.style.noise if self.style.depth == 1 else 0.0
            offer(self.gain(1, False) + self.final(after, hand, self.room) - POWER_KEEP["blue"]
                  + sure, action)
        if "power:orange" in legal:
            jumping = Board(board.starts, board.cards, board.cubes, True)
            best = self._best_completion(jumping, hand)
            # Only for a set it could not complete without the jump (the jump's wider lines
            # last this turn only, so they are not compared).
            if best is not None and self._best_completion(board, hand) is None:
                offer(best - POWER_KEEP["orange"], "power:orange")
        if "power:green" in legal:
            best = self._best_completion(board, hand) if self.room <= 0 else None
            if best is not None:
                offer(best - POWER_KEEP["green"], "power:green")
        for action in legal:
            if action.startswith("yellow:"):
                value = self._yellow_value(action[7:])
                if value is not None:
                    offer(value - POWER_KEEP["yellow"], action)
        if self.style.red_block and not seat.solo and self.required == 0:
            threats = self._threat_cells()
            for action in legal:
                if action.startswith("red:") and action[4:] in threats:
                    after = board.without(action[4:])
                    offer(self.final(after, hand, 0) - POWER_KEEP["red"], action)
        stuck = self.required > 0 and not _any_fit(board, hand)
        if seat.solo or stuck:
            # Red as repair: lift the card that spoils a line, so the line takes cards again
            # (§Sets to Set Interaction, ex. 3), or, when the hand cannot lay its cards, any
            # card whose cell then takes one (else the game ends, §Ending the Game). Against
            # others only the rescue: their Red cards block, which measured stronger.
            spoilers = _spoilers(board) if seat.solo else set()
            for action in legal:
                cell = action[4:]
                if action.startswith("red:") and (cell in spoilers or stuck):
                    after = board.without(cell)
                    if stuck and not _any_fit(after, hand):
                        continue
                    offer(self.final(after, hand, self.room) - POWER_KEEP["red"], action)
        for action in legal:
            if action.startswith("take:"):
                offer(stop + TAKE_WORTH.get(action[5:], 0.0), action)

    def _best_completion(self, board: Board, hand: list[Kind]) -> float | None:
        """Worth of the best placement that completes a set on ``board``, if any."""
        best = None
        for kind, cell in _choices(board, hand):
            after = board.with_card(cell, kind)
            if completes(after, cell):
                value = self.place_value(board, hand, kind, cell, self.placed, 1)
                best = value if best is None else max(best, value)
        return best

    def _yellow_value(self, origin: str) -> float | None:
        """A Yellow move that completes a set: its worth (None if none completes)."""
        kind = self.board.cards[origin]
        lifted = self.board.without(origin)
        best = None
        for cell in cells_for(lifted, kind):
            if cell == origin:
                continue
            after = lifted.with_card(cell, kind)
            cubes = completes(after, cell)
            if cubes:
                after = scored(after, cell)
                value = self.gain(len(cubes), True) + self.final(after, self.hand, self.room)
                best = value if best is None else max(best, value)
        return best

    def _threat_cells(self) -> set[str]:
        """Cards of lines one card short that it cannot finish itself this turn."""
        lines = survey(self.board)
        mine = set(self.hand) if self.room > 0 else set()
        gaps = {gap for gap, kind in lines.one if kind not in mine}
        cells: set[str] = set()
        if not gaps:
            return cells
        for line in self.board.lines():
            if any(c in gaps for c in line.cells) and \
                    sum(1 for c in line.cells if c in self.board.cards) == 3:
                cells.update(c for c in line.cells if c in self.board.cards)
        return cells - set(self.board.cubes)

    def yellow_target(self, origin: str, legal: Sequence[str]) -> str:
        """Yellow, second step: the cell where the lifted card is worth most. It only lifted
        the card for a move it judged worth the card, so it never backs out while a cell is
        left (backing out and lifting again could go round for ever)."""
        kind = self.board.cards[origin]
        lifted = self.board.without(origin)
        best, best_value = "cancel", None
        for action in legal:
            if not action.startswith("to:"):
                continue
            cell = action[3:]
            after = lifted.with_card(cell, kind)
            cubes = completes(after, cell)
            value = self.gain(len(cubes), bool(cubes)) + self.final(scored(after, cell),
                                                                     self.hand, self.room)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best


def _choices(board: Board, hand: list[Kind]) -> list[tuple[Kind, str]]:
    """Every (kind, cell) a hand card may go to; cards of one kind counted once."""
    room = survey(board).room
    return [(kind, cell) for kind in dict.fromkeys(hand)
            for cell, takes in room.items() if kind in takes]


def _spoilers(board: Board) -> set[str]:
    """Cards that alone spoil a line holding two or more others that still make a set."""
    found: set[str] = set()
    for line in board.lines():
        held = [c for c in line.cells if c in board.cards and c not in board.cubes]
        if len(held) < 3:
            continue
        kinds = [board.cards[c] for c in held]
        if fits(kinds):
            continue
        for i, cell in enumerate(held):
            if fits(kinds[:i] + kinds[i + 1:]):
                found.add(cell)
    return found


def _any_fit(board: Board, hand: list[Kind]) -> bool:
    return bool(_choices(board, hand))
