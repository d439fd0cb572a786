"""MIMIC's result card, the final picture of a game: the winner's banner, why the game ended,
every side's cubes placed (best first), the tie showdown's ranking with the cards that decided
it, and the final board with the last turn framed."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.mimic.rules import side_of
from bot.games.mimic.views import MimicView, Ranked
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimic.art import card_tile, cube
from rendering.mimic.grid import grid
from rendering.mimic.parts import (
    SIZE,
    SMALL,
    TITLE_H,
    M,
    W,
    band,
    name_of,
    side_name,
    status,
    title_bar,
    winners_of,
)

BANNER_H = 96
ROW_H = 54
SHOWN_TILE = 80
SHOWN_ROW = SHOWN_TILE + 12
CELL = 74
GAP = 3
LABEL = 30
GRID_SPAN = SIZE * CELL + (SIZE - 1) * GAP
LEADING = 1.25


def order(view: MimicView) -> list[int]:
    """The sides best first: the winners, then by cubes placed, a showdown's ranking next."""
    winners = {side_of(view, s) for s in winners_of(view)}
    shown = [entry["side"] for entry in view["ranking"]]
    return sorted(range(len(view["sides"])),
                  key=lambda side: (side not in winners, -view["cubes_placed"][side],
                                    shown.index(side) if side in shown else len(shown), side))


def headline(view: MimicView, names: Sequence[str], w: Words) -> str:
    """The banner's words: who won (solo: how many cubes were placed)."""
    total = view["cubes_placed"][0] + view["cubes_left"][0]
    if view["mode"] == "solo":
        key = "solo_all" if view["cubes_left"][0] == 0 else "solo"
        return w(f"mimic.picture.result.{key}", placed=w.number(view["cubes_placed"][0]),
                 total=w.number(total))
    winners = winners_of(view)
    if not winners or len(winners) == view["players"]:
        return w("mimic.picture.result.no_winner")
    named = w("mimic.and").join(name_of(names, s, w) for s in winners)
    return w("mimic.picture.result.win_many" if len(winners) > 1
             else "mimic.picture.result.win_one", names=named)


def reason(view: MimicView, names: Sequence[str], w: Words) -> str:
    """Why the game ended (the last cube, or a player who could not lay two cards) and, after
    a tie, what decided it."""
    result = view["result"]
    termination = result["termination"] if result is not None else None
    if termination == "last_cube":
        named = w("mimic.and").join(name_of(names, s, w) for s in winners_of(view))
        return w("mimic.picture.result.reason.last_cube", names=named)
    who = name_of(names, view["turn"], w)
    solo = view["mode"] == "solo"
    stuck = w("mimic.picture.result.reason." + ("stuck_solo" if solo else "stuck"), who=who)
    if termination == "showdown":
        stands = len({side_of(view, s) for s in winners_of(view)}) > 1
        return stuck + " " + w("mimic.picture.result.reason."
                               + ("tie_stands" if stands else "showdown"))
    return stuck


def _text_h(text: str, size: int, width: int, bold: bool = False) -> int:
    return round(len(canvas.wrap(text, size, width, bold)) * size * LEADING)


def render_result(view: MimicView, names: Sequence[str], w: Words) -> bytes:
    """The result card as one PNG, ``W`` wide; its height follows the sides and showdown."""
    why = reason(view, names, w)
    why_h = _text_h(why, theme.TEXT_SIZE, W - 2 * M)
    sides = order(view)
    ranking = view.get("ranking") or []
    y_banner = TITLE_H + 14
    y_why = y_banner + BANNER_H + 12
    y_scores = y_why + why_h + 14
    y_show = y_scores + 40 + len(sides) * ROW_H + 12
    show_h = 40 + len(ranking) * SHOWN_ROW + 8 if ranking else 0
    y_board = y_show + show_h
    height = y_board + 40 + LABEL + GRID_SPAN + LABEL + 16
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    title_bar(img, w("mimic.picture.result.title"),
              canvas.truncate(status(view, names, w), theme.TEXT_SIZE, 460), TITLE_H)
    _banner(draw, headline(view, names, w), y_banner)
    canvas.paragraph(draw, (M, y_why, W - M, y_why + why_h), why, theme.TEXT_SIZE, theme.INK,
                     leading=LEADING)
    _scores(draw, view, names, sides, y_scores, w)
    if ranking:
        _showdown(img, draw, view, names, ranking, y_show, w)
    canvas.label(draw, band(M, W - M, y_board + 18, 34), w("mimic.picture.result.board"),
                 theme.TEXT_SIZE, bold=True)
    x0 = (W - GRID_SPAN) // 2
    grid(img, draw, view, x0, y_board + 40 + LABEL, CELL, GAP, LABEL, w,
         last=view.get("last"))
    return canvas.to_png(img)


def _banner(draw: ImageDraw.ImageDraw, words: str, y0: int) -> None:
    """The gold banner with the headline: one line if it fits at a banner's size, else
    wrapped (a team's two long names), centred."""
    banner = (M, y0, W - M, y0 + BANNER_H)
    canvas.card(draw, banner, theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 4, radius=16)
    inner = (M + 20, y0 + 10, W - M - 20, y0 + BANNER_H - 10)
    if canvas.text_width(words, theme.TITLE_SIZE, bold=True) <= inner[2] - inner[0]:
        canvas.label(draw, inner, words, theme.TITLE_SIZE + 4, theme.ACCENT_DARK, "m", bold=True)
    else:
        room = inner[3] - inner[1]
        size = next((n for n in range(theme.HEADING_SIZE + 2, theme.TEXT_SIZE, -1)
                     if len(canvas.wrap(words, n, inner[2] - inner[0], True)) * n * 1.15
                     <= room), theme.TEXT_SIZE)
        used = min(room, len(canvas.wrap(words, size, inner[2] - inner[0], True)) * size * 1.15)
        top = inner[1] + (room - used) / 2
        canvas.paragraph(draw, (inner[0], top, inner[2], top + used), words, size,
                         theme.ACCENT_DARK, "m", bold=True, leading=1.15)


def _scores(draw: ImageDraw.ImageDraw, view: MimicView, names: Sequence[str],
            sides: Sequence[int], y0: int, w: Words) -> None:
    """One row per side, best first: place, names, a cube of its colour, placed of total."""
    canvas.label(draw, band(M, W - M, y0 + 18, 34), w("mimic.picture.result.scores"),
                 theme.TEXT_SIZE, bold=True)
    winners = {side_of(view, s) for s in winners_of(view)}
    for i, side in enumerate(sides):
        top = y0 + 40 + i * ROW_H
        row = (M, top, W - M, top + ROW_H - 6)
        won = side in winners
        canvas.card(draw, row, theme.MEDAL_ROWS[0] if won else theme.PANEL,
                    theme.HIGHLIGHT if won else theme.PANEL_EDGE, 2, radius=10)
        middle = top + (ROW_H - 6) / 2
        canvas.label(draw, band(M + 10, M + 50, middle, 34), w.number(i + 1), theme.TEXT_SIZE,
                     theme.ACCENT_DARK, "m", bold=True)
        placed = view["cubes_placed"][side]
        total = placed + view["cubes_left"][side]
        start = W - M - 16 - 200
        canvas.label(draw, band(start + 44, W - M - 16, middle, 34),
                     w("mimic.picture.result.of", placed=w.number(placed),
                       total=w.number(total)),
                     theme.TEXT_SIZE + 4, theme.INK, "r", bold=True)
        cube(draw, start, middle - 13, 30, side)
        canvas.label(draw, band(M + 60, start - 16, middle, 34), side_name(view, names, side, w),
                     theme.TEXT_SIZE, bold=won, min_size=theme.TEXT_SIZE)


def _showdown(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimicView, names: Sequence[str],
              ranking: Sequence[Ranked], y0: int, w: Words) -> None:
    """The showdown's ranking: place, side, the best card it showed and in which round."""
    canvas.label(draw, band(M, W - M, y0 + 18, 34), w("mimic.picture.result.showdown"),
                 theme.TEXT_SIZE, bold=True)
    for i, entry in enumerate(ranking):
        top = y0 + 40 + i * SHOWN_ROW
        middle = top + SHOWN_TILE / 2
        canvas.label(draw, band(M + 10, M + 50, middle, 34), w.number(i + 1), theme.TEXT_SIZE,
                     theme.ACCENT_DARK, "m", bold=True)
        face = entry["card"]
        tile = card_tile(face["colour"], face["animal"], SHOWN_TILE, words=w)
        img.paste(tile, (M + 60, top), tile)
        x = M + 60 + SHOWN_TILE + 16
        canvas.label(draw, band(x, W - M, middle - 16, 32),
                     w(f"mimic.card.{face['colour']}.{face['animal']}") + "  ·  "
                     + w("mimic.picture.result.round", round=w.number(entry["round"])),
                     theme.TEXT_SIZE, bold=i == 0)
        canvas.label(draw, band(x, W - M, middle + 18, 32),
                     side_name(view, names, entry["side"], w), SMALL, theme.INK_SOFT)
