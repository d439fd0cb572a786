"""The Mariposas result card that heads the board once the game is over: the winner banner,
every player's final score split into its parts, and the tie-breakers (butterflies in
Michoacán, flower tokens, life cycle cards) with the one that decided a tie named."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.games.mariposas.views import MariposasView, Result
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mariposas.parts import SMALL, M, W, badge, name_of

RESULT_GAP = 0
BANNER_H = 64
ROW_H = 40
GROUP_H = 30  # "Points" over the score's parts, "Tie-breakers" over the last three
HEAD_H = 36
NOTE_H = 64
COLUMNS = ("points", "goals", "michoacan", "life_cycle", "abilities", "in_michoacan",
           "flowers", "cards")
SCORED = 5  # the first five columns are points; the rest break ties
COL_W = 64  # the narrowest column; a column is as wide as its heading needs
MARK_R = 13  # the player's butterfly mark before the name: whose butterflies are whose


def result_height(view: MariposasView) -> int:
    return 10 + BANNER_H + 10 + GROUP_H + HEAD_H + view["players"] * ROW_H + NOTE_H + 16


def render_result_card(draw: ImageDraw.ImageDraw, view: MariposasView, result: Result,
                       names: Sequence[str], w: Words, top: float) -> None:
    n = view["players"]
    box = (M, top, W - M, top + result_height(view) - 14)
    canvas.card(draw, box, theme.PANEL, theme.HIGHLIGHT, 4)
    x0, y0, x1, _ = box
    winners = [name_of(names, s, w) for s in sorted(result["winners"])]
    key = "mariposas.result.winner" if len(winners) == 1 else "mariposas.result.shared"
    banner = (x0 + 10, y0 + 10, x1 - 10, y0 + 10 + BANNER_H)
    canvas.card(draw, banner, theme.HIGHLIGHT, None, 0, radius=10)
    canvas.label(draw, (banner[0] + 16, banner[1], banner[2] - 16, banner[3]),
                 w(key, who=w("mariposas.and").join(winners)), theme.TITLE_SIZE - 4,
                 theme.INK, "m", bold=True)
    y = banner[3] + 10
    heads = [w(f"mariposas.result.col.{column}") for column in COLUMNS]
    widths = [max(COL_W, canvas.text_width(head, SMALL, True) + 14) for head in heads]
    name_right = x1 - 14 - sum(widths)
    lefts = [name_right + sum(widths[:i]) for i in range(len(COLUMNS) + 1)]
    for group, first, last in (("scored", 0, SCORED), ("ties", SCORED, len(COLUMNS))):
        gx0, gx1 = lefts[first] + 4, lefts[last] - 4
        draw.line((gx0, y + GROUP_H - 3, gx1, y + GROUP_H - 3), fill=theme.INK_SOFT, width=2)
        canvas.label(draw, (gx0, y, gx1, y + GROUP_H - 4), w(f"mariposas.result.group.{group}"),
                     SMALL, theme.INK_SOFT, "m", bold=True)
    y += GROUP_H
    for i, head in enumerate(heads):
        canvas.label(draw, (lefts[i] + 2, y, lefts[i + 1] - 2, y + HEAD_H), head, SMALL,
                     theme.INK_SOFT, "m", bold=True)
    y += HEAD_H
    order = sorted(range(n), key=lambda s: (result["places"][s], s))
    for row, seat in enumerate(order):
        ry = y + row * ROW_H
        if row % 2 == 0:
            draw.rectangle((x0 + 6, ry, x1 - 6, ry + ROW_H), fill=theme.SHADE)
        place = w.number(result["places"][seat])
        canvas.label(draw, (x0 + 14, ry, x0 + 44, ry + ROW_H), place, theme.TEXT_SIZE,
                     theme.INK, bold=True)
        badge(draw, seat, None, x0 + 50 + MARK_R, ry + ROW_H / 2, r=MARK_R)
        canvas.label(draw, (x0 + 56 + 2 * MARK_R, ry, name_right - 6, ry + ROW_H),
                     name_of(names, seat, w), theme.TEXT_SIZE, theme.INK,
                     bold=seat in result["winners"])
        for i, value in enumerate(_row(result, seat)):
            canvas.label(draw, (lefts[i] + 2, ry, lefts[i + 1] - 2, ry + ROW_H),
                         w.number(value), theme.TEXT_SIZE, theme.INK, "m", bold=i == 0)
    y += n * ROW_H + 6
    decided = result.get("decided_by")
    note = w("mariposas.result.tie_rule")
    if decided is not None:
        note = w(f"mariposas.result.decided.{decided}") + " " + note
    canvas.paragraph(draw, (x0 + 14, y, x1 - 14, y + NOTE_H), note, SMALL, theme.INK_SOFT)


def _row(result: Result, seat: int) -> list[int]:
    finals = result.get("final")
    if finals is None:  # a result stored before the final scoring's parts were recorded
        parts = [0, 0, 0]
    else:
        final = finals[seat]
        parts = [final["michoacan"], final["life_cycle"], final["abilities"]]
    total = result["scores"][seat]
    _, here, flowers, cards = result["standings"][seat]
    return [total, total - sum(parts), *parts, here, flowers, cards]
