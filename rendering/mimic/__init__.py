"""MIMIC's pictures: the public table, one player's private hand, the rules card and
the result card that replaces the table once the game is over.

Reads only views (``MimicRules.view``): `render_board` takes the public view, `render_hand` a
seat's own view plus the legal cells of its hand cards, which the cog computes with the rules
module (rendering never judges a position itself). All are deterministic; the board and the
hand are of fixed size, the rules and result cards as tall as their words need.

The board: the title bar; the "what changed" strip (what the newest turn did on the grid, its
cells framed on the grid); the 7 × 7 grid; the players' and the draw area's panels. The parts
live in this package's ``parts`` (geometry, words), ``grid``, ``panels``, ``hand``, ``rules``
and ``result``; how a card shows its colour and animal without relying on colour vision in
``art``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.games.mimic.views import Last, LastKind, MimicView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimic import parts as common
from rendering.mimic.grid import LAST_FRAME, changed_cells, frame, grid
from rendering.mimic.hand import HAND_H, MINI, MINI_GAP, MINI_SPAN, MINI_Y, POWERS_Y, render_hand
from rendering.mimic.panels import draw_area, players_panel
from rendering.mimic.parts import (
    LIGHT_MARK,
    SIZE,
    SMALL,
    TITLE_H,
    M,
    W,
    aside,
    name_of,
    showdown_faces,
)
from rendering.mimic.result import render_result
from rendering.mimic.rules import render_rules

__all__ = ["BOARD_H", "HAND_H", "LAST_FRAME", "LIGHT_MARK", "MINI", "MINI_GAP", "MINI_SPAN",
           "MINI_Y", "POWERS_Y", "STRIP", "TITLE_H", "W", "cell_box",
           "changed_cells", "render_board", "render_hand", "render_result", "render_rules",
           "showdown_faces", "what_changed"]

CELL = 120
GAP = 4
HEAD_ROOM = 180  # the last-turn strip's least room for whose turn it was
LABEL = 40
STRIP = (M, TITLE_H + 8, W - M, TITLE_H + 56)
"""The "what changed" strip's box, between the title bar and the grid."""
GRID_SPAN = SIZE * CELL + (SIZE - 1) * GAP
GRID_X = (W - GRID_SPAN) // 2
GRID_Y = STRIP[3] + 6 + LABEL
PANEL_Y = GRID_Y + GRID_SPAN + LABEL + 8
PANEL_H = 420
PLAYERS_W = 548
BOARD_H = PANEL_Y + PANEL_H + 16


def cell_box(cell: str, x0: int = GRID_X, y0: int = GRID_Y, size: int = CELL,
             gap: int = GAP) -> tuple[int, int, int, int]:
    """Pixel box of a cell (the public board's grid unless told otherwise); row 7 on top."""
    return common.cell_box(cell, x0, y0, size, gap)


def render_board(view: MimicView, names: Sequence[str], w: Words) -> bytes:
    """The public table as one PNG (``W`` × ``BOARD_H``), in the words ``w``; once the game
    is over, the result card (``render_result``) instead."""
    if view["phase"] == "over":
        return render_result(view, names, w)
    img = canvas.new(W, BOARD_H)
    draw = ImageDraw.Draw(img)
    title = w("mimic.picture.title_turn", turn=w.number(view["turns"] + 1))
    common.title_bar(img, title,
                     canvas.truncate(common.status(view, names, w), theme.TEXT_SIZE, 560),
                     TITLE_H)
    _strip(draw, view, names, w)
    grid(img, draw, view, GRID_X, GRID_Y, CELL, GAP, LABEL, w, last=view.get("last"))
    players_panel(draw, view, names, (M, PANEL_Y, M + PLAYERS_W, PANEL_Y + PANEL_H), w)
    draw_area(img, draw, view, names, (M + PLAYERS_W + 14, PANEL_Y, W - M, PANEL_Y + PANEL_H),
              w)
    return canvas.to_png(img)


def what_changed(last: Last | None, w: Words) -> str:
    """The last turn's grid changes in words ("2 cards laid, 1 moved, 1 cube")."""
    if not last:
        return ""
    kinds: tuple[LastKind, ...] = ("placed", "moved", "removed", "cubes", "starts")
    parts = [w.n(f"mimic.picture.last.{kind}", len(last.get(kind, ())))
             for kind in kinds if last.get(kind)]
    return ", ".join(parts) or w("mimic.picture.last.nothing")


def _strip(draw: ImageDraw.ImageDraw, view: MimicView, names: Sequence[str], w: Words) -> None:
    """The "what changed" strip: a sample of the last turn's frame, whose turn it was, and
    what it did on the grid (the words right, the name cut before them)."""
    x0, y0, x1, y1 = STRIP
    canvas.card(draw, STRIP, theme.PANEL, theme.PANEL_EDGE, 2, radius=10)
    last = view.get("last")
    middle = (y0 + y1) / 2
    if not last:
        canvas.label(draw, (x0 + 16, y0, x1 - 16, y1), w("mimic.picture.last.none"), SMALL,
                     theme.INK_SOFT)
        return
    frame(draw, (x0 + 14, middle - 13, x0 + 40, middle + 13))
    # The turn's words come first (a busy Czech turn needs two thirds of the strip); the
    # head keeps room for a short name, and gives up its "Last turn ·" before the name.
    start = aside(draw, (x0 + 56 + HEAD_ROOM, y0, x1 - 16, y1), what_changed(last, w),
                  theme.TEXT_SIZE, theme.INK, bold=True)
    who = name_of(names, last["seat"], w)
    head = w("mimic.picture.last.head", who=who)
    if canvas.text_width(head, SMALL) > start - 14 - (x0 + 56):
        head = who
    canvas.label(draw, (x0 + 56, y0, start - 14, y1), head, theme.TEXT_SIZE, theme.INK_SOFT,
                 min_size=SMALL)
