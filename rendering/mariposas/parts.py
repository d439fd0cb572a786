"""What every Mariposas picture shares: sizes, colours, hex geometry, the small icons (flowers,
butterflies, life cycle cards, markers) and the words for names, seasons and goal cards.

Colour is never the only cue: each flower type has its own shape, each seat its own badge
shape, each generation its number, and a double generation 4 is drawn as a stack of two.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.mariposas.content import GoalCard
from bot.games.mariposas.rules import content
from bot.i18n import Words
from rendering import canvas, theme

W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
R = 40
"""A hex's circumradius (pointy top); rows are 1.5 R = 60 px apart."""
HALF_W = 35
"""Half a hex's width: 35 px, a hair over √3/2 · R, so every hex centre and corner falls on
a whole pixel and every hex is drawn pixel for pixel alike: the rows repeat every 70 px and
the PNG compresses them."""
ROW_H = 60
MAP_TOP = TITLE_H + 12
MAP_X = M + HALF_W
MAP_Y = MAP_TOP + R + 8
BADGE = 13
"""A butterfly badge's radius: its generation number is drawn at the minimum text size."""
SMALL = theme.MIN_TEXT

MAP_GROUND = (28, 30, 36)
HEX_EDGE = MAP_GROUND  # the ground between hexes: one colour fewer to store
COLOURS = 48
"""Colours in a Mariposas board PNG: a 5-player summer board with 40-character names took
~85 KB in 256 colours, ~77 KB in 64 and ~73 KB in 48; every colour the pictures mean (seats,
flowers, regions) survives within a few levels (tests/rendering/test_mariposas.py)."""
REGION: dict[str, theme.RGB] = {
    "green": (118, 172, 96), "yellow": (236, 208, 98), "red": (196, 84, 74),
    "orange": (228, 142, 62), "blue": (96, 140, 204),
}
CITY = (112, 76, 148)
MICHOACAN = (150, 96, 44)
FLOWER: dict[str, theme.RGB] = {
    "white": (252, 252, 252), "purple": (156, 92, 206), "yellow": (252, 226, 40),
    "pink": (246, 150, 192), "red": (214, 38, 38),
}
SETS: dict[str, theme.RGB] = {"green": (70, 160, 80), "pink": (232, 122, 168),
                              "blue": (66, 118, 206)}
STAGES = ("egg", "caterpillar", "chrysalis", "adult")
MILKWEED = (34, 112, 58)
SEAT_COLOURS: tuple[theme.RGB, ...] = (
    (0, 114, 178), (213, 94, 0), (246, 246, 246), (24, 24, 24), (204, 121, 167),
)
"""Okabe–Ito colours, told apart by every kind of colour vision; each seat also has a shape."""
SEAT_SHAPES = ("circle", "square", "diamond", "hexagon", "triangle")
SEASON_KEYS = ("spring", "summer", "fall")


def hex_centre(coord: tuple[int, int]) -> tuple[float, float]:
    """Pixel centre of the hex at ``(row, column)`` (odd-r: odd rows half a hex right)."""
    r, c = coord
    return MAP_X + (2 * c + r % 2) * HALF_W, MAP_Y + r * ROW_H


def hex_points(cx: float, cy: float, radius: float = R) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners, clockwise from the top (whole pixels at size R)."""
    half, side = round(HALF_W * radius / R), round(radius / 2)
    return [(cx, cy - radius), (cx + half, cy - side), (cx + half, cy + side), (cx, cy + radius),
            (cx - half, cy + side), (cx - half, cy - side)]


def space_centre(space: int) -> tuple[float, float]:
    """Pixel centre of a space (Michoacán: the middle of its large area)."""
    board = content().board
    if space == board.michoacan:
        x0, y0, x1, y1 = michoacan_box()
        return (x0 + x1) / 2, (y0 + y1) / 2
    return hex_centre(board.spaces[space].at)


def michoacan_box() -> tuple[float, float, float, float]:
    """Michoacán's large space, under its two neighbours at the bottom left."""
    _, top = hex_centre((16, 0))
    return M + 6, top + R + 14, M + 320, top + R + 160


def name_of(names: Sequence[str], seat: int, w: Words) -> str:
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.name(raw, w("mariposas.picture.player", n=w.number(seat + 1)))


def to_png(img: Image.Image) -> bytes:
    """``canvas.to_png`` of the picture in `COLOURS` colours."""
    return canvas.to_png(img, COLOURS)


# Icons --------------------------------------------------------------------------------------

def shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float,
          fill: theme.RGB, outline: theme.RGB = theme.INK, width: int = 2) -> None:
    """A filled shape of "radius" ``r``: circle, square, diamond, hexagon, triangle."""
    if kind == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        return
    if kind == "square":
        s = r * 0.9
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=outline,
                       width=width)
        return
    points = {
        "diamond": [(cx, cy - r * 1.2), (cx + r * 1.2, cy), (cx, cy + r * 1.2),
                    (cx - r * 1.2, cy)],
        "hexagon": hex_points(cx, cy, r * 1.1),
        "triangle": [(cx - r * 1.3, cy - r * 0.95), (cx + r * 1.3, cy - r * 0.95),
                     (cx, cy + r * 1.35)],
        "up": [(cx, cy - r * 1.1), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)],
        "plus": [(cx + dx * r, cy + dy * r) for dx, dy in (
            (-0.4, -1.1), (0.4, -1.1), (0.4, -0.4), (1.1, -0.4), (1.1, 0.4), (0.4, 0.4),
            (0.4, 1.1), (-0.4, 1.1), (-0.4, 0.4), (-1.1, 0.4), (-1.1, -0.4), (-0.4, -0.4))],
    }[kind]
    draw.polygon(points, fill=fill, outline=outline, width=width)


def flower(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float = 9) -> None:
    """A flower token: its colour and its own shape (white ○, purple ◇, yellow △, pink ✚,
    red □), so the types stay apart without colour vision."""
    fill = FLOWER[kind]
    kinds = {"white": "circle", "purple": "diamond", "yellow": "up", "pink": "plus",
             "red": "square"}
    shape(draw, kinds[kind], cx, cy, r * (0.85 if kind == "purple" else 1), fill)


def badge(draw: ImageDraw.ImageDraw, seat: int, gen: int | None, cx: float, cy: float,
          double: bool = False, r: float = BADGE) -> None:
    """A butterfly: its seat's colour and shape, its generation's number inside; a double
    generation 4 is a stack of two badges under a gold ring."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    kind = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    edge = theme.ON_ACCENT if sum(colour) < 150 else theme.INK
    if double:
        shape(draw, kind, cx + 6, cy - 6, r, colour, edge, 2)
        draw.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), outline=theme.HIGHLIGHT,
                     width=3)
    shape(draw, kind, cx, cy, r, colour, edge, 2)
    if gen is None:
        return
    ink = theme.INK if sum(colour) > 500 else theme.ON_ACCENT
    box = (cx - r - 2, cy - r - 4, cx + r + 2, cy + r + 4)
    dy = -3 if kind == "triangle" else 0
    canvas.text(draw, (cx, cy + dy), str(gen), SMALL, ink, "mm", bold=True, box=box)


def life_card(draw: ImageDraw.ImageDraw, life_set: str, stage: str, box: tuple[float, ...],
              have: bool = True) -> None:
    """A life cycle card: its set's colour, its stage as 1–4 pips; an outline where missing."""
    x0, y0, x1, y1 = box
    if not have:
        draw.rectangle(box, outline=SETS[life_set], width=2)
        return
    draw.rectangle(box, fill=SETS[life_set], outline=theme.INK, width=1)
    pips = STAGES.index(stage) + 1
    step = (x1 - x0) / (pips + 1)
    cy = (y0 + y1) / 2
    for i in range(pips):
        px = x0 + step * (i + 1)
        draw.ellipse((px - 2, cy - 2, px + 2, cy + 2), fill=theme.ON_ACCENT)


def marker(draw: ImageDraw.ImageDraw, marker_id: str | None, cx: float, cy: float,
           r: float = 10) -> None:
    """A waystation marker: face down (None) a ringed disc; face up what it gives."""
    if marker_id is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(60, 40, 80),
                     outline=theme.ON_ACCENT, width=2)
        draw.ellipse((cx - r / 2.5, cy - r / 2.5, cx + r / 2.5, cy + r / 2.5),
                     fill=theme.ON_ACCENT)
        return
    found = {m.id: m for m in content().markers}.get(marker_id)
    if found is None or found.gives == "wild_flower":
        colours = list(FLOWER.values())
        for i, colour in enumerate(colours):
            draw.pieslice((cx - r, cy - r, cx + r, cy + r), i * 72 - 90, i * 72 - 18,
                          fill=colour)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.INK, width=2)
        return
    if found.gives == "life_cycle" and found.set is not None and found.stage is not None:
        life_card(draw, found.set, found.stage, (cx - r * 1.3, cy - r * 0.8, cx + r * 1.3,
                                                 cy + r * 0.8))
        return
    draw.rectangle((cx - r * 1.3, cy - r * 0.8, cx + r * 1.3, cy + r * 0.8),
                   fill=theme.PANEL, outline=theme.INK, width=2)
    canvas.arrow(draw, cx - r * 0.4, cy, r * 1.2, theme.ACCENT)


# Words --------------------------------------------------------------------------------------

def season_name(season: int, w: Words) -> str:
    return w(f"mariposas.season.{SEASON_KEYS[season]}")


def city_name(city_id: str, w: Words) -> str:
    return w(f"mariposas.city.{city_id}")


def region_words(region: Any, w: Words) -> str:
    """A goal's region (a content ``Region``) in words: its conditions joined ("above
    Atlanta's row and on red")."""
    parts = []
    for key, value in region.conditions():
        if key == "colour":
            parts.append(w(f"mariposas.where.colour.{value}"))
        elif key == "on":
            parts.append(w(f"mariposas.where.{value}"))
        else:
            parts.append(w(f"mariposas.where.{key}", city=city_name(value, w)))
    return w("mariposas.where.join").join(parts)


def goal_words(goal: Any, w: Words) -> str:
    """One goal of a season card as a sentence."""
    where = [region_words(region, w) for region in goal.regions]
    points = w.number(goal.points)
    if goal.type == "per_butterfly":
        return w("mariposas.goal.per_butterfly", points=points, where=where[0])
    if goal.type == "one_in_each":
        return w("mariposas.goal.one_in_each", points=points, where="; ".join(where))
    if goal.type == "count_and_none":
        return w("mariposas.goal.count_and_none", points=points,
                 n=w.number(goal.at_least), where=where[0])
    if goal.type == "each_flower_token":
        return w("mariposas.goal.each_flower_token", points=points)
    if goal.type == "per_breeding":
        return w("mariposas.goal.per_breeding", points=points, where=where[0])
    return w("mariposas.goal.breeding_makes_double", gen=w.number(goal.parent_generation),
             where=where[0])


def goal_card(card_id: str) -> GoalCard:
    """A season goal card from its id."""
    for card in content().goal_cards:
        if card.id == card_id:
            return card
    raise KeyError(card_id)
