"""Schicki Micki's small pictures beside the cards: the game figures, the knocking fist, the
deck's pile and each accessory alone as an icon (the table and the reactions card use them).
The card faces themselves are ``rendering.schicki_micki.art``'s."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from rendering import theme
from rendering.schicki_micki.art import ACCESSORIES, umbrella
from rendering.schicki_micki.paint import OUTLINE, RATIO, Pen

# -- small pictures for the table and the rules ------------------------------------------------

def pawn(draw: ImageDraw.ImageDraw, cx: float, bottom: float, h: float, fill: theme.RGB,
         outline: theme.RGB = OUTLINE) -> None:
    """A game figure ``h`` px tall standing on ``bottom``: a head on a bell-shaped body."""
    w = max(1, round(h / 22))
    r = h * 0.17
    base = [(cx - h * 0.30, bottom), (cx - h * 0.26, bottom - h * 0.12),
            (cx - h * 0.12, bottom - h * 0.30), (cx - h * 0.09, bottom - h * 0.60),
            (cx + h * 0.09, bottom - h * 0.60), (cx + h * 0.12, bottom - h * 0.30),
            (cx + h * 0.26, bottom - h * 0.12), (cx + h * 0.30, bottom)]
    draw.polygon(base, fill=fill, outline=outline, width=w)
    draw.rounded_rectangle((cx - h * 0.19, bottom - h * 0.66, cx + h * 0.19, bottom - h * 0.57),
                           radius=max(1, round(h * 0.04)), fill=fill, outline=outline, width=w)
    hy = bottom - h + r
    draw.ellipse((cx - r, hy - r, cx + r, hy + r), fill=fill, outline=outline, width=w)


def fist(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float) -> None:
    """A knocking fist, ``h`` px tall, with two motion strokes below it."""
    skin, ink = (244, 204, 160), OUTLINE
    w = max(1, round(h / 20))
    x0, x1 = cx - h * 0.42, cx + h * 0.42
    top, bottom = cy - h * 0.30, cy + h * 0.22
    draw.rounded_rectangle((x0, top, x1, bottom), radius=round(h * 0.16), fill=skin,
                           outline=ink, width=w)
    fw = (x1 - x0) / 4
    for i in range(4):  # the knuckles, facing us
        fx = x0 + i * fw
        draw.rounded_rectangle((fx, top - h * 0.10, fx + fw, top + h * 0.22),
                               radius=round(fw * 0.45), fill=skin, outline=ink, width=w)
    draw.rounded_rectangle((x0 - h * 0.04, cy - h * 0.02, cx + h * 0.12, cy + h * 0.16),
                           radius=round(h * 0.08), fill=skin, outline=ink, width=w)  # thumb
    for dx in (-0.25, 0.0, 0.25):
        x = cx + dx * h
        draw.line([(x, bottom + h * 0.12), (x + dx * h * 0.3, bottom + h * 0.28)], fill=ink,
                  width=max(2, w))


def deck_stack(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, layers: int) -> None:
    """Face-down cards in a small pile, top-left of the top card at (x, y)."""
    h = w * RATIO
    for k in range(layers, -1, -1):
        dx = dy = k * max(2, w / 18)
        box = (x + dx, y + dy, x + dx + w, y + dy + h)
        draw.rounded_rectangle(box, radius=max(3, round(w / 8)), fill=theme.CARD_BACK,
                               outline=theme.ACCENT_DARK, width=2)
    inset = w * 0.16
    draw.rounded_rectangle((x + inset, y + inset, x + w - inset, y + h - inset),
                           radius=max(2, round(w / 12)), outline=theme.CARD_BACK_PATTERN,
                           width=max(2, round(w / 16)))


def icon(feature: str, size: int, colour: str = "") -> Image.Image:
    """An accessory alone, ``size`` px square, in ``colour`` (none: plain grey, "any colour")."""
    return _icon(feature, size, colour).copy()


@functools.cache
def _icon(feature: str, size: int, colour: str) -> Image.Image:
    unit = 8
    img = Image.new("RGB", (40 * unit, 40 * unit), theme.PANEL)
    pen = Pen(img, unit=unit)
    place = {"umbrella": (20, 20, 0.72), "hat": (20, 30, 1.1), "scarf": (20, 14, 1.15),
             "beak": (9, 20, 1.6), "feathers": (36, 22, 0.95), "worm": (20, 22, 1.25)}[feature]
    if feature == "umbrella":
        umbrella(pen.at(*place), colour, 24)
    else:
        ACCESSORIES[feature](pen.at(*place), colour)
    return img.resize((size, size), Image.Resampling.LANCZOS)
