"""Mimikri's images for Discord: the public table, the camera holder's preview, the rules card.

Every word comes from the catalogue in the language the caller passes (``w``): the table's in
the server's, a preview's and the rules' in the reader's.

Reads only the public view (``MimikriRules.view``): a face-down card is drawn from its position
alone, never from a butterfly key, and keys are never written as text — players see pictures.
The pictures themselves (subject cards, butterflies) live in ``rendering.mimikri_art``, which
also defines the orientations: edge X "first" means edge X at the top of the camera view
(N as drawn, E = card turned a quarter left, S = half a turn, W = a quarter right).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.games.mimikri.rules import ORIENTATIONS
from bot.i18n import Words
from rendering import canvas, theme
from rendering.layout import Box
from rendering.mimikri_art import butterfly, butterfly_key, picture, turned, window_mask

__all__ = ["butterfly", "render_board", "render_preview", "render_rules", "subject_card"]

# Board layout, fixed so the message never jumps in size as the game goes on. Cells are the same
# size for 4 and 5 columns; the 4-column grid is centred.
W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
TOP_Y = TITLE_H + 16
TOP_H = 340
CAMERA_W = 380
CELL = 176
GAP = 12
GRID_Y = TOP_Y + TOP_H + 16
FOOTER_H = 48
COUNT_W = 42  # a player's count: two digits at 30 px (5 subjects × 4 butterflies at most)
BOARD_H = GRID_Y + 4 * CELL + 3 * GAP + 12 + FOOTER_H + 12


@functools.cache
def subject_card(
    animal: str, size: int, marks: bool = False, tried: tuple[str, ...] = (),
    chosen: str | None = None,
) -> Image.Image:
    """The subject card at ``size`` px; with ``marks`` a frame carries N/E/S/W on its edges.

    ``tried`` edges are crossed out in the frame and a ``chosen`` edge is highlighted, so the
    table sees which way round the card went in. Cached (so ``tried`` is a tuple): treat the
    result as read-only.
    """
    if not marks:
        return picture(animal, size)
    band = max(18, size // 7)  # the frame wide enough for a letter readable on a phone
    img = Image.new("RGB", (size, size), theme.CARD_FACE)
    draw = ImageDraw.Draw(img)
    canvas.card(draw, (0, 0, size - 1, size - 1), theme.CARD_FACE, theme.INK, 2, radius=band // 2)
    img.paste(picture(animal, size - 2 * band), (band, band))
    letter = int(band * 0.8)
    centres = {"N": (size / 2, band / 2), "E": (size - band / 2, size / 2),
               "S": (size / 2, size - band / 2), "W": (band / 2, size / 2)}
    for edge, (x, y) in centres.items():
        # Each letter owns the square of frame at its edge's middle.
        square = (x - band / 2, y - band / 2, x + band / 2, y + band / 2)
        if edge == chosen:
            r = band / 2 - 1
            draw.ellipse((x - r, y - r, x + r, y + r), fill=theme.HIGHLIGHT)
        if edge in tried:
            # Faded letter, struck through: still legible, clearly ruled out.
            canvas.label(draw, square, edge, letter, theme.INK_FAINT, "m", bold=True)
            h = band * 0.42
            draw.line([(x - h, y + h), (x + h, y - h)], fill=theme.CROSS, width=max(2, band // 8))
        else:
            canvas.label(draw, square, edge, letter, theme.INK, "m", bold=True)
    return img


def _name(names: Sequence[str], seat: int, w: Words, width: int | None = None) -> str:
    """The seat's display name ("Player N" if it has nothing visible), cut to ``width`` px."""
    raw = names[seat] if seat < len(names) else ""
    name = canvas.name(raw, w("mimikri.picture.player", number=w.number(seat + 1)))
    return name if width is None else canvas.truncate(name, theme.TEXT_SIZE, width)


def _band(left: float, right: float, middle: float, height: float) -> Box:
    """The box from ``left`` to ``right`` whose ``height`` px are centred on ``middle``: a line
    of text owns the band it is centred in."""
    return (left, middle - height / 2, right, middle + height / 2)


def _winners(collected: list[list[str]]) -> list[int]:
    best = max((len(c) for c in collected), default=0)
    return [s for s, c in enumerate(collected) if len(c) == best]


def render_board(view: dict, names: list[str], w: Words) -> bytes:
    """The whole public table as one PNG (``BOARD_WIDTH`` × ``BOARD_H``), in ``w``'s words."""
    img = canvas.new(W, BOARD_H)
    draw = ImageDraw.Draw(img)
    phase = view["phase"]
    holder, turn = view["holder"], view["turn"]
    if phase == "orient":
        status = w("mimikri.picture.status.orient", name=_name(names, holder, w, 260))
    elif phase == "search":
        status = w("mimikri.picture.status.search", name=_name(names, turn, w, 260))
    else:
        status = w.n("mimikri.picture.status.over", view["rounds"])
    canvas.title_bar(img, w("mimikri.picture.title", round=w.number(view["rounds"] + 1))
                     if phase != "over" else "Mimikri", status, TITLE_H)
    _camera_panel(img, draw, view, names, (M, TOP_Y, M + CAMERA_W, TOP_Y + TOP_H), w)
    _players_panel(img, draw, view, names, (M + CAMERA_W + 16, TOP_Y, W - M, TOP_Y + TOP_H), w)
    _grid(img, draw, view["grid"])
    _footer(draw, view, w)
    return canvas.to_png(img)


def _camera_panel(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict,
                  names: Sequence[str], box: tuple[int, int, int, int], w: Words) -> None:
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    cx = (x0 + x1) // 2
    phase = view["phase"]
    if phase == "orient":
        canvas.label(draw, _band(x0 + 16, x1 - 16, y0 + 24, 36), w("mimikri.picture.which_edge"),
                     theme.TEXT_SIZE, align="m", bold=True)
        note = view.get("must_be_uncollected")
        tried = tuple(view.get("tried", ()))
        size = 200 if note else 250
        card = subject_card(view["subject"], size, True, tried)
        img.paste(card, (cx - size // 2, y0 + 46))
        if tried:
            canvas.label(draw, _band(x0 + 16, x1 - 16, y0 + 46 + size + 16, 28),
                         w("mimikri.picture.tried_edges", edges=", ".join(tried)),
                         theme.SMALL_SIZE, theme.CROSS, "m", bold=True)
        if note:
            canvas.card(draw, (x0 + 12, y1 - 60, x1 - 12, y1 - 10), theme.MEDAL_ROWS[0],
                        theme.HIGHLIGHT, 2, radius=10)
            canvas.label(draw, (x0 + 22, y1 - 56, x1 - 22, y1 - 14),
                         w("mimikri.picture.must_be_new"), theme.SMALL_SIZE, align="m")
    elif phase == "search":
        canvas.label(draw, _band(x0 + 18, x1 - 18, y0 + 24, 36),
                     w("mimikri.picture.camera_shows"), theme.TEXT_SIZE, bold=True)
        big = 260
        img.paste(butterfly_key(view["wanted"], big), (x0 + 8, y1 - big - 8))
        # The subject card, small, with the edge that went in first: public, and it helps the
        # table link card and butterfly.
        small = 100
        img.paste(subject_card(view["subject"], small, True, (), view["orientation"]),
                  (x1 - small - 10, y0 + 48))
        # Under the small card, in the column between the big butterfly and the panel's edge.
        canvas.label(draw, _band(x1 - small - 12, x1 - 4, y0 + 48 + small + 16, 28),
                     w("mimikri.picture.edge_first", edge=view["orientation"]),
                     theme.SMALL_SIZE - 2, theme.INK_SOFT, "m")
    else:
        collected = view["collected"]
        canvas.label(draw, _band(x0 + 16, x1 - 16, y0 + 60, 64), w("mimikri.picture.game_over"),
                     52, theme.ACCENT_DARK, "m", bold=True)
        winners = _winners(collected)
        heading = w("mimikri.picture.winner" if len(winners) == 1 else "mimikri.picture.winners")
        canvas.label(draw, _band(x0 + 16, x1 - 16, y0 + 120, 32), heading, theme.TEXT_SIZE,
                     theme.INK_SOFT, "m")
        for i, seat in enumerate(winners[:4]):
            _winner_line(draw, _band(x0 + 20, x1 - 20, y0 + 160 + 40 * i, 36),
                         _name(names, seat, w), len(collected[seat]), w)
        canvas.label(draw, _band(x0 + 16, x1 - 16, y1 - 26, 32), w("mimikri.picture.most_wins"),
                     theme.SMALL_SIZE, theme.INK_SOFT, "m")


def _winner_line(draw: ImageDraw.ImageDraw, box: Box, name: str, count: int, w: Words) -> None:
    """A winner's line (name, then count) centred in ``box``: the name is cut to make room,
    never the count."""
    size, room = 30, int(box[2] - box[0])
    number = w.number(count)
    rest = canvas.text_width(w("mimikri.picture.winner_line", name="", count=number), size,
                             bold=True)
    name = canvas.truncate(name, size, room - rest, bold=True)
    canvas.label(draw, box, w("mimikri.picture.winner_line", name=name, count=number), size,
                 align="m", bold=True, min_size=size)


def _players_panel(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict,
                   names: Sequence[str], box: tuple[int, int, int, int], w: Words) -> None:
    """One row per seat: turn arrow, camera, name, count and the collected butterflies.

    The thumbnails matter for play: from the second pass the camera must show a butterfly
    nobody has collected. With up to 4 players they get lines of their own under the name;
    with 5–6 they share the name's line.
    """
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    collected = view["collected"]
    row_h = (y1 - y0 - 12) // max(len(collected), 1)
    over = view["phase"] == "over"
    winners = set(_winners(collected)) if over else set()
    stacked = row_h >= 76
    # The count's column ends at the panel's edge, or before the thumbnails when they share
    # the line; the name owns the line from after the icons up to it.
    count_right = x1 - 20 if stacked else x0 + 280
    count_left = count_right - COUNT_W
    for seat, pile in enumerate(collected):
        top = y0 + 6 + seat * row_h
        line_mid = top + 20 if stacked else top + row_h / 2
        active = not over and seat == view["turn"]
        if active or seat in winners:
            canvas.card(draw, (x0 + 6, top + 2, x1 - 6, top + row_h - 2), theme.MEDAL_ROWS[0],
                        theme.HIGHLIGHT, 2, radius=10)
        if active:
            canvas.arrow(draw, x0 + 14, line_mid, 22, theme.ACCENT_DARK)
        if not over and seat == view["holder"]:
            canvas.camera_icon(draw, x0 + 38, line_mid, 20)
        # Names are cut, not shrunk: every row's name at one size reads as a list.
        canvas.label(draw, _band(x0 + 76, count_left - 4, line_mid, 36), _name(names, seat, w),
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


def _grid(img: Image.Image, draw: ImageDraw.ImageDraw, grid: list[dict]) -> None:
    cols = len(grid) // 4
    left = (W - (cols * CELL + (cols - 1) * GAP)) // 2
    for i, cell in enumerate(grid):
        r, c = divmod(i, cols)
        x, y = left + c * (CELL + GAP), GRID_Y + r * (CELL + GAP)
        box = (x, y, x + CELL, y + CELL)
        face = cell["face"]
        if face == "up":
            # Only a face-up card's butterfly is ever read: a face-down one has no identity.
            canvas.card(draw, box, theme.CARD_FACE, theme.HIGHLIGHT, 5)
            # The position owns the strip above the butterfly.
            canvas.label(draw, _band(x + 8, x + CELL - 8, y + 22, 32), cell["pos"], 28,
                         align="m", bold=True)
            pic = CELL - 40
            img.paste(butterfly_key(cell["butterfly"], pic), (x + 20, y + 38))
        elif face == "down":
            img.paste(_card_back(), (x, y), _card_mask())
            canvas.label(draw, (x + 8, y + 8, x + CELL - 8, y + CELL - 8), cell["pos"], 64,
                         theme.ON_ACCENT, "m", stroke=theme.ACCENT_DARK)
        else:
            canvas.dashed_card(draw, box, theme.INK_FAINT)
            canvas.label(draw, (x + 8, y + 8, x + CELL - 8, y + CELL - 8), cell["pos"], 30,
                         theme.INK_FAINT, "m")


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


def _footer(draw: ImageDraw.ImageDraw, view: dict, w: Words) -> None:
    bottom = BOARD_H - 12
    out = ", ".join(w(f"mimikri.picture.animal.{a}") for a in view.get("out") or []) \
        or w("mimikri.picture.out_none")
    line = w("mimikri.picture.footer", pile=w.number(view["pile"]), out=out,
             pass_no=w.number(view["pass_no"]))
    canvas.label(draw, (M, bottom - FOOTER_H, W - M, bottom), line, theme.TEXT_SIZE - 2,
                 theme.INK_SOFT, "m", min_size=14)


def render_preview(animal: str, tried: list[str], title: str, w: Words) -> bytes:
    """The four butterflies ``animal``'s card can show, labelled by edge; tried ones crossed.
    ``title`` is the caller's: it depends on who is looking (the holder or someone else); the
    labels are in ``w``'s words (the reader's)."""
    pic, card_size = 190, 200
    width = M + card_size + 30 + 4 * (pic + 14) + M - 14
    height = 60 + 60 + pic + 60
    img = canvas.new(width, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, title, "", 60)
    top = 60 + 50
    img.paste(subject_card(animal, card_size, True, tuple(tried)), (M, top))
    for i, edge in enumerate(ORIENTATIONS):
        x = M + card_size + 30 + i * (pic + 14)
        # Each tile's heading owns the band between the title bar and the tile.
        canvas.label(draw, (x, 60 + 6, x + pic, top - 4),
                     w("mimikri.picture.edge_first", edge=edge), theme.TEXT_SIZE, align="m",
                     bold=True)
        tile = butterfly(animal, edge, pic)
        if edge in tried:
            # Faded and crossed: that orientation showed a collected butterfly this turn.
            tile = Image.blend(tile, Image.new("RGB", tile.size, theme.BACKGROUND), 0.6)
        img.paste(tile, (x, top))
        draw.rectangle((x, top, x + pic - 1, top + pic - 1), outline=theme.PANEL_EDGE, width=2)
        if edge in tried:
            canvas.cross(draw, (x + 20, top + 20, x + pic - 20, top + pic - 20), width=8)
            canvas.label(draw, _band(x, x + pic, top + pic + 24, 36), w("mimikri.picture.tried"),
                         theme.TEXT_SIZE, theme.CROSS, "m", bold=True)
    return canvas.to_png(img)


def render_rules(w: Words) -> bytes:
    """One picture for "/mimikri rules": card, window and mirror, butterfly, find the card; its
    captions in ``w``'s words (the reader's)."""
    panel, gap, top = 200, 40, 90
    width = 2 * M + 4 * panel + 3 * gap
    height = top + panel + 130
    img = canvas.new(width, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, w("mimikri.picture.rules.title"), w("mimikri.picture.rules.subtitle"),
                     64)
    animal, edge = "chameleon", "E"
    xs = [M + i * (panel + gap) for i in range(4)]
    # 1: the subject card, E edge chosen.
    img.paste(subject_card(animal, panel, True, (), edge), (xs[0], top))
    # 2: the turned card under the camera: outside the half-wing window is dimmed.
    img.paste(_window_view(animal, edge, panel, w), (xs[1], top))
    # 3: the mirror completes the butterfly.
    img.paste(butterfly(animal, edge, panel), (xs[2], top))
    # 4: find it among face-down cards.
    _mini_grid(img, draw, xs[3], top, panel, butterfly(animal, edge, panel // 3 - 14))
    for i in range(3):
        ax = xs[i] + panel + 8
        draw.polygon([(ax, top + panel / 2 - 12), (ax + gap - 16, top + panel / 2),
                      (ax, top + panel / 2 + 12)], fill=theme.ACCENT)
    # Each caption is up to three lines, broken where the catalogue breaks them; a caption's
    # column reaches half a gap past its panel on either side, leaving 8 px between columns.
    for i, x in enumerate(xs):
        lines = w(f"mimikri.picture.rules.step{i + 1}").split("\n")[:3]
        for j, line in enumerate(lines):
            canvas.label(draw, _band(x - (gap - 8) / 2, x + panel + (gap - 8) / 2,
                                     top + panel + 26 + j * 28, 28),
                         line, theme.SMALL_SIZE + 1, theme.INK if j == 0 else theme.INK_SOFT, "m",
                         bold=j == 0)
    return canvas.to_png(img)


def _window_view(animal: str, edge: str, size: int, w: Words) -> Image.Image:
    """The card turned edge-first with everything outside the camera window dimmed."""
    card = turned(picture(animal, size), edge)
    mask = window_mask().resize((size, size), Image.Resampling.LANCZOS)
    dim = Image.blend(card, Image.new("RGB", card.size, (255, 255, 255)), 0.7)
    out = Image.composite(card, dim, mask)
    # Outline the window so the half-wing shape stands out from the dimmed card.
    rim = ImageChops.subtract(mask.filter(ImageFilter.MaxFilter(5)), mask)
    out.paste(theme.BUTTERFLY_BODY, (0, 0, size, size), rim)
    draw = ImageDraw.Draw(out)
    draw.line([(size / 2, 0), (size / 2, size)], fill=theme.ACCENT, width=3)  # the mirror
    # The word sits in the right half's bottom strip, clear of the mirror line and the frame.
    canvas.label(draw, (size / 2 + 4, size - 26, size - 4, size - 2),
                 w("mimikri.picture.rules.mirror"), 16, theme.ACCENT_DARK, "m", bold=True)
    draw.rectangle((0, 0, size - 1, size - 1), outline=theme.INK, width=2)
    return out


def _mini_grid(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y0: int, size: int,
               found: Image.Image) -> None:
    """A 3 × 3 patch of the table, one card turned up showing the wanted butterfly."""
    cell = size // 3
    for r in range(3):
        for c in range(3):
            box = (x0 + c * cell + 3, y0 + r * cell + 3, x0 + (c + 1) * cell - 3,
                   y0 + (r + 1) * cell - 3)
            if (r, c) == (1, 2):
                canvas.card(draw, box, theme.CARD_FACE, theme.HIGHLIGHT, 4, radius=8)
                img.paste(found, (box[0] + 4, box[1] + 4))
            else:
                canvas.card(draw, box, theme.CARD_BACK, theme.ACCENT_DARK, 2, radius=8)
                canvas.label(draw, box, f"{'ABC'[r]}{c + 1}", 22, theme.ON_ACCENT, "m")
