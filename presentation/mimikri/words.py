"""Mimikri's log lines, free of Discord, in the reader's words: who turned up which position and
whether it was the wanted butterfly — never which butterfly lay there
(``shared/specs/mimikri.md`` §Keeping memory honest)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.core import Event
from bot.i18n import Words


def card(animal: str, w: Words) -> str:
    """A subject card by its animal, as the object of a sentence ("the frog card"; Czech
    needs the accusative, "kartu se žábou", so the whole phrase is one message)."""
    return w(f"mimikri.card.{animal}")


def edge(orientation: str, w: Words) -> str:
    """An edge of a subject card (N, E, S or W) in words: "north", Czech "severní"."""
    return w(f"mimikri.edge.{orientation}")


def joined(names: Sequence[str], w: Words) -> str:
    """Names as a list the language's way: "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return w("mimikri.list_and", rest=", ".join(names[:-1]), last=names[-1])


def describe(
    event: Event, names: Sequence[str], w: Words, quote: Callable[[str], str] = str
) -> str | None:
    """One line per public event. ``names`` are the seats' names as shown; ``quote`` shows a
    name an event carries (a player who left, say) the same way."""
    name = names[event.seat] if event.seat is not None and 0 <= event.seat < len(names) else ""
    data = event.data
    match event.kind:
        case "started":
            return w("mimikri.log.started")
        case "subject_drawn":
            return w("mimikri.log.drawn", name=name, card=card(data["animal"], w))
        case "oriented":
            return w("mimikri.log.oriented", name=name, edge=edge(data["orientation"], w))
        case "camera_passed":
            return w("mimikri.log.passed", name=names[data["to"]])
        case "revealed" if data["found"]:
            return w("mimikri.log.found", name=name, pos=data["pos"])
        case "revealed":
            return w("mimikri.log.missed", name=name, pos=data["pos"])
        case "pile_reshuffled":
            return w("mimikri.log.reshuffled")
        case "subject_out":
            return w("mimikri.log.out", card=card(data["animal"], w))
        case "timed_out":
            key = "mimikri.log.timed_out_kept" if data["handed_over"] else "mimikri.log.timed_out"
            return w(key, name=quote(data["name"]))
        case "replaced":
            return w("mimikri.log.replaced", name=quote(data["name"]))
    return None
