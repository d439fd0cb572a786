"""Mimikri's log lines, free of Discord: who turned up which position and whether it was the
wanted butterfly — never which butterfly lay there (``shared/specs/mimikri.md`` §Keeping
memory honest)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.core import Event

EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def describe(event: Event, names: Sequence[str], quote: Callable[[str], str] = str) -> str | None:
    """One line per public event. ``names`` are the seats' names as shown; ``quote`` shows a
    name an event carries (a player who left, say) the same way."""
    name = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
    data = event.data
    match event.kind:
        case "started":
            return "The game begins. Good luck, and remember what you see!"
        case "subject_drawn":
            return f"🎴 {name} draws the {data['animal']} card."
        case "oriented":
            return f"📷 {name} puts it in {EDGE_NAMES[data['orientation']]} edge first."
        case "camera_passed":
            return (f"↪️ Somebody already has that butterfly: the camera and the card pass to"
                    f" {names[data['to']]}.")
        case "revealed" if data["found"]:
            return f"🦋 {name} turns up {data['pos']} — found it!"
        case "revealed":
            return f"❌ {name} turns up {data['pos']} — not this one."
        case "pile_reshuffled":
            return ("🔀 All subject cards played: reshuffled. From now on the camera must show"
                    " a butterfly nobody has collected.")
        case "subject_out":
            return f"🚫 All {data['animal']} butterflies are collected: that card is out."
        case "timed_out":
            tail = " The computer keeps the seat now." if data["handed_over"] else ""
            return f"⏰ {quote(data['name'])} ran out of time; the computer moved.{tail}"
        case "replaced":
            return f"🤖 {quote(data['name'])} left; a computer player takes the seat."
    return None
