"""The two panels under MIMIC's public grid: the players (hand sizes, cubes, power cards, solo's
score) and the draw area (face-up cards and deck or the tie showdown, the advanced power line,
start cards left, the removed cards). Every word at least the smallest text a phone reads."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.mimic.rules import side_of
from bot.games.mimic.views import Face, MimicView, Showdown
from bot.i18n import Words
from rendering import canvas, theme
from rendering.layout import Box
from rendering.mimic.art import card_tile, cube, power_chip
from rendering.mimic.parts import SMALL, aside, band, name_of, showdown_faces, winners_of

FACEUP_TILE = 110
"""The face-up cards' size: the smallest card whose animal tag is a readable size."""


def players_panel(draw: ImageDraw.ImageDraw, view: MimicView, names: Sequence[str], box: Box,
                  w: Words) -> None:
    """The heading, one row per seat (see :func:`seat_row`), and in solo the score."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    n = view["players"]
    head = w("mimic.picture.players" if view["mode"] != "teams" else "mimic.picture.teams")
    # "Power cards" heads the chips' column at the right (a third of the panel at most); the
    # panel's heading takes the rest of the line.
    top, bottom = y0 + 6, y0 + 40
    start = aside(draw, (x1 - 16 - (x1 - x0) // 3, top, x1 - 16, bottom),
                  w("mimic.picture.power_cards"), SMALL, theme.INK_SOFT)
    canvas.label(draw, (x0 + 16, top, start - 12, bottom), head, theme.TEXT_SIZE, theme.INK,
                 bold=True)
    row_h = min(100, (y1 - y0 - 48) // max(n, 1))
    for seat in range(n):
        top = y0 + 44 + seat * row_h
        seat_row(draw, view, names, seat, (x0, top, x1, top + row_h), w)
    if n == 1:
        solo_score(draw, view, box, w)


def seat_row(draw: ImageDraw.ImageDraw, view: MimicView, names: Sequence[str], seat: int,
             box: Box, w: Words) -> None:
    """One seat's row: turn arrow, name and power cards on the upper line; hand size (or
    WINNER), the side's cubes and their count on the lower one."""
    x0, top, x1, bottom = box
    over = view["phase"] == "over"
    winners = set(winners_of(view))
    active = seat in view["active"] and not over
    side = side_of(view, seat)
    if seat in winners or active:
        canvas.card(draw, (x0 + 6, top, x1 - 6, bottom - 4), theme.MEDAL_ROWS[0],
                    theme.HIGHLIGHT, 2, radius=10)
    if active:
        canvas.arrow(draw, x0 + 14, top + 21, 22, theme.ACCENT_DARK)
    label = name_of(names, seat, w)
    if view["mode"] == "teams":
        label = w("mimic.picture.team_of", name=label, team=w.number(side + 1))
    strong = seat in view["active"] or seat in winners
    # Power cards: active ones bright, used ones faded and struck through; the name is cut,
    # never shrunk, before the chips (six at most) begin.
    powers = view["powers"][seat]
    chips = [(c, False) for c in powers["active"]] + [(c, True) for c in powers["used"]]
    chip = 38
    first = x1 - 16 - len(chips) * (chip + 4)
    for i, (colour, used) in enumerate(reversed(chips)):
        cx = x1 - 16 - (i + 1) * (chip + 4) + 4
        power_chip(draw, (cx, top + 4, cx + chip, top + 4 + chip), colour, used, words=w)
    canvas.label(draw, (x0 + 40, top + 4, min(x0 + 330, first - 8), top + 40), label,
                 theme.TEXT_SIZE, bold=strong, min_size=theme.TEXT_SIZE)
    # The lower line, centred 24 px above the row's foot.
    line = bottom - 24
    low, high = line - 15, line + 15
    left = view["cubes_left"][side]
    s, step = (18, 24) if left <= 10 else (14, 21)
    cubes_x = x0 + 130
    note = w("mimic.picture.cubes", left=w.number(left),
             placed=w.number(view["cubes_placed"][side]))
    if view["players"] == 1:
        # Solo's fifteen cubes leave the count no room beside them: it goes under them,
        # into the panel's free middle.
        aside(draw, (cubes_x, bottom + 2, x1 - 16, bottom + 32), note, SMALL, theme.INK,
              bold=True)
        note_x = x1 - 16
    else:
        # The count is never cut: where it would not fit beside the cubes (a Czech team's
        # eight), the cubes close up to make room for it.
        room = x1 - 16 - 6 - canvas.text_width(note, SMALL, True) - cubes_x
        if left and left * step > room:
            step = max(12, int(room // left))
            s = min(s, step - 3)
        note_x = aside(draw, (cubes_x + left * step + 6, low, x1 - 16, high), note, SMALL,
                       theme.INK, bold=True)
    # The word under the name stops before the cubes, which stop before the count.
    tag_box = (x0 + 40, low, cubes_x - 6 if left else note_x - 12, high)
    if seat in winners:
        canvas.label(draw, tag_box, w("mimic.picture.winner"), SMALL, theme.ACCENT_DARK,
                     bold=True)
    else:
        canvas.label(draw, tag_box, w("mimic.picture.hand_size",
                                      count=w.number(view["hand_sizes"][seat])),
                     SMALL, theme.INK_SOFT)
    for i in range(left):
        cube(draw, cubes_x + i * step, line - s / 2 + 2, s, side, label=False)


def solo_score(draw: ImageDraw.ImageDraw, view: MimicView, box: Box, w: Words) -> None:
    """Solo's score and the hint to beat it, in the foot of the players' panel."""
    x0, _, x1, y1 = box
    total = view["cubes_placed"][0] + view["cubes_left"][0]
    score = w.n("mimic.picture.solo_score", total, placed=w.number(view["cubes_placed"][0]))
    canvas.label(draw, (x0 + 16, y1 - 96, x1 - 16, y1 - 54), score, 30, theme.ACCENT_DARK, "m",
                 bold=True)
    canvas.paragraph(draw, (x0 + 16, y1 - 50, x1 - 16, y1 - 12), w("mimic.picture.solo_hint"),
                     SMALL, theme.INK_SOFT, "m")


def draw_area(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimicView,
              names: Sequence[str], box: Box, w: Words) -> None:
    """The face-up cards and the deck (or the tie showdown); the advanced power line; the
    start cards left; the removed cards. Each line of words owns its band of the panel."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    left, right = x0 + 16, x1 - 16
    y = y0 + 24
    if (show := view["showdown"]) is not None:
        y = showdown(img, draw, view, show, names, box, w)
    elif view["mode"] == "solo":
        canvas.label(draw, band(left, right, y, 34), w("mimic.picture.deck"), theme.TEXT_SIZE,
                     bold=True)
        canvas.label(draw, band(left, right, y + 38, 34),
                     w.n("mimic.picture.deck_left", view["deck"]), theme.TEXT_SIZE)
        used = canvas.paragraph(draw, (left, y + 58, right, y + 118),
                                w("mimic.picture.solo_deck"), SMALL, theme.INK_SOFT)
        y += 66 + used
    else:
        y = faceup(img, draw, view, (left, y0, right, y1), w)
    if view["advanced"]:
        canvas.label(draw, band(left, right, y + 14, 28), w("mimic.picture.power_line"), SMALL,
                     bold=True)
        chip_w = (right - left - 16) // 3
        for i, colour in enumerate(view["power_line"]):
            cx = left + i * (chip_w + 8)
            power_chip(draw, (cx, y + 32, cx + chip_w, y + 72), colour,
                       label=w(f"mimic.picture.power_short.{colour}"), words=w)
        y += 80
    canvas.label(draw, band(left, right, y + 14, 28),
                 w("mimic.picture.starts_left", count=w.number(view["yellow_left"])), SMALL,
                 theme.INK_SOFT)
    y += 32
    if view["step"]["jump"]:
        canvas.label(draw, band(left, right, y + 14, 28), w("mimic.picture.jump_on"), SMALL,
                     theme.ACCENT_DARK, bold=True)
        y += 32
    removed = view["removed"]
    canvas.label(draw, band(left, right, y + 14, 28),
                 w("mimic.picture.removed" if removed else "mimic.picture.removed_none"),
                 SMALL, bold=True)
    y += 32
    if removed:
        removed_cards(img, removed, (left, y, right, y1 - 10), w)


def faceup(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimicView, box: Box,
           w: Words) -> int:
    """The heading line (the face-up cards left, the deck's count right) and the three
    face-up cards under it, a dashed outline where one is missing. Returns the y below."""
    left, y0, right, _ = box
    y = int(y0) + 24
    start = aside(draw, (right - (right - left) // 2, y - 17, right, y + 17),
                  w("mimic.picture.deck_count", count=w.number(view["deck"])),
                  theme.TEXT_SIZE, theme.INK, bold=True)
    canvas.label(draw, (left, y - 17, start - 12, y + 17), w("mimic.picture.faceup"),
                 theme.TEXT_SIZE, bold=True)
    tile_w = FACEUP_TILE
    step = min(tile_w + 12, int(right - left - tile_w) // 2)
    for i, face in enumerate(view["faceup"]):
        tile = card_tile(face["colour"], face["animal"], tile_w, words=w)
        img.paste(tile, (int(left) + i * step, y + 22), tile)
    for i in range(len(view["faceup"]), 3):
        bx = left + i * step
        canvas.dashed_card(draw, (bx, y + 22, bx + tile_w, y + 22 + tile_w), theme.INK_FAINT,
                           radius=10)
    return y + 22 + tile_w + 10


def removed_cards(img: Image.Image, removed: Sequence[Face], box: Box, w: Words) -> None:
    """The removed cards in rows of 64 px tiles (their silhouette, texture and badge), squeezed
    when the rows would spill out of ``box`` (a tile too small for its letter then shows
    none, see ``card_tile``)."""
    x0, y0, x1, y1 = box
    width, room = int(x1 - x0), int(y1 - y0)
    tile = 72
    per_row = max(1, (width + 4) // (tile + 4))
    rows = max(1, -(-len(removed) // per_row))
    while tile > 20 and rows * (tile + 4) > room:
        tile -= 2
        per_row = max(1, (width + 4) // (tile + 4))
        rows = max(1, -(-len(removed) // per_row))
    for i, face in enumerate(removed):
        r, c = divmod(i, per_row)
        t = card_tile(face["colour"], face["animal"], tile, words=w)
        img.paste(t, (int(x0) + c * (tile + 4), int(y0) + r * (tile + 4)), t)


def showdown(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimicView, show: Showdown,
             names: Sequence[str], box: Box, w: Words) -> int:
    """The tie showdown (§Ties): who has picked (while they pick), then the cards shown in
    the last round. Returns the y where the rest of the panel goes on."""
    x0, y0, x1, _ = box
    left, right = x0 + 16, x1 - 16
    y = int(y0) + 24
    rounds = showdown_faces(view)
    canvas.label(draw, band(left, right, y, 34),
                 w("mimic.picture.showdown", round=w.number(show["round"])), theme.TEXT_SIZE,
                 bold=True)
    y += 32
    if view["phase"] == "showdown":
        picked = ", ".join(name_of(names, s, w) for s in show["picked"]) or \
            w("mimic.picture.nobody_yet")
        canvas.label(draw, band(left, right, y, 28), w("mimic.picture.picked", names=picked),
                     SMALL, theme.INK_SOFT)
        y += 30
    if not rounds:
        return y + 2
    last = rounds[-1]
    tile = 80
    canvas.label(draw, band(left, right, y, 28),
                 w("mimic.picture.shown", round=w.number(len(rounds))), SMALL)
    step = min(tile + 12, (int(right - left) - tile) // max(1, min(len(last), 4) - 1))
    for i, (seat, face) in enumerate(last[:4]):
        x = left + i * step
        t = card_tile(face["colour"], face["animal"], tile, words=w)
        img.paste(t, (int(x), y + 16), t)
        # Each name is cut to its card's width and half the gap to the next card.
        canvas.label(draw, band(x - 4, x + min(tile, step) + 4, y + 16 + tile + 16, 28),
                     name_of(names, seat, w), SMALL, align="m", min_size=SMALL)
    return y + 16 + tile + 34
