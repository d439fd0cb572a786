"""MIMIC's rules picture for ``/mimic rules``: the three set shapes, a line turning at a cube
and at the border, and the rules in a few short paragraphs, every word legible on a phone."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimic.art import card_tile, cube, start_tile
from rendering.mimic.parts import SMALL, M, W, title_bar

EXAMPLE_X = 592
"""The turn example runs from here to the right; the set shapes are left of it."""
TITLE = 64
SHAPE = 80
SHAPE_GAP = 14
EXAMPLE_CELL = 72
LEADING = 1.3


def _paragraphs(w: Words) -> tuple[str, list[str]]:
    """The set's definition, and the rules under the pictures, each a paragraph."""
    lines = [w(f"mimic.picture.rules.line{i}") for i in range(1, 6)]
    return (w("mimic.picture.rules.set") + " " + w("mimic.picture.rules.set_more"),
            [lines[0], lines[1], " ".join(lines[2:])])


def _height(text: str, size: int, width: int) -> int:
    # Up, not to the nearest: `canvas.paragraph` drops (and cuts with "…") a line that
    # misses its box by a fraction of a pixel.
    return math.ceil(len(canvas.wrap(text, size, width)) * size * LEADING)


def render_rules(w: Words) -> bytes:
    """A picture for ``/mimic rules``, in the reader's words ``w``."""
    head, body = _paragraphs(w)
    head_h = _height(head, theme.TEXT_SIZE, W - 2 * M)
    top = TITLE + 16 + head_h + 16
    shapes_h = 3 * (SHAPE + SHAPE_GAP)
    example_h = 60 + 3 * (EXAMPLE_CELL + 4) + 12 + sum(
        _height(note, SMALL, W - M - EXAMPLE_X) for note in _notes(w))
    body_top = top + max(shapes_h, example_h) + 20
    body_h = [_height(p, theme.TEXT_SIZE, W - 2 * M) for p in body]
    height = body_top + sum(body_h) + 12 * len(body) + 16
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    title_bar(img, w("mimic.picture.rules.title"), w("mimic.picture.rules.subtitle"), TITLE)
    canvas.paragraph(draw, (M, TITLE + 16, W - M, TITLE + 16 + head_h), head, theme.TEXT_SIZE,
                     bold=True, leading=LEADING)
    rows = [("AABB", ["lion", "lion", "zebra", "zebra"], "green", "red"),
            ("ABAB", ["giraffe", "ostrich", "giraffe", "ostrich"], "blue", "yellow"),
            ("ABBA", ["elephant", "lion", "lion", "elephant"], "red", "yellow")]
    for i, (shape, animals, colour, start) in enumerate(rows):
        y = top + i * (SHAPE + SHAPE_GAP)
        tile = start_tile(start, SHAPE, words=w)
        img.paste(tile, (M, y), tile)
        for j, animal in enumerate(animals):
            t = card_tile(colour, animal, SHAPE, words=w)
            img.paste(t, (M + (j + 1) * (SHAPE + 4), y), t)
        cube(draw, M + 4 * (SHAPE + 4) + 8, y + SHAPE * 0.40, 34, i % 2)
        # The shape's name beside its row, before the turn example on the right.
        canvas.label(draw, (M + 5 * (SHAPE + 4) + 6, y, EXAMPLE_X - 8, y + SHAPE), shape, 30,
                     theme.ACCENT_DARK, bold=True)
    _turn_example(img, draw, EXAMPLE_X, top, w)
    y = body_top
    for i, (text, used) in enumerate(zip(body, body_h, strict=True)):
        canvas.paragraph(draw, (M, y, W - M, y + used), text, theme.TEXT_SIZE,
                         theme.INK if i < 2 else theme.INK_SOFT, leading=LEADING)
        y += used + 12
    return canvas.to_png(img)


def _notes(w: Words) -> list[str]:
    """The turn example's notes, one a line: joined, a line break could split one of them."""
    return [w("mimic.picture.rules.cube_ahead"), w("mimic.picture.rules.border_ahead")]


def _turn_example(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y0: int,
                  w: Words) -> None:
    """A 5 × 3 patch: a line runs east from a start card, turns north before a cubed card,
    and turns again at the border."""
    cell, gap = EXAMPLE_CELL, 4
    span = 5 * cell + 4 * gap
    canvas.label(draw, (x0, y0 - 4, W - M, y0 + 26), w("mimic.picture.rules.turns"), SMALL,
                 bold=True)
    y0 += 60
    laid = {(1, 1): ("blue", "zebra"), (2, 1): ("blue", "lion"), (2, 0): ("blue", "zebra"),
            (3, 0): ("blue", "lion"), (3, 1): ("red", "giraffe")}
    for c in range(5):
        for r in range(3):
            box = (x0 + c * (cell + gap), y0 + r * (cell + gap))
            if (c, r) == (0, 1):
                tile = start_tile("yellow", cell, words=w)
                img.paste(tile, box, tile)
            elif (c, r) in laid:
                colour, animal = laid[(c, r)]
                tile = card_tile(colour, animal, cell, words=w)
                img.paste(tile, box, tile)
            else:
                canvas.card(draw, (box[0], box[1], box[0] + cell, box[1] + cell), theme.PANEL,
                            theme.PANEL_EDGE, 2, radius=8)
    cube(draw, x0 + 3 * (cell + gap) + 8, y0 + (cell + gap) + 30, 32, 1)
    # The top of the patch is the grid's border, its name right-aligned just above it.
    draw.line([(x0 - 6, y0 - 5), (x0 + span + 6, y0 - 5)], fill=theme.INK, width=5)
    canvas.label(draw, (x0, y0 - 34, x0 + span, y0 - 8), w("mimic.picture.rules.border"),
                 SMALL, align="r")

    def centre(c: int, r: int) -> tuple[float, float]:
        return (x0 + c * (cell + gap) + cell / 2, y0 + r * (cell + gap) + cell / 2)

    path = [centre(0, 1), centre(1, 1), centre(2, 1), centre(2, 0), centre(3, 0)]
    draw.line(path, fill=theme.HIGHLIGHT, width=8, joint="curve")
    ex, ey = path[-1]
    draw.polygon([(ex + 18, ey), (ex - 2, ey - 12), (ex - 2, ey + 12)], fill=theme.HIGHLIGHT)
    top = y0 + 3 * (cell + gap) + 12
    for note in _notes(w):
        used = _height(note, SMALL, W - M - x0)
        canvas.paragraph(draw, (x0, top, W - M, top + used), note, SMALL, theme.INK_SOFT,
                         leading=LEADING)
        top += used

