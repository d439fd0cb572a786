"""Schicki Micki's pictures: the table, its row's result and the end card.

The table reads only the public view (``bot.games.schicki_micki.view``): the face-up cards
with their faces, the deck's size (never its order), the figures and the seats' counts. A
card is drawn from the face the view gives, so the picture cannot know more than the players.
The card faces live in ``rendering.schicki_micki.art``, the row's geometry in
``rendering.schicki_micki.parts``, the result and end card in ``rendering.schicki_micki.end``
and the card sheet and reactions card in ``rendering.schicki_micki.rules``.

The cards are as large as the row allows, so a row of three shows cards twice the size of a
row of twelve; the picture does not grow or shrink with them: every picture of a game is one
height (``table_size``, `end.game_height`), so the reactions under the message
stay where the players' thumbs are.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.schicki_micki.views import Resolved, SchickiView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.schicki_micki import art, end, props
from rendering.schicki_micki.parts import (
    GAP,
    GRID_Y,
    INFO_H,
    INFO_Y,
    TEXT,
    TITLE_H,
    M,
    W,
    card,
    centred_note,
    colour_letters,
    draw_cards,
    draw_players,
    frame,
    grid_layout,
    ordinal,
    player_name,
    players_height,
)
from rendering.schicki_micki.rules import render_card_sheet, render_rules

__all__ = ["GAP", "GRID_Y", "TITLE_H", "M", "W", "card", "colour_letters", "draw_table",
           "grid_layout", "ordinal", "render_card_sheet", "render_result", "render_rules",
           "render_table", "result_size", "table_size"]

result_size = end.result_size


def table_size(n_players: int, cards: int = 12) -> tuple[int, int]:
    """The table picture's size for ``n_players``: the game's one size, however many cards
    are face up."""
    return W, end.game_height(n_players)


def grid_top() -> int:
    """Where the row of cards starts (under the title and the deck and figures band)."""
    return GRID_Y


# -- the table ---------------------------------------------------------------------------------

def render_table(view: SchickiView, names: list[str], w: Words,
                 resolved: Resolved | None = None) -> bytes:
    """The public table as one PNG, in the words ``w``: ``table_size(players, cards)`` while
    the game runs; with ``resolved`` (the ``data`` of the rules' ``resolved`` event) the row's
    result; at the game's end the end card."""
    return canvas.to_png(draw_table(view, names, w, resolved))


def render_result(view: SchickiView, names: list[str], w: Words,
                  resolved: Resolved) -> bytes:
    """The row's result as one PNG: ``render_table`` with ``resolved``."""
    return render_table(view, names, w, resolved)


def draw_table(view: SchickiView, names: list[str], w: Words,
               resolved: Resolved | None = None) -> Image.Image:
    """The picture ``render_table`` encodes (the encoding takes most of the time)."""
    if resolved is not None:
        return end.draw_result(view, names, w, resolved)
    if view["phase"] == "over":
        return end.draw_end(view, names, w)
    n = view["players"]
    img = canvas.new(*table_size(n, len(view["table"])))
    draw = ImageDraw.Draw(img)
    _title(img, draw, view, names, w)
    _info(img, draw, view, names, w)
    table = view["table"]
    if table:
        boxes = draw_cards(img, table, GRID_Y)
        frame(draw, boxes[-1], theme.HIGHLIGHT, w("schicki.picture.new"))
    players_top = img.height - M - players_height(n)
    if not table:
        centred_note(draw, GRID_Y, players_top - 14 - GRID_Y, w("schicki.picture.waiting"))
    draw_players(draw, view, names, w, players_top)
    return img


def _title(img: Image.Image, draw: ImageDraw.ImageDraw, view: SchickiView, names: list[str],
           w: Words) -> None:
    if view["last_chance"]:
        # The banner replaces the title: the deck is empty, one window left.
        draw.rectangle((0, 0, W, TITLE_H), fill=theme.CROSS)
        for x in range(-TITLE_H, W, 44):  # warning stripes along the bottom edge
            draw.polygon([(x, TITLE_H), (x + 22, TITLE_H), (x + 30, TITLE_H - 8),
                          (x + 8, TITLE_H - 8)], fill=theme.HIGHLIGHT)
        # Banner left, note right, each in its half of the band above the stripes.
        band = TITLE_H - 8
        canvas.label(draw, (M, 0, W // 2 - M, band), w("schicki.picture.last_chance"),
                     theme.TITLE_SIZE, theme.ON_ACCENT, bold=True)
        canvas.label(draw, (W // 2, 0, W - M, band), w("schicki.picture.deck_empty"),
                     theme.TEXT_SIZE, theme.ON_ACCENT, "r", bold=True)
    else:
        dealer = canvas.truncate(player_name(names, view["dealer"], w), theme.TEXT_SIZE, 300)
        canvas.title_bar(img, w("schicki.picture.row", row=w.number(view["row"])),
                         w("schicki.picture.dealer", name=dealer), TITLE_H)


def _info(img: Image.Image, draw: ImageDraw.ImageDraw, view: SchickiView, names: list[str],
          w: Words) -> None:
    """The deck's size on the left, the figures on the right."""
    y0, y1 = INFO_Y, INFO_Y + INFO_H
    canvas.card(draw, (M, y0, M + 300, y1))
    left = view["deck"]
    if left:
        props.deck_stack(draw, M + 20, y0 + 16, 66, min(4, (left + 9) // 10))
    else:
        canvas.dashed_card(draw, (M + 20, y0 + 16, M + 86, y0 + 16 + art.card_height(66)),
                           theme.INK_FAINT, dash=8, radius=8)
    colour = theme.CROSS if view["last_chance"] else theme.ACCENT_DARK
    # Right of the pile: the count large, the words under it.
    canvas.label(draw, (M + 110, y0 + 14, M + 292, y0 + 76), w.number(left), 54, colour,
                 bold=True)
    canvas.label(draw, (M + 110, y0 + 80, M + 292, y0 + 112),
                 w.n("schicki.picture.deck", left), TEXT, theme.INK_SOFT)

    box = (M + 316, y0, W - M, y1)
    canvas.card(draw, box)
    figs = view["figures"]
    holders = list(figs["blue_holders"])
    slots = [("blue", holders[i] if i < len(holders) else None) for i in range(figs["blue"])]
    slots.append(("red", None if figs["red_left"] else figs["red_holder"]))
    slot_w = min(200, (box[2] - box[0] - 20) // len(slots))
    x = box[0] + (box[2] - box[0] - slot_w * len(slots)) // 2
    # Names too wide for a slot go on two lines under smaller figures.
    two_lines = any(canvas.text_width(w(f"schicki.picture.figure.{kind}"), TEXT) > slot_w - 8
                    for kind, _ in slots)
    foot, tall = (y0 + 58, 50) if two_lines else (y0 + 80, 66)
    for kind, holder in slots:
        cx = x + slot_w / 2
        fill = (52, 104, 214) if kind == "blue" else (214, 46, 46)
        if holder is None:
            props.pawn(draw, cx, foot, tall, fill)
            words = w(f"schicki.picture.figure.{kind}")
            if two_lines:
                canvas.paragraph(draw, (x + 4, foot + 4, x + slot_w - 4, y1 - 4), words, TEXT,
                                 theme.INK_SOFT, "m", leading=1.15)
            else:
                canvas.label(draw, (x + 4, foot + 6, x + slot_w - 4, y1 - 8), words, TEXT,
                             theme.INK_SOFT, "m")
        else:
            # Taken: a pale ghost where it stood, and who holds it.
            red, green, blue = ((c + 2 * 246) // 3 for c in fill)
            props.pawn(draw, cx, foot, tall, (red, green, blue), theme.INK_FAINT)
            label = canvas.truncate(player_name(names, holder, w), TEXT, slot_w - 20, bold=True)
            tw = canvas.text_width(label, TEXT, bold=True)
            badge = (cx - tw / 2 - 8, foot + 6, cx + tw / 2 + 8, foot + 38)
            canvas.card(draw, badge, theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 2, radius=8)
            canvas.label(draw, badge, label, TEXT, theme.INK, "m", bold=True)
        x += slot_w
