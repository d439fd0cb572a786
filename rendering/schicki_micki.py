"""Schicki Micki's images for Discord: the table, the card sheet and the reactions card.

The table reads only the public view (``bot.games.schicki_micki.view``): the face-up cards
with their faces, the deck's size (never its order), the figures and the seats' counts. A
card is drawn from the face the view gives, so the picture cannot know more than the players.
The card faces themselves live in ``rendering.schicki_micki_art``.

The table picture has one size per player count, whatever happens: the cards lie in a fixed
4 × 3 grid (laid in reading order) that shrinks to more columns only if a row ever grows past
twelve cards, so the message does not jump while cards come in, and no card is ever cut off.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.schicki_micki.deck import COLOURS, FEATURES, cards
from bot.i18n import Words
from rendering import canvas, theme
from rendering import schicki_micki_art as art

__all__ = ["card", "draw_table", "render_card_sheet", "render_rules", "render_table",
           "table_size"]

W = theme.BOARD_WIDTH
M = theme.MARGIN
TITLE_H = 72
INFO_Y = TITLE_H + 12
INFO_H = 124
GRID_Y = INFO_Y + INFO_H + 14
GAP = 14
COLS, ROWS = 4, 3  # the grid for up to twelve cards
CARD_W = (W - 2 * M - (COLS - 1) * GAP) // COLS
CARD_H = art.card_height(CARD_W)
GRID_H = ROWS * CARD_H + (ROWS - 1) * GAP
PLAYERS_Y = GRID_Y + GRID_H + 14
PLAYER_ROW = 54


def card(card_id: int, size: int) -> Image.Image:
    """Card ``card_id`` of the shipped deck, ``size`` px wide. Cached: treat as read-only."""
    return art.face(art.face_key(cards()[card_id].to_json()), size)


def table_size(n_players: int) -> tuple[int, int]:
    """The table picture's size for ``n_players`` (two players share a line of the list)."""
    rows = math.ceil(n_players / 2)
    return W, PLAYERS_Y + rows * PLAYER_ROW + 12 + M


def colour_letters(w: Words) -> dict[str, str]:
    """Each colour's letter on its legend swatch, in the words ``w``: the initial of the colour's
    name as that language writes it (red R, červená Č), so the letter and the name beside it
    agree."""
    return {colour: w(f"schicki.picture.letter.{colour}") for colour in COLOURS}


def _name(names: Sequence[str], seat: int, w: Words) -> str:
    raw = names[seat] if 0 <= seat < len(names) else ""
    return canvas.name(raw, w("schicki.picture.player", n=w.number(seat + 1)))


# -- the table ---------------------------------------------------------------------------------

def render_table(view: dict, names: list[str], w: Words, resolved: dict | None = None) -> bytes:
    """The public table as one PNG, ``table_size(players)``, in the words ``w``; ``resolved``
    (the data of the window just resolved, or None) is accepted for the result picture."""
    return canvas.to_png(draw_table(view, names, w))


def draw_table(view: dict, names: list[str], w: Words) -> Image.Image:
    """The public table as an image (``render_table`` without the PNG encoding, which takes
    most of the time)."""
    n = view["players"]
    img = canvas.new(*table_size(n))
    draw = ImageDraw.Draw(img)
    _title(img, draw, view, names, w)
    _info(img, draw, view, names, w)
    _grid(img, draw, view["table"], view["phase"], _winner_line(view, names, w), w)
    _players(draw, view, names, w)
    return img


def _title(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict, names: list[str],
           w: Words) -> None:
    if view["phase"] == "over":
        canvas.title_bar(img, w("schicki.picture.title"), w("schicki.picture.game_over"),
                         TITLE_H)
    elif view["last_chance"]:
        # The banner replaces the title: the deck is empty, one window left.
        draw.rectangle((0, 0, W, TITLE_H), fill=theme.CROSS)
        for x in range(-TITLE_H, W, 44):  # warning stripes along the bottom edge
            draw.polygon([(x, TITLE_H), (x + 22, TITLE_H), (x + 30, TITLE_H - 8),
                          (x + 8, TITLE_H - 8)], fill=theme.HIGHLIGHT)
        # Banner left, note right, each in its half of the band above the stripes.
        band = TITLE_H - 8
        canvas.label(draw, (M, 0, W // 2 - M, band), w("schicki.picture.last_chance"),
                     theme.TITLE_SIZE, theme.ON_ACCENT, bold=True, min_size=20)
        canvas.label(draw, (W // 2, 0, W - M, band), w("schicki.picture.deck_empty"),
                     theme.TEXT_SIZE, theme.ON_ACCENT, "r", bold=True, min_size=14)
    else:
        dealer = canvas.truncate(_name(names, view["dealer"], w), theme.TEXT_SIZE, 300)
        canvas.title_bar(img, w("schicki.picture.row", row=w.number(view["row"])),
                         w("schicki.picture.dealer", name=dealer), TITLE_H)


def _info(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict, names: list[str],
          w: Words) -> None:
    """The deck's size on the left, the figures on the right."""
    y0, y1 = INFO_Y, INFO_Y + INFO_H
    deck_box = (M, y0, M + 300, y1)
    canvas.card(draw, deck_box)
    left = view["deck"]
    if left:
        art.deck_stack(draw, M + 20, y0 + 16, 66, min(4, (left + 9) // 10))
    else:
        canvas.dashed_card(draw, (M + 20, y0 + 16, M + 86, y0 + 16 + art.card_height(66)),
                           theme.INK_FAINT, dash=8, radius=8)
    colour = theme.CROSS if view["last_chance"] else theme.ACCENT_DARK
    # Right of the pile: the count large, the words under it.
    canvas.label(draw, (M + 116, y0 + 20, M + 292, y0 + 80), w.number(left), 52, colour,
                 bold=True, min_size=24)
    canvas.label(draw, (M + 116, y0 + 84, M + 292, y0 + 108), w.n("schicki.picture.deck", left),
                 theme.SMALL_SIZE, theme.INK_SOFT)

    box = (M + 316, y0, W - M, y1)
    canvas.card(draw, box)
    figs = view["figures"]
    holders = list(figs["blue_holders"])
    slots = [("blue", holders[i] if i < len(holders) else None) for i in range(figs["blue"])]
    slots.append(("red", None if figs["red_left"] else figs["red_holder"]))
    slot_w = min(150, (box[2] - box[0] - 20) // len(slots))
    x = box[0] + (box[2] - box[0] - slot_w * len(slots)) // 2
    for kind, holder in slots:
        cx = x + slot_w / 2
        fill = (52, 104, 214) if kind == "blue" else (214, 46, 46)
        if holder is None:
            art.pawn(draw, cx, y0 + 82, 68, fill)
            canvas.label(draw, (x + 4, y0 + 92, x + slot_w - 4, y0 + 116),
                         w(f"schicki.picture.figure.{kind}"), theme.SMALL_SIZE - 1,
                         theme.INK_SOFT, "m", min_size=11)
        else:
            # Taken: a pale ghost where it stood, and who holds it.
            ghost = tuple((c + 2 * 246) // 3 for c in fill)
            art.pawn(draw, cx, y0 + 82, 68, ghost, theme.INK_FAINT)  # type: ignore[arg-type]
            label = canvas.truncate(_name(names, holder, w), theme.SMALL_SIZE, slot_w - 16,
                                    bold=True)
            tw = canvas.text_width(label, theme.SMALL_SIZE, bold=True)
            badge = (cx - tw / 2 - 8, y0 + 90, cx + tw / 2 + 8, y0 + 116)
            canvas.card(draw, badge, theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 2, radius=8)
            canvas.label(draw, badge, label, theme.SMALL_SIZE, theme.INK, "m", bold=True)
        x += slot_w


def grid_layout(n: int) -> tuple[int, int, int]:
    """Columns, rows and card width for ``n`` face-up cards: the 4 × 3 grid while it holds
    them, else the most columns needed to keep the largest cards inside the same area."""
    if n <= COLS * ROWS:
        return COLS, ROWS, CARD_W
    best = (COLS, ROWS, 0)
    for cols in range(COLS + 1, 17):
        rows = math.ceil(n / cols)
        w = min((W - 2 * M - (cols - 1) * GAP) // cols,
                int((GRID_H - (rows - 1) * GAP) / rows / art.RATIO))
        if w > best[2]:
            best = (cols, rows, w)
    return best


def _winner_line(view: dict, names: list[str], w: Words) -> str:
    scores = view["scores"]
    best = max(scores, default=0)
    winners = [_name(names, s, w) for s, p in enumerate(scores) if p == best]
    if len(winners) == 1:
        return w.n("schicki.picture.won_alone", best, name=winners[0])
    return w.n("schicki.picture.won_shared", best, names=", ".join(winners))


def _grid(img: Image.Image, draw: ImageDraw.ImageDraw, table: list[dict], phase: str,
          over_text: str, w: Words) -> None:
    cols, rows, cw = grid_layout(len(table))
    h = art.card_height(cw)
    gap = GAP if len(table) <= COLS * ROWS else max(6, GAP // 2)
    left = (W - (cols * cw + (cols - 1) * gap)) // 2
    top = GRID_Y + (GRID_H - (rows * h + (rows - 1) * gap)) // 2
    for i in range(cols * rows):
        r, c = divmod(i, cols)
        x, y = left + c * (cw + gap), top + r * (h + gap)
        if i < len(table):
            img.paste(art.face(art.face_key(table[i]), cw), (x, y))
        elif len(table) <= COLS * ROWS:
            canvas.dashed_card(draw, (x, y, x + cw, y + h), theme.PANEL_EDGE, dash=10, width=2)
    if table and phase != "over":
        i = len(table) - 1
        r, c = divmod(i, cols)
        x, y = left + c * (cw + gap), top + r * (h + gap)
        draw.rounded_rectangle((x - 4, y - 4, x + cw + 4, y + h + 4), radius=max(6, cw // 14),
                               outline=theme.HIGHLIGHT, width=6)
        new = w("schicki.picture.new")
        size = canvas.fit_size(new, cw - 24, 18, 11, bold=True)
        tab_w = max(64, canvas.text_width(new, size, bold=True) + 20)
        tab = (x + cw / 2 - tab_w / 2, y - 14, x + cw / 2 + tab_w / 2, y + 12)
        canvas.card(draw, tab, theme.HIGHLIGHT, theme.HIGHLIGHT, 1, radius=8)
        canvas.label(draw, (tab[0] + 6, tab[1], tab[2] - 6, tab[3]), new, size, theme.INK, "m",
                     bold=True, min_size=11)
    if not table:
        msg = over_text if phase == "over" else w("schicki.picture.waiting")
        size = canvas.fit_size(msg, W - 2 * M - 80, 30, bold=True)
        msg = canvas.truncate(msg, size, W - 2 * M - 80, bold=True)
        tw = canvas.text_width(msg, size, bold=True)
        cy = GRID_Y + GRID_H / 2
        panel = (W / 2 - tw / 2 - 24, cy - 34, W / 2 + tw / 2 + 24, cy + 34)
        canvas.card(draw, panel)
        canvas.label(draw, (panel[0] + 16, panel[1], panel[2] - 16, panel[3]), msg, size,
                     theme.INK, "m", bold=True)


_SAYS = {"grab:blue": "blue", "grab:red": "red", "knock": "knock"}


def ordinal(order: int, w: Words) -> str:
    """``order`` as an ordinal the language's way (1st, 2nd, 11th; 1., 2.)."""
    last = order % 100 if order % 100 in (11, 12, 13) else order % 10
    form = {1: "one", 2: "two", 3: "few"}.get(last, "other")
    return w(f"schicki.picture.ordinal.{form}", n=w.number(order))


def _reaction_text(view: dict, seat: int, w: Words) -> str:
    """The seat's counting reaction of the open window, if any, e.g. "2nd: calls hat"."""
    mine = [r for r in view.get("reactions", []) if r["seat"] == seat and not r["replaced"]]
    if not mine:
        return ""
    r = mine[-1]
    action = r["action"]
    said = action[5:] if action.startswith("call:") else _SAYS.get(action, action)
    what = w(f"schicki.says.{said}")
    return w("schicki.picture.reaction", order=ordinal(r["order"], w), what=what)


def _players(draw: ImageDraw.ImageDraw, view: dict, names: list[str], w: Words) -> None:
    n = view["players"]
    rows = math.ceil(n / 2)
    x0, x1 = M, W - M
    canvas.card(draw, (x0, PLAYERS_Y, x1, PLAYERS_Y + rows * PLAYER_ROW + 12))
    col_w = (x1 - x0 - 12) // 2
    scores, won, owed = view["scores"], view["won"], view["owed"]
    over = view["phase"] == "over"
    best = max(scores) if scores else 0
    for seat in range(n):
        r, c = divmod(seat, 2)
        bx = x0 + 6 + c * col_w
        by = PLAYERS_Y + 6 + r * PLAYER_ROW
        dealer = seat == view["dealer"] and not over
        leader = over and scores[seat] == best
        if dealer or leader:
            canvas.card(draw, (bx + 2, by + 2, bx + col_w - 2, by + PLAYER_ROW - 2),
                        theme.MEDAL_ROWS[0], theme.HIGHLIGHT, 2, radius=10)
        elif r % 2:
            canvas.card(draw, (bx + 2, by + 2, bx + col_w - 2, by + PLAYER_ROW - 2),
                        theme.SHADE, None, 0, radius=10)
        if dealer:
            art.deck_stack(draw, bx + 12, by + 11, 22, 2)
        # The cell (its highlight spans by + 2 to by + 52): the dealer's pile, the name over
        # the details (accents above and descenders below take all of a half), the score in
        # its own column on the right.
        score_x = bx + col_w - 16
        canvas.label(draw, (score_x - 56, by + 4, score_x, by + PLAYER_ROW - 4),
                     w.number(scores[seat]), 34, theme.ACCENT_DARK, "r", bold=True, min_size=20)
        room = col_w - 48 - 16 - 60
        canvas.label(draw, (bx + 48, by + 2, bx + 48 + room, by + 32), _name(names, seat, w),
                     theme.TEXT_SIZE, theme.INK, bold=dealer or leader, min_size=theme.TEXT_SIZE)
        bits = []
        if dealer:
            bits.append(w("schicki.picture.is_dealer"))
        if leader:
            bits.append(w("schicki.picture.winner"))
        if owed[seat]:
            bits.append(w("schicki.picture.won_owed", won=w.number(won[seat]),
                          owed=w.number(owed[seat])))
        else:
            bits.append(w("schicki.picture.won", won=w.number(won[seat])))
        reaction = _reaction_text(view, seat, w)
        if reaction:
            bits.append(reaction)
        canvas.label(draw, (bx + 48, by + 32, bx + 48 + room, by + 52), "  ·  ".join(bits),
                     theme.SMALL_SIZE - 2, theme.INK_SOFT, min_size=theme.SMALL_SIZE - 2)


# -- the card sheet ----------------------------------------------------------------------------

SHEET_COLS = 8
SHEET_GAP = 10
SHEET_W = (W - 2 * M - (SHEET_COLS - 1) * SHEET_GAP) // SHEET_COLS


def _sheet_sections(w: Words) -> list[tuple[str, list[int], set[int]]]:
    """The deck in three groups; twins next to each other (returned as the marked ids)."""
    deck = cards()
    first: dict[tuple, int] = {}
    twins: dict[int, int] = {}
    for c in deck:
        if c.kind == "hen":
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
    legend_h = 70
    height = TITLE_H + 12 + legend_h + 12
    for _, ids, _ in sections:
        height += 40 + math.ceil(len(ids) / SHEET_COLS) * (h + SHEET_GAP)
    height += M
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, w("schicki.picture.sheet.title", count=w.number(len(cards()))),
                     w("schicki.picture.sheet.subtitle"), TITLE_H)
    _legend(img, draw, TITLE_H + 12, legend_h, w)
    y = TITLE_H + 12 + legend_h + 12
    for heading, ids, marked in sections:
        canvas.label(draw, (M, y, W - M, y + 40), heading, theme.TEXT_SIZE, theme.INK,
                     bold=True, min_size=14)
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


def _legend(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, h: int, w: Words) -> None:
    """The six colours: a patterned swatch with the colour's letter on it, then its name over
    its pattern's, all in the words ``w``."""
    canvas.card(draw, (M, y, W - M, y + h))
    cell = (W - 2 * M) // len(COLOURS)
    letters = colour_letters(w)
    for i, colour in enumerate(COLOURS):
        x = M + i * cell + 12
        sw = h - 20
        swatch = art.pattern(colour, sw, sw, 3)
        img.paste(swatch, (x, y + 10))
        draw.rectangle((x, y + 10, x + sw - 1, y + 10 + sw - 1), outline=art.OUTLINE, width=2)
        # The letter's outline must stay inside the swatch's dark frame.
        canvas.label(draw, (x + 3, y + 13, x + sw - 3, y + 10 + sw - 3), letters[colour], 26,
                     theme.ON_ACCENT, "m", min_size=14, stroke=art.OUTLINE)
        room = cell - sw - 10 - 16
        text_x = x + sw + 10
        canvas.label(draw, (text_x, y + h / 2 - 23, text_x + room, y + h / 2 + 1),
                     w(f"schicki.picture.colour.{colour}"), theme.SMALL_SIZE, theme.INK,
                     bold=True)
        canvas.label(draw, (text_x, y + h / 2 + 1, text_x + room, y + h / 2 + 23),
                     w(f"schicki.picture.pattern.{art.PATTERNS[colour]}"), theme.SMALL_SIZE - 3,
                     theme.INK_SOFT, min_size=11)


# -- the reactions card ------------------------------------------------------------------------

def _line(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], words: str,
          size: int, fill: theme.RGB, align: str = "l", bold: bool = False) -> None:
    """``words`` in ``box``, shrunk (not below 12 px) and if need be cut to fit it."""
    canvas.label(draw, box, words, size, fill, align, bold, min_size=12)


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
    _line(draw, (M, y + 32, W - M, y + 56), w("schicki.picture.rules.pair"), theme.SMALL_SIZE,
          theme.INK_SOFT)
    y += 72
    # Exactly one pair: call it with its emoji.
    box_h = 214
    canvas.card(draw, (M, y, W - M, y + box_h))
    prize = w("schicki.picture.rules.call_prize")
    prize_size = canvas.fit_size(prize, (W - 2 * M - 32) // 3, theme.SMALL_SIZE, 12)
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
        img.paste(art.icon(feature, size), (x + 18, y + 46))
        under = y + 46 + size + 22  # the name's middle, under its icon
        _line(draw, (x + 3, under - 12, x + cell - 3, under + 12),
              w(f"schicki.picture.feature.{feature}"), theme.SMALL_SIZE, theme.INK, "m",
              bold=True)
    y += box_h + 14
    examples = _rule_examples()
    thumb = 70
    for kind in ("blue", "red", "knock"):
        canvas.card(draw, (M, y, W - M, y + _RULE_ROW))
        if kind == "knock":
            art.fist(draw, M + 60, y + _RULE_ROW / 2 - 8, 74)
        else:
            fill = (52, 104, 214) if kind == "blue" else (214, 46, 46)
            art.pawn(draw, M + 60, y + _RULE_ROW - 14, 84, fill)
        ids = examples[kind]
        x = W - M - 16 - len(ids) * (thumb + 8) + 8
        eg = w("schicki.picture.rules.example")
        eg_size = canvas.fit_size(eg, 60, theme.SMALL_SIZE, 12)
        eg_w = min(canvas.text_width(eg, eg_size), 60)
        mid = y + _RULE_ROW / 2
        _line(draw, (x - 12 - eg_w, mid - 14, x - 12, mid + 14), eg, eg_size, theme.INK_SOFT,
              "r")
        # Three lines between the drawing and the example: question, action, prize.
        left, right = M + 120, x - 12 - eg_w - 16
        _line(draw, (left, y + 12, right, y + 40), w(f"schicki.picture.rules.{kind}.question"),
              theme.TEXT_SIZE, theme.INK, bold=True)
        _line(draw, (left, y + 44, right, y + 72), w(f"schicki.picture.rules.{kind}.action"),
              theme.TEXT_SIZE - 2, theme.ACCENT_DARK, bold=True)
        _line(draw, (left, y + 76, right, y + 100), w(f"schicki.picture.rules.{kind}.prize"),
              theme.SMALL_SIZE, theme.INK_SOFT)
        for cid in ids:
            img.paste(card(cid, thumb), (x, y + (_RULE_ROW - art.card_height(thumb)) // 2))
            x += thumb + 8
        y += _RULE_ROW + 10
    canvas.card(draw, (M, y, W - M, y + 54), theme.MEDAL_ROWS[2], theme.PANEL_EDGE)
    _line(draw, (M + 16, y, W - M - 16, y + 54), w("schicki.picture.rules.wrong"),
          theme.TEXT_SIZE, theme.INK, "m", bold=True)
    y += 54 + 14
    _line(draw, (M, y + 2, W - M, y + 26), w("schicki.picture.rules.legend"), theme.SMALL_SIZE,
          theme.INK_SOFT)
    _legend(img, draw, y + 30, 70, w)
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
_RULES_H = TITLE_H + 16 + 72 + 214 + 14 + 3 * (_RULE_ROW + 10) + 54 + 14 + 30 + 70 + M
