"""Mimikri's pictures: the public table, the camera holder's preview, the rules card.

Every word comes from the catalogue in the language the caller passes (``w``): the table's in
the server's, a preview's and the rules' in the reader's.

Reads only the public view (``MimikriRules.view``): a face-down card is drawn from its position
alone, never from a butterfly key, and keys are never written as text — players see pictures.
The pictures themselves (subject cards, butterflies) live in ``rendering.mimikri.art``, which
also defines the orientations: edge X "first" means edge X at the top of the camera view
(N as drawn, E = card turned a quarter left, S = half a turn, W = a quarter right). The
finished game is a result card (``rendering.mimikri.result``); the preview and the rules
picture are in ``rendering.mimikri.guide``.

What changed: the last card turned up carries a tick on gold (found) or a cross on red
(missed); whose turn it is shows in teal with an arrow, so gold means only "found".
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.mimikri.views import Cell, Last, MimikriView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimikri.art import butterfly, butterfly_key
from rendering.mimikri.guide import render_preview, render_rules
from rendering.mimikri.parts import (
    FOUND,
    FOUND_ROW,
    MISSED,
    REVEALED,
    TURN,
    TURN_ROW,
    badge,
    subject_card,
)
from rendering.mimikri.parts import band as _band
from rendering.mimikri.parts import name as _name
from rendering.mimikri.result import render_result

__all__ = ["butterfly", "render_board", "render_preview", "render_result", "render_rules",
           "subject_card"]

# Board layout, fixed so the message never jumps in size as the game goes on. Cells are the same
# size for 4 and 5 columns; the 4-column grid is centred.
W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
TOP_Y = TITLE_H + 16
TOP_H = 340
CAMERA_W = 440
CELL = 176
GAP = 12
GRID_Y = TOP_Y + TOP_H + 16
FOOTER_H = 60  # two lines at theme.MIN_TEXT when the Czech line runs long
COUNT_W = 42  # a player's count: two digits at 30 px (5 subjects × 4 butterflies at most)
BOARD_H = GRID_Y + 4 * CELL + 3 * GAP + 12 + FOOTER_H + 12
SMALL = theme.MIN_TEXT  # the smallest words on the table, legible at phone width


def render_board(view: MimikriView, names: list[str], w: Words) -> bytes:
    """The public table as one PNG (``BOARD_WIDTH`` × ``BOARD_H``), in ``w``'s words; once
    the game is over, the result card instead (``render_result``: its height varies)."""
    phase = view["phase"]
    if phase == "over":
        return render_result(view, names, w)
    img = canvas.new(W, BOARD_H)
    draw = ImageDraw.Draw(img)
    holder, turn = view["holder"], view["turn"]
    if phase == "orient":
        status = w("mimikri.picture.status.orient", name=_name(names, holder, w, 260))
    else:
        status = w("mimikri.picture.status.search", name=_name(names, turn, w, 260))
    canvas.title_bar(img, w("mimikri.picture.title", round=w.number(view["rounds"] + 1)),
                     status, TITLE_H)
    _camera_panel(img, draw, view, (M, TOP_Y, M + CAMERA_W, TOP_Y + TOP_H), w)
    _players_panel(img, draw, view, names, (M + CAMERA_W + 16, TOP_Y, W - M, TOP_Y + TOP_H), w)
    _grid(img, draw, view["grid"], view.get("last"))
    _footer(draw, view, w)
    return canvas.to_png(img)


def _camera_panel(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimikriView,
                  box: tuple[int, int, int, int], w: Words) -> None:
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    cx = (x0 + x1) // 2
    if view["phase"] == "orient":
        canvas.label(draw, _band(x0 + 16, x1 - 16, y0 + 24, 36), w("mimikri.picture.which_edge"),
                     theme.TEXT_SIZE, align="m", bold=True)
        note = view.get("must_be_uncollected")
        tried = tuple(view.get("tried", ()))
        size = 180 if note else 250
        card = subject_card(view["subject"], size, True, tried)
        img.paste(card, (cx - size // 2, y0 + 46))
        if tried:
            canvas.label(draw, _band(x0 + 16, x1 - 16, y0 + 46 + size + 18, 30),
                         w("mimikri.picture.tried_edges", edges=", ".join(tried)),
                         SMALL, theme.CROSS, "m", bold=True)
        if note:
            canvas.card(draw, (x0 + 12, y1 - 72, x1 - 12, y1 - 10), theme.MEDAL_ROWS[1],
                        theme.INK_SOFT, 2, radius=10)
            canvas.paragraph(draw, (x0 + 22, y1 - 69, x1 - 22, y1 - 13),
                             w("mimikri.picture.must_be_new"), SMALL, align="m", leading=1.2)
    else:
        canvas.label(draw, _band(x0 + 18, x1 - 18, y0 + 24, 36),
                     w("mimikri.picture.camera_shows"), theme.TEXT_SIZE, bold=True)
        big = 254
        img.paste(butterfly_key(view["wanted"] or "", big), (x0 + 8, y1 - big - 8))
        # The subject card with the edge that went in first: public, and it helps the table
        # link card and butterfly. Its letters and the caption under it are phone-legible.
        small = 150
        sx = x1 - small - 12
        img.paste(subject_card(view["subject"], small, True, (), view["orientation"]),
                  (sx, y0 + 52))
        canvas.paragraph(draw, (sx - 8, y0 + 52 + small + 8, x1 - 6, y1 - 8),
                         w("mimikri.picture.edge_first", edge=view["orientation"]), SMALL,
                         theme.INK_SOFT, "m")


def _players_panel(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimikriView,
                   names: Sequence[str], box: tuple[int, int, int, int], w: Words) -> None:
    """One row per seat: turn arrow, camera, name, count and the collected butterflies.

    The thumbnails matter for play: from the second pass the camera must show a butterfly
    nobody has collected. With up to 4 players they get lines of their own under the name;
    with 5–6 they share the name's line. The seat to act has a teal row and arrow; the seat
    that turned the last card up, that card's tick or cross.
    """
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    collected = view["collected"]
    last = view.get("last")
    row_h = (y1 - y0 - 12) // max(len(collected), 1)
    stacked = row_h >= 76
    # The count's column ends at the panel's edge, or before the thumbnails when they share
    # the line; the name owns the line from after the icons up to it.
    count_right = x1 - 20 if stacked else x0 + 300
    count_left = count_right - COUNT_W
    for seat, pile in enumerate(collected):
        top = y0 + 6 + seat * row_h
        line_mid = top + 20 if stacked else top + row_h / 2
        active = seat == view["turn"]
        if active:
            canvas.card(draw, (x0 + 6, top + 2, x1 - 6, top + row_h - 2), TURN_ROW, TURN, 3,
                        radius=10)
            canvas.arrow(draw, x0 + 14, line_mid, 22, TURN)
        if seat == view["holder"]:
            canvas.camera_icon(draw, x0 + 38, line_mid, 20)
        # Who turned the last card up: the same tick or cross as on the card, before the count.
        name_right = count_left - 4
        if last is not None and last["seat"] == seat:
            badge(draw, count_left - 18, line_mid, 12, last["found"])
            name_right -= 34
        # Names are cut, not shrunk: every row's name at one size reads as a list.
        canvas.label(draw, _band(x0 + 76, name_right, line_mid, 36), _name(names, seat, w),
                     theme.TEXT_SIZE, bold=active, min_size=theme.TEXT_SIZE)
        canvas.label(draw, _band(count_left, count_right, line_mid, 36), w.number(len(pile)),
                     30, theme.ACCENT_DARK, "r", bold=True)
        if stacked:
            left, first, room_h = x0 + 20, top + 38, row_h - 44
        else:
            left, first, room_h = count_right + 8, top + 4, row_h - 8
        thumb = min(48, room_h)
        lines = max(1, room_h // (thumb + 4))
        room = x1 - 12 - left
        fits = max(1, (room - thumb) // (thumb + 4) + 1)
        per_line = max(fits, -(-len(pile) // lines))
        # Thumbnails overlap only once every line is full.
        step = min(thumb + 4, (room - thumb) / max(per_line - 1, 1))
        for i, key in enumerate(pile):
            line, col = divmod(i, per_line)
            x, y = round(left + col * step), first + line * (thumb + 4)
            img.paste(butterfly_key(key, thumb), (x, y))
            draw.rectangle((x, y, x + thumb - 1, y + thumb - 1), outline=theme.PANEL_EDGE)


def cell_box(index: int, cells: int) -> tuple[int, int, int, int]:
    """Where grid cell ``index`` (of 16 or 20) lies on the table."""
    cols = cells // 4
    left = (W - (cols * CELL + (cols - 1) * GAP)) // 2
    r, c = divmod(index, cols)
    x, y = left + c * (CELL + GAP), GRID_Y + r * (CELL + GAP)
    return (x, y, x + CELL, y + CELL)


def badge_centre(index: int, cells: int) -> tuple[int, int]:
    """The centre of the last-reveal mark on cell ``index``: its top right corner."""
    _, y0, x1, _ = cell_box(index, cells)
    return (x1 - 24, y0 + 24)


def _grid(img: Image.Image, draw: ImageDraw.ImageDraw, grid: list[Cell],
          last: Last | None) -> None:
    for i, cell in enumerate(grid):
        box = cell_box(i, len(grid))
        x, y = box[0], box[1]
        face = cell["face"]
        is_last = last is not None and last["pos"] == cell["pos"]
        found_last = bool(is_last and last and last["found"])
        shown = cell["butterfly"] if face == "up" else last["butterfly"] if (
            last and found_last and face == "gone") else None
        if shown is not None:
            # Only a face-up card's butterfly is ever read: a face-down one has no identity.
            # The card just found keeps its place for one move, on gold, so the table sees it.
            found = face == "gone"
            edge = (FOUND if found_last else MISSED) if is_last else REVEALED
            canvas.card(draw, box, FOUND_ROW if found else theme.CARD_FACE, edge,
                        7 if is_last else 3)
            # The position owns the strip above the butterfly.
            canvas.label(draw, _band(x + 8, x + CELL - 8, y + 22, 32), cell["pos"], 28,
                         align="m", bold=True)
            pic = CELL - 40
            img.paste(butterfly_key(shown, pic), (x + 20, y + 38))
        elif face == "down":
            img.paste(_card_back(), (x, y), _card_mask())
            canvas.label(draw, (x + 8, y + 8, x + CELL - 8, y + CELL - 8), cell["pos"], 64,
                         theme.ON_ACCENT, "m", stroke=theme.ACCENT_DARK)
        else:
            canvas.dashed_card(draw, box, theme.INK_FAINT)
            canvas.label(draw, (x + 8, y + 8, x + CELL - 8, y + CELL - 8), cell["pos"], 30,
                         theme.INK_FAINT, "m")
        if is_last:
            badge(draw, *badge_centre(i, len(grid)), 21, found_last)


@functools.cache
def _card_mask() -> Image.Image:
    mask = Image.new("L", (CELL + 1, CELL + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, CELL, CELL), theme.RADIUS, fill=255)
    return mask


@functools.cache
def _card_back() -> Image.Image:
    """Every face-down card looks exactly the same: a teal back with a diamond lattice."""
    img = Image.new("RGB", (CELL + 1, CELL + 1), theme.CARD_BACK)
    draw = ImageDraw.Draw(img)
    step = 22
    for i in range(-CELL, 2 * CELL, step):
        draw.line([(i, 0), (i + CELL, CELL)], fill=theme.CARD_BACK_PATTERN, width=3)
        draw.line([(i, CELL), (i + CELL, 0)], fill=theme.CARD_BACK_PATTERN, width=3)
    draw.rounded_rectangle((6, 6, CELL - 6, CELL - 6), theme.RADIUS - 4,
                           outline=theme.ACCENT_DARK, width=3)
    draw.rounded_rectangle((0, 0, CELL, CELL), theme.RADIUS, outline=theme.ACCENT_DARK, width=2)
    return img


def _footer(draw: ImageDraw.ImageDraw, view: MimikriView, w: Words) -> None:
    bottom = BOARD_H - 12
    out = ", ".join(w(f"mimikri.picture.animal.{a}") for a in view.get("out") or []) \
        or w("mimikri.picture.out_none")
    line = w("mimikri.picture.footer", pile=w.number(view["pile"]), out=out,
             pass_no=w.number(view["pass_no"]))
    box = (M, bottom - FOOTER_H, W - M, bottom)
    if canvas.text_width(line, SMALL) <= W - 2 * M:
        canvas.label(draw, box, line, SMALL, theme.INK_SOFT, "m")
    else:  # two lines rather than smaller letters
        canvas.paragraph(draw, box, line, SMALL, theme.INK_SOFT, "m", leading=1.25)
