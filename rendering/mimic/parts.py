"""What every MIMIC picture shares: the sizes, cell geometry, names, lines of text, the title bar.

The grid is drawn like a chess board: column letters A–G, row numbers 1–7 with row 7 at the
top (the rules call the direction to row 7 "north"), the red start card at D4.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.mimic.rules import card_face, side_of
from bot.games.mimic.views import Face, MimicView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.layout import Box

COLUMNS = "ABCDEFG"
SIZE = 7
W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
SMALL = theme.MIN_TEXT
"""The size of the pictures' small words: the smallest a phone player reads."""

LIGHT_MARK = (255, 236, 170)
LINE_MARK = (32, 110, 96, 120)


def cell_box(cell: str, x0: int, y0: int, size: int, gap: int) -> tuple[int, int, int, int]:
    """Pixel box of a cell of a grid whose top left cell starts at ``(x0, y0)``."""
    col = COLUMNS.index(cell[0])
    row = int(cell[1]) - 1
    x = x0 + col * (size + gap)
    y = y0 + (SIZE - 1 - row) * (size + gap)
    return (x, y, x + size, y + size)


def all_cells() -> list[str]:
    return [f"{c}{r}" for r in range(1, SIZE + 1) for c in COLUMNS]


def name_of(names: Sequence[str], seat: int, w: Words) -> str:
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.name(raw, w("mimic.picture.player", n=w.number(seat + 1)))


def side_name(view: MimicView, names: Sequence[str], side: int, w: Words) -> str:
    """A side as players know it: its one seat's name, or a team's two names."""
    return w("mimic.and").join(name_of(names, s, w) for s in view["sides"][side])


def band(x0: float, x1: float, cy: float, height: float) -> Box:
    """The box of one line of text: ``x0``–``x1`` wide, ``height`` tall, centred on ``cy``."""
    return (x0, cy - height / 2, x1, cy + height / 2)


def aside(draw: ImageDraw.ImageDraw, box: Box, words: str, size: int, fill: theme.RGB,
          bold: bool = False) -> float:
    """``words`` right-aligned in ``box`` (its column at the right of a line), shrunk (not
    below the smallest text) or cut to it; returns the x where the words begin, so the line's
    left part ends before them."""
    size = canvas.label(draw, box, words, size, fill, "r", bold)
    room = int(box[2] - box[0])
    return box[2] - canvas.text_width(canvas.truncate(words, size, room, bold), size, bold)


def title_bar(img: Image.Image, title: str, status: str, height: int) -> None:
    """The teal bar across the top: the title left, the status (at most half the bar) right."""
    canvas.title_bar(img, "", "", height)  # the bar alone; its words go into boxes below
    draw = ImageDraw.Draw(img)
    start: float = W - M
    if status:
        start = aside(draw, (W - M - W // 2, 0, W - M, height), status, theme.TEXT_SIZE,
                      theme.ON_ACCENT) - M
    canvas.label(draw, (M, 0, start, height), title, theme.TITLE_SIZE, theme.ON_ACCENT,
                 bold=True)


def status(view: MimicView, names: Sequence[str], w: Words) -> str:
    """The title bar's right side: who acts and what they do."""
    phase, turn = view["phase"], view["turn"]
    who = name_of(names, turn, w)
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
    exchange, show = view["exchange"], view["showdown"]
    if phase == "exchange":
        if exchange is not None and exchange["stage"] == "partner":
            mate = next(s for s in view["sides"][side_of(view, turn)] if s != turn)
            return w("mimic.picture.status.partner", mate=name_of(names, mate, w), who=who)
        return w("mimic.picture.status.back", who=who)
    if phase == "showdown" and show is not None:
        return w("mimic.picture.status.tie", round=w.number(show["round"]))
    winners = winners_of(view)
    if view["mode"] == "solo":
        return w.n("mimic.picture.status.solo_over", view["cubes_placed"][0])
    if not winners:
        return w("mimic.picture.status.over")
    named = w("mimic.and").join(name_of(names, s, w) for s in winners)
    return w("mimic.picture.status.win_many" if len(winners) > 1
             else "mimic.picture.status.win_one", names=named)


def winners_of(view: MimicView) -> list[int]:
    """The seats that won; none while the game runs."""
    result = view["result"]
    return result["winners"] if result is not None else []


def showdown_faces(view: MimicView) -> list[list[tuple[int, Face]]]:
    """The revealed showdown picks, round by round, as ``(seat, card face)`` pairs."""
    show = view["showdown"]
    if show is None:
        return []
    return [[(seat, card_face(card)) for seat, card in rnd] for rnd in show["revealed"]]
