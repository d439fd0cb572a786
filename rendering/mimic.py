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


def render_board(view: Mapping, names: Sequence[str], w: Words) -> bytes:
    """The public table as one PNG (``W`` × ``BOARD_H``), in the words ``w``."""
    img = canvas.new(W, BOARD_H)
    draw = ImageDraw.Draw(img)
    title = (w("mimic.picture.title") if view["phase"] == "over"
             else w("mimic.picture.title_turn", turn=w.number(view["turns"] + 1)))
    canvas.title_bar(img, title, canvas.truncate(_status(view, names, w), theme.TEXT_SIZE, 560),
                     TITLE_H)
    _grid(img, draw, view, GRID_X, GRID_Y, CELL, GAP, LABEL, w)
    _players_panel(draw, view, names, (M, PANEL_Y, M + PLAYERS_W, PANEL_Y + PANEL_H), w)
    _draw_area(img, draw, view, names, (M + PLAYERS_W + 14, PANEL_Y, W - M, PANEL_Y + PANEL_H),
               w)
    return canvas.to_png(img)


def _labels(draw: ImageDraw.ImageDraw, x0: int, y0: int, size: int, gap: int, band: int,
            font: int) -> None:
    span = SIZE * size + (SIZE - 1) * gap
    for i in range(SIZE):
        cx = x0 + i * (size + gap) + size / 2
        for y in (y0 - band / 2, y0 + span + band / 2):
            canvas.text(draw, (cx, y), COLUMNS[i], font, theme.ACCENT_DARK, "mm", bold=True)
        cy = y0 + (SIZE - 1 - i) * (size + gap) + size / 2
        for x in (x0 - band / 2, x0 + span + band / 2):
            canvas.text(draw, (x, cy), str(i + 1), font, theme.ACCENT_DARK, "mm", bold=True)


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
            canvas.text(draw, (x + size / 2, y + size / 2 - (size * 0.16 if mark else 0)), cell,
                        round(size * 0.26), theme.INK_FAINT if not mark else theme.INK_SOFT,
                        "mm")
            if mark:
                fsize = canvas.fit_size(mark, size - 8, round(size * 0.30), 10, bold=True)
                canvas.text(draw, (x + size / 2, y + size * 0.72), mark, fsize,
                            theme.ACCENT_DARK, "mm", bold=True)


def _players_panel(draw: ImageDraw.ImageDraw, view: Mapping, names: Sequence[str],
                   box: tuple[int, int, int, int], w: Words) -> None:
    """One row per seat: turn arrow, name, hand size, power cards, and the side's cubes."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    n = view["players"]
    teams = view["mode"] == "teams"
    over = view["phase"] == "over"
    winners = set((view["result"] or {}).get("winners", ()))
    active = set(view["active"])
    head = w("mimic.picture.players" if not teams else "mimic.picture.teams")
    aside = w("mimic.picture.power_cards")
    aside_size = canvas.fit_size(aside, (x1 - x0) // 3, theme.SMALL_SIZE, 12)
    aside_w = canvas.text_width(aside, aside_size)
    canvas.text(draw, (x1 - 16, y0 + 22), aside, aside_size, theme.INK_SOFT, "rm")
    room = x1 - x0 - 32 - aside_w - 12
    size = canvas.fit_size(head, room, theme.TEXT_SIZE, 14, bold=True)
    canvas.text(draw, (x0 + 16, y0 + 22), canvas.truncate(head, size, room, True), size,
                theme.INK, "lm", bold=True)
    row_h = min(96, (y1 - y0 - 46) // max(n, 1))
    for seat in range(n):
        top = y0 + 42 + seat * row_h
        side = side_of(view, seat)
        if seat in winners or (not over and seat in active):
            colour = theme.MEDAL_ROWS[0]
            canvas.card(draw, (x0 + 6, top, x1 - 6, top + row_h - 4), colour, theme.HIGHLIGHT,
                        2, radius=10)
        if not over and seat in active:
            canvas.arrow(draw, x0 + 14, top + 20, 22, theme.ACCENT_DARK)
        label = _name(names, seat, w)
        if teams:
            label = w("mimic.picture.team_of", name=label, team=w.number(side + 1))
        strong = seat in active or seat in winners
        canvas.text(draw, (x0 + 40, top + 20), canvas.truncate(label, theme.TEXT_SIZE, 270, strong),
                    theme.TEXT_SIZE, anchor="lm", bold=strong)
        left = view["cubes_left"][side]
        placed = view["cubes_placed"][side]
        s = 18 if left <= 10 else 14
        note = w("mimic.picture.cubes", left=w.number(left), placed=w.number(placed))
        cubes_end = x0 + 130 + left * (s + 7) if left else x0 + 40 + 90
        note_room = x1 - 16 - cubes_end - 8
        note_size = canvas.fit_size(note, note_room, theme.SMALL_SIZE, 11, bold=True)
        note = canvas.truncate(note, note_size, note_room, True)
        note_w = canvas.text_width(note, note_size, bold=True)
        # The word under the name stops before the cubes, which stop before the count.
        cubes_x = x0 + 130
        tag_room = 130 - 40 - 6 if left else x1 - 16 - note_w - 12 - (x0 + 40)
        if seat in winners:
            tag = w("mimic.picture.winner")
            size = canvas.fit_size(tag, tag_room, theme.SMALL_SIZE, 11, bold=True)
            canvas.text(draw, (x0 + 40, top + row_h - 22), canvas.truncate(tag, size, tag_room,
                        True), size, theme.ACCENT_DARK, "lm", bold=True)
        else:
            tag = w("mimic.picture.hand_size", count=w.number(view["hand_sizes"][seat]))
            size = canvas.fit_size(tag, tag_room, theme.SMALL_SIZE, 11)
            canvas.text(draw, (x0 + 40, top + row_h - 22), canvas.truncate(tag, size, tag_room),
                        size, theme.INK_SOFT, "lm")
        # Power cards: active ones bright, used ones faded and struck through.
        powers = view["powers"][seat]
        chips = [(c, False) for c in powers["active"]] + [(c, True) for c in powers["used"]]
        chip = 30
        for i, (colour, used) in enumerate(reversed(chips)):
            cx = x1 - 16 - (i + 1) * (chip + 4) + 4
            power_chip(draw, (cx, top + 6, cx + chip, top + 6 + chip), colour, used, words=w)
        # The side's cubes: left ones drawn, placed ones as a count.
        for i in range(left):
            cube(draw, cubes_x + i * (s + 7), top + row_h - 22 - s / 2 + 2, s, side, label=False)
        canvas.text(draw, (x1 - 16, top + row_h - 22), note, note_size, theme.INK, "rm",
                    bold=True)
    if n == 1:
        total = view["cubes_placed"][0] + view["cubes_left"][0]
        score = w.n("mimic.picture.solo_score", total,
                    placed=w.number(view["cubes_placed"][0]))
        size = canvas.fit_size(score, x1 - x0 - 32, 30, 14, bold=True)
        canvas.text(draw, ((x0 + x1) / 2, y1 - 70), score, size, theme.ACCENT_DARK, "mm",
                    bold=True)
        hint = w("mimic.picture.solo_hint")
        size = canvas.fit_size(hint, x1 - x0 - 32, theme.SMALL_SIZE, 12)
        canvas.text(draw, ((x0 + x1) / 2, y1 - 32), hint, size, theme.INK_SOFT, "mm")


def _fit(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, size: int,
         room: float, fill: theme.RGB = theme.INK, anchor: str = "lm",
         bold: bool = False) -> None:
    """``words`` at ``xy``, shrunk (and if need be cut) to ``room`` px."""
    size = canvas.fit_size(words, int(room), size, 11, bold=bold)
    canvas.text(draw, xy, canvas.truncate(words, size, int(room), bold), size, fill, anchor,
                bold=bold)


def _draw_area(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
               names: Sequence[str], box: tuple[int, int, int, int], w: Words) -> None:
    """The face-up cards and the deck; the advanced power line; the removed cards."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    width = x1 - x0
    y = y0 + 22
    if view["showdown"] is not None:
        y = _showdown(img, draw, view, names, box, w)
    elif view["mode"] == "solo":
        room = width - 32
        _fit(draw, (x0 + 16, y), w("mimic.picture.deck"), theme.TEXT_SIZE, room, bold=True)
        _fit(draw, (x0 + 16, y + 40), w.n("mimic.picture.deck_left", view["deck"]),
             theme.TEXT_SIZE, room)
        _fit(draw, (x0 + 16, y + 76), w("mimic.picture.solo_deck"), theme.SMALL_SIZE, room,
             theme.INK_SOFT)
        y += 100
    else:
        deck = w("mimic.picture.deck_count", count=w.number(view["deck"]))
        deck_size = canvas.fit_size(deck, (width - 32) // 2, theme.TEXT_SIZE, 14, bold=True)
        canvas.text(draw, (x1 - 16, y), deck, deck_size, theme.INK, "rm", bold=True)
        room = width - 32 - canvas.text_width(deck, deck_size, bold=True) - 12
        _fit(draw, (x0 + 16, y), w("mimic.picture.faceup"), theme.TEXT_SIZE, room, bold=True)
        tile_w = 96
        for i, face in enumerate(view["faceup"]):
            tile = card_tile(face["colour"], face["animal"], tile_w, words=w)
            img.paste(tile, (x0 + 16 + i * (tile_w + 12), y + 22), tile)
        for i in range(len(view["faceup"]), 3):
            bx = x0 + 16 + i * (tile_w + 12)
            canvas.dashed_card(draw, (bx, y + 22, bx + tile_w, y + 22 + tile_w), theme.INK_FAINT,
                               radius=10)
        y += 22 + tile_w + 12
    if view["advanced"]:
        _fit(draw, (x0 + 16, y + 16), w("mimic.picture.power_line"), theme.SMALL_SIZE, 108,
             bold=True)
        for i, colour in enumerate(view["power_line"]):
            cx = x0 + 130 + i * 74
            power_chip(draw, (cx, y + 2, cx + 70, y + 30), colour,
                       label=w(f"mimic.picture.power_short.{colour}"), words=w)
        y += 40
    starts = w("mimic.picture.starts_left", count=w.number(view["yellow_left"]))
    if view["step"]["jump"]:
        starts += "   ·   " + w("mimic.picture.jump_on")
    _fit(draw, (x0 + 16, y + 14), starts, theme.SMALL_SIZE, width - 32, theme.INK_SOFT)
    y += 36
    removed = view["removed"]
    _fit(draw, (x0 + 16, y + 12), w("mimic.picture.removed" if removed else
                                    "mimic.picture.removed_none"), theme.SMALL_SIZE,
         width - 32, bold=True)
    y += 28
    room = y1 - 10 - y
    if removed:
        tile = 44
        per_row = max(1, (width - 32 + 4) // (tile + 4))
        rows = max(1, -(-len(removed) // per_row))
        if rows * (tile + 4) > room:  # squeeze rather than spill out of the panel
            tile = max(20, room // rows - 4)
            per_row = max(1, (width - 32 + 4) // (tile + 4))
        for i, face in enumerate(removed):
            r, c = divmod(i, per_row)
            t = card_tile(face["colour"], face["animal"], tile, words=w)
            img.paste(t, (x0 + 16 + c * (tile + 4), y + r * (tile + 4)), t)


def _showdown(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
              names: Sequence[str], box: tuple[int, int, int, int], w: Words) -> int:
    """The tie showdown (§Ties): who has picked, then the cards shown, round by round (the last
    round drawn). Returns the y where the rest of the panel goes on."""
    x0, y0, x1, _ = box
    show = view["showdown"]
    y = y0 + 22
    rounds = showdown_faces(view)
    _fit(draw, (x0 + 16, y), w("mimic.picture.showdown", round=w.number(show["round"])),
         theme.TEXT_SIZE, x1 - x0 - 32, bold=True)
    if view["phase"] == "showdown":
        picked = ", ".join(_name(names, s, w) for s in show["picked"]) or \
            w("mimic.picture.nobody_yet")
        canvas.text(draw, (x0 + 16, y + 30),
                    canvas.truncate(w("mimic.picture.picked", names=picked), theme.SMALL_SIZE,
                                    x1 - x0 - 32),
                    theme.SMALL_SIZE, theme.INK_SOFT, "lm")
    if rounds:
        last = rounds[-1]
        tile = 80 if len(last) <= 3 else 64
        _fit(draw, (x0 + 16, y + 58), w("mimic.picture.shown", round=w.number(len(rounds))),
             theme.SMALL_SIZE, x1 - x0 - 32)
        for i, (seat, face) in enumerate(last[:4]):
            x = x0 + 16 + i * (tile + 12)
            t = card_tile(face["colour"], face["animal"], tile, words=w)
            img.paste(t, (x, y + 74), t)
            canvas.text(draw, (x + tile / 2, y + 74 + tile + 14),
                        canvas.truncate(_name(names, seat, w), theme.SMALL_SIZE - 3, tile + 10),
                        theme.SMALL_SIZE - 3, theme.INK, "mm")
        return y + 74 + tile + 30
    return y + 60


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
    canvas.title_bar(img, w("mimic.picture.hand.title", name=_name(names, seat, w)),
                     canvas.truncate(_status(view, names, w), theme.TEXT_SIZE, 460), TITLE_H)
    hand = list(view["hand"])
    _fit(draw, (M, HAND_TOP + 16), w("mimic.picture.hand.cards"), theme.TEXT_SIZE, W - 2 * M,
         bold=True)
    slot = HAND_CARD_W + 12
    left = (W - (max(len(hand[:HAND_SLOTS]), 1) * slot - 12)) // 2
    marks: dict[str, list[str]] = {}
    for i, face in enumerate(hand[:HAND_SLOTS]):
        x = left + i * slot
        tile = card_tile(face["colour"], face["animal"], HAND_CARD_W, HAND_CARD_H, words=w)
        img.paste(tile, (x, HAND_CARDS_Y), tile)
        r = 20
        draw.ellipse((x - 6, HAND_CARDS_Y - 6, x - 6 + 2 * r, HAND_CARDS_Y - 6 + 2 * r),
                     fill=theme.ACCENT_DARK, outline=theme.ON_ACCENT, width=2)
        canvas.text(draw, (x - 6 + r, HAND_CARDS_Y - 6 + r + 1), str(i + 1), 26,
                    theme.ON_ACCENT, "mm", bold=True)
        label = w(f"mimic.card.{face['colour']}.{face['animal']}")
        _fit(draw, (x + HAND_CARD_W / 2, HAND_CARDS_Y + HAND_CARD_H + 16), label,
             theme.SMALL_SIZE, HAND_CARD_W + 8, anchor="mm", bold=True)
        cells = list(targets.get(face["id"], ()))
        fits = w.n("mimic.picture.hand.cells", len(cells)) if cells else \
            w("mimic.picture.hand.no_cell")
        _fit(draw, (x + HAND_CARD_W / 2, HAND_CARDS_Y + HAND_CARD_H + 40), fits,
             theme.SMALL_SIZE, HAND_CARD_W + 8, theme.ACCENT_DARK if cells else theme.INK_FAINT,
             "mm")
        for cell in cells:
            marks.setdefault(cell, []).append(str(i + 1))
    if not hand:
        canvas.text(draw, (W / 2, HAND_CARDS_Y + HAND_CARD_H / 2), w("mimic.picture.hand.empty"),
                    theme.TEXT_SIZE, theme.INK_SOFT, "mm")
    # Power cards: the active ones with their action, the used ones faded.
    powers = view["powers"][seat]
    _fit(draw, (M, POWERS_Y + 18), w("mimic.picture.hand.powers"), theme.TEXT_SIZE, 160,
         bold=True)
    x = M + 170
    # Each active chip as wide as its words need (longer in Czech), within the row.
    share = (W - M - x - 42 * len(powers["used"])) // max(1, len(powers["active"])) - 8
    for colour in powers["active"]:
        label = w("mimic.picture.power_chip", power=w(f"mimic.power.{colour}"),
                  short=w(f"mimic.picture.power_short.{colour}"))
        chip_w = min(share, max(126, canvas.text_width(label, 17, bold=True) + 20))
        power_chip(draw, (x, POWERS_Y + 2, x + chip_w, POWERS_Y + 36), colour, label=label,
                   words=w)
        x += chip_w + 8
    for colour in powers["used"]:
        power_chip(draw, (x, POWERS_Y + 2, x + 36, POWERS_Y + 36), colour, used=True, words=w)
        x += 42
    if not powers["active"] and not powers["used"]:
        canvas.text(draw, (x, POWERS_Y + 18), w("mimic.picture.hand.none"), theme.TEXT_SIZE,
                    theme.INK_SOFT, "lm")
    mini_x = (W - MINI_SPAN) // 2
    note = w("mimic.picture.hand.note_fits" if marks else "mimic.picture.hand.note_none")
    _fit(draw, (W / 2, POWERS_Y + 58), note, theme.SMALL_SIZE, W - 2 * M, theme.INK_SOFT, "mm")
    _grid(img, draw, view, mini_x, MINI_Y, MINI, MINI_GAP, MINI_LABEL, w,
          {cell: " ".join(nums) for cell, nums in marks.items()})
    if lines:
        _line_marks(img, lines, mini_x, MINI_Y)
    _fit(draw, (W / 2, HAND_H - 30), w("mimic.picture.hand.foot"), theme.SMALL_SIZE, W - 2 * M,
         theme.INK_SOFT, "mm")
    return canvas.to_png(img)


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
    canvas.title_bar(img, w("mimic.picture.rules.title"), w("mimic.picture.rules.subtitle"), 64)
    _fit(draw, (M, 96), w("mimic.picture.rules.set"), theme.TEXT_SIZE, W - 2 * M, bold=True)
    _fit(draw, (M, 126), w("mimic.picture.rules.set_more"), theme.TEXT_SIZE, W - 2 * M)
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
        canvas.text(draw, (M + 5 * (size + 4) + 12, y + size / 2), shape, 30,
                    theme.ACCENT_DARK, "lm", bold=True)
    _turn_example(img, draw, 560, top - 6, w)
    y0 = top + 3 * (size + 14) + 46
    for i in range(5):
        _fit(draw, (M, y0 + i * 32), w(f"mimic.picture.rules.line{i + 1}"), theme.SMALL_SIZE + 2,
             W - 2 * M, theme.INK if i < 2 else theme.INK_SOFT)
    return canvas.to_png(img)


def _turn_example(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y0: int,
                  w: Words) -> None:
    """A 5 × 3 patch: a line runs east from a start card, turns north before a cubed card,
    and turns again at the border."""
    cell, gap = 72, 4
    span = 5 * cell + 4 * gap
    _fit(draw, (x0, y0 + 2), w("mimic.picture.rules.turns"), theme.SMALL_SIZE, W - M - x0,
         bold=True)
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
    _fit(draw, (x0 + span, y0 - 20), w("mimic.picture.rules.border"), theme.SMALL_SIZE - 2,
         span, anchor="rm")

    def centre(c: int, r: int) -> tuple[float, float]:
        return (x0 + c * (cell + gap) + cell / 2, y0 + r * (cell + gap) + cell / 2)

    path = [centre(0, 1), centre(1, 1), centre(2, 1), centre(2, 0), centre(3, 0)]
    draw.line(path, fill=theme.HIGHLIGHT, width=8, joint="curve")
    ex, ey = path[-1]
    draw.polygon([(ex + 18, ey), (ex - 2, ey - 12), (ex - 2, ey + 12)], fill=theme.HIGHLIGHT)
    notes = [w("mimic.picture.rules.cube_ahead"), w("mimic.picture.rules.border_ahead")]
    _fit(draw, (x0, y0 + 3 * (cell + gap) + 14), "  ·  ".join(notes), theme.SMALL_SIZE,
         W - M - x0, theme.INK_SOFT)


def showdown_faces(view: Mapping) -> list[list[tuple[int, dict]]]:
    """The revealed showdown picks, round by round, as ``(seat, card face)`` pairs."""
    show = view.get("showdown") or {}
    return [[(seat, card_face(card)) for seat, card in rnd] for rnd in show.get("revealed", [])]
