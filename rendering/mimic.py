"""MIMIC's images for Discord: the public table, one player's private hand, the rules card.

Reads only views (``MimicRules.view``): `render_board` takes the public view, `render_hand` a
seat's own view plus the legal cells of its hand cards, which the cog computes with the rules
module (rendering never judges a position itself). Both are deterministic and of fixed size.

The grid is drawn like a chess board: column letters A–G along the top and bottom, row numbers
along both sides, row 7 at the top (the rules call the direction to row 7 "north"), the red
start card at D4. How a card shows its colour and animal without relying on colour vision is
described in ``rendering.mimic_art``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.mimic.rules import card_face, side_of
from bot.i18n import Words
from rendering import canvas, theme
from rendering.layout import Box
from rendering.mimic_art import card_tile, cube, power_chip, start_tile

__all__ = ["BOARD_H", "HAND_H", "W", "cell_box", "render_board", "render_hand", "render_rules"]

COLUMNS = "ABCDEFG"
SIZE = 7
W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72

# -- the public board: a big grid, then the players and the draw area under it ---------------
CELL = 120
GAP = 4
LABEL = 40
GRID_SPAN = SIZE * CELL + (SIZE - 1) * GAP
GRID_X = (W - GRID_SPAN) // 2
GRID_Y = TITLE_H + 12 + LABEL
PANEL_Y = GRID_Y + GRID_SPAN + LABEL + 8
PANEL_H = 340
PLAYERS_W = 548
BOARD_H = PANEL_Y + PANEL_H + 16

# -- the private hand ------------------------------------------------------------------------
HAND_CARD_W = 150
HAND_CARD_H = 176
HAND_SLOTS = 6  # five cards, six for a moment in the team exchange
MINI = 82
MINI_GAP = 3
MINI_LABEL = 30
MINI_SPAN = SIZE * MINI + (SIZE - 1) * MINI_GAP
HAND_TOP = TITLE_H + 14
HAND_CARDS_Y = HAND_TOP + 40
POWERS_Y = HAND_CARDS_Y + HAND_CARD_H + 64
MINI_Y = POWERS_Y + 70 + MINI_LABEL
HAND_H = MINI_Y + MINI_SPAN + MINI_LABEL + 60

# -- the rules picture: the set shapes on the left, the turn example from here to the right --
EXAMPLE_X = 560

LIGHT_MARK = (255, 236, 170)
LINE_MARK = (32, 110, 96, 120)


def cell_box(cell: str, x0: int = GRID_X, y0: int = GRID_Y, size: int = CELL,
             gap: int = GAP) -> tuple[int, int, int, int]:
    """Pixel box of a cell; row 7 at the top."""
    col = COLUMNS.index(cell[0])
    row = int(cell[1]) - 1
    x = x0 + col * (size + gap)
    y = y0 + (SIZE - 1 - row) * (size + gap)
    return (x, y, x + size, y + size)


def _all_cells() -> list[str]:
    return [f"{c}{r}" for r in range(1, SIZE + 1) for c in COLUMNS]


def _name(names: Sequence[str], seat: int, w: Words) -> str:
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.name(raw, w("mimic.picture.player", n=w.number(seat + 1)))


def _status(view: Mapping, names: Sequence[str], w: Words) -> str:
    """The title bar's right side: who acts and what they do."""
    phase, turn = view["phase"], view["turn"]
    who = _name(names, turn, w)
    step = view["step"]
    if phase == "place":
        if step["pending"] is not None:
            return w("mimic.picture.status.pending", who=who, cell=step["pending"]["from"])
        if view["mode"] == "solo":
            return w("mimic.picture.status.solo_place", who=who, placed=w.number(step["placed"]))
        return w("mimic.picture.status.place", who=who, placed=w.number(step["placed"]),
                 total=w.number(2 + step["extra"]))
    if phase in ("start", "draw"):
        return w(f"mimic.picture.status.{phase}", who=who)
    if phase == "exchange":
        if view["exchange"]["stage"] == "partner":
            mate = next(s for s in view["sides"][side_of(view, turn)] if s != turn)
            return w("mimic.picture.status.partner", mate=_name(names, mate, w), who=who)
        return w("mimic.picture.status.back", who=who)
    if phase == "showdown":
        return w("mimic.picture.status.tie", round=w.number(view["showdown"]["round"]))
    winners = (view["result"] or {}).get("winners", [])
    if view["mode"] == "solo":
        return w.n("mimic.picture.status.solo_over", view["cubes_placed"][0])
    if not winners:
        return w("mimic.picture.status.over")
    named = w("mimic.and").join(_name(names, s, w) for s in winners)
    return w("mimic.picture.status.win_many" if len(winners) > 1
             else "mimic.picture.status.win_one", names=named)


def _band(x0: float, x1: float, cy: float, height: float) -> Box:
    """The box of one line of text: ``x0``–``x1`` wide, ``height`` tall, centred on ``cy``."""
    return (x0, cy - height / 2, x1, cy + height / 2)


def _aside(draw: ImageDraw.ImageDraw, box: Box, words: str, size: int, fill: theme.RGB,
           bold: bool = False, min_size: int = 12) -> float:
    """``words`` right-aligned in ``box`` (its column at the right of a line), shrunk or cut
    to it; returns the x where the words begin, so the line's left part ends before them."""
    size = canvas.label(draw, box, words, size, fill, "r", bold, min_size)
    room = int(box[2] - box[0])
    return box[2] - canvas.text_width(canvas.truncate(words, size, room, bold), size, bold)


def _title_bar(img: Image.Image, title: str, status: str, height: int) -> None:
    """The teal bar across the top: the title left, the status (at most half the bar) right.

    Draws as ``canvas.title_bar`` does, with each text in its own part of the bar.
    """
    canvas.title_bar(img, "", "", height)  # the bar alone; its words go into boxes below
    draw = ImageDraw.Draw(img)
    start = W - M
    if status:
        start = _aside(draw, (W - M - W // 2, 0, W - M, height), status, theme.TEXT_SIZE,
                       theme.ON_ACCENT, min_size=16) - M
    canvas.label(draw, (M, 0, start, height), title, theme.TITLE_SIZE, theme.ON_ACCENT,
                 bold=True, min_size=20)


def render_board(view: Mapping, names: Sequence[str], w: Words) -> bytes:
    """The public table as one PNG (``W`` × ``BOARD_H``), in the words ``w``."""
    img = canvas.new(W, BOARD_H)
    draw = ImageDraw.Draw(img)
    title = (w("mimic.picture.title") if view["phase"] == "over"
             else w("mimic.picture.title_turn", turn=w.number(view["turns"] + 1)))
    _title_bar(img, title, canvas.truncate(_status(view, names, w), theme.TEXT_SIZE, 560),
               TITLE_H)
    _grid(img, draw, view, GRID_X, GRID_Y, CELL, GAP, LABEL, w)
    _players_panel(draw, view, names, (M, PANEL_Y, M + PLAYERS_W, PANEL_Y + PANEL_H), w)
    _draw_area(img, draw, view, names, (M + PLAYERS_W + 14, PANEL_Y, W - M, PANEL_Y + PANEL_H),
               w)
    return canvas.to_png(img)


def _labels(draw: ImageDraw.ImageDraw, x0: int, y0: int, size: int, gap: int, band: int,
            font: int) -> None:
    """Column letters in the bands above and below the grid, row numbers in those at its
    sides; each in the piece of band beside its own column or row."""
    span = SIZE * size + (SIZE - 1) * gap
    for i in range(SIZE):
        left = x0 + i * (size + gap)
        for top in (y0 - band, y0 + span):
            canvas.text(draw, (left + size / 2, top + band / 2), COLUMNS[i], font,
                        theme.ACCENT_DARK, "mm", bold=True,
                        box=(left, top, left + size, top + band))
        top = y0 + (SIZE - 1 - i) * (size + gap)
        for left in (x0 - band, x0 + span):
            canvas.text(draw, (left + band / 2, top + size / 2), str(i + 1), font,
                        theme.ACCENT_DARK, "mm", bold=True,
                        box=(left, top, left + band, top + size))


def _grid(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, x0: int, y0: int,
          size: int, gap: int, band: int, w: Words,
          marks: Mapping[str, str] | None = None) -> None:
    """The 7 × 7 grid with labels, start cards, MIMIC cards and cubes.

    ``marks`` (private hand view): cells to tint lightly, each with a short text (the numbers
    of the hand cards that fit there).
    """
    _labels(draw, x0, y0, size, gap, band, max(18, round(size * 0.28)))
    pending = view["step"]["pending"]
    moving = pending["from"] if pending else None
    for cell in _all_cells():
        box = cell_box(cell, x0, y0, size, gap)
        x, y = box[0], box[1]
        if cell in view["starts"]:
            tile = start_tile(view["starts"][cell], size, words=w)
            img.paste(tile, (x, y), tile)
        elif cell in view["board"]:
            face = view["board"][cell]
            tile = card_tile(face["colour"], face["animal"], size, words=w)
            img.paste(tile, (x, y), tile)
            if face["cube"] is not None:
                s = round(size * 0.40)
                cube(draw, x + size * 0.10, y + size * 0.40, s, face["cube"])
            if cell == moving:
                canvas.dashed_card(draw, (x - 2, y - 2, x + size + 2, y + size + 2),
                                   theme.HIGHLIGHT, dash=10, width=5,
                                   radius=max(6, size // 10))
        else:
            mark = marks.get(cell) if marks else None
            fill = LIGHT_MARK if mark is not None else theme.PANEL
            edge = theme.HIGHLIGHT if mark is not None else theme.PANEL_EDGE
            canvas.card(draw, box, fill, edge, 3 if mark is not None else 2,
                        radius=max(6, size // 10))
            _empty_cell(draw, box, cell, mark)


def _empty_cell(draw: ImageDraw.ImageDraw, box: Box, cell: str, mark: str | None) -> None:
    """An empty cell's name in its middle; with a ``mark`` the name moves into the top half
    and the mark (the hand cards that fit) fills the lower half, centred at 0.72 of the cell."""
    x, y, x1, _ = box
    size = x1 - x
    if not mark:
        canvas.text(draw, (x + size / 2, y + size / 2), cell, round(size * 0.26),
                    theme.INK_FAINT, "mm", box=box)
        return
    split = y + size * 0.53
    canvas.text(draw, (x + size / 2, y + size * 0.34), cell, round(size * 0.26), theme.INK_SOFT,
                "mm", box=(x, y, x1, split))
    canvas.label(draw, (x + 4, split, x1 - 4, y + size * 0.91), mark, round(size * 0.30),
                 theme.ACCENT_DARK, "m", bold=True, min_size=10)


def _players_panel(draw: ImageDraw.ImageDraw, view: Mapping, names: Sequence[str],
                   box: Box, w: Words) -> None:
    """The heading, one row per seat (see :func:`_seat_row`), and in solo the score."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    n = view["players"]
    head = w("mimic.picture.players" if view["mode"] != "teams" else "mimic.picture.teams")
    # "Power cards" heads the chips' column at the right (a third of the panel at most); the
    # panel's heading takes the rest of the line.
    top, bottom = y0 + 6, y0 + 38
    start = _aside(draw, (x1 - 16 - (x1 - x0) // 3, top, x1 - 16, bottom),
                   w("mimic.picture.power_cards"), theme.SMALL_SIZE, theme.INK_SOFT)
    canvas.label(draw, (x0 + 16, top, start - 12, bottom), head, theme.TEXT_SIZE, theme.INK,
                 bold=True, min_size=14)
    row_h = min(96, (y1 - y0 - 46) // max(n, 1))
    for seat in range(n):
        top = y0 + 42 + seat * row_h
        _seat_row(draw, view, names, seat, (x0, top, x1, top + row_h), w)
    if n == 1:
        _solo_score(draw, view, box, w)


def _seat_row(draw: ImageDraw.ImageDraw, view: Mapping, names: Sequence[str], seat: int,
              box: Box, w: Words) -> None:
    """One seat's row: turn arrow, name and power cards on the upper line; hand size (or
    WINNER), the side's cubes and their count on the lower one."""
    x0, top, x1, bottom = box
    over = view["phase"] == "over"
    winners = set((view["result"] or {}).get("winners", ()))
    active = seat in view["active"] and not over
    side = side_of(view, seat)
    if seat in winners or active:
        canvas.card(draw, (x0 + 6, top, x1 - 6, bottom - 4), theme.MEDAL_ROWS[0],
                    theme.HIGHLIGHT, 2, radius=10)
    if active:
        canvas.arrow(draw, x0 + 14, top + 20, 22, theme.ACCENT_DARK)
    label = _name(names, seat, w)
    if view["mode"] == "teams":
        label = w("mimic.picture.team_of", name=label, team=w.number(side + 1))
    strong = seat in view["active"] or seat in winners
    # The name is cut, never shrunk, before the power chips (six at most) begin.
    canvas.label(draw, (x0 + 40, top + 4, x0 + 310, top + 36), label, theme.TEXT_SIZE,
                 bold=strong, min_size=theme.TEXT_SIZE)
    # Power cards: active ones bright, used ones faded and struck through.
    powers = view["powers"][seat]
    chips = [(c, False) for c in powers["active"]] + [(c, True) for c in powers["used"]]
    chip = 30
    for i, (colour, used) in enumerate(reversed(chips)):
        cx = x1 - 16 - (i + 1) * (chip + 4) + 4
        power_chip(draw, (cx, top + 6, cx + chip, top + 6 + chip), colour, used, words=w)
    # The lower line, centred 22 px above the row's foot.
    line = bottom - 22
    low, high = line - 14, line + 14
    left = view["cubes_left"][side]
    s = 18 if left <= 10 else 14
    cubes_x = x0 + 130
    note = w("mimic.picture.cubes", left=w.number(left),
             placed=w.number(view["cubes_placed"][side]))
    if view["players"] == 1:
        # Solo's fifteen cubes leave the count no room beside them: it goes under them,
        # into the panel's free middle.
        _aside(draw, (cubes_x, bottom + 2, x1 - 16, bottom + 30), note, theme.SMALL_SIZE,
               theme.INK, bold=True, min_size=11)
        note_x = x1 - 16
    else:
        note_x = _aside(draw, (cubes_x + left * (s + 7) + 8, low, x1 - 16, high), note,
                        theme.SMALL_SIZE, theme.INK, bold=True, min_size=11)
    # The word under the name stops before the cubes, which stop before the count.
    tag_box = (x0 + 40, low, cubes_x - 6 if left else note_x - 12, high)
    if seat in winners:
        canvas.label(draw, tag_box, w("mimic.picture.winner"), theme.SMALL_SIZE,
                     theme.ACCENT_DARK, bold=True, min_size=11)
    else:
        canvas.label(draw, tag_box, w("mimic.picture.hand_size",
                                      count=w.number(view["hand_sizes"][seat])),
                     theme.SMALL_SIZE, theme.INK_SOFT, min_size=11)
    for i in range(left):
        cube(draw, cubes_x + i * (s + 7), line - s / 2 + 2, s, side, label=False)


def _solo_score(draw: ImageDraw.ImageDraw, view: Mapping, box: Box, w: Words) -> None:
    """Solo's score and the hint to beat it, in the foot of the players' panel."""
    x0, _, x1, y1 = box
    total = view["cubes_placed"][0] + view["cubes_left"][0]
    score = w.n("mimic.picture.solo_score", total, placed=w.number(view["cubes_placed"][0]))
    canvas.label(draw, (x0 + 16, y1 - 90, x1 - 16, y1 - 50), score, 30, theme.ACCENT_DARK, "m",
                 bold=True, min_size=14)
    canvas.label(draw, (x0 + 16, y1 - 46, x1 - 16, y1 - 18), w("mimic.picture.solo_hint"),
                 theme.SMALL_SIZE, theme.INK_SOFT, "m")


def _draw_area(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
               names: Sequence[str], box: Box, w: Words) -> None:
    """The face-up cards and the deck (or the tie showdown); the advanced power line; the
    start cards left; the removed cards. Each line of words owns its band of the panel."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    left, right = x0 + 16, x1 - 16
    y = y0 + 22
    if view["showdown"] is not None:
        y = _showdown(img, draw, view, names, box, w)
    elif view["mode"] == "solo":
        canvas.label(draw, _band(left, right, y, 32), w("mimic.picture.deck"), theme.TEXT_SIZE,
                     bold=True)
        canvas.label(draw, _band(left, right, y + 40, 32),
                     w.n("mimic.picture.deck_left", view["deck"]), theme.TEXT_SIZE)
        canvas.label(draw, _band(left, right, y + 76, 26), w("mimic.picture.solo_deck"),
                     theme.SMALL_SIZE, theme.INK_SOFT)
        y += 100
    else:
        y = _faceup(img, draw, view, (left, y0, right, y1), w)
    if view["advanced"]:
        canvas.label(draw, _band(left, left + 108, y + 16, 28), w("mimic.picture.power_line"),
                     theme.SMALL_SIZE, bold=True, min_size=11)
        for i, colour in enumerate(view["power_line"]):
            cx = x0 + 130 + i * 74
            power_chip(draw, (cx, y + 2, cx + 70, y + 30), colour,
                       label=w(f"mimic.picture.power_short.{colour}"), words=w)
        y += 40
    starts = w("mimic.picture.starts_left", count=w.number(view["yellow_left"]))
    if view["step"]["jump"]:
        starts += "   ·   " + w("mimic.picture.jump_on")
    canvas.label(draw, _band(left, right, y + 14, 26), starts, theme.SMALL_SIZE, theme.INK_SOFT,
                 min_size=11)
    y += 36
    removed = view["removed"]
    canvas.label(draw, _band(left, right, y + 12, 24),
                 w("mimic.picture.removed" if removed else "mimic.picture.removed_none"),
                 theme.SMALL_SIZE, bold=True, min_size=11)
    y += 28
    if removed:
        _removed(img, removed, (left, y, right, y1 - 10), w)


def _faceup(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, box: Box,
            w: Words) -> int:
    """The heading line (the face-up cards left, the deck's count right) and the three
    face-up cards under it, a dashed outline where one is missing. Returns the y below."""
    left, y0, right, _ = box
    y = y0 + 22
    start = _aside(draw, (right - (right - left) // 2, y - 16, right, y + 16),
                   w("mimic.picture.deck_count", count=w.number(view["deck"])),
                   theme.TEXT_SIZE, theme.INK, bold=True, min_size=14)
    canvas.label(draw, (left, y - 16, start - 12, y + 16), w("mimic.picture.faceup"),
                 theme.TEXT_SIZE, bold=True, min_size=11)
    tile_w = 96
    for i, face in enumerate(view["faceup"]):
        tile = card_tile(face["colour"], face["animal"], tile_w, words=w)
        img.paste(tile, (left + i * (tile_w + 12), y + 22), tile)
    for i in range(len(view["faceup"]), 3):
        bx = left + i * (tile_w + 12)
        canvas.dashed_card(draw, (bx, y + 22, bx + tile_w, y + 22 + tile_w), theme.INK_FAINT,
                           radius=10)
    return y + 22 + tile_w + 12


def _removed(img: Image.Image, removed: Sequence[Mapping], box: Box, w: Words) -> None:
    """The removed cards in rows of 44 px tiles, squeezed when the rows would spill out of
    ``box`` (a tile too small for its animal tag then shows none, see ``card_tile``)."""
    x0, y0, x1, y1 = box
    width, room = int(x1 - x0), int(y1 - y0)
    tile = 44
    per_row = max(1, (width + 4) // (tile + 4))
    rows = max(1, -(-len(removed) // per_row))
    if rows * (tile + 4) > room:
        tile = max(20, room // rows - 4)
        per_row = max(1, (width + 4) // (tile + 4))
    for i, face in enumerate(removed):
        r, c = divmod(i, per_row)
        t = card_tile(face["colour"], face["animal"], tile, words=w)
        img.paste(t, (int(x0) + c * (tile + 4), int(y0) + r * (tile + 4)), t)


def _showdown(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
              names: Sequence[str], box: Box, w: Words) -> int:
    """The tie showdown (§Ties): who has picked (while they pick), then the cards shown,
    round by round (the last round drawn). Returns the y where the rest of the panel goes on.

    Once the game is over nobody picks any more: the cards move up into that line, which
    leaves the removed cards under them room for their full-size row.
    """
    x0, y0, x1, _ = box
    left, right = x0 + 16, x1 - 16
    show = view["showdown"]
    y = y0 + 22
    rounds = showdown_faces(view)
    canvas.label(draw, _band(left, right, y, 32),
                 w("mimic.picture.showdown", round=w.number(show["round"])), theme.TEXT_SIZE,
                 bold=True, min_size=11)
    y += 30
    if view["phase"] == "showdown":
        picked = ", ".join(_name(names, s, w) for s in show["picked"]) or \
            w("mimic.picture.nobody_yet")
        canvas.label(draw, _band(left, right, y, 26), w("mimic.picture.picked", names=picked),
                     theme.SMALL_SIZE, theme.INK_SOFT, min_size=theme.SMALL_SIZE)
        y += 28
    if not rounds:
        return y + 2
    last = rounds[-1]
    tile = 80 if len(last) <= 3 else 64
    canvas.label(draw, _band(left, right, y, 26),
                 w("mimic.picture.shown", round=w.number(len(rounds))), theme.SMALL_SIZE,
                 min_size=11)
    name_size = theme.SMALL_SIZE - 3
    for i, (seat, face) in enumerate(last[:4]):
        x = left + i * (tile + 12)
        t = card_tile(face["colour"], face["animal"], tile, words=w)
        img.paste(t, (x, y + 16), t)
        # Each name is cut to its card's width and half the gap to the next card.
        canvas.label(draw, _band(x - 5, x + tile + 5, y + 16 + tile + 14, 20),
                     _name(names, seat, w), name_size, align="m", min_size=name_size)
    return y + 16 + tile + 30


def render_hand(view: Mapping, names: Sequence[str], w: Words,
                targets: Mapping[str, Sequence[str]] | None = None,
                lines: Sequence[Sequence[str]] = ()) -> bytes:
    """One seat's private view: its hand, its power cards, and where its cards fit.

    Args:
        view: the seat's own view (``view["seat"]`` set, ``view["hand"]`` its cards).
        names: the seats' display names.
        w: the reader's words.
        targets: for each hand card id, the cells where it may legally go now (computed by
            the caller from the rules). Hand cards are numbered 1–6 and the mini board shows,
            in each such cell, the numbers of the cards that fit there.
        lines: set lines the seat could extend, each a list of cells from the start card to
            the open cell; drawn as light strokes over the mini board.
    """
    targets = targets or {}
    img = canvas.new(W, HAND_H)
    draw = ImageDraw.Draw(img)
    seat = view["seat"]
    _title_bar(img, w("mimic.picture.hand.title", name=_name(names, seat, w)),
               canvas.truncate(_status(view, names, w), theme.TEXT_SIZE, 460), TITLE_H)
    canvas.label(draw, _band(M, W - M, HAND_TOP + 16, 32), w("mimic.picture.hand.cards"),
                 theme.TEXT_SIZE, bold=True, min_size=11)
    marks: dict[str, list[str]] = {}
    for i, face in enumerate(view["hand"][:HAND_SLOTS]):
        for cell in _hand_card(img, draw, view, i, face, targets, w):
            marks.setdefault(cell, []).append(str(i + 1))
    if not view["hand"]:
        canvas.label(draw, (M, HAND_CARDS_Y, W - M, HAND_CARDS_Y + HAND_CARD_H),
                     w("mimic.picture.hand.empty"), theme.TEXT_SIZE, theme.INK_SOFT, "m")
    _hand_powers(draw, view["powers"][seat], w)
    mini_x = (W - MINI_SPAN) // 2
    note = w("mimic.picture.hand.note_fits" if marks else "mimic.picture.hand.note_none")
    canvas.label(draw, _band(M, W - M, POWERS_Y + 58, 24), note, theme.SMALL_SIZE,
                 theme.INK_SOFT, "m", min_size=11)
    _grid(img, draw, view, mini_x, MINI_Y, MINI, MINI_GAP, MINI_LABEL, w,
          {cell: " ".join(nums) for cell, nums in marks.items()})
    if lines:
        _line_marks(img, lines, mini_x, MINI_Y)
    canvas.label(draw, _band(M, W - M, HAND_H - 30, 28), w("mimic.picture.hand.foot"),
                 theme.SMALL_SIZE, theme.INK_SOFT, "m", min_size=11)
    return canvas.to_png(img)


def _hand_card(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping, i: int,
               face: Mapping, targets: Mapping[str, Sequence[str]], w: Words) -> list[str]:
    """Hand card ``i`` in its slot: the card, its number in a disc on its corner, its name
    and how many cells it fits under it. Returns those cells."""
    count = max(len(view["hand"][:HAND_SLOTS]), 1)
    slot = HAND_CARD_W + 12
    x = (W - (count * slot - 12)) // 2 + i * slot
    tile = card_tile(face["colour"], face["animal"], HAND_CARD_W, HAND_CARD_H, words=w)
    img.paste(tile, (x, HAND_CARDS_Y), tile)
    disc = (x - 6, HAND_CARDS_Y - 6, x + 34, HAND_CARDS_Y + 34)
    draw.ellipse(disc, fill=theme.ACCENT_DARK, outline=theme.ON_ACCENT, width=2)
    canvas.text(draw, (x + 14, HAND_CARDS_Y + 15), str(i + 1), 26, theme.ON_ACCENT, "mm",
                bold=True, box=disc)
    # The words under the card may take half the gap to each neighbour.
    under = HAND_CARDS_Y + HAND_CARD_H
    column = (x - 4, x + HAND_CARD_W + 4)
    canvas.label(draw, _band(*column, under + 16, 24),
                 w(f"mimic.card.{face['colour']}.{face['animal']}"), theme.SMALL_SIZE, align="m",
                 bold=True, min_size=11)
    cells = list(targets.get(face["id"], ()))
    fits = w.n("mimic.picture.hand.cells", len(cells)) if cells else \
        w("mimic.picture.hand.no_cell")
    canvas.label(draw, _band(*column, under + 40, 24), fits, theme.SMALL_SIZE,
                 theme.ACCENT_DARK if cells else theme.INK_FAINT, "m", min_size=11)
    return cells


def _hand_powers(draw: ImageDraw.ImageDraw, powers: Mapping, w: Words) -> None:
    """The row of the seat's power cards: the active ones with their action, the used ones
    faded; the row's heading at its left."""
    top, bottom = POWERS_Y + 2, POWERS_Y + 36
    canvas.label(draw, (M, top, M + 160, bottom), w("mimic.picture.hand.powers"),
                 theme.TEXT_SIZE, bold=True, min_size=11)
    x = M + 170
    # Each active chip as wide as its words need (longer in Czech), within the row.
    share = (W - M - x - 42 * len(powers["used"])) // max(1, len(powers["active"])) - 8
    for colour in powers["active"]:
        label = w("mimic.picture.power_chip", power=w(f"mimic.power.{colour}"),
                  short=w(f"mimic.picture.power_short.{colour}"))
        chip_w = min(share, max(126, canvas.text_width(label, 17, bold=True) + 20))
        power_chip(draw, (x, top, x + chip_w, bottom), colour, label=label, words=w)
        x += chip_w + 8
    for colour in powers["used"]:
        power_chip(draw, (x, top, x + 36, bottom), colour, used=True, words=w)
        x += 42
    if not powers["active"] and not powers["used"]:
        canvas.label(draw, (x, top, W - M, bottom), w("mimic.picture.hand.none"),
                     theme.TEXT_SIZE, theme.INK_SOFT)


def _line_marks(img: Image.Image, lines: Sequence[Sequence[str]], x0: int, y0: int) -> None:
    """Light strokes along the set lines a seat could extend, from start card to open cell."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for cells in lines:
        points = []
        for cell in cells:
            bx = cell_box(cell, x0, y0, MINI, MINI_GAP)
            points.append(((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2))
        if len(points) >= 2:
            draw.line(points, fill=LINE_MARK, width=10, joint="curve")
        end = points[-1]
        draw.ellipse((end[0] - 7, end[1] - 7, end[0] + 7, end[1] + 7), fill=LINE_MARK)
    img.paste(Image.alpha_composite(img.convert("RGBA"), layer).convert("RGB"))


def render_rules(w: Words) -> bytes:
    """A picture for ``/mimic rules``: the three set shapes, and a line turning at a cube, in
    the reader's words ``w``."""
    height = 640
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    _title_bar(img, w("mimic.picture.rules.title"), w("mimic.picture.rules.subtitle"), 64)
    canvas.label(draw, _band(M, W - M, 96, 28), w("mimic.picture.rules.set"), theme.TEXT_SIZE,
                 bold=True, min_size=11)
    canvas.label(draw, _band(M, W - M, 126, 28), w("mimic.picture.rules.set_more"),
                 theme.TEXT_SIZE, min_size=11)
    size, top = 76, 156
    rows = [("AABB", ["lion", "lion", "zebra", "zebra"], "green", "red"),
            ("ABAB", ["giraffe", "ostrich", "giraffe", "ostrich"], "blue", "yellow"),
            ("ABBA", ["elephant", "lion", "lion", "elephant"], "red", "yellow")]
    for i, (shape, animals, colour, start) in enumerate(rows):
        y = top + i * (size + 14)
        tile = start_tile(start, size, words=w)
        img.paste(tile, (M, y), tile)
        for j, animal in enumerate(animals):
            t = card_tile(colour, animal, size, words=w)
            img.paste(t, (M + (j + 1) * (size + 4), y), t)
        cube(draw, M + 4 * (size + 4) + 8, y + size * 0.42, round(size * 0.38), i % 2)
        # The shape's name beside its row, before the turn example on the right.
        canvas.label(draw, (M + 5 * (size + 4) + 12, y, EXAMPLE_X - 12, y + size), shape, 30,
                     theme.ACCENT_DARK, bold=True)
    _turn_example(img, draw, EXAMPLE_X, top - 6, w)
    y0 = top + 3 * (size + 14) + 46
    for i in range(5):
        canvas.label(draw, _band(M, W - M, y0 + i * 32, 30), w(f"mimic.picture.rules.line{i + 1}"),
                     theme.SMALL_SIZE + 2, theme.INK if i < 2 else theme.INK_SOFT, min_size=11)
    return canvas.to_png(img)


def _turn_example(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y0: int,
                  w: Words) -> None:
    """A 5 × 3 patch: a line runs east from a start card, turns north before a cubed card,
    and turns again at the border."""
    cell, gap = 72, 4
    span = 5 * cell + 4 * gap
    canvas.label(draw, (x0, y0 - 10, W - M, y0 + 12), w("mimic.picture.rules.turns"),
                 theme.SMALL_SIZE, bold=True, min_size=11)
    y0 += 40
    laid = {(1, 1): ("blue", "zebra"), (2, 1): ("blue", "lion"), (2, 0): ("blue", "zebra"),
            (3, 0): ("blue", "lion"), (3, 1): ("red", "giraffe")}
    for c in range(5):
        for r in range(3):
            box = (x0 + c * (cell + gap), y0 + r * (cell + gap))
            if (c, r) == (0, 1):
                tile = start_tile("yellow", cell, words=w)
                img.paste(tile, box, tile)
            elif (c, r) in laid:
                colour, animal = laid[(c, r)]
                tile = card_tile(colour, animal, cell, words=w)
                img.paste(tile, box, tile)
            else:
                canvas.card(draw, (box[0], box[1], box[0] + cell, box[1] + cell), theme.PANEL,
                            theme.PANEL_EDGE, 2, radius=8)
    cube(draw, x0 + 3 * (cell + gap) + 10, y0 + (cell + gap) + 30, 28, 1)
    # The top of the patch is the grid's border.
    draw.line([(x0 - 6, y0 - 5), (x0 + span + 6, y0 - 5)], fill=theme.INK, width=5)
    # Its name right-aligned just above the border's thick line.
    canvas.label(draw, (x0, y0 - 28, x0 + span, y0 - 10), w("mimic.picture.rules.border"),
                 theme.SMALL_SIZE - 2, align="r", min_size=11)

    def centre(c: int, r: int) -> tuple[float, float]:
        return (x0 + c * (cell + gap) + cell / 2, y0 + r * (cell + gap) + cell / 2)

    path = [centre(0, 1), centre(1, 1), centre(2, 1), centre(2, 0), centre(3, 0)]
    draw.line(path, fill=theme.HIGHLIGHT, width=8, joint="curve")
    ex, ey = path[-1]
    draw.polygon([(ex + 18, ey), (ex - 2, ey - 12), (ex - 2, ey + 12)], fill=theme.HIGHLIGHT)
    notes = [w("mimic.picture.rules.cube_ahead"), w("mimic.picture.rules.border_ahead")]
    canvas.label(draw, _band(x0, W - M, y0 + 3 * (cell + gap) + 14, 26), "  ·  ".join(notes),
                 theme.SMALL_SIZE, theme.INK_SOFT, min_size=11)


def showdown_faces(view: Mapping) -> list[list[tuple[int, dict]]]:
    """The revealed showdown picks, round by round, as ``(seat, card face)`` pairs."""
    show = view.get("showdown") or {}
    return [[(seat, card_face(card)) for seat, card in rnd] for rnd in show.get("revealed", [])]
