"""The Mariposas map: a static layer (hexes, flowers, milkweed, cities, Michoacán, the legend)
drawn once per language and cached, and per render only the pieces on it (waystation markers,
butterflies; on the private map the landings on offer, the rest shaded).

Pointy-top hexes in the spec's odd-r layout on a dark ground. Each hex shows its region's
colour and its flower(s) as shaped tokens; a city is purple with its short name and its
marker; milkweed icons sit on hex corners; the East Coast hexes have a light inner rim.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.games.mariposas.rules import content
from bot.games.mariposas.views import Butterfly, MariposasView
from bot.i18n import Words
from rendering import canvas, layout, theme
from rendering.mariposas.parts import (
    BADGE,
    CITY,
    HALF_W,
    HEX_EDGE,
    MAP_GROUND,
    MAP_TOP,
    MICHOACAN,
    MILKWEED,
    REGION,
    SMALL,
    M,
    R,
    W,
    badge,
    flower,
    hex_centre,
    hex_points,
    marker,
    michoacan_box,
)

PANEL_BOTTOM = int(michoacan_box()[3] + 10)
MAP_BOTTOM = PANEL_BOTTOM + 6
"""The map picture's height: the title bar's room and the dark map panel."""
LEGEND = (520, MAP_TOP + 8, W - M, MAP_TOP + 48)
"""The legend's line: in the map's empty north-east corner, east of Winnipeg's row."""
COAST = (200, 240, 250)
DIM = 110
TAG_DROP = 10  # a tag's centre below the hex's: under the flowers and city name, above the tip
TAG_TEXT = 28  # a landing's number: legible on a phone (11 px at 400 px wide)
START_RIM = (255, 255, 255)
"""The rim of the space the moving butterfly starts from, on the private map."""
"""How far below a hex's centre its landing tag sits."""
"""How much of the dark ground covers a space that is not on offer (0–255)."""


def static_layer(w: Words) -> Image.Image:
    """The map without pieces, ``W`` × ``MAP_BOTTOM`` (cached per language; drawn afresh while
    a layout test records, so its texts are checked too)."""
    if layout.listening():
        return _draw_static(w)
    return _cached(w.lang, w).copy()


@functools.lru_cache(maxsize=4)
def _cached(lang: str, w: Words) -> Image.Image:
    return _draw_static(w)


def _draw_static(w: Words) -> Image.Image:
    img = canvas.new(W, MAP_BOTTOM)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((8, MAP_TOP, W - 8, PANEL_BOTTOM), radius=theme.RADIUS,
                           fill=MAP_GROUND)
    board = content().board
    coast = set(board.east_coast)
    for space in board.spaces:
        if space.kind == "michoacan":
            continue
        cx, cy = hex_centre(space.at)
        fill = CITY if space.kind == "city" or space.colour is None else REGION[space.colour]
        draw.polygon(hex_points(cx, cy, R), fill=fill, outline=HEX_EDGE, width=1)
        if space.id in coast:
            draw.polygon(hex_points(cx, cy, R - 6), outline=COAST, width=3)
        if space.kind == "city":
            canvas.text(draw, (cx, cy - 17), w(f"mariposas.city_short.{space.city}"), SMALL,
                        theme.ON_ACCENT, "mm", bold=True,
                        box=(cx - R, cy - R + 6, cx + R, cy + 2))
        for i, kind in enumerate(space.flowers):
            dx = 0 if len(space.flowers) == 1 else (-13 if i == 0 else 13)
            flower(draw, kind, cx + dx, cy - 22)
    _michoacan(draw, w)
    for vertex in board.milkweed:
        _milkweed(draw, vertex)
    _legend(draw, w)
    return img


def _legend(draw: ImageDraw.ImageDraw, w: Words) -> None:
    """The two marks a glance at the map does not explain: the milkweed icon and the East
    Coast's rim. (The flower shapes need no names: a hatch pays in matching shapes; the
    rules card names them.)"""
    x0, top, x1, bottom = LEGEND
    x, mid = x0, (top + bottom) / 2
    for item in ("milkweed", "east_coast"):
        text = w(f"mariposas.legend.{item}")
        width = min(canvas.text_width(text, SMALL) + 4, x1 - x - 26)
        if item == "milkweed":
            _milkweed_at(draw, x + 10, mid)
        else:
            draw.polygon(hex_points(x + 10, mid, 14), fill=REGION["blue"], outline=COAST,
                         width=3)
        canvas.label(draw, (x + 24, top, x + 24 + width, bottom), text, SMALL, theme.ON_ACCENT)
        x += 24 + width + 20


def _michoacan(draw: ImageDraw.ImageDraw, w: Words) -> None:
    x0, y0, x1, y1 = michoacan_box()
    # Joined to its two neighbours above by a broad bridge, so it reads as one space of the map.
    for coord in ((16, 1), (16, 2)):
        cx, cy = hex_centre(coord)
        draw.line([(cx, cy + R - 4), (cx, y0 + 4)], fill=MICHOACAN, width=14)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=22, fill=MICHOACAN, outline=HEX_EDGE,
                           width=3)
    canvas.label(draw, (x0 + 12, y0 + 4, x1 - 12, y0 + 34), w("mariposas.michoacan"),
                 SMALL + 2, theme.ON_ACCENT, "m", bold=True)


def vertex_point(vertex: Any) -> tuple[float, float]:
    """Where a milkweed ``Vertex`` (a hex and its top or bottom tip) is drawn."""
    cx, cy = hex_centre(vertex.hex)
    return (cx, cy + R) if vertex.corner == "bottom" else (cx, cy - R)


def _milkweed(draw: ImageDraw.ImageDraw, vertex: Any) -> None:
    """A milkweed icon: a dark green disc with two light leaves, ringed in white."""
    _milkweed_at(draw, *vertex_point(vertex))


def _milkweed_at(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=MILKWEED, outline=theme.ON_ACCENT,
                 width=2)
    draw.ellipse((x - 7, y - 3, x - 1, y + 6), fill=(170, 225, 140))
    draw.ellipse((x + 1, y - 6, x + 7, y + 3), fill=(170, 225, 140))


# The pieces ---------------------------------------------------------------------------------

def pieces(img: Image.Image, view: MariposasView, w: Words,
           highlights: Mapping[int, str] | None = None) -> None:
    """Markers, butterflies and (on a private map) the highlighted spaces with their labels."""
    draw = ImageDraw.Draw(img)
    board = content().board
    shown = view.get("markers", {})
    for city in board.cities:
        cx, cy = hex_centre(board.spaces[city.space].at)
        marker(draw, shown.get(city.id), cx, cy + 24, 9)
    by_space: dict[int, list[Butterfly]] = defaultdict(list)
    for b in sorted(view["butterflies"], key=lambda b: (b["seat"], b["gen"], b["id"])):
        by_space[b["space"]].append(b)
    for space, flock in sorted(by_space.items()):
        if space == board.michoacan:
            _in_michoacan(draw, flock)
        else:
            _in_hex(draw, hex_centre(board.spaces[space].at), flock)
    if highlights is not None:
        start = moving_from(view)
        _dim(img, set(highlights) | ({start} if start is not None else set()))
        draw = ImageDraw.Draw(img)
        for space, text in sorted(highlights.items()):
            highlight(draw, space, text)
        if start is not None:  # inside any amber rim: a walk may end where it began
            _rim(draw, start, START_RIM, inset=9)
        for vertex in content().board.milkweed:  # over the rims: a hatch needs them seen
            _milkweed(draw, vertex)


FOCUS_ROOM = 50
"""The room kept around the marked spaces of a private map's part (most of a hex)."""
FOCUS_LEAST = 400
"""The least width and height of a private map's part: a few hexes each way, to find it by."""


def focus(spaces: Iterable[int], least: int = FOCUS_LEAST) -> tuple[int, int, int, int]:
    """The part of the map around ``spaces`` (left, top, right, bottom in px): their hexes
    with `FOCUS_ROOM` around them, widened to ``least`` each way and kept within the map's
    panel — for a screen too small to read the whole map's marks."""
    boxes = [space_box(space) for space in spaces]
    if not boxes:
        return 8, MAP_TOP, W - 8, PANEL_BOTTOM
    bounds = ((8, W - 8), (MAP_TOP, PANEL_BOTTOM))
    found: list[int] = []
    for axis, (low, high) in enumerate(bounds):
        start = min(b[axis] for b in boxes) - FOCUS_ROOM
        end = max(b[axis + 2] for b in boxes) + FOCUS_ROOM
        grow = max(0.0, least - (end - start)) / 2
        start, end = start - grow, end + grow
        shift = max(0.0, low - start) - max(0.0, end - high)  # back inside, size kept
        found += [max(low, round(start + shift)), min(high, round(end + shift))]
    return found[0], found[2], found[1], found[3]


def space_box(space: int) -> tuple[float, float, float, float]:
    """A space's whole box on the map: its hex's, or Michoacán's large area."""
    if space == content().board.michoacan:
        return michoacan_box()
    cx, cy = hex_centre(content().board.spaces[space].at)
    return cx - HALF_W, cy - R, cx + HALF_W, cy + R


def moving_from(view: MariposasView) -> int | None:
    """The space of the butterfly the turn is moving now, if any (where the walk starts)."""
    turn = view["turn"]
    moving = turn["moving"] if turn is not None else None
    if not moving:
        return None
    for b in view["butterflies"]:
        if b["id"] == moving["b"]:
            return int(b["space"])
    return None


def _rim(draw: ImageDraw.ImageDraw, space: int, colour: theme.RGB, inset: int = 2) -> None:
    """A thick rim just inside a space's edge (``inset`` px in)."""
    if space == content().board.michoacan:
        x0, y0, x1, y1 = michoacan_box()
        draw.rounded_rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius=22,
                               outline=colour, width=5)
    else:
        draw.polygon(hex_points(*hex_centre(content().board.spaces[space].at), R - inset),
                     outline=colour, width=5)


def _dim(img: Image.Image, keep: set[int]) -> None:
    """Shade every space but the landings on offer, so those stand out at a glance."""
    mask = Image.new("L", img.size, 0)
    draw = ImageDraw.Draw(mask)
    board = content().board
    for space in board.spaces:
        if space.id in keep:
            continue
        if space.kind == "michoacan":
            draw.rounded_rectangle(michoacan_box(), radius=22, fill=DIM)
        else:
            draw.polygon(hex_points(*hex_centre(space.at), R), fill=DIM)
    img.paste(MAP_GROUND, (0, 0, *img.size), mask)


def badge_spots(n: int) -> list[tuple[float, float]]:
    """Where ``n`` butterflies sit in a hex, relative to its centre (rows of up to three)."""
    rows = [n] if n <= 3 else [(n + 1) // 2, n // 2]
    ys = [10] if len(rows) == 1 else [-4, 20]
    spots: list[tuple[float, float]] = []
    for count, y in zip(rows, ys, strict=True):
        step = min(24, 50 / max(1, count - 1)) if count > 1 else 0
        spots += [(-step * (count - 1) / 2 + i * step, y) for i in range(count)]
    return spots


def _in_hex(draw: ImageDraw.ImageDraw, centre: tuple[float, float],
            flock: list[Butterfly]) -> None:
    cx, cy = centre
    for (dx, dy), b in zip(badge_spots(len(flock)), flock, strict=True):
        badge(draw, b["seat"], b["gen"], cx + dx, cy + dy, b["double"])


def _in_michoacan(draw: ImageDraw.ImageDraw, flock: list[Butterfly]) -> None:
    """Michoacán holds any number: one line per seat, a seat's butterflies side by side."""
    x0, y0, x1, y1 = michoacan_box()
    seats = sorted({b["seat"] for b in flock})
    top, room = y0 + 52, y1 - y0 - 64
    step_y = min(2 * BADGE + 6, room / max(1, len(seats) - 1)) if len(seats) > 1 else 0
    for row, seat in enumerate(seats):
        mine = [b for b in flock if b["seat"] == seat]
        step_x = min(2 * BADGE + 8, (x1 - x0 - 60) / max(1, len(mine) - 1))
        for i, b in enumerate(mine):
            badge(draw, seat, b["gen"], x0 + 30 + i * step_x, top + row * step_y, b["double"])


def highlight(draw: ImageDraw.ImageDraw, space: int, text: str) -> None:
    """A landing the player may pick: a thick amber rim and an amber tag with its label in
    the hex's middle (its flowers and city name stay readable above, the milkweed tip below)."""
    board = content().board
    _rim(draw, space, theme.INK, inset=0)  # a dark edge: amber next to orange still parts
    _rim(draw, space, theme.HIGHLIGHT, inset=4)
    if space == board.michoacan:
        _, y0, x1, _ = michoacan_box()
        cx, cy = x1 - 40, y0 + 20
    else:
        cx, cy = hex_centre(board.spaces[space].at)
        cy += TAG_DROP
    half = max(20, canvas.text_width(text, TAG_TEXT, True) / 2 + 6)
    half = min(half, R - 6)
    tag = (cx - half, cy - 16, cx + half, cy + 16)
    draw.rounded_rectangle(tag, radius=8, fill=theme.HIGHLIGHT, outline=theme.INK, width=2)
    canvas.label(draw, (tag[0] + 2, tag[1], tag[2] - 2, tag[3]), text, TAG_TEXT, theme.INK, "m",
                 bold=True)
