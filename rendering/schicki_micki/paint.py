"""Schicki Micki's paint box: the card grid, the six colours with their patterns, and the
pen that paints shapes in grid units (``rendering.schicki_micki.art`` paints the faces with it).

Telling colours apart: each of the six colours also carries its own pattern (``PATTERNS``),
printed in card coordinates, so a colour-blind player matches "white dots" with "white dots"
where the colours themselves look alike.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from rendering import theme
from rendering.canvas import catmull_rom

UNITS_W, UNITS_H = 100, 120
K = 4  # master px per unit
MASTER_W, MASTER_H = UNITS_W * K, UNITS_H * K
RATIO = UNITS_H / UNITS_W  # a card of width w is round(w * RATIO) tall

Point = tuple[float, float]

# -- the six colours ---------------------------------------------------------------------------
# Saturated and far apart in hue; the patterns carry the difference where hue fails.
COLOURS: dict[str, theme.RGB] = {
    "red": (220, 38, 44),
    "blue": (36, 98, 222),
    "yellow": (252, 212, 34),
    "green": (34, 156, 66),
    "orange": (250, 136, 18),
    "pink": (246, 128, 196),
}
PATTERNS = {
    "red": "dots", "blue": "stripes", "yellow": "plain",
    "green": "diagonals", "orange": "checks", "pink": "lattice",
}
# The marks: a pale tint on the darker colours, a deeper shade on the light ones.
MARKS: dict[str, theme.RGB] = {
    "red": (255, 214, 208), "blue": (196, 220, 255), "yellow": (252, 212, 34),
    "green": (200, 244, 196), "orange": (176, 78, 4), "pink": (255, 240, 248),
}

OUTLINE: theme.RGB = (62, 44, 34)
BODY: theme.RGB = (204, 174, 130)
BODY_DARK: theme.RGB = (164, 128, 88)
WING: theme.RGB = (184, 148, 104)
LEGS: theme.RGB = (128, 116, 104)
SHAFT: theme.RGB = (96, 84, 76)
GROUND: theme.RGB = (232, 224, 204)
NEUTRAL: theme.RGB = (120, 128, 138)  # icons on the rules picture: the shape, no colour


# -- patterns ----------------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)
def pattern(colour: str, width: int = MASTER_W, height: int = MASTER_H,
            unit: float = K) -> Image.Image:
    """A sheet of ``colour`` with its pattern; accessories are cut out of it."""
    if colour not in COLOURS:
        return Image.new("RGB", (width, height), NEUTRAL)
    base, mark = COLOURS[colour], MARKS[colour]
    img = Image.new("RGB", (width, height), base)
    d = ImageDraw.Draw(img)
    kind = PATTERNS[colour]
    step = 6.5 * unit
    if kind == "dots":
        r = 1.6 * unit
        rows = int(height / step) + 2
        for j in range(rows):
            off = step / 2 if j % 2 else 0
            for i in range(int(width / step) + 2):
                x, y = i * step + off, j * step
                d.ellipse((x - r, y - r, x + r, y + r), fill=mark)
    elif kind == "stripes":
        for j in range(int(height / step) + 2):
            y = j * step
            d.rectangle((0, y, width, y + 2.2 * unit), fill=mark)
    elif kind == "diagonals":
        w = round(2.0 * unit)
        for i in range(-int(height / step) - 2, int(width / step) + 2):
            x = i * step
            d.line([(x, height + step), (x + height + step, 0)], fill=mark, width=w)
    elif kind == "checks":
        s = 4.0 * unit
        for j in range(int(height / s) + 1):
            for i in range(int(width / s) + 1):
                if (i + j) % 2:
                    d.rectangle((i * s, j * s, (i + 1) * s - 1, (j + 1) * s - 1), fill=mark)
    elif kind == "lattice":
        w = max(1, round(1.1 * unit))
        for i in range(-int(height / step) - 2, int((width + height) / step) + 2):
            x = i * step
            d.line([(x, 0), (x + height, height)], fill=mark, width=w)
            d.line([(x, height), (x + height, 0)], fill=mark, width=w)
    return img


# -- shapes on the grid ------------------------------------------------------------------------

def _oval(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0,
          n: int = 48) -> list[Point]:
    a = math.radians(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return pts


def _curve(path: Sequence[Point], n: int = 40) -> list[Point]:
    """``n`` points along a smooth Catmull-Rom curve through ``path``."""
    ext = [path[0], *path, path[-1]]
    out: list[Point] = []
    segs = len(path) - 1
    per = max(2, n // segs)
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for s in range(per):
            t = s / per
            out.append((catmull_rom(p0[0], p1[0], p2[0], p3[0], t),
                        catmull_rom(p0[1], p1[1], p2[1], p3[1], t)))
    out.append(path[-1])
    return out


class Pen:
    """Draws on a master image in grid units, through a placement (offset and scale).

    Accessories are sketched around their own origin; the hen places each at its spot at
    scale 1, a close-up places one large in the middle of the card.
    """

    def __init__(self, img: Image.Image, ox: float = 0, oy: float = 0, s: float = 1,
                 unit: float = K) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img)
        self.ox, self.oy, self.s, self.unit = ox, oy, s, unit

    def at(self, ox: float, oy: float, s: float = 1) -> Pen:
        """A pen whose origin is at (ox, oy) of this one, ``s`` times larger."""
        return Pen(self.img, self.ox + ox * self.s, self.oy + oy * self.s, self.s * s, self.unit)

    def px(self, pts: Iterable[Point]) -> list[Point]:
        u = self.unit
        return [((self.ox + x * self.s) * u, (self.oy + y * self.s) * u) for x, y in pts]

    def w(self, width: float) -> int:
        return max(1, round(width * self.s * self.unit))

    # A fill is a colour, or a grey level on a mask ("L" image).
    def poly(self, pts: Sequence[Point], fill: theme.RGB | int, outline: float = 0) -> None:
        p = self.px(pts)
        self.draw.polygon(p, fill=fill)
        if outline:
            # Round joints matter on a few sharp corners; a many-sided oval is round anyway.
            joint = "curve" if len(p) < 16 else None
            self.draw.line([*p, p[0], p[1]], fill=OUTLINE, width=self.w(outline), joint=joint)

    def line(self, pts: Sequence[Point], width: float, fill: theme.RGB | int) -> None:
        p = self.px(pts)
        self.draw.line(p, fill=fill, width=self.w(width), joint="curve")
        r = self.w(width) / 2
        for x, y in (p[0], p[-1]):
            self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def dot(self, cx: float, cy: float, r: float, fill: theme.RGB) -> None:
        self.poly(_oval(cx, cy, r, r, n=24), fill)


# An accessory is a list of parts: ("poly", points) or ("tube", path, width).
Part = tuple[Any, ...]


def paint(pen: Pen, parts: Sequence[Part], colour: str, outline: float = 1.4) -> None:
    """Fill ``parts`` with ``colour``'s pattern, one dark outline round their union."""
    for part in parts:  # first every part a little larger in the outline colour...
        if part[0] == "poly":
            pen.poly(part[1], OUTLINE, outline)
        else:
            pen.line(part[1], part[2] + 2 * outline, OUTLINE)
    mask = Image.new("L", pen.img.size, 0)
    mpen = Pen(mask, pen.ox, pen.oy, pen.s, pen.unit)
    for part in parts:  # ...then all fills on top, so inner seams vanish
        if part[0] == "poly":
            mpen.poly(part[1], 255)
        else:
            mpen.line(part[1], part[2], 255)
    box = mask.getbbox()
    if box:
        sheet = pattern(colour, pen.img.width, pen.img.height, pen.unit)
        pen.img.paste(sheet.crop(box), box, mask.crop(box))
