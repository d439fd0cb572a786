"""Who may act in a MIMIC position, and every legal action, phase by phase.

Implements the phase structure of ``shared/rules/mimic.txt`` §How to Play (1 Player),
§How To Play (2-4 Players), §How to Play (Teams), §Power Cards, §Start Cards, §Ties and
§Advanced How To Play. Each phase lists its own actions; the Yellow power card's move takes two
steps (pick the card, then its new cell) through ``step["pending"]``, so no list is a cartesian
product and every list stays small enough for Discord autocomplete.

Action codes:
    ``give:c17``        team phase: the partner gives a card, then the player gives one back.
    ``place:c17:D5``    place a hand card.
    ``power:green``     Green: one more placement from hand this turn.
    ``power:orange``    Orange: lines may jump one cube or start card for the rest of the turn.
    ``yellow:D5``       Yellow, step 1: the card to move; ``to:E6`` step 2; ``cancel`` backs out.
    ``red:D5``          Red: remove that card from play.
    ``blue:D5``         Blue: a cube on the third card of an incomplete set.
    ``take:red``        advanced: take a face-up power card instead of a second placement.
    ``end``             end the placement phase (with fewer than two cards: the game ends).
    ``start:C6``        place the yellow start card earned by a completed set.
    ``draw:c17``        draw a face-up card; ``draw:deck`` the top card of the deck.
    ``pick:c17``        tie showdown: the card shown (collected privately, revealed together).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.core import IllegalAction, Seat, Term
from bot.games.mimic.cards import POWER_COLOURS, components, kind_of
from bot.games.mimic.geometry import is_cell, order
from bot.games.mimic.sets import Board, blue_targets, placements, start_card_cells

State = Mapping[str, Any]
REQUIRED = 2
"""Cards a player must lay from hand each turn (§How To Play 2; the minimum in solo)."""
MAX_POWERS = 3
"""Advanced: at most three active power cards (§Advanced How To Play 3)."""


def board_of(state: State) -> Board:
    """The position as `sets` sees it (cards by kind, the Orange jump if active)."""
    return Board(
        frozenset(state["starts"]),
        {cell: kind_of(card) for cell, card in state["cards"].items()},
        frozenset(state["cubes"]),
        bool(state["step"]["jump"]),
    )


def side_of(state: State, seat: Seat) -> int:
    """The cube owner a seat plays for: its team in the team game, else itself."""
    return next(i for i, seats in enumerate(state["sides"]) if seat in seats)


def partner(state: State) -> Seat:
    """The team-mate of the seat whose turn it is."""
    seats = state["sides"][side_of(state, state["turn"])]
    return int(next(s for s in seats if s != state["turn"]))


def active(state: State) -> frozenset[Seat]:
    """Who may act now: one seat, or every tied seat still to pick in a showdown."""
    phase = state["phase"]
    if phase == "over":
        return frozenset()
    if phase == "exchange" and state["exchange"]["stage"] == "partner":
        return frozenset({partner(state)})
    if phase == "showdown":
        return frozenset(showdown_seats(state)) - {int(s) for s in state["showdown"]["picks"]}
    return frozenset({state["turn"]})


def showdown_seats(state: State) -> list[Seat]:
    """The seats of the sides still tied that hold a card to show."""
    return [
        seat for side in state["showdown"]["sides"] for seat in state["sides"][side]
        if state["hands"][seat]
    ]


def room(state: State) -> int:
    """Placements from hand still allowed this turn (two, or up to five in solo, plus Greens)."""
    step = state["step"]
    cap = components().hand_size if state["mode"] == "solo" else REQUIRED
    return cap + int(step["extra"]) - int(step["placed"])


def movable(state: State) -> list[str]:
    """Cards the Yellow or Red power card may take: MIMIC cards without a cube."""
    return sorted((c for c in state["cards"] if c not in state["cubes"]), key=order)


def move_targets(state: State, cell: str) -> list[str]:
    """Where the Yellow power card may move the card at ``cell`` (legal as if from hand)."""
    board = board_of(state)
    kind = board.cards[cell]
    return [c for c in placements(board.without(cell), kind) if c != cell]


def may_take(state: State, seat: Seat, colour: str) -> bool:
    """Advanced: whether the seat may take a face-up power card of this colour."""
    mine = state["powers"][seat]["active"]
    return colour in state["power_line"] and len(mine) < MAX_POWERS and colour not in mine


def placement_actions(state: State) -> list[str]:
    """``place:`` actions for the seat to act: every hand card on every legal cell."""
    if room(state) <= 0:
        return []
    board = board_of(state)
    return [
        f"place:{card}:{cell}"
        for card in state["hands"][state["turn"]]
        for cell in placements(board, kind_of(card))
    ]


def place_phase_actions(state: State) -> list[str]:
    """Everything the player may do in the placement phase, in a fixed order."""
    step = state["step"]
    if step["pending"] is not None:
        return [f"to:{c}" for c in move_targets(state, step["pending"]["from"])] + ["cancel"]
    seat = state["turn"]
    acts = placement_actions(state)
    can_place = bool(acts)
    mine = state["powers"][seat]["active"]
    # Green only where it adds a card the hand could not lay otherwise: never in solo, where
    # the room is the whole hand (a solo game stored before solo lost its green keeps one).
    if "green" in mine and state["mode"] != "solo" \
            and len(state["hands"][seat]) > max(room(state), 0):
        acts.append("power:green")
    if "yellow" in mine:
        acts += [f"yellow:{c}" for c in movable(state) if move_targets(state, c)]
    if "red" in mine:
        acts += [f"red:{c}" for c in movable(state)]
    if "blue" in mine:
        acts += [f"blue:{c}" for c in blue_targets(board_of(state))]
    if "orange" in mine and not step["jump"]:
        acts.append("power:orange")
    if state["advanced"] and step["placed"] == 1:
        acts += [f"take:{c}" for c in POWER_COLOURS if may_take(state, seat, c)]
    if step["placed"] >= REQUIRED or not can_place:
        acts.append("end")
    return acts


def legal(state: State, seat: Seat) -> list[str]:
    """Every legal action code for ``seat`` now, in a deterministic order."""
    if seat not in active(state):
        return []
    phase = state["phase"]
    hand = state["hands"][seat]
    if phase in ("exchange", "showdown"):
        verb = "give" if phase == "exchange" else "pick"
        return [f"{verb}:{card}" for card in hand]
    if phase == "place":
        return place_phase_actions(state)
    if phase == "start":
        return [f"start:{c}" for c in start_card_cells(board_of(state))]
    if phase == "draw":
        return [f"draw:{c}" for c in state["faceup"]] + (["draw:deck"] if state["deck"] else [])
    return []


def explain(state: State, seat: Seat, action: str) -> IllegalAction:
    """Why ``action`` is not legal for ``seat`` now: the refusal to raise."""
    verb, _, arg = action.partition(":")
    phase = state["phase"]
    if verb not in _VERBS:
        return IllegalAction("mimic.refused.not_a_move")
    if phase != _PHASE_OF.get(verb, "place"):
        return IllegalAction(f"mimic.refused.phase.{phase if phase in _PHASES else 'other'}")
    pending = state["step"]["pending"]
    if phase == "place" and pending is not None and verb not in ("to", "cancel"):
        return IllegalAction("mimic.refused.finish_yellow")
    if verb in ("give", "pick", "place") and arg.split(":")[0] not in state["hands"][seat]:
        return IllegalAction("mimic.refused.not_in_hand")
    if verb == "place":
        card, _, cell = arg.partition(":")
        if room(state) <= 0:
            return IllegalAction("mimic.refused.all_laid")
        if not is_cell(cell):
            return IllegalAction("mimic.refused.bad_cell")
        if not board_of(state).empty(cell):
            return IllegalAction("mimic.refused.taken", cell=cell)
        face = components().card(card)
        return IllegalAction("mimic.refused.no_line", cell=cell,
                             card=Term(f"mimic.card.{face.colour}.{face.animal}"))
    if verb in ("power", "yellow", "red", "blue", "take"):
        colour = arg if verb in ("power", "take") else verb
        if verb == "take":
            if not state["advanced"]:
                return IllegalAction("mimic.refused.take_basic")
            if state["step"]["placed"] != 1:
                return IllegalAction("mimic.refused.take_when")
            return IllegalAction("mimic.refused.take_colour",
                                 power=Term(f"mimic.power_acc.{colour}", colour))
        if colour not in state["powers"][seat]["active"]:
            return IllegalAction("mimic.refused.no_power",
                                 power=Term(f"mimic.power_acc.{colour}", colour))
        return IllegalAction("mimic.refused.power_idle",
                             power=Term(f"mimic.power_nom.{colour}", colour))
    if verb == "end":
        if pending is not None:
            return IllegalAction("mimic.refused.end_yellow")
        return IllegalAction("mimic.refused.end", n=REQUIRED)
    if verb in ("to", "cancel") and pending is None:
        return IllegalAction("mimic.refused.no_yellow")
    if verb == "start":
        return IllegalAction("mimic.refused.start")
    if verb == "draw":
        return IllegalAction("mimic.refused.deck_empty" if arg == "deck"
                             else "mimic.refused.not_faceup")
    return IllegalAction("mimic.refused.to")


_VERBS = {"give", "place", "power", "yellow", "to", "cancel", "red", "blue", "take", "end",
          "start", "draw", "pick"}
_PHASE_OF = {"give": "exchange", "pick": "showdown", "start": "start", "draw": "draw"}
_PHASES = {"exchange", "place", "start", "draw", "showdown", "over"}
