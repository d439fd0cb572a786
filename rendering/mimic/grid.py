"""MIMIC's 7 × 7 grid: labels, start cards, MIMIC cards, cubes, and the marks drawn over it —
the last turn's frames, a pending Yellow move, a hand's legal cells and extendable lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.mimic.views import Last, MimicView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.layout import Box
from rendering.mimic.art import card_tile, cube, start_tile
from rendering.mimic.parts import (
    COLUMNS,
    LIGHT_MARK,
    LINE_MARK,
    SIZE,
    SMALL,
    all_cells,
    cell_box,
)

LAST_FRAME: theme.RGB = (214, 36, 140)
"""The last turn's frame: magenta, apart from the gold of "whose turn" and from every card
colour, inside a dark ring so it shows on any card without colour vision too."""


def changed_cells(last: Last | None) -> tuple[list[str], list[str]]:
    """The cells the last turn filled (cards laid, moved to, cubed, start cards) and those
    it emptied (cards removed, moved from), each once, in the order they happened."""
    if not last:
        return [], []
    filled = [*last.get("placed", ()), *(to for _, to in last.get("moved", ())),
              *last.get("cubes", ()), *last.get("starts", ())]
    emptied = [*last.get("removed", ()), *(origin for origin, _ in last.get("moved", ()))]
    filled = list(dict.fromkeys(filled))
    return filled, [c for c in dict.fromkeys(emptied) if c not in filled]


def grid(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimicView, x0: int, y0: int,
         size: int, gap: int, band: int, w: Words, marks: Mapping[str, str] | None = None,
         last: Last | None = None) -> None:
    """The grid with labels, start cards, MIMIC cards and cubes.

    ``marks`` (private hand view): cells to tint lightly, each with a short text (the numbers
    of the hand cards that fit there). ``last`` (the public board): the last turn's record,
    whose cells get a frame (see ``frame``).
    """
    labels(draw, x0, y0, size, gap, band, max(SMALL, round(size * 0.28)))
    pending = view["step"]["pending"]
    moving = pending["from"] if pending else None
    for cell in all_cells():
        box = cell_box(cell, x0, y0, size, gap)
        x, y = box[0], box[1]
        if cell in view["starts"]:
            tile = start_tile(view["starts"][cell], size, words=w)
            img.paste(tile, (x, y), tile)
        elif cell in view["board"]:
            face = view["board"][cell]
            tile = card_tile(face["colour"], face["animal"], size, words=w)
            img.paste(tile, (x, y), tile)
            if face["cube"] is not None:
                s = round(size * 0.40)
                cube(draw, x + size * 0.10, y + size * 0.40, s, face["cube"])
        else:
            mark = marks.get(cell) if marks else None
            fill = LIGHT_MARK if mark is not None else theme.PANEL
            edge = theme.HIGHLIGHT if mark is not None else theme.PANEL_EDGE
            canvas.card(draw, box, fill, edge, 3 if mark is not None else 2,
                        radius=max(6, size // 10))
            empty_cell(draw, box, cell, mark)
    filled, emptied = changed_cells(last)
    for cell in filled:
        frame(draw, cell_box(cell, x0, y0, size, gap))
    for cell in emptied:
        if cell not in view["board"] and cell not in view["starts"]:
            frame(draw, cell_box(cell, x0, y0, size, gap), dashed=True)
    if moving is not None:
        x, y, x1, y1 = cell_box(moving, x0, y0, size, gap)
        canvas.dashed_card(draw, (x - 2, y - 2, x1 + 2, y1 + 2), theme.HIGHLIGHT, dash=10,
                           width=5, radius=max(6, size // 10))


def frame(draw: ImageDraw.ImageDraw, box: Box, dashed: bool = False) -> None:
    """The last turn's mark on a cell: a magenta ring in a dark one over the cell's edge;
    dashed on a cell the turn emptied."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    radius = max(6, round(size) // 10)
    outer = (x0 - 3, y0 - 3, x1 + 3, y1 + 3)
    if dashed:  # its dashes are centred on the line: on the cell's edge, to stay in the gap
        canvas.dashed_card(draw, box, LAST_FRAME, dash=12, width=6, radius=radius)
        return
    draw.rounded_rectangle(outer, radius, outline=theme.INK, width=9)
    draw.rounded_rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), radius, outline=LAST_FRAME,
                           width=5)


def labels(draw: ImageDraw.ImageDraw, x0: int, y0: int, size: int, gap: int, band: int,
           font: int) -> None:
    """Column letters in the bands above and below the grid, row numbers in those at its
    sides; each in the piece of band beside its own column or row."""
    span = SIZE * size + (SIZE - 1) * gap
    for i in range(SIZE):
        left = x0 + i * (size + gap)
        for top in (y0 - band, y0 + span):
            canvas.text(draw, (left + size / 2, top + band / 2), COLUMNS[i], font,
                        theme.ACCENT_DARK, "mm", bold=True,
                        box=(left, top, left + size, top + band))
        top = y0 + (SIZE - 1 - i) * (size + gap)
        for left in (x0 - band, x0 + span):
            canvas.text(draw, (left + band / 2, top + size / 2), str(i + 1), font,
                        theme.ACCENT_DARK, "mm", bold=True,
                        box=(left, top, left + band, top + size))


def empty_cell(draw: ImageDraw.ImageDraw, box: Box, cell: str, mark: str | None) -> None:
    """An empty cell's name in its middle; with a ``mark`` the name moves into the top half
    and the mark (the numbers of the hand cards that fit, "1·3") fills the lower half."""
    x, y, x1, _ = box
    size = x1 - x
    name_size = max(SMALL, round(size * 0.26))
    if not mark:
        canvas.text(draw, (x + size / 2, y + size / 2), cell, name_size, theme.INK_FAINT, "mm",
                    box=box)
        return
    split = y + size * 0.46
    canvas.text(draw, (x + size / 2, y + size * 0.25), cell, name_size, theme.INK_SOFT, "mm",
                box=(x, y, x1, split))
    canvas.label(draw, (x + 4, split, x1 - 4, y + size * 0.95), mark, round(size * 0.36),
                 theme.ACCENT_DARK, "m", bold=True)


def line_marks(img: Image.Image, lines: Sequence[Sequence[str]], x0: int, y0: int, size: int,
               gap: int) -> None:
    """Light strokes along the set lines a seat could extend, from start card to open cell."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for cells in lines:
        points = []
        for cell in cells:
            bx = cell_box(cell, x0, y0, size, gap)
            points.append(((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2))
        if len(points) >= 2:
            draw.line(points, fill=LINE_MARK, width=10, joint="curve")
        end = points[-1]
        draw.ellipse((end[0] - 7, end[1] - 7, end[0] + 7, end[1] + 7), fill=LINE_MARK)
    # Blended only where the strokes are: converting the whole picture twice cost more than
    # drawing the rest of the hand.
    bbox = layer.getbbox()
    if bbox:
        under = img.crop(bbox).convert("RGBA")
        img.paste(Image.alpha_composite(under, layer.crop(bbox)).convert("RGB"), bbox[:2])
