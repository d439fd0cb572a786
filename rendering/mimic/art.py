"""MIMIC's pictures: the five animal silhouettes, the card tiles, start cards, cubes, power chips.

Every picture is an original drawing made of simple shapes on a 100 × 100 grid, painted once at
``MASTER`` px and scaled down (smooth edges), then cached per size. A card is told apart by two
independent signals, so no player depends on seeing colour:

* its **animal**: a white silhouette (lion with a jagged mane, elephant with trunk and ear,
  giraffe with long neck and spots, zebra with stripes, ostrich on two long legs) and the
  animal's short tag (``LI EL GI ZE OS``; Czech ``LEV SLON ŽIR ZEB PŠT``, the full name on big
  cards) on the card's foot (a card too small for a tag of the smallest readable size,
  ``TAG_CARD``, has none);
* its **colour**: the fill, a one-letter badge (``R G B``; Czech ``Č Z M``; on cards of
  ``BADGE_CARD`` px and more) and a texture — red cards are plain, green cards carry diagonal
  stripes, blue cards dots.

Every word on a card is at least ``theme.MIN_TEXT`` px: what would be smaller is left off.

The words on a card (tag, name, letters, START) come from the catalogue in the ``words`` the
caller passes, so the tiles are cached per language too.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.i18n import Words
from rendering import canvas, theme

MASTER = 400
K = MASTER / 100

Point = tuple[float, float]

CARD_COLOURS: dict[str, theme.RGB] = {
    # Three lightness levels as well as three hues: green is the light one, red and blue the
    # dark ones, whose hues stay apart for red-green colour blindness.
    "red": (190, 44, 44),
    "green": (52, 150, 70),
    "blue": (36, 90, 196),
}
CARD_TEXTURE: dict[str, theme.RGB] = {
    "red": (190, 44, 44),
    "green": (84, 176, 100),
    "blue": (70, 122, 220),
}
# The colour's letter (mimic.picture.letter.<colour>) and the animal's name or short tag
# (mimic.picture.animal.<animal>, mimic.picture.tag.<animal>) come from the catalogue.

SIDE_COLOURS: tuple[theme.RGB, ...] = (
    (250, 196, 40),   # gold
    (150, 84, 204),   # violet
    (36, 36, 36),     # black
    (245, 245, 245),  # white
)
SIDE_INK: tuple[theme.RGB, ...] = ((40, 36, 32), (255, 255, 255), (255, 255, 255), (40, 36, 32))

POWER_COLOURS: dict[str, theme.RGB] = {
    "green": (52, 150, 70),
    "yellow": (236, 190, 36),
    "red": (190, 44, 44),
    "blue": (36, 90, 196),
    "orange": (236, 126, 30),
}
POWER_INK: dict[str, theme.RGB] = {
    "green": (255, 255, 255), "yellow": (40, 36, 32), "red": (255, 255, 255),
    "blue": (255, 255, 255), "orange": (40, 36, 32),
}
# A power card's letter: mimic.picture.power_letter.<colour>.

RED_START: theme.RGB = (122, 20, 36)
YELLOW_START: theme.RGB = (248, 206, 60)


class _Brush:
    """Draws white (255) or holes (0) on a master-size mask, in 100 × 100 grid units."""

    def __init__(self, mask: Image.Image) -> None:
        self.draw = ImageDraw.Draw(mask)

    def poly(self, points: Sequence[Point], fill: int = 255) -> None:
        self.draw.polygon([(x * K, y * K) for x, y in points], fill=fill)

    def oval(self, cx: float, cy: float, rx: float, ry: float, fill: int = 255,
             angle: float = 0.0) -> None:
        self.poly(canvas.tilted_ellipse(cx, cy, rx, ry, angle, 64), fill)

    def line(self, points: Sequence[Point], width: float, fill: int = 255) -> None:
        self.draw.line([(x * K, y * K) for x, y in points], fill=fill, width=round(width * K),
                       joint="curve")
        r = width / 2
        for x, y in (points[0], points[-1]):
            self.oval(x, y, r, r, fill)

    def leg(self, x: float, top: float, bottom: float, width: float) -> None:
        self.line([(x, top), (x, bottom)], width)


def _lion(b: _Brush) -> None:
    # Body, legs, tail with its tuft.
    b.oval(60, 55, 26, 14)
    for x in (42, 50, 70, 78):
        b.leg(x, 58, 86, 7)
    b.line([(84, 52), (92, 44), (94, 34)], 3)
    b.oval(94, 31, 4, 5)
    # The mane: a jagged sun around the head, then the face inside a thin gap.
    cx, cy = 30, 40
    mane = []
    for i in range(28):
        r = 24 if i % 2 == 0 else 18
        t = 2 * math.pi * i / 28
        mane.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    b.poly(mane)
    b.oval(cx - 2, cy + 1, 12, 13, 0)
    b.oval(cx - 2, cy + 1, 10, 11)
    # Eyes and nose as holes: a face, not a ball.
    b.oval(cx - 6, cy - 3, 1.8, 2.2, 0)
    b.oval(cx + 2, cy - 3, 1.8, 2.2, 0)
    b.poly([(cx - 5, cy + 5), (cx + 1, cy + 5), (cx - 2, cy + 9)], 0)


def _elephant(b: _Brush) -> None:
    b.oval(60, 50, 28, 22)
    for x in (40, 52, 70, 80):
        b.line([(x, 60), (x, 88)], 10)
    b.line([(86, 46), (93, 62)], 2.5)  # tail
    b.oval(28, 40, 16, 16)  # head
    # The trunk, thick at the head, curling forward at the tip.
    b.line([(16, 44), (12, 58), (12, 72), (16, 80), (21, 78)], 8)
    # The big ear, drawn as an outline gap over head and body.
    b.oval(40, 42, 11, 15, 0, angle=-10)
    b.oval(40, 42, 8.5, 12.5, 255, angle=-10)
    b.oval(24, 36, 2, 2.4, 0)  # eye
    b.line([(18, 52), (10, 54)], 3, 0)  # tusk shadow line


def _giraffe(b: _Brush) -> None:
    b.oval(66, 54, 20, 11)
    for x in (52, 58, 76, 82):
        b.leg(x, 58, 96, 4.5)
    b.line([(85, 50), (92, 64)], 2)
    # The long neck up to a small head with two horns.
    b.poly([(48, 52), (58, 48), (34, 12), (26, 16)])
    b.oval(26, 12, 9, 5, angle=20)
    b.line([(27, 8), (26, 2)], 2)
    b.line([(31, 9), (32, 3)], 2)
    b.oval(36, 12, 3, 2)  # ear
    # Spots as holes.
    for x, y, r in ((62, 52, 3.2), (72, 56, 3), (56, 58, 2.5), (78, 50, 2.5), (44, 40, 2.6),
                    (38, 29, 2.4), (33, 20, 1.8), (68, 47, 2.2)):
        b.oval(x, y, r, r * 0.85, 0)


def _zebra(b: _Brush) -> None:
    b.oval(60, 50, 25, 13)
    for x in (42, 49, 72, 79):
        b.leg(x, 54, 88, 5.5)
    b.line([(84, 46), (92, 58)], 3)
    b.oval(93, 60, 2.5, 4)
    # Neck and a long horse head, snout down-left, ears and mane up top.
    b.poly([(36, 44), (46, 38), (32, 16), (23, 20)])
    b.poly([(26, 16), (34, 18), (18, 40), (10, 38)])
    b.oval(13, 39, 5, 4)
    b.poly([(27, 17), (29, 8), (32, 17)])
    # Stripes as gaps across body and neck.
    for x in (52, 58, 64, 70, 76):
        b.line([(x - 2, 38), (x + 2, 62)], 2.2, 0)
    for y in (24, 30, 36):
        b.line([(28, y - 4), (40, y + 2)], 2, 0)


def _ostrich(b: _Brush) -> None:
    # A big round body with a fluffy tail, a thin S-neck and two long legs.
    b.oval(62, 44, 22, 15)
    b.poly([(80, 36), (95, 30), (92, 42), (84, 50)])
    b.line([(46, 40), (40, 30), (42, 18), (36, 8)], 3.5)
    b.oval(33, 7, 5, 4)
    b.poly([(29, 6), (21, 9), (29, 9)])  # beak
    b.oval(33, 6, 1.2, 1.2, 0)  # eye
    b.line([(56, 56), (52, 74), (58, 92)], 3.2)
    b.line([(66, 56), (70, 74), (64, 92)], 3.2)
    b.line([(58, 92), (52, 93)], 2.5)
    b.line([(64, 92), (70, 93)], 2.5)


_DRAW = {"lion": _lion, "elephant": _elephant, "giraffe": _giraffe, "zebra": _zebra,
         "ostrich": _ostrich}
ANIMALS = tuple(_DRAW)


@functools.cache
def silhouette(animal: str, size: int) -> Image.Image:
    """The animal's mask (L mode, 255 = animal) at ``size`` px, from the master drawing."""
    mask = Image.new("L", (MASTER, MASTER), 0)
    _DRAW[animal](_Brush(mask))
    return mask.resize((size, size), Image.Resampling.LANCZOS)


@functools.cache
def _texture(colour: str, w: int, h: int) -> Image.Image:
    """The card's fill: plain (red), diagonal stripes (green) or dots (blue)."""
    img = Image.new("RGB", (w, h), CARD_COLOURS[colour])
    draw = ImageDraw.Draw(img)
    ink = CARD_TEXTURE[colour]
    step = max(8, w // 7)
    if colour == "green":
        for i in range(-h, w + h, step):
            draw.line([(i, h), (i + h, 0)], fill=ink, width=max(2, step // 3))
    elif colour == "blue":
        r = max(2, step // 5)
        for row, y in enumerate(range(step // 2, h, step)):
            for x in range(step // 2 + (row % 2) * step // 2, w, step):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    return img


@functools.cache
def _round_mask(w: int, h: int, radius: int) -> Image.Image:
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    return mask


FOOT = 0.24
"""A card's white foot, which carries the animal's tag, as a share of the card's height."""
TAG_SCALE = 0.86
"""The tag's size as a share of its foot's height."""
TAG_MIN = theme.MIN_TEXT
"""The smallest animal tag a card foot carries: the smallest text a phone player reads."""
FOOT_MIN = math.ceil(TAG_MIN / TAG_SCALE)
"""The foot's height at least, on a card that has one."""
TAG_CARD = 90
"""The shortest card with a tag: below it the foot would take too much of the animal."""
BADGE_CARD = 72
"""The narrowest card with a colour letter (its badge at least ``BADGE_MIN``): below it the
texture and the fill tell the colour."""
BADGE_MIN = 29


def _tag(draw: ImageDraw.ImageDraw, foot: tuple[int, int, int, int], label: str) -> None:
    """The animal's tag in the card's white ``foot``, shrunk (not below ``TAG_MIN``) or cut to
    its width.

    Set on a baseline low in the foot rather than centred on the font's line: the tags are
    capitals, and the carons of Czech ones (ŽIR, PŠT) need the room above them.
    """
    x0, y0, x1, y1 = foot
    height = y1 - y0
    inset = max(3, (x1 - x0) // 14)  # clear of the card's outline and rounded corners
    room = x1 - x0 - 2 * inset
    size = canvas.fit_size(label, room, round(height * TAG_SCALE), TAG_MIN, bold=True)
    canvas.text(draw, ((x0 + x1) / 2, y1 - max(1, round(height * 0.14))),
                canvas.truncate(label, size, room, bold=True), size, theme.INK, "ms", bold=True,
                box=(x0 + inset, y0, x1 - inset, y1))


@functools.cache
def card_tile(colour: str, animal: str, w: int, h: int | None = None,
              tag: bool = True, *, words: Words) -> Image.Image:
    """A MIMIC card face, ``w`` × ``h`` px (RGBA, transparent round corners), lettered in
    ``words``.

    The colour badge sits top right (where no animal has its head); the animal's tag (``tag``)
    along the foot, unless the card is too small for a tag of ``TAG_MIN`` px.
    """
    h = w if h is None else h
    radius = max(6, w // 10)
    img = _texture(colour, w, h).convert("RGBA")
    # A card too small for a readable tag has none: the silhouette and the colour badge
    # still tell the card, where letters a few pixels high would only be a smudge.
    foot = max(FOOT_MIN, round(h * FOOT))
    if not tag or h < TAG_CARD:
        tag, foot = False, 0
    pic = min(w - 2, h - foot)
    mask = silhouette(animal, pic)
    img.paste((255, 255, 255, 255), ((w - pic) // 2 - w // 20, 0), mask)
    draw = ImageDraw.Draw(img)
    if w >= BADGE_CARD:
        badge = max(BADGE_MIN, round(w * 0.30))
        pad = max(3, w // 24)
        bx = w - pad - badge
        draw.ellipse((bx, pad, bx + badge, pad + badge), fill=(255, 255, 255, 255),
                     outline=theme.INK, width=max(1, w // 60))
        # The letter keeps a tenth of the badge clear on either side, inside the white disc.
        inset = badge * 0.1
        canvas.label(draw, (bx + inset, pad, bx + badge - inset, pad + badge),
                     words(f"mimic.picture.letter.{colour}"), round(badge * 0.78),
                     CARD_COLOURS[colour], "m", bold=True)
    if tag:
        draw.rectangle((0, h - foot, w, h), fill=(255, 255, 255, 235))
        _tag(draw, (0, h - foot, w, h),
             words(f"mimic.picture.{'animal' if w >= 150 else 'tag'}.{animal}"))
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=theme.INK,
                           width=max(2, w // 50))
    img.putalpha(_round_mask(w, h, radius))
    return img


def _star(cx: float, cy: float, r: float) -> list[Point]:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        t = -math.pi / 2 + math.pi * i / 5
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    return pts


@functools.cache
def start_tile(kind: str, size: int, *, words: Words) -> Image.Image:
    """A start card: deep red (centre) or yellow, with a big star and the word START (in
    ``words``)."""
    fill = RED_START if kind == "red" else YELLOW_START
    ink = (255, 255, 255) if kind == "red" else theme.INK
    img = Image.new("RGBA", (size, size), (*fill, 255))
    draw = ImageDraw.Draw(img)
    radius = max(6, size // 10)
    inner = max(4, size // 14)
    draw.rounded_rectangle((inner, inner, size - 1 - inner, size - 1 - inner), radius // 2,
                           outline=ink, width=max(2, size // 40))
    draw.polygon(_star(size / 2, size * 0.43, size * 0.30), fill=ink)
    # The word sits in the frame's foot, under the star's lowest points (at 0.67 of the card);
    # a card too small for it at a readable size shows the star alone.
    if round(size * 0.19) >= theme.MIN_TEXT:
        canvas.label(draw, (inner + 4, round(size * 0.69), size - inner - 4, size - inner - 1),
                     words("mimic.picture.start"), round(size * 0.19), ink, "m", bold=True)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius, outline=theme.INK,
                           width=max(2, size // 50))
    img.putalpha(_round_mask(size, size, radius))
    return img


def cube(draw: ImageDraw.ImageDraw, x: float, y: float, s: float, side: int,
         label: bool = True) -> None:
    """An isometric cube of side colour ``side``, its front face's top left at ``(x, y)``.

    The side number (1–4) is written on the front face, for players who can't tell the
    colours apart.
    """
    fill = SIDE_COLOURS[side % len(SIDE_COLOURS)]
    dark = tuple(max(0, round(c * 0.72)) for c in fill)
    light = tuple(min(255, round(c + (255 - c) * 0.45)) for c in fill)
    d = s * 0.32
    outline = (20, 18, 16)
    w = max(1, round(s / 14))
    draw.polygon([(x, y), (x + d, y - d), (x + s + d, y - d), (x + s, y)], fill=light,
                 outline=outline, width=w)
    draw.polygon([(x + s, y), (x + s + d, y - d), (x + s + d, y + s - d), (x + s, y + s)],
                 fill=dark, outline=outline, width=w)
    draw.rectangle((x, y, x + s, y + s), fill=fill, outline=outline, width=w)
    if label and round(s * 0.72) >= theme.MIN_TEXT:
        canvas.text(draw, (x + s / 2, y + s / 2 + 1), str(side + 1), round(s * 0.72),
                    SIDE_INK[side % len(SIDE_INK)], "mm", bold=True, box=(x, y, x + s, y + s))


def power_chip(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: str,
               used: bool = False, label: str | None = None, *, words: Words) -> None:
    """A power card as a small rounded chip: its colour, its letter (in ``words``), optionally
    a word."""
    letter = words(f"mimic.picture.power_letter.{colour}")
    x0, y0, x1, y1 = box
    h = y1 - y0
    if used:
        canvas.card(draw, box, theme.PANEL, theme.INK_FAINT, 2, radius=max(4, round(h / 5)))
        if round(h * 0.6) >= theme.MIN_TEXT:
            canvas.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), letter,
                        round(h * 0.6), theme.INK_FAINT, "mm", box=box)
        draw.line([(x0 + 4, y1 - 4), (x1 - 4, y0 + 4)], fill=theme.INK_FAINT, width=2)
        return
    canvas.card(draw, box, POWER_COLOURS[colour], theme.INK, 2, radius=max(4, round(h / 5)))
    ink = POWER_INK[colour]
    if label is None:
        if round(h * 0.62) >= theme.MIN_TEXT:
            canvas.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 1), letter,
                        round(h * 0.62), ink, "mm", bold=True, box=box)
    else:
        canvas.label(draw, (x0 + 5, y0, x1 - 5, y1), label, max(theme.MIN_TEXT, round(h * 0.5)),
                     ink, "m", bold=True)
