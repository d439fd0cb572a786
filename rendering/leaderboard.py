"""Leaderboard, solo-board and player-stats pictures: clean tables in the bot's look, for any
game, in the words the caller passes (the asker's)."""

from __future__ import annotations

from PIL import ImageDraw

from bot.i18n import Words
from rendering import canvas, theme

W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
HEADER_H = 46
ROW_H = 54
STATS_W = 800  # a stats card has two columns; narrower keeps its text large on a phone

# (heading key, right edge or left edge x, anchor) — numbers right-aligned so digits line up.
# The number columns leave each head room for a Czech word ("Hodnocení") at small size.
_COLUMNS = (
    ("rank", M + 40, "mm"),
    ("player", M + 86, "lm"),
    ("games", 570, "rm"),
    ("wins", 665, "rm"),
    ("win_rate", 770, "rm"),
    ("points", 865, "rm"),
    ("rating", W - M - 8, "rm"),
)
_NAME_W = 570 - 70 - (M + 86)


def _headings(w: Words, columns: tuple[tuple[str, int, str], ...], size: int,
              first_room: int) -> tuple[list[str], int]:
    """The column heads in ``w``'s words and the one size at which each fits over its column
    (a number column's head has the room up to the column before it; the first of them
    ``first_room``)."""
    heads = [w(f"leaderboard.picture.col.{key}") for key, _, _ in columns]
    fits = []
    for j, ((_, x, anchor), head) in enumerate(zip(columns, heads, strict=True)):
        if anchor != "rm":
            continue
        room = first_room if columns[j - 1][2] != "rm" else x - columns[j - 1][1] - 14
        fits.append(canvas.fit_size(head, room, size, 12, bold=True))
    return heads, min(fits, default=size)


def _unnamed(raw: object, w: Words) -> str:
    return canvas.name(str(raw), w("leaderboard.picture.unnamed"))


def _cells(row: dict, w: Words) -> list[str]:
    return [
        w.number(int(row["rank"])),
        _unnamed(row["name"], w),
        w.number(int(row["games"])),
        w.number(int(row["wins"])),
        w("leaderboard.percent", value=w.number(round(100 * float(row["win_rate"])))),
        w.number(int(row["points"])),
        w.number(float(row["rating"]), 1),
    ]


def render_leaderboard(title: str, rows: list[dict], w: Words) -> bytes:
    """A ranked table in ``w``'s words; the top three get medal colours, the rest alternate
    shading."""
    if not rows:
        return _empty(title, w)
    top = TITLE_H + 16
    height = top + HEADER_H + len(rows) * ROW_H + 20
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    count = w.n("leaderboard.picture.players", len(rows))
    canvas.title_bar(img, canvas.name(title, w("leaderboard.picture.title")), count, TITLE_H)
    canvas.card(draw, (M - 8, top, W - M + 8, height - 12))
    y = top + HEADER_H / 2 + 2
    heads, head_size = _headings(w, _COLUMNS, theme.SMALL_SIZE, 100)
    for heading, (_, x, anchor) in zip(heads, _COLUMNS, strict=True):
        canvas.text(draw, (x, y), heading, head_size, theme.INK_SOFT, anchor, bold=True)
    draw.line([(M, top + HEADER_H), (W - M, top + HEADER_H)], fill=theme.PANEL_EDGE, width=2)
    for i, row in enumerate(rows):
        y0 = top + HEADER_H + i * ROW_H
        mid = y0 + ROW_H / 2
        rank = int(row["rank"])
        medal = rank - 1 if 1 <= rank <= 3 else None
        if medal is not None:
            canvas.card(draw, (M, y0 + 3, W - M, y0 + ROW_H - 3), theme.MEDAL_ROWS[medal], None,
                        radius=10)
        elif i % 2:
            canvas.card(draw, (M, y0 + 3, W - M, y0 + ROW_H - 3), theme.SHADE, None, radius=10)
        cells = _cells(row, w)
        for j, ((_, x, anchor), value) in enumerate(zip(_COLUMNS, cells, strict=True)):
            if j == 0 and medal is not None:
                _medal(draw, x, mid, medal)
            if j == 1:
                value = canvas.truncate(value, theme.TEXT_SIZE, _NAME_W, bold=medal is not None)
            canvas.text(draw, (x, mid), value, theme.TEXT_SIZE, theme.INK, anchor,
                        bold=j in (0, 1) and medal is not None)
    return canvas.to_png(img)


# The solo board: fewer columns, so a narrower picture whose text stays large on a phone.
SOLO_W = 800
SOLO_ROW_H = 60
_SOLO_COLUMNS = (
    ("rank", M + 40, "mm"),
    ("player", M + 86, "lm"),
    ("best", 590, "rm"),
    ("games", SOLO_W - M - 12, "rm"),
)
_SOLO_NAME_W = 590 - 110 - (M + 86)


def render_solo_board(title: str, rows: list[dict], unit: str, w: Words) -> bytes:
    """Best scores of games played alone, in ``w``'s words: rank, player, best score (in
    ``unit``, the game's: "points", "cubes"), games.

    Each row holds ``rank``, ``name``, ``best`` and ``games``; the top three get medals.
    """
    if not rows:
        return _empty(title, w)
    top = TITLE_H + 16
    height = top + HEADER_H + len(rows) * SOLO_ROW_H + 20
    img = canvas.new(SOLO_W, height)
    draw = ImageDraw.Draw(img)
    count = w.n("leaderboard.picture.players", len(rows))
    canvas.title_bar(img, canvas.name(title, w("leaderboard.picture.solo_title")), count, TITLE_H)
    canvas.card(draw, (M - 8, top, SOLO_W - M + 8, height - 12))
    y = top + HEADER_H / 2 + 2
    heads, head_size = _headings(w, _SOLO_COLUMNS, theme.TEXT_SIZE, 240)
    best = f"leaderboard.picture.col.best.{unit}"
    heads[2] = w(best) if w.has(best) else w("leaderboard.picture.col.best_in", unit=unit)
    head_size = min(head_size, canvas.fit_size(heads[2], 240, theme.TEXT_SIZE, 12, bold=True))
    for heading, (_, x, anchor) in zip(heads, _SOLO_COLUMNS, strict=True):
        canvas.text(draw, (x, y), heading, head_size, theme.INK_SOFT, anchor, bold=True)
    draw.line([(M, top + HEADER_H), (SOLO_W - M, top + HEADER_H)], fill=theme.PANEL_EDGE,
              width=2)
    size = theme.HEADING_SIZE
    for i, row in enumerate(rows):
        y0 = top + HEADER_H + i * SOLO_ROW_H
        mid = y0 + SOLO_ROW_H / 2
        rank = int(row["rank"])
        medal = rank - 1 if 1 <= rank <= 3 else None
        box = (M, y0 + 3, SOLO_W - M, y0 + SOLO_ROW_H - 3)
        if medal is not None:
            canvas.card(draw, box, theme.MEDAL_ROWS[medal], None, radius=10)
            _medal(draw, _SOLO_COLUMNS[0][1], mid, medal, 22)
        elif i % 2:
            canvas.card(draw, box, theme.SHADE, None, radius=10)
        name = canvas.truncate(_unnamed(row["name"], w), size, _SOLO_NAME_W,
                               bold=medal is not None)
        cells = [w.number(rank), name, w.number(int(row["best"])), w.number(int(row["games"]))]
        for (_, x, anchor), value, bold in zip(_SOLO_COLUMNS, cells, (medal is not None,
                                               medal is not None, True, False), strict=True):
            canvas.text(draw, (x, mid), value, size, theme.INK, anchor, bold=bold)
    return canvas.to_png(img)


def _medal(draw: ImageDraw.ImageDraw, x: float, y: float, medal: int, r: int = 18) -> None:
    """A medal disc of radius ``r`` behind a top-three rank."""
    draw.ellipse((x - r, y - r, x + r, y + r), fill=theme.MEDALS[medal], outline=theme.INK_SOFT,
                 width=1)


def _empty(title: str, w: Words) -> bytes:
    """The friendly picture for a leaderboard nobody is on yet."""
    img = canvas.new(W, 340)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, canvas.name(title, w("leaderboard.picture.title")), "", TITLE_H)
    canvas.card(draw, (M, TITLE_H + 20, W - M, 340 - 20))
    _trophy(draw, 150, 210, 120)
    room = W - M - 24 - 260  # right of the trophy
    for text, y, size, colour, bold in (
        (w("leaderboard.picture.empty"), 180, 44, theme.ACCENT_DARK, True),
        (w("leaderboard.picture.empty_hint"), 240, theme.TEXT_SIZE, theme.INK_SOFT, False),
    ):
        size = canvas.fit_size(text, room, size, 14, bold=bold)
        canvas.text(draw, (580, y), canvas.truncate(text, size, room, bold=bold), size, colour,
                    "mm", bold=bold)
    return canvas.to_png(img)


def _trophy(draw: ImageDraw.ImageDraw, cx: float, cy: float, h: float) -> None:
    """A simple drawn trophy (cup, handles, stem, base), centred on ``cx``, ``cy``."""
    gold, dark = theme.MEDALS[0], (168, 124, 30)
    w = h * 0.7
    top = cy - h / 2
    for sign in (-1, 1):  # handles
        hx = cx + sign * w * 0.5
        draw.ellipse((hx - h * 0.16, top + h * 0.08, hx + h * 0.16, top + h * 0.4), outline=dark,
                     width=max(3, int(h / 18)))
    draw.chord((cx - w / 2, top - h * 0.45, cx + w / 2, top + h * 0.55), 0, 180, fill=gold,
               outline=dark, width=2)
    draw.rectangle((cx - h * 0.06, top + h * 0.55, cx + h * 0.06, top + h * 0.78), fill=dark)
    draw.rounded_rectangle((cx - w * 0.38, top + h * 0.78, cx + w * 0.38, top + h * 0.95), 4,
                           fill=gold, outline=dark, width=2)


def render_stats(title: str, lines: list[tuple[str, str]], w: Words) -> bytes:
    """A player's stats card: label/value pairs (already in ``w``'s words) in the
    leaderboard's look."""
    top = TITLE_H + 16
    rows = lines or [(w("leaderboard.picture.empty"), "-")]
    height = top + len(rows) * ROW_H + 32
    img = canvas.new(STATS_W, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, canvas.name(title, w("leaderboard.picture.stats_title")), "", TITLE_H)
    canvas.card(draw, (M - 8, top, STATS_W - M + 8, height - 12))
    # A label keeps its own width (at most half the row); its value gets the rest of the row.
    # Values are whole lines of numbers ("#1 of 8 · 30 games · …"): they share one size, the
    # largest at which every value fits its room, before anything is cut. At its smallest it
    # is still larger on a phone than a board's small text, this card being narrower.
    inner = STATS_W - 2 * M - 32
    # Czech values run longer: when one would still be cut at the smallest size, the labels
    # step down to small text to give it their room.
    for label_size in (theme.TEXT_SIZE, theme.SMALL_SIZE):
        labels = [canvas.truncate(str(label), label_size, inner // 2) for label, _ in rows]
        rooms = [inner - 24 - canvas.text_width(label, label_size) for label in labels]
        size = min(canvas.fit_size(str(value), room, theme.TEXT_SIZE, theme.SMALL_SIZE - 2,
                                   bold=True)
                   for (_, value), room in zip(rows, rooms, strict=True))
        if all(canvas.text_width(str(value), size, bold=True) <= room
               for (_, value), room in zip(rows, rooms, strict=True)):
            break
    for i, ((_, value), label, room) in enumerate(zip(rows, labels, rooms, strict=True)):
        y0 = top + 8 + i * ROW_H
        mid = y0 + ROW_H / 2
        if i % 2:
            canvas.card(draw, (M, y0 + 3, STATS_W - M, y0 + ROW_H - 3), theme.SHADE, None,
                        radius=10)
        value_t = canvas.truncate(str(value), size, room, bold=True)
        canvas.text(draw, (M + 16, mid), label, label_size, theme.INK_SOFT, "lm")
        canvas.text(draw, (STATS_W - M - 16, mid), value_t, size, theme.INK, "rm", bold=True)
    return canvas.to_png(img)

