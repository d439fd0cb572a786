"""Mimikri on the web board: the camera's edge while orienting, then a face-down position of
the grid, clicked on the picture."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mimikri.views import MimikriView
from bot.i18n import Words
from presentation.mimikri import words as texts
from rendering import mimikri as art
from web.games import Box, Choice, Panel, WebGame, box_of


def panel(view: MimikriView, legal: Sequence[str], w: Words) -> Panel:
    """An edge button per untried orientation, or every face-down position on the picture."""
    if not legal:
        return Panel()
    if view["phase"] == "orient":
        made = Panel(w("web.mimikri.orient", card=texts.card(view["subject"], w)))
    else:
        made = Panel(w("web.mimikri.search"))
    for code in legal:
        verb, _, arg = code.partition(":")
        # Edges keep their letters in every language: the pictures mark the card's edges so.
        made.choices.append(Choice(code, arg, spot=arg if verb == "reveal" else None))
    return made


def spots(view: MimikriView) -> dict[str, Box]:
    """Every position of the grid."""
    cells = len(view["grid"])
    height = art.BOARD_H
    return {cell["pos"]: box_of(art.cell_box(i, cells), art.W, height)
            for i, cell in enumerate(view["grid"])}


BOARD = WebGame(panel, spots)
