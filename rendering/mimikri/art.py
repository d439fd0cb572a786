"""Mimikri's pictures: the five subject cards and the camera's butterflies computed from them.

The subject cards are original drawings made of simple shapes in each animal's palette. Each is
deliberately lopsided: the camera looks at a different half of the card for each orientation,
so an asymmetric picture gives four different butterflies.

Orientation ``X`` means the card goes into the camera with edge ``X`` first, i.e. that edge at
the top of the camera view: ``N`` is the card as drawn; ``E`` turns it a quarter to the left
(the right edge comes to the top); ``S`` turns it half way; ``W`` a quarter to the right (the
left edge comes to the top). The camera then sees the left half of the turned card through a
half-butterfly window and a mirror along the window's straight edge supplies the other half.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw, ImageFilter, ImageOps

from rendering import canvas, theme

BUTTERFLY_COLOURS = 32  # per butterfly picture, see ``butterfly``
MASTER = 480  # every picture is painted once at this size and scaled down (smooth edges)
K = MASTER / 100  # the drawings below use a 100 × 100 grid

Point = tuple[float, float]

# Image transposes that bring edge X of the card to the top (see the module docstring).
_TURN = {
    "N": None,
    "E": Image.Transpose.ROTATE_90,  # counter-clockwise: the right edge goes up
    "S": Image.Transpose.ROTATE_180,
    "W": Image.Transpose.ROTATE_270,  # clockwise: the left edge goes up
}


class _Brush:
    """Draws on the 100 × 100 grid, so each animal reads like a sketch, not pixel arithmetic."""

    def __init__(self, img: Image.Image) -> None:
        self.draw = ImageDraw.Draw(img)

    def poly(self, points: Sequence[Point], fill: theme.RGB) -> None:
        self.draw.polygon([(x * K, y * K) for x, y in points], fill=fill)

    def oval(self, cx: float, cy: float, rx: float, ry: float, fill: theme.RGB,
             angle: float = 0.0) -> None:
        """An ellipse turned by ``angle`` degrees (a polygon, since Pillow can't tilt ellipses)."""
        self.poly(canvas.tilted_ellipse(cx, cy, rx, ry, angle, 72), fill)

    def line(self, points: Sequence[Point], width: float, fill: theme.RGB) -> None:
        self.draw.line([(x * K, y * K) for x, y in points], fill=fill, width=round(width * K),
                       joint="curve")
        for x, y in (points[0], points[-1]):  # round caps
            self.oval(x, y, width / 2, width / 2, fill)

    def tube(self, path: Sequence[Point], width: float,
             colour: Callable[[float], theme.RGB]) -> None:
        """A thick body along ``path`` painted as overlapping discs; colour by arc length 0..1."""
        pts = _resample(path, 240)
        for i, (x, y) in enumerate(pts):
            self.oval(x, y, width / 2, width / 2, colour(i / (len(pts) - 1)))


def _resample(path: Sequence[Point], n: int) -> list[Point]:
    """``n`` points along a smooth Catmull-Rom curve through ``path``, evenly by arc length."""
    fine: list[Point] = []
    ext = [path[0], *path, path[-1]]
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for s in range(20):
            t = s / 20
            fine.append((canvas.catmull_rom(p0[0], p1[0], p2[0], p3[0], t),
                         canvas.catmull_rom(p0[1], p1[1], p2[1], p3[1], t)))
    fine.append(path[-1])
    lengths = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(fine):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    out, j = [], 0
    for i in range(n):
        target = lengths[-1] * i / (n - 1)
        while j < len(lengths) - 2 and lengths[j + 1] < target:
            j += 1
        span = lengths[j + 1] - lengths[j] or 1.0
        f = (target - lengths[j]) / span
        (x0, y0), (x1, y1) = fine[j], fine[j + 1]
        out.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    return out


# -- the five animals --------------------------------------------------------------------------

def _frog(b: _Brush) -> None:
    dark, green, light, red, orange = theme.PALETTES["frog"]
    b.poly([(0, 0), (100, 0), (100, 100), (0, 100)], dark)
    b.oval(18, 78, 40, 16, green, -35)  # a big leaf under the frog, lower left
    b.line([(0, 100), (40, 58)], 1.6, dark)
    b.oval(14, 14, 6, 6, red)  # a red flower, top left
    for i in range(5):
        a = math.radians(72 * i + 10)
        b.oval(14 + 8 * math.cos(a), 14 + 8 * math.sin(a), 5, 3.5, red, math.degrees(a))
    b.oval(14, 14, 3, 3, orange)
    b.oval(44, 62, 30, 20, green, -18)  # body
    b.oval(47, 68, 20, 11, light, -18)  # belly
    b.oval(10, 82, 14, 7, green, 40)  # folded back leg
    b.line([(30, 76), (16, 92), (30, 96)], 4, green)
    for x, y in ((32, 96), (36, 92), (10, 92)):
        b.oval(x, y, 3.2, 3.2, orange)
    b.oval(70, 38, 20, 15, green, -25)  # head, up and to the right
    b.oval(62, 22, 9.5, 9.5, red)  # two red eyes, one bigger
    b.oval(84, 30, 7.5, 7.5, red)
    b.oval(62, 22, 2.2, 6.5, (0, 0, 0))
    b.oval(84, 30, 1.8, 5, (0, 0, 0))
    b.line([(66, 46), (84, 42)], 1.5, dark)  # mouth
    b.line([(66, 70), (82, 80), (90, 76)], 5, green)  # front leg reaching right
    for x, y in ((92, 72), (94, 80), (88, 84)):
        b.oval(x, y, 3, 3, orange)
    for x, y in ((30, 52), (40, 46), (22, 62)):  # red flank spots
        b.oval(x, y, 2.6, 2.6, red)


def _chameleon(b: _Brush) -> None:
    navy, blue, green, lime, yellow = theme.PALETTES["chameleon"]
    b.poly([(0, 0), (100, 0), (100, 100), (0, 100)], blue)
    b.oval(86, 12, 12, 12, yellow)  # the sun, top right
    b.poly([(0, 82), (100, 62), (100, 70), (0, 92)], navy)  # the branch, sloping up to the right
    b.poly([(0, 92), (100, 70), (100, 100), (0, 100)], green)  # foliage below
    # the tail curls into a spiral, lower left
    spiral = []
    for i in range(72):
        t = 0.1 * i
        r, a = 16 - 2.0 * t, t * 0.9 + 1.2
        spiral.append((36 + r * math.cos(a), 66 + r * math.sin(a)))
    b.tube([(46, 52), *spiral[::6]], 7, lambda f: lime if int(f * 9) % 2 else green)
    b.oval(56, 50, 28, 15, green, -12)  # body
    for x in (42, 54, 66):  # blue bands
        b.oval(x, 50 - (x - 54) * 0.2, 3.5, 12, navy, -12)
    b.poly([(30, 42), (36, 32), (42, 40), (48, 30), (54, 38), (60, 28), (66, 36), (72, 30),
            (76, 40)], yellow)  # crest
    b.poly([(74, 36), (96, 46), (80, 62), (70, 56)], lime)  # head pointing right
    b.poly([(74, 36), (86, 30), (88, 42)], yellow)  # casque
    b.oval(82, 46, 5.5, 5.5, yellow)
    b.oval(82.5, 46, 2.4, 2.4, navy)
    for x0, x1 in ((44, 48), (62, 68)):  # feet gripping the branch
        b.line([(x0, 60), (x1, 74 - (x1 - 50) * 0.2)], 3.5, lime)
    b.oval(20, 20, 7, 4, lime, 30)  # a leaf drifting, top left
    b.oval(12, 40, 5, 3, yellow, -20)


def _snake(b: _Brush) -> None:
    black, red, yellow, maroon, brown = theme.PALETTES["snake"]
    b.poly([(0, 0), (100, 0), (100, 100), (0, 100)], brown)
    rng = random.Random(7)  # fixed seed: the same dead leaves every time
    for _ in range(26):
        b.oval(rng.uniform(0, 100), rng.uniform(0, 100), rng.uniform(3, 7), rng.uniform(1.5, 3),
               maroon, rng.uniform(0, 180))

    def bands(f: float) -> theme.RGB:
        # red - black - yellow - black, repeating: the coral snake's rings
        return (red, black, yellow, black)[int(f * 36) % 4]

    # Landmarks in the gaps between the coils, so each half of the card looks different.
    b.oval(8, 94, 22, 11, red, -50)  # a big red leaf, bottom left
    b.line([(-4, 108), (20, 80)], 1.4, maroon)
    b.oval(90, 64, 12, 6, red, 70)  # a smaller one, right
    b.oval(9, 7, 8, 8, yellow)  # a yellow moon, top left
    b.oval(13, 4, 7, 7, brown)
    for i in range(5):  # a yellow blossom in the middle of the lower coil
        a = math.radians(72 * i)
        b.oval(46 + 5 * math.cos(a), 66 + 5 * math.sin(a), 4, 2.6, yellow, math.degrees(a))
    b.oval(46, 66, 2.4, 2.4, red)
    path = [(-6, 30), (22, 14), (52, 22), (84, 14), (94, 40), (66, 50), (30, 46), (12, 66),
            (30, 86), (62, 80), (78, 92)]
    b.tube(path, 13, bands)
    b.oval(84, 88, 10, 7.5, black, 30)  # head, lower right
    b.oval(86, 86, 2.2, 2.2, yellow)
    b.line([(92, 94), (98, 99)], 1.2, red)  # tongue
    b.line([(98, 99), (100, 96)], 0.8, red)


def _sloth(b: _Brush) -> None:
    dark, brown, tan, grey, pale = theme.PALETTES["sloth"]
    b.poly([(0, 0), (100, 0), (100, 100), (0, 100)], pale)
    for x, y, a in ((80, 62, 30), (88, 80, -20), (12, 46, 60), (70, 94, 10)):  # grey leaves
        b.oval(x, y, 9, 4, grey, a)
    b.poly([(0, 10), (100, 24), (100, 32), (0, 18)], dark)  # branch, higher on the left
    b.line([(24, 20), (30, 44)], 8, brown)  # arms up to the branch
    b.line([(72, 26), (62, 46)], 8, brown)
    for x, y in ((22, 14), (26, 13), (70, 20), (74, 21)):
        b.line([(x, y), (x + 2, y + 7)], 1.6, dark)  # claws over the branch
    b.oval(42, 62, 28, 25, brown, 10)  # body
    rng = random.Random(11)  # fixed seed: the fur strokes
    for _ in range(60):
        fx, fy = rng.uniform(18, 66), rng.uniform(44, 84)
        b.line([(fx, fy), (fx + rng.uniform(-2, 2), fy + 4)], 0.9,
               grey if rng.random() < 0.5 else dark)
    b.line([(22, 78), (10, 96)], 9, brown)  # one leg dangling
    b.oval(60, 54, 14, 12, tan)  # face, off to the right
    b.oval(54, 52, 5, 3, dark, 25)  # the dark eye stripes
    b.oval(67, 52, 5, 3, dark, -25)
    b.oval(54, 52, 1.8, 1.8, (0, 0, 0))
    b.oval(67, 52, 1.8, 1.8, (0, 0, 0))
    b.oval(61, 59, 2.6, 1.8, dark)
    b.line([(57, 63), (61, 65), (65, 63)], 1, dark)


def _toucan(b: _Brush) -> None:
    black, rust, orange, yellow, cream = theme.PALETTES["toucan"]
    b.poly([(0, 0), (100, 0), (100, 100), (0, 100)], yellow)
    b.oval(88, 88, 30, 22, orange)  # a low sun, lower right
    b.poly([(0, 74), (100, 84), (100, 90), (0, 80)], rust)  # perch
    b.poly([(28, 60), (46, 62), (30, 100), (16, 100)], black)  # tail hanging down-left
    b.oval(34, 50, 17, 28, black, 12)  # body
    b.oval(38, 28, 9, 10, cream)  # the cream throat
    b.oval(36, 20, 10, 9, black)  # head
    b.poly([(42, 13), (70, 12), (96, 20), (98, 28), (78, 30), (44, 28)], orange)  # huge beak
    b.poly([(42, 13), (70, 12), (96, 20), (80, 18), (46, 20)], yellow)
    b.poly([(90, 19), (96, 20), (98, 28), (92, 28)], black)  # dark tip
    b.line([(46, 22), (86, 24)], 0.8, rust)
    b.oval(36, 18, 3.6, 3.6, orange)  # eye ring
    b.oval(36, 18, 1.6, 1.6, black)
    b.oval(44, 74, 4, 2.5, orange)  # feet on the perch
    b.oval(14, 30, 5, 8, rust, -30)  # a seed pod, top left
    b.oval(10, 8, 3, 3, cream)


_PAINTERS: dict[str, Callable[[_Brush], None]] = {
    "frog": _frog, "chameleon": _chameleon, "snake": _snake, "sloth": _sloth, "toucan": _toucan,
}


@functools.cache
def _master(animal: str) -> Image.Image:
    """The subject picture at ``MASTER`` px (no frame, no marks)."""
    img = Image.new("RGB", (MASTER, MASTER))
    _PAINTERS[animal](_Brush(img))
    return img


def picture(animal: str, size: int) -> Image.Image:
    """The bare subject picture at ``size`` px (a copy: callers may draw on it)."""
    return _scaled(animal, size).copy()


@functools.cache
def _scaled(animal: str, size: int) -> Image.Image:
    return _master(animal).resize((size, size), Image.Resampling.LANCZOS)


# -- the camera ----------------------------------------------------------------------------------

# The left half of a butterfly in the 100 × 100 grid; the straight edge x = 50 is the mirror.
FOREWING: list[Point] = [(50, 40), (42, 24), (28, 11), (14, 5), (5, 8), (2, 18), (6, 32), (14, 42),
                         (28, 48), (50, 52)]
HINDWING: list[Point] = [(50, 50), (32, 53), (16, 60), (7, 72), (8, 84), (15, 93), (26, 96),
                         (36, 90), (43, 78), (50, 64)]


@functools.cache
def window_mask() -> Image.Image:
    """The camera window (white = seen) at ``MASTER`` px, the left half only."""
    mask = Image.new("L", (MASTER, MASTER), 0)
    b = ImageDraw.Draw(mask)
    for wing in (FOREWING, HINDWING):
        # A smooth curve through the outline points: wings have no corners.
        outline = _resample([*wing, wing[0]], 160)
        b.polygon([(min(x, 50) * K, y * K) for x, y in outline], fill=255)
    return mask


def turned(card: Image.Image, orientation: str) -> Image.Image:
    """``card`` turned so that edge ``orientation`` is at the top (the camera's view)."""
    turn = _TURN[orientation]
    return card if turn is None else card.transpose(turn)


@functools.cache
def wing_mask(size: int) -> Image.Image:
    """Both wings (white) of the finished butterfly at ``size`` px: the window plus its mirror."""
    half = window_mask().crop((0, 0, MASTER // 2, MASTER))
    full = Image.new("L", (MASTER, MASTER), 0)
    full.paste(half, (0, 0))
    full.paste(ImageOps.mirror(half), (MASTER // 2, 0))
    return full if size == MASTER else full.resize((size, size), Image.Resampling.LANCZOS)


@functools.cache
def _rim() -> Image.Image:
    """The wings grown by a few pixels (the same for every butterfly, so computed once)."""
    return wing_mask(MASTER).filter(ImageFilter.MaxFilter(7))


@functools.cache
def _butterfly_master(animal: str, orientation: str) -> Image.Image:
    """The whole butterfly at ``MASTER`` px on the light ground (see the module docstring)."""
    card = turned(_master(animal), orientation)
    half = Image.composite(card, Image.new("RGB", card.size, theme.BUTTERFLY_GROUND), window_mask())
    left = half.crop((0, 0, MASTER // 2, MASTER))
    full = Image.new("RGB", (MASTER, MASTER), theme.BUTTERFLY_GROUND)
    full.paste(left, (0, 0))
    full.paste(ImageOps.mirror(left), (MASTER // 2, 0))
    # A dark rim round the wings: the cut-out reads as a butterfly, not a torn-off photo.
    edge = Image.new("RGB", full.size, theme.BUTTERFLY_BODY)
    full = Image.composite(full, Image.composite(edge, full, _rim()), wing_mask(MASTER))
    _body(ImageDraw.Draw(full))
    # Re-mirror after drawing the body so the picture is exactly symmetric, pixel for pixel.
    full.paste(ImageOps.mirror(full.crop((0, 0, MASTER // 2, MASTER))), (MASTER // 2, 0))
    return full


def _body(d: ImageDraw.ImageDraw) -> None:
    """Body, head and antennae on the mirror line (the same for every butterfly)."""
    ink = theme.BUTTERFLY_BODY
    d.ellipse((47 * K, 30 * K, 53 * K, 80 * K), fill=ink)
    d.ellipse((46.5 * K, 24 * K, 53.5 * K, 31 * K), fill=ink)
    for sign in (-1, 1):
        tip = (50 + sign * 12, 7)
        d.line([(50 * K, 25 * K), ((50 + sign * 5) * K, 14 * K), (tip[0] * K, tip[1] * K)],
               fill=ink, width=round(0.9 * K), joint="curve")
        d.ellipse(((tip[0] - 1.6) * K, (tip[1] - 1.6) * K, (tip[0] + 1.6) * K, (tip[1] + 1.6) * K),
                  fill=ink)


@functools.cache
def butterfly(animal: str, orientation: str, size: int) -> Image.Image:
    """The butterfly the camera shows for ``animal`` inserted ``orientation`` edge first.

    Cached: treat the returned image as read-only (``.copy()`` before drawing on it).
    Held to ``BUTTERFLY_COLOURS`` colours: its flat wings lose nothing, and its smoothed rims
    stop spending a board's palette and bytes (nine face-up butterflies cost 36 of 90 KB).
    """
    if orientation not in _TURN:
        raise ValueError(f"orientation must be N, E, S or W, not {orientation!r}")
    img = _butterfly_master(animal, orientation).resize((size, size), Image.Resampling.LANCZOS)
    return img.quantize(BUTTERFLY_COLOURS, method=Image.Quantize.MEDIANCUT).convert("RGB")


def butterfly_key(key: str, size: int) -> Image.Image:
    """The butterfly for a view key ``"animal:orientation"``."""
    animal, _, orientation = key.partition(":")
    return butterfly(animal, orientation, size)
