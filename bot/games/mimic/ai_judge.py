"""How the MIMIC computer judges a position: what its seat knows, and what a board is worth.

`Seat` gathers what one seat's view shows (its hand, the face-up cards, the cards nobody has
seen yet, who plays next) — never a hidden card. `worth` scores a board for that seat: sets one
card short that it can finish next turn are chances, those an opponent may finish first are
threats (weighed by the odds that the opponent's unseen hand holds the missing card), lines with
two cards it can finish with two placements are smaller chances, and every empty cell that still
takes cards keeps the game alive (§Ending the Game: a player who cannot lay two cards ends it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

from bot.games.mimic.ai_lines import needs, survey
from bot.games.mimic.cards import components
from bot.games.mimic.sets import Board, Kind
from bot.games.mimic.views import Face, MimicView

CUBE = 100.0
"""A cube of one's own side: the unit of every other figure here."""
SOLO_ROOM = 2.0
"""Solo: the worth of each kind an open cell takes (alone, a closed table is the end)."""
RIVALS = {1: 0.0, 2: 1.0, 3: 0.45, 4: 0.35}
"""By the number of sides: how much a rival's cube counts against this side."""


@dataclass(frozen=True)
class Style:
    """What sets a level apart (see `ai.LEVELS`)."""

    depth: int
    """Placements looked at together: 2 plans this turn's pair, 1 one card at a time."""
    odds: bool
    """Weigh threats and chances by the odds of the unseen hands (else: count them)."""
    threat: float
    """How much an opponent's chance counts against it (0: it does not look)."""
    red_block: bool
    """Spend a Red card to spoil an opponent's set one card short."""
    noise: float
    """Random spread added to every judgement (CUBE-scaled)."""
    beam: int
    """First placements kept for the second look."""
    draft: float
    """Drafting: 1 weighs every face-up card against the deck's average card; below 1, the
    chance that it takes a face-up card completing a set (else it draws from the deck)."""


@dataclass
class Seat:
    """What one seat knows: from its view only."""

    seat: int
    solo: bool
    hand: list[tuple[str, Kind]]
    faceup: list[Kind]
    unseen: Counter[Kind]
    opponents: list[int]
    """Opponent seats moving before this seat's next turn (teams: the other side)."""
    opp_hand: int
    opp_powers: set[str]
    powers: list[str]
    """Its own active power cards."""
    mine_placed: int
    best_other: int
    cubes_left: int
    deck: int
    players: int
    rivals: float
    """How much one rival's cube hurts: fully with one other side, less among several (the
    others lose as much), so a table of four is not frozen by everyone's caution."""
    partner_hand: int
    """Teams: the partner's hand size (it plays after the next opponent); else 0."""
    _p_one: dict[Kind, float] = field(default_factory=dict)
    _p_draw: dict[tuple[Kind, int], float] = field(default_factory=dict)
    _p_two: dict[Kind, float] = field(default_factory=dict)
    _p_mate: dict[Kind, float] = field(default_factory=dict)

    @property
    def ahead(self) -> int:
        """Cubes placed by this side minus the best other side (0 in solo)."""
        return 0 if self.solo else self.mine_placed - self.best_other

    def p_has(self, kind: Kind) -> float:
        """The odds that some opponent's hand holds ``kind`` before this seat plays again."""
        if kind not in self._p_one:
            self._p_one[kind] = _p_at_least(self.unseen, kind, self.opp_hand, 1,
                                            len(self.opponents))
        return self._p_one[kind]

    def p_two(self, kind: Kind) -> float:
        """The odds that an opponent holds two cards of ``kind``."""
        if kind not in self._p_two:
            self._p_two[kind] = _p_at_least(self.unseen, kind, self.opp_hand, 2,
                                            len(self.opponents))
        return self._p_two[kind]

    def p_mate(self, kind: Kind) -> float:
        """Teams: the odds that the partner's unseen hand holds ``kind``."""
        if kind not in self._p_mate:
            self._p_mate[kind] = _p_at_least(self.unseen, kind, self.partner_hand, 1, 1)
        return self._p_mate[kind]

    def p_draw(self, kind: Kind, draws: int) -> float:
        """Solo: the odds that ``draws`` cards from the deck bring ``kind``."""
        key = (kind, draws)
        if key not in self._p_draw:
            total = sum(self.unseen.values())
            k = self.unseen[kind]
            self._p_draw[key] = 0.0 if draws <= 0 or total == 0 else \
                1.0 - _hyper0(total, k, min(draws, total))
        return self._p_draw[key]


def _hyper0(total: int, good: int, drawn: int) -> float:
    """The odds that ``drawn`` cards out of ``total`` miss all ``good`` ones."""
    if drawn > total - good:
        return 0.0
    return comb(total - good, drawn) / comb(total, drawn)


def _p_at_least(unseen: Counter[Kind], kind: Kind, hand: int, n: int, hands: int) -> float:
    total = sum(unseen.values())
    good = unseen[kind]
    if hand <= 0 or good < n or total == 0:
        return 0.0
    hand = min(hand, total)
    miss = _hyper0(total, good, hand)
    if n == 1:
        one_hand = 1.0 - miss
    else:
        exactly_one = good * comb(total - good, hand - 1) / comb(total, hand) \
            if hand - 1 <= total - good else 0.0
        one_hand = max(0.0, 1.0 - miss - exactly_one)
    return 1.0 - (1.0 - one_hand) ** max(1, hands)


def kind_of_face(face: Face) -> Kind:
    return (face["colour"], face["animal"])


def read_seat(view: MimicView) -> Seat:
    """Everything the judgement needs, from the seat's view alone."""
    comp = components()
    seat = view["seat"]
    if seat is None:  # the public view: no hand to judge, no side to play for
        raise ValueError("a computer judges from a seat's view, not the public one")
    players = view["players"]
    sides = view["sides"]
    mine = next(i for i, s in enumerate(sides) if seat in s)
    pool: Counter[Kind] = Counter(comp.card(c).kind for c in comp.deck_for(players))
    hand = [(f["id"], kind_of_face(f)) for f in view["hand"]]
    seen = [kind_of_face(f) for f in view["board"].values()]
    seen += [kind_of_face(f) for f in view["removed"]]
    seen += [kind_of_face(f) for f in view["faceup"]]
    seen += [k for _, k in hand]
    show = view["showdown"]
    seen += [k for r in (show["revealed"] if show is not None else []) for _, k in _revealed(r)]
    pool.subtract(seen)
    pool = Counter({k: n for k, n in pool.items() if n > 0})
    opponents = [s for i, side in enumerate(sides) if i != mine for s in side]
    placed = list(view["cubes_placed"])
    return Seat(
        seat=seat,
        solo=view["mode"] == "solo",
        hand=hand,
        faceup=[kind_of_face(f) for f in view["faceup"]],
        unseen=pool,
        opponents=opponents,
        opp_hand=max((view["hand_sizes"][s] for s in opponents), default=0),
        opp_powers={p for s in opponents for p in view["powers"][s]["active"]},
        powers=list(view["powers"][seat]["active"]),
        mine_placed=placed[mine],
        best_other=max((n for i, n in enumerate(placed) if i != mine), default=0),
        cubes_left=view["cubes_left"][mine],
        deck=view["deck"],
        players=players,
        rivals=RIVALS.get(len(sides), 0.3),
        partner_hand=next((view["hand_sizes"][s] for s in sides[mine] if s != seat), 0),
    )


def _revealed(rnd: Iterable[Sequence[Any]]) -> Iterable[tuple[int, Kind]]:
    """Showdown rounds list ``[seat, card id]``; kinds are looked up by id."""
    for seat, card in rnd:
        face = components().card(card) if isinstance(card, str) else None
        if face is not None:
            yield seat, face.kind


# -- the judgement -----------------------------------------------------------------------

def worth(board: Board, seat: Seat, style: Style, hand: list[Kind], *, room: int = 0,
          draws: int | None = None) -> float:
    """What ``board`` is worth to ``seat`` holding ``hand`` (cubes already scored not counted).

    ``room``: placements it may still make this turn before the others move (solo: its next
    turn's two at least). ``draws``: cards it will draw before its next placement.
    """
    lines = survey(board)
    value = 0.0
    draws = max(0, 5 - len(hand)) if draws is None else draws
    avail = Counter(hand)
    faceup = Counter(seat.faceup)
    threat_w = style.threat * seat.rivals
    red_guard = 0.6 if ("red" in seat.opp_powers and not seat.solo) else 1.0
    free_draws = 0 if seat.solo else draws
    for _gap, k in sorted(lines.one):
        if avail[k] > 0:
            avail[k] -= 1
            if room > 0:
                value += 0.85 * CUBE  # it finishes this turn (a cube now still ranks higher)
                room -= 1
            elif seat.solo:
                value += 0.9 * CUBE
            else:
                p = seat.p_has(k) if style.odds else 0.4
                value += 0.75 * CUBE * (1 - p) * red_guard - threat_w * p * CUBE
        elif faceup[k] > 0 and free_draws > 0:
            faceup[k] -= 1
            free_draws -= 1
            p = seat.p_has(k) if style.odds else 0.4
            value += 0.6 * CUBE * (1 - p) * red_guard - threat_w * p * CUBE
        elif seat.solo:
            value += 0.55 * CUBE * seat.p_draw(k, draws)
        else:
            p = seat.p_has(k) if style.odds else 0.25 * min(2, seat.unseen[k])
            value -= threat_w * p * CUBE
            if seat.partner_hand and style.odds:
                # Teams: the partner plays after the next opponent and may hold the card.
                mate = seat.p_mate(k)
                value += 0.7 * CUBE * (1 - p) * mate
    # Lines two cards short: finished next turn by whoever holds both missing cards.
    seen_two = 0
    for _gap, ways in lines.two:
        best_mine, best_theirs = 0.0, 0.0
        for way in ways:
            need = needs(way)
            if all(avail[k] + (faceup[k] if not seat.solo else 0) >= n for k, n in need):
                best_mine = max(best_mine, 1.0)
            elif seat.solo:
                best_mine = max(best_mine, _solo_odds(seat, need, avail, draws))
            if threat_w and not seat.solo:
                if len(need) == 2:
                    p = seat.p_has(need[0][0]) * seat.p_has(need[1][0]) if style.odds else 0.1
                else:
                    p = seat.p_two(need[0][0]) if style.odds else 0.03
                best_theirs = max(best_theirs, p)
        if best_mine and seen_two < 4:
            seen_two += 1
            value += (0.45 if seat.solo else 0.3) * CUBE * best_mine
        value -= threat_w * 0.8 * best_theirs * CUBE
    # Blue: whoever holds one cubes any one and a half pairs at once (§Blue Power Cards).
    if "blue" in seat.powers or (threat_w and "blue" in seat.opp_powers):
        targets = lines.blue
        if targets and "blue" in seat.powers:
            value += 0.95 * CUBE  # spent before the turn ends (see ai_turn)
        elif targets and not seat.solo:
            # The opponent would cash its Blue card some time anyway: a target only lets it
            # do so now, on a line it might otherwise have spoiled.
            value -= threat_w * 0.25 * CUBE
    # Room to play: every open cell and the kinds it takes (a table that closes up ends the
    # game, §Ending the Game).
    capacity = sum(len(kinds) for kinds in lines.room.values())
    fit = sum(1 for kinds in lines.room.values() if any(k in kinds for k in hand))
    value += (SOLO_ROOM if seat.solo else 0.35) * capacity + 2.0 * lines.building
    value += 6.0 * min(fit, 3)
    return value


def _solo_odds(seat: Seat, need: tuple[tuple[Kind, int], ...], avail: Counter[Kind],
               draws: int) -> float:
    p = 1.0
    for k, n in need:
        short = n - avail[k]
        if short > 0:
            p *= seat.p_draw(k, draws) if short == 1 else seat.p_draw(k, draws) ** 2
    return p * 0.8


def end_of_game(seat: Seat, gained: int) -> float:
    """Worth of a turn that ends the game now (two cards cannot be laid): win, tie or loss."""
    if seat.solo:
        return -8 * CUBE
    lead = seat.mine_placed + gained - seat.best_other
    return 10 * CUBE if lead > 0 else (-10 * CUBE if lead < 0 else -2 * CUBE)
