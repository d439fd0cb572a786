"""MIMIC's words free of Discord, from the catalogue (``bot/i18n/<language>/mimic.po``): card
and power-card names, one log line per public event, and why a move was refused. A hand card
is never named in the log (only cards on the table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.core import Event, Seat
from bot.games.mimic.cards import components
from bot.games.mimic.geometry import is_cell
from bot.games.mimic.moves import REQUIRED, board_of, room
from bot.i18n import Words


def card_name(face: Mapping[str, str], w: Words) -> str:
    """``Red Lion``, ``Červený lev``: one message per card, since a Czech colour agrees with
    its animal (lev and slon are masculine, žirafa and zebra feminine)."""
    return w(f"mimic.card.{face['colour']}.{face['animal']}")


def power_name(colour: str, w: Words) -> str:
    """A power card's name as listed: ``Green``, ``Zelená``."""
    return w(f"mimic.power.{colour}")


def face(card: str) -> dict[str, str]:
    """A card's face (id, colour, animal) from its id."""
    c = components().card(card)
    return {"id": c.id, "colour": c.colour, "animal": c.animal}


def describe(event: Event, names: Sequence[str], w: Words,
             quote: Callable[[str], str] = str) -> str | None:
    """One line per public event. ``names`` are the seats' names as shown; ``quote`` shows a
    name an event carries (a player who left, say) the same way."""
    seat = event.seat
    name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    data = event.data
    match event.kind:
        case "started":
            return w("mimic.log.started")
        case "card_placed":
            return w("mimic.log.placed", name=name, card=card_name(face(data["card"]), w),
                     cell=data["cell"])
        case "set_completed":
            return w("mimic.log.set", name=name, cell=data["cell"])
        case "start_placed":
            return w("mimic.log.start", name=name, cell=data["cell"])
        case "power_used":
            return _power_line(name, data, w)
        case "power_taken":
            return w("mimic.log.power_taken", name=name,
                     power=w(f"mimic.power_acc.{data['power']}"))
        case "card_drawn" if data.get("from") == "faceup":
            return w("mimic.log.drew_faceup", name=name, card=card_name(face(data["card"]), w))
        case "card_given":
            return w("mimic.log.given", name=name, to=names[data["to"]])
        case "cannot_place":
            return w("mimic.log.cannot_place", name=name)
        case "turn":
            return w("mimic.log.turn", name=name)
        case "showdown":
            return w("mimic.log.showdown")
        case "showdown_picked":
            return w("mimic.log.picked", name=name)
        case "showdown_revealed":
            shown = ", ".join(f"{names[s]}: {card_name(face(c), w)}" for s, c in data["picks"])
            return w("mimic.log.revealed", shown=shown)
        case "game_over":
            return w("mimic.log.over")
        case "timed_out":
            key = "mimic.log.timed_out_kept" if data["handed_over"] else "mimic.log.timed_out"
            return w(key, name=quote(data["name"]))
        case "replaced":
            return w("mimic.log.replaced", name=quote(data["name"]))
    return None


def _power_line(name: str, data: Mapping[str, Any], w: Words) -> str:
    power = data["power"]
    if power == "yellow":
        return w("mimic.log.yellow", name=name, origin=data["origin"], cell=data["cell"])
    if power == "red":
        return w("mimic.log.red", name=name, card=card_name(face(data["card"]), w),
                 cell=data["cell"])
    if power == "blue":
        return w("mimic.log.blue", name=name, cell=data["cell"])
    return w(f"mimic.log.{power}", name=name)


_VERBS = {"give", "place", "power", "yellow", "to", "cancel", "red", "blue", "take", "end",
          "start", "draw", "pick"}
_PHASE_OF = {"give": "exchange", "pick": "showdown", "start": "start", "draw": "draw"}
_PHASES = {"exchange", "place", "start", "draw", "showdown", "over"}


def refusal(state: Mapping[str, Any], seat: Seat, action: str, w: Words) -> str:
    """Why the rules refused ``action`` for ``seat`` in ``state``, in the reader's words.

    The rules explain a refusal in English only (``moves.explain``); this walks the same
    questions in the same order, so its English is theirs word for word (a test holds them
    together) and its Czech is the catalogue's.
    """
    verb, _, arg = action.partition(":")
    phase = state["phase"]
    if verb not in _VERBS:
        return w("mimic.refused.not_a_move")
    if phase != _PHASE_OF.get(verb, "place"):
        return w(f"mimic.refused.phase.{phase if phase in _PHASES else 'other'}")
    pending = state["step"]["pending"]
    if phase == "place" and pending is not None and verb not in ("to", "cancel"):
        return w("mimic.refused.finish_yellow")
    if verb in ("give", "pick", "place") and arg.split(":")[0] not in state["hands"][seat]:
        return w("mimic.refused.not_in_hand")
    if verb == "place":
        card, _, cell = arg.partition(":")
        if room(state) <= 0:
            return w("mimic.refused.all_laid")
        if not is_cell(cell):
            return w("mimic.refused.bad_cell")
        if not board_of(state).empty(cell):
            return w("mimic.refused.taken", cell=cell)
        return w("mimic.refused.no_line", card=card_name(face(card), w), cell=cell)
    if verb in ("power", "yellow", "red", "blue", "take"):
        colour = arg if verb in ("power", "take") else verb
        if verb == "take":
            if not state["advanced"]:
                return w("mimic.refused.take_basic")
            if state["step"]["placed"] != 1:
                return w("mimic.refused.take_when")
            return w("mimic.refused.take_colour", power=_acc(colour, w))
        if colour not in state["powers"][seat]["active"]:
            return w("mimic.refused.no_power", power=_acc(colour, w))
        return w("mimic.refused.power_idle", power=_nom(colour, w))
    if verb == "end":
        if pending is not None:
            return w("mimic.refused.end_yellow")
        return w.n("mimic.refused.end", REQUIRED)
    if verb in ("to", "cancel") and pending is None:
        return w("mimic.refused.no_yellow")
    if verb == "start":
        return w("mimic.refused.start")
    if verb == "draw":
        return w("mimic.refused.deck_empty" if arg == "deck" else "mimic.refused.not_faceup")
    return w("mimic.refused.to")


def _acc(colour: str, w: Words) -> str:
    """A power card's colour as the object of a sentence (Czech: zelenou); a colour the game
    does not know (typed by a player) is shown as typed."""
    key = f"mimic.power_acc.{colour}"
    return w(key) if w.has(key) else colour


def _nom(colour: str, w: Words) -> str:
    key = f"mimic.power_nom.{colour}"
    return w(key) if w.has(key) else colour
