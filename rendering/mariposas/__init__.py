"""Mariposas' pictures: the public board, the active player's private map with the
landings to pick from, and the rules card.

Reads only views (``MariposasRules.view``); the cog computes which spaces a player may land on
and passes them as ``highlights`` (rendering never judges a position). All deterministic. The
board: the title bar (season, round, whose turn), the map with the season's goal cards and
the card being played in its empty corner, what each full life cycle set gives, then one
panel per player; once the game is over the result card and the map. The map's static layer
is cached (``map``); per render only the pieces are drawn. The board is sent in 48 colours
(``parts.COLOURS``) to stay within 80 KB. This package's modules: ``parts`` (geometry, icons,
words), ``map``, ``panels``, ``result``, ``rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from rendering import canvas
from rendering.mariposas.map import MAP_BOTTOM, pieces, static_layer
from rendering.mariposas.panels import (
    SETS_H,
    goals_panel,
    players,
    players_height,
    sets_line,
    status,
    title,
)
from rendering.mariposas.parts import TITLE_H, W, to_png
from rendering.mariposas.result import RESULT_GAP, render_result_card, result_height
from rendering.mariposas.rules import render_rules

__all__ = ["render_board", "render_private_map", "render_rules"]


def render_board(view: MariposasView, names: Sequence[str], w: Words) -> bytes:
    """The public picture, ``W`` px wide: map, goals, players; once the game is over the
    result card, then the map."""
    over = view["phase"] == "over"
    head = result_height(view) + RESULT_GAP if over else 0
    # Once over, the result card's table says what the player panels said (within 80 KB).
    below = 0 if over else SETS_H + players_height(view) + 8
    img = canvas.new(W, MAP_BOTTOM + head + below)
    img.paste(static_layer(w), (0, head))
    draw = ImageDraw.Draw(img)
    _title(img, view, names, w)
    result = view["result"]
    if over and result is not None:
        render_result_card(draw, view, result, names, w, TITLE_H + 10)
    _map_pieces(img, view, w, head)
    goals_panel(ImageDraw.Draw(img), view, names, w, _shifted(head))
    if not over:
        draw = ImageDraw.Draw(img)
        sets_line(draw, view, w, MAP_BOTTOM + head)
        players(draw, view, names, w, MAP_BOTTOM + head + SETS_H + 8)
    return to_png(img)


def render_private_map(view: MariposasView, names: Sequence[str], w: Words,
                       highlights: Mapping[int, str],
                       part: tuple[int, int, int, int] | None = None) -> bytes:
    """The map alone for the active player, each space of ``highlights`` framed in amber and
    tagged with its label (the option's name in the landing select menu); ``part``: only
    that box of it (`map.focus`: the marks large enough to read on a phone)."""
    img = static_layer(w)
    _title(img, view, names, w)
    pieces(img, view, w, highlights)
    return canvas.to_png(img if part is None else img.crop(part))


def _title(img: Image.Image, view: MariposasView, names: Sequence[str], w: Words) -> None:
    canvas.title_bar(img, title(view, w), status(view, names, w), TITLE_H)


def _map_pieces(img: Image.Image, view: MariposasView, w: Words, head: int) -> None:
    if not head:
        pieces(img, view, w)
        return
    # Over: the map sits lower, under the result card; draw its pieces on a copy and paste.
    layer = img.crop((0, head, W, head + MAP_BOTTOM))  # the legend is in the static layer
    pieces(layer, view, w)
    img.paste(layer.crop((0, TITLE_H, W, MAP_BOTTOM)), (0, head + TITLE_H))


def _shifted(head: int) -> tuple[float, float, float, float]:
    from rendering.mariposas.panels import GOALS_BOX
    x0, y0, x1, y1 = GOALS_BOX
    return x0, y0 + head, x1, y1 + head
