"""MIMIC in words for any front end: what the seat does next, and the cells a hand card may
go to, each with what it starts or completes (read off the seat's view)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mimic.ai import board_from_view
from bot.games.mimic.geometry import order
from bot.games.mimic.hints import kind, line_facts, needed
from bot.games.mimic.sets import Board
from bot.games.mimic.views import MimicView
from bot.i18n import Words


def _notes(facts: tuple[list[str], int, bool], w: Words) -> str:
    starts, longest, completes = facts
    where = ", ".join(starts)
    parts = [w("mimic.cell.start" if len(starts) == 1 else "mimic.cell.starts", starts=where)]
    if longest:
        parts.append(w("mimic.cell.on_it", cards=w.n("unit.cards", longest)))
    if completes:
        parts.insert(0, w("mimic.cell.completes"))
    return " · ".join(parts)


def cell_choices(view: MimicView, card: str, cells: Sequence[str],
                 w: Words) -> list[tuple[str, str]]:
    """``(label, cell)`` for each legal cell of a hand card; set-completing cells first."""
    face = next((f for f in view["hand"] if f["id"] == card), None)
    if face is None:
        return []
    board = board_from_view(view)
    facts = {cell: line_facts(board, cell, kind(face)) for cell in cells}
    labelled = [(f"{cell} — {_notes(facts[cell], w)}", cell) for cell in cells]
    return sorted(labelled, key=lambda lc: (not facts[lc[1]][2], order(lc[1])))


def cell_notes(board: Board, cell: str, card_kind: tuple[str, str], w: Words) -> str:
    """Why a cell is legal for a card: the start cards its lines come from, and a completion."""
    return _notes(line_facts(board, cell, card_kind), w)


def next_hint(view: MimicView, w: Words, board: Words, keys: str = "mimic.next") -> str:
    """What the seat does next, in one line of the reader's words (``board``: the server's,
    to name a button as the board shows it); ``keys``: the catalogue's messages for it, which
    name Discord's commands (``mimic.next``) or the web board's clicks (``web.mimic``)."""
    phase, step = view["phase"], view["step"]
    if phase == "place":
        if step["pending"] is not None:
            return w(f"{keys}.pending", cell=step["pending"]["from"])
        if needed(view):
            return w.n(f"{keys}.lay", needed(view))
        return w(f"{keys}.more", end=board("mimic.button.end"))
    if phase == "draw":
        return w(f"{keys}.draw", draw=board("mimic.button.draw"))
    if phase in ("start", "exchange", "showdown"):
        return w(f"{keys}.{phase}")
    return w(f"{keys}.move")
