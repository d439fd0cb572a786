"""The Mariposas rules card (``/mariposas rules``): a turn's steps, hatching costs, what
happens at a season's end and the Michoacán table, as tall as its words need."""

from __future__ import annotations

from PIL import ImageDraw

from bot.i18n import Words
from rendering import canvas, theme
from rendering.mariposas.parts import BADGE, SMALL, TITLE_H, M, W, badge, flower

SECTIONS = (
    ("turn", ("1", "2", "3", "4", "5")),
    ("hatch", ("1", "2", "3", "4")),
    ("season", ("1", "2", "3", "4")),
    ("michoacan", ("1",)),
    ("pieces", ("1", "2")),
)
TABLE = (3, 7, 12, 17, 21, 24)
"""Spec 9: points for 1–6 generation 4 butterflies in Michoacán."""
ROOM = 2400
"""The canvas drawn on; the card is cut to the height its words used."""


def render_rules(w: Words) -> bytes:
    img = canvas.new(W, ROOM)
    canvas.title_bar(img, w("mariposas.rules.title"), "", TITLE_H)
    draw = ImageDraw.Draw(img)
    y: float = TITLE_H + 16
    for section, lines in SECTIONS:
        y = _section(draw, w, section, lines, y) + 12
    return canvas.to_png(img.crop((0, 0, W, int(y) + 4)))


def _section(draw: ImageDraw.ImageDraw, w: Words, section: str, lines: tuple[str, ...],
             y: float) -> float:
    top = y
    x0, x1 = M, W - M
    canvas.label(draw, (x0 + 16, y + 8, x1 - 16, y + 44), w(f"mariposas.rules.{section}"),
                 theme.HEADING_SIZE, theme.ACCENT_DARK, bold=True)
    y += 50
    if section == "michoacan":
        y = _table(draw, w, y)
    if section == "pieces":
        y = _legend(draw, w, y)
    for line in lines:
        text = w(f"mariposas.rules.{section}.{line}")
        y += canvas.paragraph(draw, (x0 + 16, y, x1 - 16, y + 120), text, theme.TEXT_SIZE) + 6
    canvas.card(draw, (x0, top, x1, y + 6), None, theme.PANEL_EDGE, 2)
    return y + 6


def _table(draw: ImageDraw.ImageDraw, w: Words, y: float) -> float:
    cell = (W - 2 * M - 32) / (len(TABLE) + 1)
    x = M + 16
    canvas.label(draw, (x, y, x + cell - 4, y + 34), w("mariposas.rules.michoacan.count"),
                 SMALL, theme.INK_SOFT, bold=True)
    canvas.label(draw, (x, y + 36, x + cell - 4, y + 70), w("mariposas.rules.michoacan.points"),
                 SMALL, theme.INK_SOFT, bold=True)
    for i, points in enumerate(TABLE):
        cx = x + (i + 1) * cell
        canvas.card(draw, (cx, y, cx + cell - 6, y + 70), theme.SHADE, None, 0, radius=8)
        canvas.label(draw, (cx, y, cx + cell - 6, y + 34), w.number(i + 1), theme.TEXT_SIZE,
                     theme.INK, "m")
        canvas.label(draw, (cx, y + 36, cx + cell - 6, y + 70), w.number(points),
                     theme.TEXT_SIZE, theme.INK, "m", bold=True)
    return y + 80


def _legend(draw: ImageDraw.ImageDraw, w: Words, y: float) -> float:
    """The flower shapes and a single and a double generation 4 butterfly, named."""
    x = M + 16
    for kind in ("white", "purple", "yellow", "pink", "red"):
        flower(draw, kind, x + 12, y + 18, 11)
        name = w(f"mariposas.flower.{kind}")
        width = canvas.text_width(name, SMALL) + 8
        canvas.label(draw, (x + 28, y, x + 28 + width, y + 36), name, SMALL)
        x += 28 + width + 18
    y += 44
    for i, (double, key) in enumerate(((False, "single"), (True, "double"))):
        badge(draw, 0, 4, M + 16 + BADGE + 6, y + 22 + i * 44, double=double)
        canvas.label(draw, (M + 64, y + 4 + i * 44, W - M - 16, y + 40 + i * 44),
                     w(f"mariposas.rules.{key}"), SMALL)
    return y + 94
