"""MIMIC's words free of Discord: card names and one log line per public event. A hand card is
never named (only cards on the table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.core import Event
from bot.games.mimic.cards import components


def title(face: Mapping[str, str]) -> str:
    """``Red Lion``."""
    return f"{face['colour'].title()} {face['animal'].title()}"


def face(card: str) -> dict[str, str]:
    """A card's face (id, colour, animal) from its id."""
    c = components().card(card)
    return {"id": c.id, "colour": c.colour, "animal": c.animal}


def describe(event: Event, names: Sequence[str], quote: Callable[[str], str] = str) -> str | None:
    """One line per public event. ``names`` are the seats' names as shown; ``quote`` shows a
    name an event carries (a player who left, say) the same way."""
    seat = event.seat
    name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    data = event.data
    match event.kind:
        case "started":
            return "The game begins: build two pairs of one colour in a line!"
        case "card_placed":
            return f"🃏 {name} lays a {title(face(data['card']))} on {data['cell']}."
        case "set_completed":
            return f"✅ {name} completes a set: a cube on {data['cell']}!"
        case "start_placed":
            return f"⭐ {name} places a yellow start card on {data['cell']}."
        case "power_used":
            return _power_line(name, data)
        case "power_taken":
            return f"🎴 {name} takes the face-up {data['power']} power card."
        case "card_drawn" if data.get("from") == "faceup":
            return f"📥 {name} takes the face-up {title(face(data['card']))}."
        case "card_given":
            return f"🤝 {name} passes a card to {names[data['to']]}."
        case "cannot_place":
            return f"🚫 {name} cannot lay two cards: the game ends."
        case "turn":
            return f"➡️ {name}'s turn."
        case "showdown":
            return "⚖️ A tie! The tied players each pick a card to show."
        case "showdown_picked":
            return f"🤫 {name} has picked a card."
        case "showdown_revealed":
            shown = ", ".join(f"{names[s]}: {title(face(c))}"
                              for s, c in data["picks"])
            return f"🔍 Cards shown — {shown}."
        case "game_over":
            return "🏁 The game is over."
        case "timed_out":
            tail = " The computer keeps the seat now." if data["handed_over"] else ""
            return f"⏰ {quote(data['name'])} ran out of time; the computer moved.{tail}"
        case "replaced":
            return f"🤖 {quote(data['name'])} left; a computer player takes the seat."
    return None


def _power_line(name: str, data: Mapping[str, Any]) -> str:
    power = data["power"]
    if power == "green":
        return f"🟩 {name} plays Green: a third card this turn."
    if power == "orange":
        return f"🟧 {name} plays Orange: lines may jump an obstruction this turn."
    if power == "yellow":
        return f"🟨 {name} plays Yellow: the card on {data['origin']} moves to {data['cell']}."
    if power == "red":
        return (f"🟥 {name} plays Red: the {title(face(data['card']))} on {data['cell']}"
                " leaves play.")
    return f"🟦 {name} plays Blue: a cube on {data['cell']} (incomplete set)."
