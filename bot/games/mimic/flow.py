"""Applying MIMIC actions: placements, cubes, power cards, start cards, draws, turns, ties.

Implements ``shared/rules/mimic.txt`` §How to Play (1 Player, 2-4 Players, Teams), §Sets 2e–f,
§Power Cards, §Start Cards 3–8, §Ending the Game, §Winning the Game, §Ties and §Advanced
How To Play. Every function mutates the state it is given (the gate hands in a deep copy).

After each action `settle` moves the turn on where nothing is left to decide: the placement
phase ends by itself when ``end`` is the only legal action (which, with fewer than two cards
laid, is the end of the game: the player cannot lay the required cards); the draw phase draws
from the deck by itself once no face-up card is left to choose.

Choices (spec): the Blue cube counts like a set's cube but earns no start card; a line may
use the Orange jump only after its first cell; in the team game both members of a tied team
pick and the team shows its better card; a tied seat with an empty hand shows nothing, and if
nobody tied can show a card the tie stands. A solo game "wins" only by placing all 15 cubes;
its score is the number of cubes placed.
"""

from __future__ import annotations

from typing import Any

from bot.games.core import Event, Seat
from bot.games.mimic.cards import POWER_COLOURS, components
from bot.games.mimic.moves import (
    REQUIRED,
    active,
    board_of,
    partner,
    place_phase_actions,
    side_of,
)
from bot.games.mimic.sets import scoring_cells, start_card_cells
from bot.games.mimic.setup import fresh_step

State = dict[str, Any]


def apply_action(state: State, seat: Seat, action: str, events: list[Event]) -> None:
    """Apply one legal action, then `settle`."""
    verb, _, arg = action.partition(":")
    _HANDLERS[verb](state, seat, arg, events)
    settle(state, events)


# -- what the last turn changed on the grid ----------------------------------------------

LAST_KINDS = ("placed", "moved", "removed", "cubes", "starts")
"""What a turn's record lists: cells of laid cards, [from, to] moves, cells emptied by Red,
cells given a cube, cells given a yellow start card."""


def _log(state: State, kind: str, what: Any) -> None:
    """Note a change to the grid in ``state["last"]``: the record of the newest turn that
    changed it (the turn under way once it has changed something, else the one before).

    States stored before the record existed have no ``last``; the first change starts one.
    """
    last = state.get("last")
    if last is None or last["turn"] != state["turns"]:
        last = state["last"] = {"seat": state["turn"], "turn": state["turns"],
                                **{k: [] for k in LAST_KINDS}}
    last[kind].append(what)


# -- team phase --------------------------------------------------------------------------

def _give(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    """§How to Play (Teams): the partner gives one card, then the player gives one back."""
    mate, turn = partner(state), state["turn"]
    giver, taker = (mate, turn) if state["exchange"]["stage"] == "partner" else (turn, mate)
    state["hands"][giver].remove(card)
    state["hands"][taker].append(card)
    pair = frozenset({giver, taker})
    events.append(Event("card_given", giver, {"to": taker}))
    events.append(Event("card_given", giver, {"to": taker, "card": card}, visible_to=pair))
    if state["exchange"]["stage"] == "partner":
        state["exchange"]["stage"] = "back"
    else:
        state["exchange"] = None
        state["phase"] = "place"


# -- placement phase ---------------------------------------------------------------------

def _place(state: State, seat: Seat, arg: str, events: list[Event]) -> None:
    card, _, cell = arg.partition(":")
    state["hands"][seat].remove(card)
    state["cards"][cell] = card
    state["step"]["placed"] += 1
    events.append(Event("card_placed", seat, {"card": card, "cell": cell}))
    _log(state, "placed", cell)
    _score(state, seat, cell, events)


def _score(state: State, seat: Seat, cell: str, events: list[Event]) -> None:
    """§Sets 2e–f: a cube on the fourth card of every set the card at ``cell`` completed."""
    side = side_of(state, seat)
    scored = 0
    for last in scoring_cells(board_of(state), cell):
        if state["cubes_left"][side] == 0:
            break
        state["cubes"][last] = side
        state["cubes_left"][side] -= 1
        scored += 1
        _log(state, "cubes", last)
        events.append(Event("set_completed", seat, {"cell": last, "side": side}))
    if not scored:
        return
    if state["cubes_left"][side] == 0:
        _finish(state, "last_cube", [side], events)
        return
    step = state["step"]
    if not step["start_done"] and state["yellow_left"] > 0 \
            and start_card_cells(board_of(state)):
        state["phase"] = "start"


def _spend(state: State, seat: Seat, colour: str, events: list[Event], **data: Any) -> None:
    """§Power Cards 5: do the action, then the card is face down for the rest of the game."""
    powers = state["powers"][seat]
    powers["active"].remove(colour)
    powers["used"].append(colour)
    events.append(Event("power_used", seat, {"power": colour, **data}))


def _power(state: State, seat: Seat, colour: str, events: list[Event]) -> None:
    """Green: one more card from hand this turn. Orange: the jump, for this turn only."""
    _spend(state, seat, colour, events)
    if colour == "green":
        state["step"]["extra"] += 1
    else:
        state["step"]["jump"] = True


def _yellow(state: State, seat: Seat, cell: str, events: list[Event]) -> None:
    state["step"]["pending"] = {"power": "yellow", "from": cell}


def _cancel(state: State, seat: Seat, _: str, events: list[Event]) -> None:
    state["step"]["pending"] = None


def _to(state: State, seat: Seat, cell: str, events: list[Event]) -> None:
    """§Yellow Power Cards: the card moves on the grid; it may complete sets where it lands."""
    origin = state["step"]["pending"]["from"]
    state["step"]["pending"] = None
    state["cards"][cell] = state["cards"].pop(origin)
    _spend(state, seat, "yellow", events, origin=origin, cell=cell)
    _log(state, "moved", [origin, cell])
    _score(state, seat, cell, events)


def _red(state: State, seat: Seat, cell: str, events: list[Event]) -> None:
    """§Red Power Cards: the card leaves play, face up."""
    card = state["cards"].pop(cell)
    state["removed"].append(card)
    _spend(state, seat, "red", events, cell=cell, card=card)
    _log(state, "removed", cell)


def _blue(state: State, seat: Seat, cell: str, events: list[Event]) -> None:
    """§Blue Power Cards: a cube on the last card of one and a half pairs."""
    side = side_of(state, seat)
    state["cubes"][cell] = side
    state["cubes_left"][side] -= 1
    _spend(state, seat, "blue", events, cell=cell, side=side)
    _log(state, "cubes", cell)
    if state["cubes_left"][side] == 0:
        _finish(state, "last_cube", [side], events)


def _take(state: State, seat: Seat, colour: str, events: list[Event]) -> None:
    """§Advanced How To Play 1–4: a face-up power card instead of the second placement."""
    state["power_line"].remove(colour)
    mine = state["powers"][seat]["active"]
    mine.append(colour)
    mine.sort(key=POWER_COLOURS.index)
    events.append(Event("power_taken", seat, {"power": colour}))
    state["step"]["pending"] = None
    state["phase"] = "draw"


def _end(state: State, seat: Seat, _: str, events: list[Event]) -> None:
    """End the placement phase; without the required two cards the game ends (§Ending)."""
    if state["step"]["placed"] < REQUIRED:
        events.append(Event("cannot_place", seat, {"placed": state["step"]["placed"]}))
        _game_end(state, events)
        return
    state["phase"] = "draw"


def _start(state: State, seat: Seat, cell: str, events: list[Event]) -> None:
    """§Start Cards 3, 7: the one yellow start card this turn."""
    state["starts"][cell] = "yellow"
    state["yellow_left"] -= 1
    state["step"]["start_done"] = True
    state["phase"] = "place"
    _log(state, "starts", cell)
    events.append(Event("start_placed", seat, {"cell": cell}))


# -- draw phase and turns ----------------------------------------------------------------

def _draw(state: State, seat: Seat, source: str, events: list[Event]) -> None:
    """§Draw Phase 1: one card from the face-up cards or the top of the deck."""
    if source == "deck":
        card = state["deck"].pop(0)
        events.append(Event("card_drawn", seat, {"from": "deck"}))
        events.append(Event("card_drawn", seat, {"from": "deck", "card": card},
                            visible_to=frozenset({seat})))
    else:
        card = source
        state["faceup"].remove(card)
        events.append(Event("card_drawn", seat, {"from": "faceup", "card": card}))
    state["hands"][seat].append(card)


def _next_turn(state: State, events: list[Event]) -> None:
    """§Draw Phase 2–3: replenish the face-up cards (and power line), next player clockwise."""
    comp = components()
    if state["mode"] != "solo":
        while len(state["faceup"]) < comp.face_up and state["deck"]:
            state["faceup"].append(state["deck"].pop(0))
    while len(state["power_line"]) < comp.power_line and state["power_deck"]:
        state["power_line"].append(state["power_deck"].pop(0))
    state["turn"] = (state["turn"] + 1) % state["players"]
    state["turns"] += 1
    state["step"] = fresh_step()
    if state["mode"] == "teams":
        state["phase"], state["exchange"] = "exchange", {"stage": "partner"}
    else:
        state["phase"] = "place"
    events.append(Event("turn", state["turn"], {"turns": state["turns"]}))


# -- the end and the tie showdown --------------------------------------------------------

def _finish(state: State, termination: str, sides: list[int], events: list[Event]) -> None:
    winners = sorted(seat for side in sides for seat in state["sides"][side])
    state["result"] = {"termination": termination, "winners": winners}
    state["phase"] = "over"
    state["step"]["pending"] = None
    events.append(Event("game_over", None, {"termination": termination, "winners": winners}))


def _game_end(state: State, events: list[Event]) -> None:
    """§Winning the Game (2): most cubes placed wins; a tie goes to the showdown (§Ties)."""
    if state["mode"] == "solo":
        _finish(state, "stuck", [], events)
        return
    placed = placed_cubes(state)
    best = max(placed)
    tied = [side for side, n in enumerate(placed) if n == best]
    if len(tied) == 1:
        _finish(state, "stuck", tied, events)
        return
    state["phase"] = "showdown"
    state["showdown"] = {"sides": tied, "round": 1, "picks": {}, "revealed": []}
    events.append(Event("showdown", None, {"sides": tied}))


def placed_cubes(state: State) -> list[int]:
    """Cubes each side has placed so far."""
    comp = components()
    start = comp.cubes["team"] if state["mode"] == "teams" else comp.cubes[str(state["players"])]
    return [start - left for left in state["cubes_left"]]


def _pick(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    """§Ties 1: the card is chosen privately; nobody sees it until all have chosen."""
    state["hands"][seat].remove(card)
    state["showdown"]["picks"][str(seat)] = card
    events.append(Event("showdown_picked", seat, {}))


def _reveal(state: State, events: list[Event]) -> None:
    """§Ties 1–4: reveal together; highest animal, then colour; tied best cards go again."""
    show = state["showdown"]
    comp = components()
    picks = {int(s): c for s, c in show["picks"].items()}
    shown = [[s, c] for s, c in sorted(picks.items())]
    show["revealed"].append(shown)
    show["picks"] = {}
    events.append(Event("showdown_revealed", None, {"round": show["round"],
                                                    "picks": [list(p) for p in shown]}))
    ranks = {
        side: min(comp.rank(picks[s]) for s in state["sides"][side] if s in picks)
        for side in show["sides"] if any(s in picks for s in state["sides"][side])
    }
    if not ranks:
        _finish(state, "showdown", show["sides"], events)
        return
    best = min(ranks.values())
    still = [side for side, rank in ranks.items() if rank == best]
    if len(still) == 1:
        _finish(state, "showdown", still, events)
        return
    show["sides"] = still
    show["round"] += 1


def showdown_rank(state: State) -> list[dict[str, Any]]:
    """The sides of the tie showdown, best first (§Ties): a side that stayed in to a later
    round ranks above one out before it; sides out in the same round rank by the better card
    they showed. Each entry: ``side``, ``round`` (the last it showed a card in, from 1) and
    ``card`` (its best card of that round). Sides that never showed a card are left out."""
    comp = components()
    shown: dict[int, tuple[int, tuple[int, int], str]] = {}
    for number, rnd in enumerate((state.get("showdown") or {}).get("revealed", []), 1):
        for seat, card in rnd:
            side = side_of(state, seat)
            rank = comp.rank(card)
            held = shown.get(side)
            if held is None or held[0] < number or (held[0] == number and rank < held[1]):
                shown[side] = (number, rank, card)
    order = sorted(shown, key=lambda side: (-shown[side][0], shown[side][1], side))
    return [{"side": side, "round": shown[side][0], "card": shown[side][2]} for side in order]


def settle(state: State, events: list[Event]) -> None:
    """Move on through every step that has exactly one outcome."""
    while True:
        phase = state["phase"]
        if phase == "exchange" and not state["hands"][partner(state)]:
            state["phase"], state["exchange"] = "place", None
        elif phase == "start" and not start_card_cells(board_of(state)):
            state["phase"] = "place"
        elif phase == "place" and not state["step"]["pending"] \
                and place_phase_actions(state) == ["end"]:
            _end(state, state["turn"], "", events)
        elif phase == "draw" and (len(state["hands"][state["turn"]]) >= components().hand_size
                                  or not (state["faceup"] or state["deck"])):
            _next_turn(state, events)
        elif phase == "draw" and not state["faceup"]:
            _draw(state, state["turn"], "deck", events)
        elif phase == "showdown" and not active(state):
            _reveal(state, events)
        else:
            return


_HANDLERS = {
    "give": _give, "place": _place, "power": _power, "yellow": _yellow, "to": _to,
    "cancel": _cancel, "red": _red, "blue": _blue, "take": _take, "end": _end,
    "start": _start, "draw": _draw, "pick": _pick,
}
