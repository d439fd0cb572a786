"""Mimikri's result card: the picture the table becomes when the last butterfly is found.

A winner banner (one name, or every name sharing the lead), the margin that decided it, every
seat ranked by butterflies with the butterflies themselves, and the last find. Its height
follows the number of seats and winners; the width is ``BOARD_WIDTH`` like every board.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.mimikri.views import Last, MimikriView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimikri.art import butterfly_key
from rendering.mimikri.parts import FOUND, FOUND_ROW, badge, band, name, winners

W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
HEAD_H = 40  # "Winner" over the winners' names
WINNER_H = 56  # one winner's line in the banner
MARGIN_H = 48  # "won by …" under the banner
ROW_H = 104  # one seat in the ranking
LAST_H = 112  # the last find
NOTE_H = 44


def ranking(collected: list[list[str]]) -> list[tuple[int, int]]:
    """(rank, seat) best first; equal counts share a rank (1, 1, 3), seats in order."""
    order = sorted(range(len(collected)), key=lambda s: (-len(collected[s]), s))
    ranks: list[tuple[int, int]] = []
    for i, seat in enumerate(order):
        tied = i and len(collected[seat]) == len(collected[order[i - 1]])
        ranks.append((ranks[-1][0] if tied else i + 1, seat))
    return ranks


def height(view: MimikriView) -> int:
    """The card's height for this finished game (seats and winners decide it)."""
    collected = view["collected"]
    last = view.get("last")  # a view made before "last" was recorded has none
    found = last is not None and last["found"]
    return (TITLE_H + 16 + 16 + HEAD_H + WINNER_H * min(len(winners(collected)), 6) + 16
            + MARGIN_H + len(collected) * ROW_H + (LAST_H + 12 if found else 0) + NOTE_H + 8)


def render_result(view: MimikriView, names: list[str], w: Words) -> bytes:
    """The finished game as a result card, in ``w``'s words."""
    collected = view["collected"]
    best = winners(collected)
    img = canvas.new(W, height(view))
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, "Mimikri", w.n("mimikri.picture.status.over", view["rounds"]), TITLE_H)

    # The banner: who won, with how many.
    y = TITLE_H + 16
    banner_h = 16 + HEAD_H + WINNER_H * len(best) + 8
    canvas.card(draw, (M, y, W - M, y + banner_h), FOUND_ROW, FOUND, 4)
    heading = w("mimikri.picture.winner" if len(best) == 1 else "mimikri.picture.winners")
    canvas.label(draw, (M + 24, y + 12, W - M - 24, y + 12 + HEAD_H), heading,
                 theme.HEADING_SIZE, theme.INK_SOFT, "m", bold=True)
    for i, seat in enumerate(best):
        mid = y + 16 + HEAD_H + WINNER_H * i + WINNER_H / 2
        _winner_line(draw, band(M + 24, W - M - 24, mid, WINNER_H), name(names, seat, w),
                     len(collected[seat]), w)
    y += banner_h + 8

    # What decided it: the lead over the next seat, or the count the winners share.
    top = len(collected[best[0]])
    rest = [len(c) for s, c in enumerate(collected) if s not in best]
    detail = (w.n("mimikri.picture.result.tie", top) if len(best) > 1
              else w.n("mimikri.picture.result.margin", top - max(rest, default=0)))
    canvas.label(draw, (M, y, W - M, y + MARGIN_H), detail, theme.HEADING_SIZE,
                 theme.ACCENT_DARK, "m", bold=True)
    y += MARGIN_H

    for rank, seat in ranking(collected):
        _seat_row(img, draw, (M, y + 4, W - M, y + ROW_H - 4), rank, seat in best,
                  name(names, seat, w), collected[seat], w)
        y += ROW_H

    last = view.get("last")
    if last and last.get("found"):
        _last_find(img, draw, (M, y + 8, W - M, y + 8 + LAST_H), last, names, w)
        y += LAST_H + 12
    canvas.label(draw, (M, y, W - M, y + NOTE_H), w("mimikri.picture.most_wins"),
                 theme.MIN_TEXT, theme.INK_SOFT, "m")
    return canvas.to_png(img)


def _winner_line(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], who: str,
                 count: int, w: Words) -> None:
    """A winner's line (name, then count) centred in ``box``: the name is cut to make room,
    never the count."""
    size, room = 40, int(box[2] - box[0])
    number = w.number(count)
    rest = canvas.text_width(w("mimikri.picture.winner_line", name="", count=number), size,
                             bold=True)
    who = canvas.truncate(who, size, room - rest, bold=True)
    canvas.label(draw, box, w("mimikri.picture.winner_line", name=who, count=number), size,
                 align="m", bold=True, min_size=size)


def _seat_row(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
              rank: int, won: bool, who: str, pile: list[str], w: Words) -> None:
    """One seat of the ranking: rank, name and count on a line, its butterflies under it."""
    x0, y0, x1, _ = box
    canvas.card(draw, box, FOUND_ROW if won else theme.PANEL, FOUND if won else theme.PANEL_EDGE,
                3 if won else 2, radius=12)
    mid = y0 + 24
    canvas.label(draw, band(x0 + 12, x0 + 72, mid, 36), w("mimikri.picture.result.rank",
                 rank=w.number(rank)), 30, theme.INK, "m", bold=True)
    canvas.label(draw, band(x0 + 80, x1 - 90, mid, 36), who, theme.TEXT_SIZE + 2, bold=won,
                 min_size=theme.TEXT_SIZE + 2)
    canvas.label(draw, band(x1 - 86, x1 - 16, mid, 40), w.number(len(pile)), 34,
                 theme.ACCENT_DARK, "r", bold=True)
    thumb, left, room = 44, x0 + 80, x1 - 16 - (x0 + 80)
    step = min(thumb + 6, (room - thumb) / max(len(pile) - 1, 1))
    for i, key in enumerate(pile):
        x, y = round(left + i * step), y0 + 46
        img.paste(butterfly_key(key, thumb), (x, y))
        draw.rectangle((x, y, x + thumb - 1, y + thumb - 1), outline=theme.PANEL_EDGE)


def _last_find(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
               last: Last, names: list[str], w: Words) -> None:
    """The butterfly that ended the game, who found it and where."""
    x0, y0, x1, y1 = box
    canvas.card(draw, box)
    pic = y1 - y0 - 16
    img.paste(butterfly_key(last["butterfly"], pic), (x0 + 12, y0 + 8))
    badge(draw, x0 + 12 + pic - 4, y0 + 22, 15, True)
    text = w("mimikri.picture.result.last_find", name=name(names, last["seat"], w, 520),
             pos=last["pos"])
    canvas.paragraph(draw, (x0 + pic + 40, y0 + 10, x1 - 16, y1 - 10), text, theme.TEXT_SIZE,
                     theme.INK)
