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
from rendering import canvas, theme
from rendering.mimic_art import (
    ANIMAL_NAME,
    POWER_SHORT,
    card_tile,
    cube,
    power_chip,
    start_tile,
)

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


def _name(names: Sequence[str], seat: int) -> str:
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.name(raw, f"Player {seat + 1}")


def _status(view: Mapping, names: Sequence[str]) -> str:
    """The title bar's right side: who acts and what they do."""
    phase, turn = view["phase"], view["turn"]
    who = _name(names, turn)
    step = view["step"]
    if phase == "place":
        if step["pending"] is not None:
            return f"{who}: moving the card from {step['pending']['from']}"
        if view["mode"] == "solo":
            return f"{who}: lay 2–5 cards ({step['placed']} laid)"
        return f"{who}: lay cards ({step['placed']} of {2 + step['extra']})"
    if phase == "start":
        return f"{who}: place a start card"
    if phase == "draw":
        return f"{who}: draw back to 5"
    if phase == "exchange":
        if view["exchange"]["stage"] == "partner":
            mate = next(s for s in view["sides"][side_of(view, turn)] if s != turn)
            return f"{_name(names, mate)} gives {who} a card"
        return f"{who} gives a card back"
    if phase == "showdown":
        return f"Tie! Round {view['showdown']['round']} of picks"
    winners = (view["result"] or {}).get("winners", [])
    if view["mode"] == "solo":
        return f"Game over – {view['cubes_placed'][0]} cubes placed"
    if not winners:
        return "Game over"
    return "Game over – " + " & ".join(_name(names, s) for s in winners) + \
        (" win" if len(winners) > 1 else " wins")


def render_board(view: Mapping, names: Sequence[str]) -> bytes:
    """The public table as one PNG (``W`` × ``BOARD_H``)."""
    img = canvas.new(W, BOARD_H)
    draw = ImageDraw.Draw(img)
    title = "MIMIC" if view["phase"] == "over" else f"MIMIC  ·  turn {view['turns'] + 1}"
    canvas.title_bar(img, title, canvas.truncate(_status(view, names), theme.TEXT_SIZE, 560),
                     TITLE_H)
    _grid(img, draw, view, GRID_X, GRID_Y, CELL, GAP, LABEL)
    _players_panel(draw, view, names, (M, PANEL_Y, M + PLAYERS_W, PANEL_Y + PANEL_H))
    _draw_area(img, draw, view, names, (M + PLAYERS_W + 14, PANEL_Y, W - M, PANEL_Y + PANEL_H))
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
          size: int, gap: int, band: int, marks: Mapping[str, str] | None = None) -> None:
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
            tile = start_tile(view["starts"][cell], size)
            img.paste(tile, (x, y), tile)
        elif cell in view["board"]:
            face = view["board"][cell]
            tile = card_tile(face["colour"], face["animal"], size)
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
                   box: tuple[int, int, int, int]) -> None:
    """One row per seat: turn arrow, name, hand size, power cards, and the side's cubes."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    n = view["players"]
    teams = view["mode"] == "teams"
    over = view["phase"] == "over"
    winners = set((view["result"] or {}).get("winners", ()))
    active = set(view["active"])
    head = "Players" if not teams else "Teams: 1 & 3 vs 2 & 4"
    canvas.text(draw, (x0 + 16, y0 + 22), head, theme.TEXT_SIZE, theme.INK, "lm", bold=True)
    canvas.text(draw, (x1 - 16, y0 + 22), "power cards", theme.SMALL_SIZE, theme.INK_SOFT, "rm")
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
        label = _name(names, seat)
        if teams:
            label = f"{label} (team {side + 1})"
        strong = seat in active or seat in winners
        canvas.text(draw, (x0 + 40, top + 20), canvas.truncate(label, theme.TEXT_SIZE, 270, strong),
                    theme.TEXT_SIZE, anchor="lm", bold=strong)
        if seat in winners:
            canvas.text(draw, (x0 + 40, top + row_h - 22), "WINNER", theme.SMALL_SIZE,
                        theme.ACCENT_DARK, "lm", bold=True)
        else:
            canvas.text(draw, (x0 + 40, top + row_h - 22), f"hand {view['hand_sizes'][seat]}",
                        theme.SMALL_SIZE, theme.INK_SOFT, "lm")
        # Power cards: active ones bright, used ones faded and struck through.
        powers = view["powers"][seat]
        chips = [(c, False) for c in powers["active"]] + [(c, True) for c in powers["used"]]
        chip = 30
        for i, (colour, used) in enumerate(reversed(chips)):
            cx = x1 - 16 - (i + 1) * (chip + 4) + 4
            power_chip(draw, (cx, top + 6, cx + chip, top + 6 + chip), colour, used)
        # The side's cubes: left ones drawn, placed ones as a count.
        left = view["cubes_left"][side]
        placed = view["cubes_placed"][side]
        s = 18 if left <= 10 else 14
        cx = x0 + 130
        for i in range(left):
            cube(draw, cx + i * (s + 7), top + row_h - 22 - s / 2 + 2, s, side, label=False)
        note = f"{left} left, {placed} placed"
        canvas.text(draw, (x1 - 16, top + row_h - 22), note, theme.SMALL_SIZE, theme.INK, "rm",
                    bold=True)
    if n == 1:
        total = view["cubes_placed"][0] + view["cubes_left"][0]
        score = f"Score: {view['cubes_placed'][0]} of {total} cubes placed"
        canvas.text(draw, ((x0 + x1) / 2, y1 - 70), score, 30, theme.ACCENT_DARK, "mm", bold=True)
        canvas.text(draw, ((x0 + x1) / 2, y1 - 32), "Lay 2–5 cards a turn; beat your best!",
                    theme.SMALL_SIZE, theme.INK_SOFT, "mm")


def _draw_area(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
               names: Sequence[str], box: tuple[int, int, int, int]) -> None:
    """The face-up cards and the deck; the advanced power line; the removed cards."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    width = x1 - x0
    y = y0 + 22
    if view["showdown"] is not None:
        y = _showdown(img, draw, view, names, box)
    elif view["mode"] == "solo":
        canvas.text(draw, (x0 + 16, y), "Deck", theme.TEXT_SIZE, theme.INK, "lm", bold=True)
        canvas.text(draw, (x0 + 16, y + 40), f"{view['deck']} cards left", theme.TEXT_SIZE,
                    theme.INK, "lm")
        canvas.text(draw, (x0 + 16, y + 76), "Solo: draw from the deck only", theme.SMALL_SIZE,
                    theme.INK_SOFT, "lm")
        y += 100
    else:
        canvas.text(draw, (x0 + 16, y), "Face-up cards", theme.TEXT_SIZE, theme.INK, "lm",
                    bold=True)
        canvas.text(draw, (x1 - 16, y), f"deck {view['deck']}", theme.TEXT_SIZE, theme.INK, "rm",
                    bold=True)
        tile_w = 96
        for i, face in enumerate(view["faceup"]):
            tile = card_tile(face["colour"], face["animal"], tile_w)
            img.paste(tile, (x0 + 16 + i * (tile_w + 12), y + 22), tile)
        for i in range(len(view["faceup"]), 3):
            bx = x0 + 16 + i * (tile_w + 12)
            canvas.dashed_card(draw, (bx, y + 22, bx + tile_w, y + 22 + tile_w), theme.INK_FAINT,
                               radius=10)
        y += 22 + tile_w + 12
    if view["advanced"]:
        canvas.text(draw, (x0 + 16, y + 16), "Power line", theme.SMALL_SIZE, theme.INK, "lm",
                    bold=True)
        for i, colour in enumerate(view["power_line"]):
            cx = x0 + 130 + i * 74
            power_chip(draw, (cx, y + 2, cx + 70, y + 30), colour, label=POWER_SHORT[colour])
        y += 40
    canvas.text(draw, (x0 + 16, y + 14),
                f"Start cards left: {view['yellow_left']}"
                + ("   ·   orange jump on" if view["step"]["jump"] else ""),
                theme.SMALL_SIZE, theme.INK_SOFT, "lm")
    y += 36
    removed = view["removed"]
    canvas.text(draw, (x0 + 16, y + 12), "Removed from play" if removed else
                "Removed from play: none", theme.SMALL_SIZE, theme.INK, "lm", bold=True)
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
            t = card_tile(face["colour"], face["animal"], tile)
            img.paste(t, (x0 + 16 + c * (tile + 4), y + r * (tile + 4)), t)


def _showdown(img: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping,
              names: Sequence[str], box: tuple[int, int, int, int]) -> int:
    """The tie showdown (§Ties): who has picked, then the cards shown, round by round (the last
    round drawn). Returns the y where the rest of the panel goes on."""
    x0, y0, x1, _ = box
    show = view["showdown"]
    y = y0 + 22
    rounds = showdown_faces(view)
    canvas.text(draw, (x0 + 16, y), f"Tie showdown – round {show['round']}", theme.TEXT_SIZE,
                theme.INK, "lm", bold=True)
    if view["phase"] == "showdown":
        picked = ", ".join(_name(names, s) for s in show["picked"]) or "nobody yet"
        canvas.text(draw, (x0 + 16, y + 30),
                    canvas.truncate(f"Picked: {picked}", theme.SMALL_SIZE, x1 - x0 - 32),
                    theme.SMALL_SIZE, theme.INK_SOFT, "lm")
    if rounds:
        last = rounds[-1]
        tile = 80 if len(last) <= 3 else 64
        canvas.text(draw, (x0 + 16, y + 58), f"Shown in round {len(rounds)}:", theme.SMALL_SIZE,
                    theme.INK, "lm")
        for i, (seat, face) in enumerate(last[:4]):
            x = x0 + 16 + i * (tile + 12)
            t = card_tile(face["colour"], face["animal"], tile)
            img.paste(t, (x, y + 74), t)
            canvas.text(draw, (x + tile / 2, y + 74 + tile + 14),
                        canvas.truncate(_name(names, seat), theme.SMALL_SIZE - 3, tile + 10),
                        theme.SMALL_SIZE - 3, theme.INK, "mm")
        return y + 74 + tile + 30
    return y + 60


def render_hand(view: Mapping, names: Sequence[str],
                targets: Mapping[str, Sequence[str]] | None = None,
                lines: Sequence[Sequence[str]] = ()) -> bytes:
    """One seat's private view: its hand, its power cards, and where its cards fit.

    Args:
        view: the seat's own view (``view["seat"]`` set, ``view["hand"]`` its cards).
        names: the seats' display names.
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
    canvas.title_bar(img, f"Your hand  ·  {_name(names, seat)}",
                     canvas.truncate(_status(view, names), theme.TEXT_SIZE, 460), TITLE_H)
    hand = list(view["hand"])
    canvas.text(draw, (M, HAND_TOP + 16), "Cards in your hand (numbered as on the board below)",
                theme.TEXT_SIZE, theme.INK, "lm", bold=True)
    slot = HAND_CARD_W + 12
    left = (W - (max(len(hand[:HAND_SLOTS]), 1) * slot - 12)) // 2
    marks: dict[str, list[str]] = {}
    for i, face in enumerate(hand[:HAND_SLOTS]):
        x = left + i * slot
        tile = card_tile(face["colour"], face["animal"], HAND_CARD_W, HAND_CARD_H)
        img.paste(tile, (x, HAND_CARDS_Y), tile)
        r = 20
        draw.ellipse((x - 6, HAND_CARDS_Y - 6, x - 6 + 2 * r, HAND_CARDS_Y - 6 + 2 * r),
                     fill=theme.ACCENT_DARK, outline=theme.ON_ACCENT, width=2)
        canvas.text(draw, (x - 6 + r, HAND_CARDS_Y - 6 + r + 1), str(i + 1), 26,
                    theme.ON_ACCENT, "mm", bold=True)
        label = f"{face['colour'].title()} {ANIMAL_NAME[face['animal']]}"
        canvas.text(draw, (x + HAND_CARD_W / 2, HAND_CARDS_Y + HAND_CARD_H + 16),
                    canvas.truncate(label, theme.SMALL_SIZE, HAND_CARD_W + 8, bold=True),
                    theme.SMALL_SIZE, theme.INK, "mm", bold=True)
        cells = list(targets.get(face["id"], ()))
        fits = f"{len(cells)} cell{'s' if len(cells) != 1 else ''}" if cells else "no cell now"
        canvas.text(draw, (x + HAND_CARD_W / 2, HAND_CARDS_Y + HAND_CARD_H + 40), fits,
                    theme.SMALL_SIZE, theme.ACCENT_DARK if cells else theme.INK_FAINT, "mm")
        for cell in cells:
            marks.setdefault(cell, []).append(str(i + 1))
    if not hand:
        canvas.text(draw, (W / 2, HAND_CARDS_Y + HAND_CARD_H / 2), "Your hand is empty",
                    theme.TEXT_SIZE, theme.INK_SOFT, "mm")
    # Power cards: the active ones with their action, the used ones faded.
    powers = view["powers"][seat]
    canvas.text(draw, (M, POWERS_Y + 18), "Power cards", theme.TEXT_SIZE, theme.INK, "lm",
                bold=True)
    x = M + 170
    for colour in powers["active"]:
        power_chip(draw, (x, POWERS_Y + 2, x + 126, POWERS_Y + 36), colour,
                   label=f"{colour.title()}: {POWER_SHORT[colour]}")
        x += 134
    for colour in powers["used"]:
        power_chip(draw, (x, POWERS_Y + 2, x + 36, POWERS_Y + 36), colour, used=True)
        x += 42
    if not powers["active"] and not powers["used"]:
        canvas.text(draw, (x, POWERS_Y + 18), "none", theme.TEXT_SIZE, theme.INK_SOFT, "lm")
    mini_x = (W - MINI_SPAN) // 2
    note = ("Cells where a card of yours fits now carry its number"
            if marks else "None of your cards fits anywhere right now")
    canvas.text(draw, (W / 2, POWERS_Y + 58), note, theme.SMALL_SIZE, theme.INK_SOFT, "mm")
    _grid(img, draw, view, mini_x, MINI_Y, MINI, MINI_GAP, MINI_LABEL,
          {cell: " ".join(nums) for cell, nums in marks.items()})
    if lines:
        _line_marks(img, lines, mini_x, MINI_Y)
    foot = "Only you can see this picture."
    canvas.text(draw, (W / 2, HAND_H - 30), foot, theme.SMALL_SIZE, theme.INK_SOFT, "mm")
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


def render_rules() -> bytes:
    """A picture for ``/mimic rules``: the three set shapes, and a line turning at a cube."""
    height = 640
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, "How MIMIC works", "two pairs, one colour, in a line", 64)
    canvas.text(draw, (M, 96), "A set: 4 cards in a line from a start card – one colour,",
                theme.TEXT_SIZE, anchor="lm", bold=True)
    canvas.text(draw, (M, 126), "two animals, two of each, in any order. Its 4th card gets a cube.",
                theme.TEXT_SIZE, anchor="lm")
    size, top = 76, 156
    rows = [("AABB", ["lion", "lion", "zebra", "zebra"], "green", "red"),
            ("ABAB", ["giraffe", "ostrich", "giraffe", "ostrich"], "blue", "yellow"),
            ("ABBA", ["elephant", "lion", "lion", "elephant"], "red", "yellow")]
    for i, (shape, animals, colour, start) in enumerate(rows):
        y = top + i * (size + 14)
        tile = start_tile(start, size)
        img.paste(tile, (M, y), tile)
        for j, animal in enumerate(animals):
            t = card_tile(colour, animal, size)
            img.paste(t, (M + (j + 1) * (size + 4), y), t)
        cube(draw, M + 4 * (size + 4) + 8, y + size * 0.42, round(size * 0.38), i % 2)
        canvas.text(draw, (M + 5 * (size + 4) + 12, y + size / 2), shape, 30,
                    theme.ACCENT_DARK, "lm", bold=True)
    _turn_example(img, draw, 560, top - 6)
    lines = [
        "Each turn: lay 2 cards from your hand (legal cells only), then draw back to five.",
        "A completed set earns a cube on its 4th card and a new yellow start card.",
        "Power cards, once each: Green 3rd card, Yellow move, Red remove,",
        "Blue cube on 1.5 pairs, Orange jump. First to place every cube wins;",
        "if someone cannot lay two cards, most cubes placed wins.",
    ]
    y0 = top + 3 * (size + 14) + 46
    for i, line in enumerate(lines):
        canvas.text(draw, (M, y0 + i * 32), line, theme.SMALL_SIZE + 2,
                    theme.INK if i < 2 else theme.INK_SOFT, "lm")
    return canvas.to_png(img)


def _turn_example(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y0: int) -> None:
    """A 5 × 3 patch: a line runs east from a start card, turns north before a cubed card,
    and turns again at the border."""
    cell, gap = 72, 4
    canvas.text(draw, (x0, y0 + 2), "A line turns only at an obstruction:", theme.SMALL_SIZE,
                theme.INK, "lm", bold=True)
    y0 += 40
    laid = {(1, 1): ("blue", "zebra"), (2, 1): ("blue", "lion"), (2, 0): ("blue", "zebra"),
            (3, 0): ("blue", "lion"), (3, 1): ("red", "giraffe")}
    for c in range(5):
        for r in range(3):
            box = (x0 + c * (cell + gap), y0 + r * (cell + gap))
            if (c, r) == (0, 1):
                tile = start_tile("yellow", cell)
                img.paste(tile, box, tile)
            elif (c, r) in laid:
                colour, animal = laid[(c, r)]
                tile = card_tile(colour, animal, cell)
                img.paste(tile, box, tile)
            else:
                canvas.card(draw, (box[0], box[1], box[0] + cell, box[1] + cell), theme.PANEL,
                            theme.PANEL_EDGE, 2, radius=8)
    cube(draw, x0 + 3 * (cell + gap) + 10, y0 + (cell + gap) + 30, 28, 1)
    # The top of the patch is the grid's border.
    span = 5 * cell + 4 * gap
    draw.line([(x0 - 6, y0 - 5), (x0 + span + 6, y0 - 5)], fill=theme.INK, width=5)
    canvas.text(draw, (x0 + span, y0 - 20), "grid border", theme.SMALL_SIZE - 2, theme.INK, "rm")

    def centre(c: int, r: int) -> tuple[float, float]:
        return (x0 + c * (cell + gap) + cell / 2, y0 + r * (cell + gap) + cell / 2)

    path = [centre(0, 1), centre(1, 1), centre(2, 1), centre(2, 0), centre(3, 0)]
    draw.line(path, fill=theme.HIGHLIGHT, width=8, joint="curve")
    ex, ey = path[-1]
    draw.polygon([(ex + 18, ey), (ex - 2, ey - 12), (ex - 2, ey + 12)], fill=theme.HIGHLIGHT)
    notes = ["cube ahead: turn", "border ahead: turn"]
    canvas.text(draw, (x0, y0 + 3 * (cell + gap) + 14), "  ·  ".join(notes), theme.SMALL_SIZE,
                theme.INK_SOFT, "lm")


def showdown_faces(view: Mapping) -> list[list[tuple[int, dict]]]:
    """The revealed showdown picks, round by round, as ``(seat, card face)`` pairs."""
    show = view.get("showdown") or {}
    return [[(seat, card_face(card)) for seat, card in rnd] for rnd in show.get("revealed", [])]
