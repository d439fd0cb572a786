"""MIMIC's words free of Discord, from the catalogue (``bot/i18n/<language>/mimic.po``): card
and power-card names, one log line per public event, and why a move was refused. A hand card
is never named in the log (only cards on the table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.core import Event
from bot.games.mimic.cards import components
from bot.games.mimic.views import Face
from bot.i18n import Words


def card_name(face: Face, w: Words) -> str:
    """``Red Lion``, ``Červený lev``: one message per card, since a Czech colour agrees with
    its animal (lev and slon are masculine, žirafa and zebra feminine)."""
    return w(f"mimic.card.{face['colour']}.{face['animal']}")


def power_name(colour: str, w: Words) -> str:
    """A power card's name as listed: ``Green``, ``Zelená``."""
    return w(f"mimic.power.{colour}")


def face(card: str) -> Face:
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


def rules_text(w: Words, board: Words) -> str:
    """/mimic rules in the reader's words, naming the buttons as the server's board does."""
    return w("mimic.rules", hand=board("mimic.button.hand"), draw=board("mimic.button.draw"))
