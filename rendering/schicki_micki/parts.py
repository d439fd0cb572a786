"""Schicki Micki's shared picture parts: the geometry of the table and the row of cards.

The row of face-up cards is laid out as large as it can be: one card fills the picture's
width (up to the grid's greatest height), two to four share it, and twelve still fit in a
4 × 3 grid; a longer row takes more columns. So the cards a player must read in under a
second are as large as the row allows, and the picture grows and shrinks with the row.
Everything here is shared by the table (``rendering.schicki_micki``), the row's result and
the end card (``rendering.schicki_micki.end``) and the rules pictures.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.schicki_micki.deck import COLOURS, cards
from bot.games.schicki_micki.views import CardFace, SchickiView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.schicki_micki import art, props

W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
INFO_Y = TITLE_H + 12
INFO_H = 124
GRID_Y = INFO_Y + INFO_H + 14
GAP = 12
GRID_MAX_H = 882  # one card 735 px wide, a 4 × 3 grid of twelve with room to spare
EMPTY_H = 150  # the row's room while no card lies on the table
TEXT = theme.MIN_TEXT  # the smallest words anywhere on these pictures


def card(card_id: int, size: int) -> Image.Image:
    """Card ``card_id`` of the shipped deck, ``size`` px wide. Cached: treat as read-only."""
    return art.face(art.face_key(cards()[card_id].to_json()), size)


def colour_letters(w: Words) -> dict[str, str]:
    """Each colour's letter on its legend swatch, in the words ``w``: the initial of the colour's
    name as that language writes it (red R, červená Č), so the letter and the name beside it
    agree."""
    return {colour: w(f"schicki.picture.letter.{colour}") for colour in COLOURS}


def player_name(names: Sequence[str], seat: int, w: Words) -> str:
    """Seat ``seat``'s name as drawn ("Player 3" when it has nothing visible)."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.name(raw, w("schicki.picture.player", n=w.number(seat + 1)))


def ordinal(order: int, w: Words) -> str:
    """``order`` as an ordinal the language's way (1st, 2nd, 11th; 1., 2.)."""
    last = order % 100 if order % 100 in (11, 12, 13) else order % 10
    form = {1: "one", 2: "two", 3: "few"}.get(last, "other")
    return w(f"schicki.picture.ordinal.{form}", n=w.number(order))


# -- the row of cards ----------------------------------------------------------------------------

@functools.cache
def grid_layout(n: int, max_h: int = GRID_MAX_H) -> tuple[int, int, int]:
    """Columns, rows and card width for ``n`` face-up cards: the largest cards that fit the
    picture's width and the grid's greatest height ``max_h`` (fewer columns win a tie)."""
    n = max(1, n)
    room = W - 2 * M
    best = (1, n, 0)
    for cols in range(1, min(n, 16) + 1):
        rows = math.ceil(n / cols)
        width = min((room - (cols - 1) * GAP) // cols,
                    int((max_h - (rows - 1) * GAP) / rows / art.RATIO))
        while width > 1 and rows * art.card_height(width) + (rows - 1) * GAP > max_h:
            width -= 1
        if width > best[2]:
            best = (cols, rows, width)
    return best


def grid_height(n: int, max_h: int = GRID_MAX_H) -> int:
    """The height the row of ``n`` cards takes (at most ``max_h``)."""
    if n <= 0:
        return EMPTY_H
    _, rows, width = grid_layout(n, max_h)
    return rows * art.card_height(width) + (rows - 1) * GAP


def card_boxes(n: int, top: int, max_h: int = GRID_MAX_H) -> list[tuple[int, int, int, int]]:
    """Where each of ``n`` cards lies (left, top, right, bottom), in reading order, the grid
    centred across the picture; a last short line is centred too."""
    cols, _, width = grid_layout(n, max_h)
    height = art.card_height(width)
    boxes = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_line = min(cols, n - r * cols)
        left = (W - (in_line * width + (in_line - 1) * GAP)) // 2
        x, y = left + c * (width + GAP), top + r * (height + GAP)
        boxes.append((x, y, x + width, y + height))
    return boxes


def draw_cards(img: Image.Image, faces: Sequence[CardFace], top: int,
               max_h: int = GRID_MAX_H) -> list[tuple[int, int, int, int]]:
    """The faces (JSON, as the view gives them) in their grid from ``top``, at most ``max_h``
    high; returns the boxes."""
    boxes = card_boxes(len(faces), top, max_h)
    for face, (x0, y0, x1, _) in zip(faces, boxes, strict=True):
        img.paste(art.face(art.face_key(face), x1 - x0), (x0, y0))
    return boxes


def frame(draw: ImageDraw.ImageDraw, box: Sequence[float], colour: theme.RGB,
          tab: str = "", tab_fill: theme.RGB = theme.HIGHLIGHT) -> None:
    """A thick frame round a card, with an optional word on a tab across its top edge."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=max(8, int(width) // 14),
                           outline=colour, width=6 if width > 150 else 5)
    if not tab:
        return
    size = canvas.fit_size(tab, int(width) - 16, 26, TEXT, bold=True)
    tab_w = min(width - 4, max(72, canvas.text_width(tab, size, bold=True) + 24))
    box = (x0 + width / 2 - tab_w / 2, y0 - 17, x0 + width / 2 + tab_w / 2, y0 + 17)
    canvas.card(draw, box, tab_fill, tab_fill, 1, radius=9)
    canvas.label(draw, (box[0] + 6, box[1], box[2] - 6, box[3]), tab, size, theme.INK, "m",
                 bold=True)


def centred_note(draw: ImageDraw.ImageDraw, top: int, height: int, message: str) -> None:
    """One bold line on a panel in the middle of a band of the picture."""
    size = canvas.fit_size(message, W - 2 * M - 80, 30, TEXT, bold=True)
    message = canvas.truncate(message, size, W - 2 * M - 80, bold=True)
    tw = canvas.text_width(message, size, bold=True)
    cy = top + height / 2
    panel = (W / 2 - tw / 2 - 24, cy - 34, W / 2 + tw / 2 + 24, cy + 34)
    canvas.card(draw, panel)
    canvas.label(draw, (panel[0] + 16, panel[1], panel[2] - 16, panel[3]), message, size,
                 theme.INK, "m", bold=True)


# -- the players ---------------------------------------------------------------------------------

PLAYER_ROW = 70

_SAYS = {"grab:blue": "blue", "grab:red": "red", "knock": "knock"}


def says(action: str, w: Words) -> str:
    """What a reaction says, e.g. "calls hat", "knocks"."""
    said = action[5:] if action.startswith("call:") else _SAYS.get(action, action)
    return w(f"schicki.says.{said}")


def players_height(n_players: int) -> int:
    """The height of the players' panel (two players share a line)."""
    return math.ceil(n_players / 2) * PLAYER_ROW + 12


def _reaction_text(view: SchickiView, seat: int, w: Words) -> str:
    """The seat's counting reaction of the open window, if any, e.g. "2nd: calls hat"."""
    mine = [r for r in view.get("reactions", []) if r["seat"] == seat and not r["replaced"]]
    if not mine:
        return ""
    r = mine[-1]
    return w("schicki.picture.reaction", order=ordinal(r["order"], w), what=says(r["action"], w))


def draw_players(draw: ImageDraw.ImageDraw, view: SchickiView, names: list[str], w: Words, top: int,
                 reactions: bool = True) -> None:
    """Each seat's name, score and cards won (and its reaction of the open window), two a
    line; the dealer's cell gold with a little pile."""
    n = view["players"]
    x0, x1 = M, W - M
    canvas.card(draw, (x0, top, x1, top + players_height(n)))
    col_w = (x1 - x0 - 12) // 2
    scores, won, owed = view["scores"], view["won"], view["owed"]
    for seat in range(n):
        r, c = divmod(seat, 2)
        bx = x0 + 6 + c * col_w
        by = top + 6 + r * PLAYER_ROW
        dealer = seat == view["dealer"] and view["phase"] != "over"
        cell = (bx + 2, by + 2, bx + col_w - 2, by + PLAYER_ROW - 2)
        if dealer:
            canvas.card(draw, cell, theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 2, radius=10)
            props.deck_stack(draw, bx + 12, by + 14, 24, 2)
        elif r % 2:
            canvas.card(draw, cell, theme.SHADE, None, 0, radius=10)
        # The name over the details, the score in its own column on the right.
        score_x = bx + col_w - 14
        canvas.label(draw, (score_x - 64, by + 6, score_x, by + PLAYER_ROW - 6),
                     w.number(scores[seat]), 38, theme.ACCENT_DARK, "r", bold=True)
        left = bx + 48
        room = score_x - 64 - 8 - left
        canvas.label(draw, (left, by + 4, left + room, by + 36), player_name(names, seat, w),
                     theme.TEXT_SIZE + 2, theme.INK, bold=dealer)
        bits = [w("schicki.picture.is_dealer")] if dealer else []
        if owed[seat]:
            bits.append(w("schicki.picture.won_owed", won=w.number(won[seat]),
                          owed=w.number(owed[seat])))
        else:
            bits.append(w("schicki.picture.won", won=w.number(won[seat])))
        reaction = _reaction_text(view, seat, w) if reactions else ""
        colour = theme.INK_SOFT
        if reaction:  # what this seat just did matters more than its count
            bits = [reaction]
            colour = theme.ACCENT_DARK
        canvas.label(draw, (left, by + 38, left + room, by + PLAYER_ROW - 4), "  ·  ".join(bits),
                     TEXT, colour, bold=bool(reaction))
