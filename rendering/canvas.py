"""Small drawing helpers every renderer shares: fitted text, names, rounded cards, smooth
curves, PNG bytes.

Everything here is deterministic: the fonts come from pinned packages (``rendering.fonts``),
never from the system, and PNGs are written with fixed parameters.
"""

from __future__ import annotations

import io
import math
import unicodedata

from PIL import Image, ImageDraw

from rendering import fonts, layout, theme

ELLIPSIS = "…"


def catmull_rom(a: float, b: float, c: float, d: float, t: float) -> float:
    """One coordinate at ``t`` (0 to 1) of the Catmull-Rom curve from ``b`` to ``c``, with
    ``a`` before and ``d`` after them."""
    return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t
                  + (3 * b - a - 3 * c + d) * t ** 3)


def name(raw: str, fallback: str) -> str:
    """A display name as drawn: runs of whitespace made one space, ``fallback`` if nothing
    visible is left (an empty name, or one of spaces and invisible joiners only).

    Every visible character stays: what the fonts lack is transliterated when drawn.
    """
    squeezed = " ".join(raw.split())
    return squeezed if any(_visible(c) for c in squeezed) else fallback


def _visible(char: str) -> bool:
    """Letters, digits, punctuation and symbols; also characters newer than Python's Unicode
    tables ("Cn": this year's emoji), which the fonts may well have."""
    category = unicodedata.category(char)
    return category[0] in "LNPS" or category in ("Cn", "Co")


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(fonts.width(text, size, bold))


def truncate(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` px at ``size`` (bold is wider)."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + ELLIPSIS, size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def fit_size(text: str, max_width: int, size: int, min_size: int = 12,
             bold: bool = False) -> int:
    """The largest size ≤ ``size`` (but ≥ ``min_size``) at which ``text`` fits ``max_width``."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    content: str,
    size: int,
    fill: theme.RGB = theme.INK,
    anchor: str = "la",
    bold: bool = False,
    stroke: theme.RGB | None = None,
    box: layout.Box | None = None,
) -> None:
    """Draw text in the bot's fonts; ``bold`` is the font's bold weight, ``stroke`` an outline
    in another colour (white letters that must stand out on a patterned card). ``box`` is the
    room the text owns, which it must not leave (see ``rendering.layout``)."""
    fonts.draw(draw, xy, content, size, fill, anchor, bold, stroke,
               max(2, size // 10) if stroke is not None else 0, box)


def label(
    draw: ImageDraw.ImageDraw,
    box: layout.Box,
    content: str,
    size: int,
    fill: theme.RGB = theme.INK,
    align: str = "l",
    bold: bool = False,
    min_size: int = theme.MIN_TEXT,
    stroke: theme.RGB | None = None,
) -> int:
    """One line of text inside ``box``: at ``size`` if it fits, else smaller (not below
    ``min_size``), else cut with an ellipsis. ``align`` is l, m or r; the line is centred
    vertically. Returns the size drawn. Czech and long names run longer: this keeps them in."""
    x0, y0, x1, y1 = box
    room = int(x1 - x0)
    size = min(size, _fitting_height(y1 - y0, bold))
    size = fit_size(content, room, size, min(min_size, size), bold)
    x = {"l": x0, "m": (x0 + x1) / 2, "r": x1}[align]
    text(draw, (x, (y0 + y1) / 2), truncate(content, size, room, bold), size, fill,
         align + "m", bold, stroke, box)
    return size


def wrap(content: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``content`` broken into lines at spaces so each fits ``width`` px; a word longer than
    a line is cut with an ellipsis rather than left to overflow."""
    lines: list[str] = []
    for word in content.split():
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(truncate(word, size, int(width), bold))
    return lines


def paragraph(
    draw: ImageDraw.ImageDraw,
    box: layout.Box,
    content: str,
    size: int,
    fill: theme.RGB = theme.INK,
    align: str = "l",
    bold: bool = False,
    min_size: int = theme.MIN_TEXT,
    leading: float = 1.25,
) -> int:
    """``content`` wrapped inside ``box`` from its top, shrunk (not below ``min_size``) until
    the lines fit its height; at the smallest size lines that still do not fit are dropped and
    the last one kept ends with an ellipsis. Returns the height used."""
    x0, y0, x1, y1 = box
    for fitted in range(size, min(min_size, size) - 1, -1):
        lines = wrap(content, fitted, x1 - x0, bold)
        if len(lines) * fitted * leading <= y1 - y0:
            break
    step = fitted * leading
    keep = max(1, int((y1 - y0) // step))
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = truncate(lines[-1] + ELLIPSIS, fitted, int(x1 - x0), bold)
    x = {"l": x0, "m": (x0 + x1) / 2, "r": x1}[align]
    for i, line in enumerate(lines):
        text(draw, (x, y0 + i * step + step / 2), line, fitted, fill, align + "m", bold,
             box=box)
    return int(len(lines) * step)


def _fitting_height(height: float, bold: bool) -> int:
    """The largest size whose letters (ascender to descender) fit ``height`` px."""
    size = int(height)
    while size > 6:
        ascent, descent = fonts.font(size, bold).getmetrics()
        if ascent + descent <= height * 1.15:  # the metrics include room no letter uses
            break
        size -= 1
    return size


def card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: theme.RGB | None = theme.PANEL,
    outline: theme.RGB | None = theme.PANEL_EDGE,
    width: int = 2,
    radius: int = theme.RADIUS,
) -> None:
    """A rounded card: the one shape every panel, cell and badge is made of."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def dashed_card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    colour: theme.RGB,
    dash: int = 12,
    width: int = 3,
    radius: int = theme.RADIUS,
) -> None:
    """A dashed rounded outline: where a card used to lie."""
    x0, y0, x1, y1 = box
    r = radius
    # Straight sides in dashes; the corners as quarter arcs so the outline stays rounded.
    for start, end, fixed, horizontal in (
        (x0 + r, x1 - r, y0, True), (x0 + r, x1 - r, y1, True),
        (y0 + r, y1 - r, x0, False), (y0 + r, y1 - r, x1, False),
    ):
        pos = start
        while pos < end:
            stop = min(pos + dash, end)
            if horizontal:
                draw.line([(pos, fixed), (stop, fixed)], fill=colour, width=width)
            else:
                draw.line([(fixed, pos), (fixed, stop)], fill=colour, width=width)
            pos += 2 * dash
    for (cx, cy), a in (((x0, y0), 180), ((x1 - 2 * r, y0), 270),
                        ((x1 - 2 * r, y1 - 2 * r), 0), ((x0, y1 - 2 * r), 90)):
        draw.arc((cx, cy, cx + 2 * r, cy + 2 * r), a + 20, a + 70, fill=colour, width=width)


def cross(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
    colour: theme.RGB = theme.CROSS, width: int = 5,
) -> None:
    """A bold X over ``box``: "tried, not this one"."""
    x0, y0, x1, y1 = box
    draw.line([(x0, y0), (x1, y1)], fill=colour, width=width)
    draw.line([(x0, y1), (x1, y0)], fill=colour, width=width)


def arrow(draw: ImageDraw.ImageDraw, x: float, y: float, h: float, colour: theme.RGB) -> None:
    """A right-pointing triangle, left edge at ``x``, centred on ``y``: "your turn"."""
    draw.polygon([(x, y - h / 2), (x + h * 0.8, y), (x, y + h / 2)], fill=colour)


def camera_icon(draw: ImageDraw.ImageDraw, x: float, y: float, h: float,
                colour: theme.RGB = theme.INK) -> None:
    """A tiny camera (body, viewfinder bump, lens), left edge ``x``, centred on ``y``."""
    w = h * 1.4
    top = y - h * 0.35
    draw.rectangle((x + w * 0.3, top - h * 0.18, x + w * 0.62, top + 1), fill=colour)
    draw.rounded_rectangle((x, top, x + w, y + h * 0.5), radius=max(2, int(h / 6)), fill=colour)
    r = h * 0.26
    cx, cy = x + w / 2, y + h * 0.08
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.PANEL)
    draw.ellipse((cx - r / 2, cy - r / 2, cx + r / 2, cy + r / 2), fill=colour)


def new(width: int, height: int, colour: theme.RGB = theme.BACKGROUND) -> Image.Image:
    return Image.new("RGB", (width, height), colour)


def title_bar(img: Image.Image, title: str, subtitle: str = "", height: int = 72) -> int:
    """The teal bar across the top: title left, optional subtitle right; returns its height."""
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, img.width, height), fill=theme.ACCENT)
    m = theme.MARGIN
    sub_w = 0
    if subtitle:
        sub_w = min(text_width(subtitle, theme.TEXT_SIZE), img.width // 2)
        label(draw, (img.width - m - sub_w, 0, img.width - m, height), subtitle,
              theme.TEXT_SIZE, theme.ON_ACCENT, "r")
    right = img.width - m - sub_w - (m if subtitle else 0)
    label(draw, (m, 0, right, height), title, theme.TITLE_SIZE, theme.ON_ACCENT, bold=True)
    return height


def tilted_ellipse(
    cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, steps: int = 64
) -> list[tuple[float, float]]:
    """The outline of an ellipse turned by ``angle`` degrees, as polygon points (Pillow's own
    ellipses cannot tilt)."""
    a = math.radians(angle)
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x, y = rx * math.cos(t), ry * math.sin(t)
        points.append((cx + x * math.cos(a) - y * math.sin(a),
                       cy + x * math.sin(a) + y * math.cos(a)))
    return points


def to_png(img: Image.Image, colours: int = 256) -> bytes:
    """PNG bytes of a palette picture: at most ``colours`` colours, chosen per picture.

    A board is flat colours, text and a few textures, so 256 well-chosen colours look the same
    and the file is a third of the size: it reaches every player's phone sooner (a Schicki
    Micki table is sent every few seconds). The octree quantizer is deterministic and does not
    dither, and the file has fixed parameters and no metadata: equal pictures, equal bytes.
    """
    buf = io.BytesIO()
    palette = img.convert("RGB").quantize(colours, method=Image.Quantize.FASTOCTREE)
    palette.save(buf, format="PNG", compress_level=6, optimize=False)
    return buf.getvalue()


def to_rgb_png(img: Image.Image) -> bytes:
    """The same picture as full-colour PNG bytes: what :func:`to_png` is measured against."""
    buf = io.BytesIO()
    img.convert("RGB").save(buf, format="PNG", compress_level=6, optimize=False)
    return buf.getvalue()
