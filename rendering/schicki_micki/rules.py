"""Schicki Micki's reference pictures: the card sheet (all 64 cards with the colour legend)
and the reactions card (the nine reactions, each with a small drawing and words)."""

from __future__ import annotations

import itertools
import math

from PIL import Image, ImageDraw

from bot.games.schicki_micki.deck import COLOURS, FEATURES, cards
from bot.i18n import Words
from rendering import canvas, theme
from rendering.schicki_micki import art, props
from rendering.schicki_micki.parts import TEXT, TITLE_H, M, W, card, colour_letters

# -- the card sheet ----------------------------------------------------------------------------

SHEET_COLS = 8
SHEET_GAP = 10
SHEET_W = (W - 2 * M - (SHEET_COLS - 1) * SHEET_GAP) // SHEET_COLS


def _sheet_sections(w: Words) -> list[tuple[str, list[int], set[int]]]:
    """The deck in three groups; twins next to each other (returned as the marked ids)."""
    deck = cards()
    first: dict[tuple[int, tuple[tuple[str, str], ...]], int] = {}
    twins: dict[int, int] = {}
    for c in deck:
        if c.kind == "hen" and c.design is not None:
            if c.design in first:
                twins[first[c.design]] = c.id
            else:
                first[c.design] = c.id
    one = []
    for c in deck:
        if c.kind == "hen" and c.worms == 1 and c.id not in twins.values():
            one.append(c.id)
            if c.id in twins:
                one.append(twins[c.id])
    marked = set(twins) | set(twins.values())
    two = [c.id for c in deck if c.kind == "hen" and c.worms == 2]
    close = [c.id for c in deck if c.kind == "closeup"]
    return [(w.n("schicki.picture.sheet.one_worm", len(one)), one, marked),
            (w.n("schicki.picture.sheet.two_worms", len(two)), two, set()),
            (w.n("schicki.picture.sheet.closeups", len(close)), close, set())]


def render_card_sheet(w: Words) -> bytes:
    """All 64 cards, grouped, with the colour legend on top, in the words ``w``."""
    h = art.card_height(SHEET_W)
    sections = _sheet_sections(w)
    legend_h = LEGEND_H
    height = TITLE_H + 12 + legend_h + 12
    for _, ids, _ in sections:
        height += 40 + math.ceil(len(ids) / SHEET_COLS) * (h + SHEET_GAP)
    height += M
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, w("schicki.picture.sheet.title", count=w.number(len(cards()))),
                     w("schicki.picture.sheet.subtitle"), TITLE_H)
    _legend(img, draw, TITLE_H + 12, w)
    y = TITLE_H + 12 + legend_h + 12
    for heading, ids, marked in sections:
        canvas.label(draw, (M, y, W - M, y + 40), heading, theme.TEXT_SIZE, theme.INK,
                     bold=True)
        y += 40
        for i, cid in enumerate(ids):
            r, c = divmod(i, SHEET_COLS)
            x, cy = M + c * (SHEET_W + SHEET_GAP), y + r * (h + SHEET_GAP)
            img.paste(card(cid, SHEET_W), (x, cy))
            if cid in marked:
                draw.rounded_rectangle((x - 3, cy - 3, x + SHEET_W + 3, cy + h + 3), radius=10,
                                       outline=theme.HIGHLIGHT, width=4)
        y += math.ceil(len(ids) / SHEET_COLS) * (h + SHEET_GAP)
    return canvas.to_png(img)


LEGEND_ROW = 64
LEGEND_H = 2 * LEGEND_ROW + 12


def _legend(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, w: Words) -> None:
    """The six colours, three a line: a patterned swatch with the colour's letter on it, then
    its name over its pattern's, all in the words ``w``."""
    canvas.card(draw, (M, y, W - M, y + LEGEND_H))
    cell = (W - 2 * M) // 3
    letters = colour_letters(w)
    sw = LEGEND_ROW - 8
    for i, colour in enumerate(COLOURS):
        r, c = divmod(i, 3)
        x = M + c * cell + 12
        top = y + 6 + r * LEGEND_ROW + 4
        swatch = art.pattern(colour, sw, sw, 3)
        img.paste(swatch, (x, top))
        draw.rectangle((x, top, x + sw - 1, top + sw - 1), outline=art.OUTLINE, width=2)
        # The letter's outline must stay inside the swatch's dark frame.
        canvas.label(draw, (x + 3, top + 3, x + sw - 3, top + sw - 3), letters[colour], 30,
                     theme.ON_ACCENT, "m", stroke=art.OUTLINE)
        text_x = x + sw + 12
        room = cell - sw - 12 - 20
        mid = top + sw / 2
        canvas.label(draw, (text_x, mid - 29, text_x + room, mid),
                     w(f"schicki.picture.colour.{colour}"), TEXT + 2, theme.INK, bold=True)
        canvas.label(draw, (text_x, mid, text_x + room, mid + 29),
                     w(f"schicki.picture.pattern.{art.PATTERNS[colour]}"), TEXT,
                     theme.INK_SOFT)


# -- the reactions card ------------------------------------------------------------------------

def _line(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], words: str,
          size: int, fill: theme.RGB, align: str = "l", bold: bool = False) -> None:
    """``words`` in ``box``, shrunk (not below TEXT px) and if need be cut to fit it."""
    canvas.label(draw, box, words, size, fill, align, bold)


def render_rules(w: Words) -> bytes:
    """The nine reactions, each with a small drawing and words, and the colour legend, in the
    words ``w``."""
    img = canvas.new(W, _RULES_H)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, w("schicki.picture.rules.title"), w("schicki.picture.rules.subtitle"),
                     TITLE_H)
    y = TITLE_H + 16
    _line(draw, (M, y, W - M, y + 28), w("schicki.picture.rules.watch"), theme.TEXT_SIZE,
          theme.INK, bold=True)
    canvas.paragraph(draw, (M, y + 32, W - M, y + 90), w("schicki.picture.rules.pair"), TEXT,
                     theme.INK_SOFT, leading=1.2)
    y += 96
    # Exactly one pair: call it with its emoji.
    box_h = 214
    canvas.card(draw, (M, y, W - M, y + box_h))
    prize = w("schicki.picture.rules.call_prize")
    prize_size = canvas.fit_size(prize, (W - 2 * M - 32) // 3, TEXT, TEXT)
    prize_w = min(canvas.text_width(prize, prize_size), (W - 2 * M - 32) // 3)
    # The panel's top line: what to do on the left, what it wins on the right.
    _line(draw, (W - M - 16 - prize_w, y + 10, W - M - 16, y + 38), prize, prize_size,
          theme.INK_SOFT, "r")
    _line(draw, (M + 16, y + 10, W - M - 32 - prize_w, y + 38), w("schicki.picture.rules.call"),
          theme.TEXT_SIZE, theme.INK, bold=True)
    cell = (W - 2 * M - 32) // len(FEATURES)
    for i, feature in enumerate(FEATURES):
        x = M + 16 + i * cell
        size = cell - 36
        img.paste(props.icon(feature, size), (x + 18, y + 46))
        under = y + 46 + size + 20  # the name's middle, under its icon
        _line(draw, (x + 3, under - 15, x + cell - 3, under + 15),
              w(f"schicki.picture.feature.{feature}"), TEXT, theme.INK, "m",
              bold=True)
    y += box_h + 14
    examples = _rule_examples()
    thumb = 70
    for kind in ("blue", "red", "knock"):
        canvas.card(draw, (M, y, W - M, y + _RULE_ROW))
        if kind == "knock":
            props.fist(draw, M + 60, y + _RULE_ROW / 2 - 8, 74)
        else:
            fill = (52, 104, 214) if kind == "blue" else (214, 46, 46)
            props.pawn(draw, M + 60, y + _RULE_ROW - 14, 84, fill)
        ids = examples[kind]
        x = W - M - 16 - len(ids) * (thumb + 8) + 8
        eg = w("schicki.picture.rules.example")
        eg_size = canvas.fit_size(eg, 90, TEXT, TEXT)
        eg_w = min(canvas.text_width(eg, eg_size), 90)
        mid = y + _RULE_ROW / 2
        _line(draw, (x - 12 - eg_w, mid - 14, x - 12, mid + 14), eg, eg_size, theme.INK_SOFT,
              "r")
        # Three lines between the drawing and the example: question, action, prize.
        left, right = M + 120, x - 12 - eg_w - 16
        _line(draw, (left, y + 12, right, y + 40), w(f"schicki.picture.rules.{kind}.question"),
              theme.TEXT_SIZE, theme.INK, bold=True)
        _line(draw, (left, y + 44, right, y + 72), w(f"schicki.picture.rules.{kind}.action"),
              theme.TEXT_SIZE - 2, theme.ACCENT_DARK, bold=True)
        _line(draw, (left, y + 72, right, y + 102), w(f"schicki.picture.rules.{kind}.prize"),
              TEXT, theme.INK_SOFT)
        for cid in ids:
            img.paste(card(cid, thumb), (x, y + (_RULE_ROW - art.card_height(thumb)) // 2))
            x += thumb + 8
        y += _RULE_ROW + 10
    canvas.card(draw, (M, y, W - M, y + 54), theme.MEDAL_ROWS[2], theme.PANEL_EDGE)
    _line(draw, (M + 16, y, W - M - 16, y + 54), w("schicki.picture.rules.wrong"),
          theme.TEXT_SIZE, theme.INK, "m", bold=True)
    y += 54 + 14
    _line(draw, (M, y, W - M, y + 30), w("schicki.picture.rules.legend"), TEXT,
          theme.INK_SOFT)
    _legend(img, draw, y + 32, w)
    return canvas.to_png(img)


def _rule_examples() -> dict[str, list[int]]:
    """Cards of the shipped deck that show each situation: two hens sharing two
    accessories, a twin pair, a two-worm hen."""
    hens = [c for c in cards() if c.kind == "hen" and c.worms == 1]
    two_pairs = next([a.id, b.id] for a, b in itertools.combinations(hens, 2)
                     if len(set(a.items) & set(b.items)) == 2)
    twins = next([a.id, b.id] for a, b in itertools.combinations(hens, 2)
                 if a.design == b.design)
    worms = next(c.id for c in cards() if c.kind == "hen" and c.worms == 2)
    return {"blue": two_pairs, "red": twins, "knock": [worms]}


_RULE_ROW = 104
_RULES_H = TITLE_H + 16 + 96 + 214 + 14 + 3 * (_RULE_ROW + 10) + 54 + 14 + 32 + LEGEND_H + M
