"""Leaderboard, solo-board, daily-board and player-stats pictures: clean tables in the bot's
look, for any game, in the words the caller passes (the asker's)."""

from __future__ import annotations

from typing import TypedDict

from PIL import ImageDraw

from bot.i18n import Words
from rendering import canvas, theme


class Standing(TypedDict):
    """A leaderboard row (cogs.leaderboard.standings): rank (equal ratings, wins and points
    share one), the player, their figures, and what ranked them."""

    rank: int
    name: str
    games: int
    wins: int
    win_rate: float
    points: int
    rating: float
    user_id: int
    _key: tuple[float, int, int]  # rating, wins, points: equal to the row above, equal rank


class SoloStanding(TypedDict):
    """A solo board row: rank (equal bests share one), the player, best score, games."""

    rank: int
    name: str
    best: int
    games: int
    user_id: int


class DailyStanding(TypedDict):
    """A daily board row: rank (None: not finished), the player, the score in words, the
    streak in days."""

    rank: int | None
    name: str
    score: str
    streak: int


W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
HEADER_H = 46
ROW_H = 54
STATS_W = 800  # a stats card is one column of short lines; narrower keeps them large
STATS_LABEL_H = 34  # a stats label's line
STATS_LINE_H = 36  # each line of a stats value

# (heading key, left edge, right edge, alignment): each column owns the band between its edges.
# Numbers are right-aligned so digits line up; the number columns leave each head room for a
# Czech word ("Hodnocení") at small size.
_COLUMNS = (
    ("rank", M, M + 64, "m"),
    ("player", M + 72, 416, "l"),
    ("games", 424, 520, "r"),
    ("wins", 532, 618, "r"),
    ("win_rate", 630, 724, "r"),
    ("points", 736, 840, "r"),
    ("rating", 852, W - M - 8, "r"),
)
Column = tuple[str, float, float, str]


def _headings(w: Words, columns: tuple[Column, ...], size: int) -> tuple[list[str], int]:
    """The column heads in ``w``'s words and the one size at which each fits its column (a
    number column's head may reach left over the gap before it)."""
    heads = [w(f"leaderboard.picture.col.{key}") for key, _, _, _ in columns]
    fits = [canvas.fit_size(head, int(right - left), size, theme.MIN_TEXT, bold=True)
            for head, (_, left, right, align) in zip(heads, columns, strict=True)
            if align == "r"]
    return heads, min(fits, default=size)


def _row(draw: ImageDraw.ImageDraw, columns: tuple[Column, ...], cells: list[str],
         band: tuple[float, float], size: int, fill: theme.RGB,
         bold: tuple[bool, ...]) -> None:
    """One table row: each cell fitted into its column's box within ``band`` (top, bottom).
    A long name is shortened with … rather than shrunk below what a phone can read
    (``theme.MIN_TEXT``, ``canvas.label``'s floor)."""
    for (_, left, right, align), cell, heavy in zip(columns, cells, bold, strict=True):
        canvas.label(draw, (left, band[0], right, band[1]), cell, size, fill, align, heavy)


def _unnamed(raw: object, w: Words) -> str:
    return canvas.name(str(raw), w("leaderboard.picture.unnamed"))


def _cells(row: Standing, w: Words) -> list[str]:
    return [
        w.number(int(row["rank"])),
        _unnamed(row["name"], w),
        w.number(int(row["games"])),
        w.number(int(row["wins"])),
        w("leaderboard.percent", value=w.number(round(100 * float(row["win_rate"])))),
        w.number(int(row["points"])),
        w.number(float(row["rating"]), 1),
    ]


def render_leaderboard(title: str, rows: list[Standing], w: Words) -> bytes:
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
    heads, head_size = _headings(w, _COLUMNS, theme.MIN_TEXT)
    _row(draw, _COLUMNS, heads, (top + 4, top + HEADER_H), head_size, theme.INK_SOFT,
         (True,) * len(heads))
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
        if medal is not None:
            _medal(draw, (_COLUMNS[0][1] + _COLUMNS[0][2]) / 2, mid, medal)
        heavy = medal is not None
        _row(draw, _COLUMNS, _cells(row, w), (y0 + 3, y0 + ROW_H - 3), theme.TEXT_SIZE,
             theme.INK, (heavy, heavy) + (False,) * 5)
    return canvas.to_png(img)


# The solo board: fewer columns, so a narrower picture whose text stays large on a phone.
SOLO_W = 800
SOLO_ROW_H = 60
_SOLO_COLUMNS = (
    ("rank", M, M + 80, "m"),
    ("player", M + 86, 470, "l"),
    ("best", 480, 590, "r"),
    ("games", 604, SOLO_W - M - 12, "r"),
)


def render_solo_board(title: str, rows: list[SoloStanding], unit: str, w: Words) -> bytes:
    """Best scores of games played alone, in ``w``'s words: rank, player, best score (in
    ``unit``, the game's: "points", "cubes"), games.

    Each row holds ``rank``, ``name``, ``best`` and ``games``; the top three get medals.
    """
    if not rows:
        return _empty(title, w)
    heads, _ = _headings(w, _SOLO_COLUMNS, theme.TEXT_SIZE)
    best = f"leaderboard.picture.col.best.{unit}"
    heads[2] = w(best) if w.has(best) else w("leaderboard.picture.col.best_in", unit=unit)
    cells: list[tuple[int | None, list[str]]] = [
        (int(row["rank"]), [w.number(int(row["rank"])), _unnamed(row["name"], w),
                            w.number(int(row["best"])), w.number(int(row["games"]))])
        for row in rows]
    return _narrow_table(canvas.name(title, w("leaderboard.picture.solo_title")), heads, cells, w)


def render_daily_board(title: str, rows: list[DailyStanding], w: Words) -> bytes:
    """One day's board of the daily challenge, in ``w``'s words: rank, player, score (already
    words: cubes placed, or how an unfinished try stands), streak in days.

    Each row holds ``rank`` (None: not finished), ``name``, ``score`` and ``streak``; the top
    three get medals.
    """
    if not rows:
        return _empty(title, w)
    heads = [w("leaderboard.picture.col.rank"), w("leaderboard.picture.col.player"),
             w("daily.picture.col.cubes"), w("daily.picture.col.streak")]
    cells = [(row["rank"], ["-" if row["rank"] is None else w.number(int(row["rank"])),
                            _unnamed(row["name"], w), str(row["score"]),
                            w.number(int(row["streak"]))])
             for row in rows]
    return _narrow_table(canvas.name(title, w("daily.board.picture_title")), heads, cells, w)


def _narrow_table(title: str, heads: list[str], rows: list[tuple[int | None, list[str]]],
                  w: Words) -> bytes:
    """The four-column table of the solo and daily boards: a narrower picture whose text
    stays large on a phone. ``rows``: each row's rank (None: unranked) and its four cells."""
    top = TITLE_H + 16
    height = top + HEADER_H + len(rows) * SOLO_ROW_H + 20
    img = canvas.new(SOLO_W, height)
    draw = ImageDraw.Draw(img)
    count = w.n("leaderboard.picture.players", len(rows))
    canvas.title_bar(img, title, count, TITLE_H)
    canvas.card(draw, (M - 8, top, SOLO_W - M + 8, height - 12))
    _, head_size = _headings(w, _SOLO_COLUMNS, theme.TEXT_SIZE)
    # The score head may reach left over the player column's empty head space.
    score_box = (_SOLO_COLUMNS[1][1] + 160, top + 4, _SOLO_COLUMNS[2][2], top + HEADER_H)
    head_size = min(head_size, canvas.fit_size(heads[2], int(score_box[2] - score_box[0]),
                                               theme.TEXT_SIZE, theme.MIN_TEXT, bold=True))
    for j, (heading, (_, left, right, align)) in enumerate(zip(heads, _SOLO_COLUMNS,
                                                                strict=True)):
        box = score_box if j == 2 else (left, top + 4, right, top + HEADER_H)
        if j == 1:  # the player head leaves the score head its room
            box = (left, box[1], score_box[0] - 8, box[3])
        canvas.label(draw, box, heading, head_size, theme.INK_SOFT, align, bold=True)
    draw.line([(M, top + HEADER_H), (SOLO_W - M, top + HEADER_H)], fill=theme.PANEL_EDGE,
              width=2)
    for i, (rank, cells) in enumerate(rows):
        y0 = top + HEADER_H + i * SOLO_ROW_H
        mid = y0 + SOLO_ROW_H / 2
        medal = rank - 1 if rank is not None and 1 <= rank <= 3 else None
        box = (M, y0 + 3, SOLO_W - M, y0 + SOLO_ROW_H - 3)
        if medal is not None:
            canvas.card(draw, box, theme.MEDAL_ROWS[medal], None, radius=10)
            _medal(draw, (_SOLO_COLUMNS[0][1] + _SOLO_COLUMNS[0][2]) / 2, mid, medal, 22)
        elif i % 2:
            canvas.card(draw, box, theme.SHADE, None, radius=10)
        heavy = medal is not None
        _row(draw, _SOLO_COLUMNS, cells, (y0 + 3, y0 + SOLO_ROW_H - 3), theme.HEADING_SIZE,
             theme.INK, (heavy, heavy, True, False))
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
    left, right = 260, W - M - 24  # right of the trophy
    canvas.label(draw, (left, 150, right, 210), w("leaderboard.picture.empty"), 44,
                 theme.ACCENT_DARK, "m", bold=True)
    canvas.paragraph(draw, (left, 222, right, 300), w("leaderboard.picture.empty_hint"),
                     theme.TEXT_SIZE, theme.INK_SOFT, "m")
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
    leaderboard's look.

    Each pair is a label above its value; a value is a whole line of numbers ("#1 of 8 ·
    30 games · …") and wraps onto as many lines as it needs, so every number is shown.
    """
    top = TITLE_H + 16
    rows = lines or [(w("leaderboard.picture.empty"), "-")]
    inner = (M + 16, STATS_W - M - 16)
    value_size = theme.TEXT_SIZE + 2
    wrapped = [canvas.wrap(str(value), value_size, inner[1] - inner[0], bold=True)
               for _, value in rows]
    heights = [STATS_LABEL_H + len(lines_) * STATS_LINE_H + 14 for lines_ in wrapped]
    height = top + 8 + sum(heights) + 20
    img = canvas.new(STATS_W, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, canvas.name(title, w("leaderboard.picture.stats_title")), "", TITLE_H)
    canvas.card(draw, (M - 8, top, STATS_W - M + 8, height - 12))
    y0 = top + 8
    for i, ((label, value), row_h) in enumerate(zip(rows, heights, strict=True)):
        if i % 2:
            canvas.card(draw, (M, y0 + 2, STATS_W - M, y0 + row_h - 2), theme.SHADE, None,
                        radius=10)
        canvas.label(draw, (inner[0], y0 + 6, inner[1], y0 + 6 + STATS_LABEL_H), str(label),
                     theme.TEXT_SIZE, theme.INK_SOFT, min_size=theme.TEXT_SIZE)
        canvas.paragraph(draw, (inner[0], y0 + 6 + STATS_LABEL_H, inner[1], y0 + row_h - 6),
                         str(value), value_size, theme.INK, bold=True, min_size=value_size,
                         leading=STATS_LINE_H / value_size)
        y0 += row_h
    return canvas.to_png(img)
