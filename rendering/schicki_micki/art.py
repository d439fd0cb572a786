"""Schicki Micki's card faces: a pheasant hen in six coloured accessories, and close-ups.

Every face is drawn from what the card shows (its JSON form, as the deck file and the public
view give it), never from its id, so twins (one design printed twice) are the same picture by
construction. A face is painted on a 100 × 120 grid (``rendering.schicki_micki.paint``): at
``K`` px per unit and scaled down for thumbnails, straight at its own size on the table.

The faces carry no words, so the colours' letters (which differ by language) come from the
catalogue on the legend, never from here.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Literal

from PIL import Image, ImageDraw

from bot.games.schicki_micki.views import CardFace
from rendering import theme
from rendering.schicki_micki.paint import (
    BODY,
    BODY_DARK,
    COLOURS,
    GROUND,
    LEGS,
    MARKS,
    MASTER_H,
    MASTER_W,
    NEUTRAL,
    OUTLINE,
    PATTERNS,
    RATIO,
    SHAFT,
    UNITS_H,
    UNITS_W,
    WING,
    K,
    Part,
    Pen,
    Point,
    _curve,
    _oval,
    paint,
    pattern,
)

__all__ = ["ACCESSORIES", "COLOURS", "FEATURE_ORDER", "MARKS", "NEUTRAL", "OUTLINE", "PATTERNS",
           "RATIO", "UNITS_H", "K", "Part", "Point", "card_height", "face", "face_key", "master",
           "pattern", "umbrella"]

# ("hen", worms, colours in FEATURE_ORDER) or ("closeup", feature, colour)
FaceKey = tuple[Literal["hen"], int, tuple[str, ...]] | tuple[Literal["closeup"], str, str]


def face_key(face: CardFace) -> FaceKey:
    """The hashable picture key of a card as JSON (the deck file's or the view's form)."""
    if face["kind"] == "hen":
        from_json = face["colours"]
        return ("hen", int(face["worms"]), tuple(from_json[f] for f in FEATURE_ORDER))
    return ("closeup", face["feature"], face["colour"])


FEATURE_ORDER = ("umbrella", "hat", "scarf", "beak", "feathers", "worm")


# -- the six accessories, each around its own origin -----------------------------------------

def umbrella(pen: Pen, colour: str, shaft: float = 40) -> None:
    """An open umbrella, canopy centred on the origin, shaft ``shaft`` units down-right."""
    end = (shaft * 0.34, shaft)
    pen.line([(0, -2), end], 2.2, SHAFT)
    pen.line([end, (end[0] + 3.5, end[1] + 3), (end[0] + 7, end[1])], 2.2, SHAFT)  # J-handle
    rim = []
    for i in range(5):  # four scallops along the lower edge
        x0 = -24 + 12 * i
        if i < 4:
            rim += [(x0 + 12 * t / 6, 1 - 3.5 * math.sin(math.pi * t / 6)) for t in range(7)]
    dome = [(24 * math.cos(a), -16 * math.sin(a) + 1)
            for a in (math.pi * k / 24 for k in range(25))]
    paint(pen, [("poly", [*dome, *rim])], colour)
    for x in (-12, 0, 12):  # ribs
        pen.line([(x * 0.15, -14.5), (x, 0)], 0.9, OUTLINE)
    pen.line([(0, -15), (0, -19)], 2, SHAFT)  # the tip


def hat(pen: Pen, colour: str) -> None:
    """A top hat, brim centred on the origin."""
    crown = [(-8.5, 0), (-7.5, -15), (7.5, -15), (8.5, 0)]
    brim = _oval(0, 0, 14, 3.4)
    top = _oval(0, -15, 7.5, 2.2)
    paint(pen, [("poly", brim), ("poly", crown), ("poly", top)], colour)
    pen.poly([(-8.4, -1.5), (-8.1, -5.5), (8.1, -5.5), (8.4, -1.5)], OUTLINE)  # the band


def scarf(pen: Pen, colour: str) -> None:
    """A scarf: a loop round the neck (origin at the loop's centre) and an end hanging down."""
    loop = [(-9, -4), (0, -2.5), (10, -5), (11, 2), (0, 5), (-10, 3)]
    end = [(-2, 1), (4, 2), (3, 18), (-5, 17)]
    paint(pen, [("poly", _curve([*loop, loop[0]], 30)), ("poly", end)], colour)
    for x in (-4, -1.5, 1):  # fringe
        pen.line([(x, 17.5), (x - 0.6, 20.5)], 1.1, OUTLINE)


def beak(pen: Pen, colour: str) -> None:
    """A beak pointing right, its base on the origin."""
    upper = [(0, -7), (8, -5), (17, 0.5), (0, 1)]
    lower = [(0, 1), (13, 1.5), (0, 6)]
    paint(pen, [("poly", upper), ("poly", lower)], colour, 1.2)
    pen.line([(0.5, 1), (13, 1.2)], 0.9, OUTLINE)
    pen.dot(5, -3, 0.9, OUTLINE)


def feathers(pen: Pen, colour: str) -> None:
    """Three long tail feathers fanning out to the left from the origin."""
    parts = []
    quills = []
    for angle, length in ((152, 26), (130, 24), (172, 22)):
        a = math.radians(angle)
        dx, dy = math.cos(a), -math.sin(a)
        nx, ny = -dy, dx
        tip = (dx * length, dy * length)
        pts = []
        for k in range(13):  # a long leaf: widest a third of the way out
            t = k / 12
            half = 4.6 * math.sin(math.pi * t) ** 0.8 * (1 - 0.35 * t)
            pts.append((dx * length * t + nx * half, dy * length * t + ny * half))
        for k in range(12, -1, -1):
            t = k / 12
            half = 4.6 * math.sin(math.pi * t) ** 0.8 * (1 - 0.35 * t)
            pts.append((dx * length * t - nx * half, dy * length * t - ny * half))
        parts.append(("poly", pts))
        quills.append(((dx * 3, dy * 3), (tip[0] * 0.92, tip[1] * 0.92)))
    paint(pen, parts, colour, 1.2)
    for start, stop in quills:
        pen.line([start, stop], 0.8, OUTLINE)


def worm(pen: Pen, colour: str, flip: bool = False) -> None:
    """A friendly worm on the ground, head on the right (left if ``flip``), origin mid-body."""
    sx = -1 if flip else 1
    path = [(sx * x, y) for x, y in ((-13, 2), (-8, -2), (-2, 2.5), (4, -2), (9, 0), (12, -4))]
    paint(pen, [("tube", _curve(path, 25), 6.0)], colour, 1.2)
    hx, hy = sx * 12, -4
    pen.dot(hx + sx * 0.8, hy - 1, 1.5, (255, 255, 255))
    pen.dot(hx + sx * 1.1, hy - 1, 0.8, OUTLINE)
    pen.line([(hx - sx * 1.2, hy + 1.6), (hx + sx * 1.6, hy + 1.6)], 0.6, OUTLINE)


ACCESSORIES = {"umbrella": umbrella, "hat": hat, "scarf": scarf, "beak": beak,
               "feathers": feathers, "worm": worm}


# -- the hen -----------------------------------------------------------------------------------

def _body(pen: Pen) -> None:
    body = _oval(47, 80, 23, 16, -12)
    pen.poly(body, BODY, 1.4)
    neck = [(55, 70), (60, 52), (76, 50), (71, 74)]
    pen.poly(neck, BODY, 1.4)
    pen.poly(body, BODY)
    pen.poly(_oval(68, 45, 10.5, 10), BODY, 1.4)
    pen.poly([(56, 69), (61, 52), (75, 51), (70, 72)], BODY)
    for x, y in ((36, 87), (43, 91), (51, 92), (58, 89), (63, 83)):  # speckles
        pen.line([(x - 1.6, y - 1), (x, y + 0.6), (x + 1.6, y - 1)], 0.8, BODY_DARK)


def _wing(pen: Pen) -> None:
    wing = _oval(44, 78, 14, 9, -14)
    pen.poly(wing, WING, 1.2)
    for k in range(3):
        x = 37 + 5.5 * k
        pen.line([(x, 80 + k), (x + 4, 85 + k)], 0.8, BODY_DARK)


def _legs(pen: Pen) -> None:
    for x in (43, 54):
        pen.line([(x, 93), (x + 1, 106)], 2.2, LEGS)
        for dx in (-3.5, 0, 3.5):
            pen.line([(x + 1, 106), (x + 1 + dx, 108.5)], 1.4, LEGS)


def _eye(pen: Pen) -> None:
    ex, ey = 70, 43
    pen.dot(ex, ey, 3.0, (255, 255, 255))
    pen.dot(ex + 0.6, ey + 0.3, 2.1, (28, 24, 22))
    pen.dot(ex + 1.3, ey - 0.5, 0.7, (255, 255, 255))
    for dx, dy in ((-1.5, -3.6), (0.4, -4.2), (2.2, -3.8)):  # lashes: she dressed up
        pen.line([(ex + dx * 0.6, ey + dy * 0.7), (ex + dx, ey + dy)], 0.6, (28, 24, 22))


def _hen(img: Image.Image, colours: Sequence[str], worms: int) -> None:
    """The hen: accessories a little larger than life, so they carry the card."""
    c = dict(zip(FEATURE_ORDER, colours, strict=True))
    pen = Pen(img, unit=img.width / UNITS_W)
    pen.poly(_oval(50, 108, 42, 4.5), GROUND)
    feathers(pen.at(30, 75, 1.2), c["feathers"])
    umbrella(pen.at(29, 25, 1.1), c["umbrella"], 40)  # held behind her, under the far wing
    _body(pen)
    _wing(pen)
    _legs(pen)
    beak(pen.at(77, 48, 1.2), c["beak"])
    _eye(pen)
    scarf(pen.at(66, 62, 1.2), c["scarf"])
    hat(pen.at(68, 37, 1.25), c["hat"])
    worm(pen.at(79, 107, 1.35), c["worm"])  # large: two worms decide a knock
    if worms == 2:
        worm(pen.at(21, 109, 1.35), c["worm"], flip=True)


def _closeup(img: Image.Image, feature: str, colour: str) -> None:
    """One accessory, enlarged under a magnifying glass."""
    pen = Pen(img, unit=img.width / UNITS_W)
    pen.line([(72, 86), (90, 108)], 7, SHAFT)  # the glass's handle
    pen.poly(_oval(46, 52, 40, 40, n=96), (120, 112, 104))
    pen.poly(_oval(46, 52, 36, 36, n=96), (255, 255, 252))
    place = {  # origin and scale that centre each accessory in the glass
        "umbrella": (46, 47, 1.5), "hat": (46, 70, 2.4), "scarf": (45, 42, 2.5),
        "beak": (24, 52, 3.1), "feathers": (80, 68, 2.3), "worm": (46, 56, 2.3),
    }[feature]
    if feature == "umbrella":
        umbrella(pen.at(*place), colour, 17)
    else:
        ACCESSORIES[feature](pen.at(*place), colour)


@functools.cache
def master(key: FaceKey) -> Image.Image:
    """The face at master size, no frame."""
    return _painted(key, MASTER_W, MASTER_H)


def _painted(key: FaceKey, width: int, height: int) -> Image.Image:
    """The face painted straight at ``width`` × ``height`` px, no frame."""
    img = Image.new("RGB", (width, height), theme.CARD_FACE)
    if key[0] == "hen":
        _hen(img, key[2], key[1])
    else:
        _closeup(img, key[1], key[2])
    return img


SMOOTH_BELOW = 60
"""Faces narrower than this are the master scaled down (smooth where a painted one would be
all jagged edges); wider ones, on the table and the sheets, are painted at their own size:
crisp flat colours, which a palette PNG packs in under half the bytes of a scaled picture's
in-between shades (the card sheet 77 KB instead of 190)."""


@functools.lru_cache(maxsize=64)
def _corner_mask(width: int, height: int, radius: int) -> Image.Image:
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=255)
    return mask


@functools.lru_cache(maxsize=256)
def face(key: FaceKey, width: int) -> Image.Image:
    """The framed card face ``width`` px wide (``card_height(width)`` tall), rounded corners on
    the table's background. Cached (the 256 latest): treat as read-only."""
    height = card_height(width)
    if width < SMOOTH_BELOW:
        art = master(key).resize((width, height), Image.Resampling.LANCZOS)
    else:
        art = _painted(key, width, height)
    img = Image.new("RGB", (width, height), theme.BACKGROUND)
    radius = max(4, width // 16)
    img.paste(art, (0, 0), _corner_mask(width, height, radius))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, width - 1, height - 1), radius,
                                          outline=theme.PANEL_EDGE, width=max(1, width // 100))
    return img


def card_height(width: int) -> int:
    return round(width * RATIO)
