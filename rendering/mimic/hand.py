"""MIMIC's private picture for one seat: its hand cards (numbered), its power cards, and a
mini board whose cells carry the numbers of the hand cards that fit there now; or its cards
alone (``board=False``), where a board beside it lights the cells, with where each card and
power card lies on it (`card_box`, `power_chips`) for a front end that clicks them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games.mimic.views import Face, MimicView
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimic.art import card_tile, power_chip
from rendering.mimic.grid import grid, line_marks
from rendering.mimic.parts import (
    SIZE,
    SMALL,
    TITLE_H,
    M,
    W,
    band,
    name_of,
    status,
    title_bar,
)

HAND_CARD_W = 150
HAND_CARD_H = 176
HAND_SLOTS = 6  # five cards, six for a moment in the team exchange
MINI = 98
MINI_GAP = 3
MINI_LABEL = 34
MINI_SPAN = SIZE * MINI + (SIZE - 1) * MINI_GAP
HAND_TOP = TITLE_H + 14
HAND_CARDS_Y = HAND_TOP + 42
POWERS_Y = HAND_CARDS_Y + HAND_CARD_H + 70
CHIP_H = 46
MINI_Y = POWERS_Y + 92 + MINI_LABEL
HAND_H = MINI_Y + MINI_SPAN + MINI_LABEL + 52
CARDS_H = POWERS_Y + 2 + CHIP_H + 16
"""The height of the cards alone (``board=False``): the title, the cards, the power cards."""
CARD_WORDS_H = 60
"""The words under a hand card (its name, the cells it fits)."""

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Chip:
    """A power card in the hand picture's row: its colour, its box, its words (None: its letter
    alone) and whether it is used."""

    colour: str
    box: Box
    label: str | None
    used: bool


def render_hand(view: MimicView, names: Sequence[str], w: Words,
                targets: Mapping[str, Sequence[str]] | None = None,
                lines: Sequence[Sequence[str]] = (), board: bool = True,
                heading: str | None = None) -> bytes:
    """One seat's private view: its hand, its power cards, and where its cards fit.

    Args:
        view: the seat's own view (``view["seat"]`` set, ``view["hand"]`` its cards).
        names: the seats' display names.
        w: the reader's words.
        targets: for each hand card id, the cells where it may legally go now (computed by
            the caller from the rules). Hand cards are numbered 1–6 and the mini board shows,
            in each such cell, the numbers of the cards that fit there.
        lines: set lines the seat could extend, each a list of cells from the start card to
            the open cell; drawn as light strokes over the mini board.
        board: with the mini board (False: the cards alone, ``CARDS_H`` tall).
        heading: the words above the cards (None: those that point at the mini board).
    """
    targets = targets or {}
    img = canvas.new(W, HAND_H if board else CARDS_H)
    draw = ImageDraw.Draw(img)
    seat = view["seat"]
    if seat is None:
        raise ValueError("a hand is drawn from a seat's own view")
    title_bar(img, w("mimic.picture.hand.title", name=name_of(names, seat, w)),
              canvas.truncate(status(view, names, w), theme.TEXT_SIZE, 460), TITLE_H)
    canvas.label(draw, band(M, W - M, HAND_TOP + 16, 34),
                 w("mimic.picture.hand.cards") if heading is None else heading,
                 theme.TEXT_SIZE, bold=True)
    marks: dict[str, list[str]] = {}
    for i, face in enumerate(view["hand"][:HAND_SLOTS]):
        for cell in hand_card(img, draw, view, i, face, targets, w):
            marks.setdefault(cell, []).append(str(i + 1))
    if not view["hand"]:
        canvas.label(draw, (M, HAND_CARDS_Y, W - M, HAND_CARDS_Y + HAND_CARD_H),
                     w("mimic.picture.hand.empty"), theme.TEXT_SIZE, theme.INK_SOFT, "m")
    hand_powers(draw, view["powers"][seat], w)
    if not board:
        return canvas.to_png(img)
    mini_x = (W - MINI_SPAN) // 2
    note = w("mimic.picture.hand.note_fits" if marks else "mimic.picture.hand.note_none")
    canvas.label(draw, band(M, W - M, POWERS_Y + 70, 30), note, SMALL, theme.INK_SOFT, "m")
    grid(img, draw, view, mini_x, MINI_Y, MINI, MINI_GAP, MINI_LABEL, w,
         {cell: "·".join(nums) for cell, nums in marks.items()})
    if lines:
        line_marks(img, lines, mini_x, MINI_Y, MINI, MINI_GAP)
    canvas.label(draw, band(M, W - M, HAND_H - 28, 30), w("mimic.picture.hand.foot"), SMALL,
                 theme.INK_SOFT, "m")
    return canvas.to_png(img)


def hand_card(img: Image.Image, draw: ImageDraw.ImageDraw, view: MimicView, i: int,
              face: Face, targets: Mapping[str, Sequence[str]], w: Words) -> list[str]:
    """Hand card ``i`` in its slot: the card, its number in a disc on its corner, its name
    and how many cells it fits under it. Returns those cells."""
    x = card_box(i, len(view["hand"]))[0] + 6  # the tile, inside its box
    tile = card_tile(face["colour"], face["animal"], HAND_CARD_W, HAND_CARD_H, words=w)
    img.paste(tile, (x, HAND_CARDS_Y), tile)
    disc = (x - 6, HAND_CARDS_Y - 6, x + 36, HAND_CARDS_Y + 36)
    draw.ellipse(disc, fill=theme.ACCENT_DARK, outline=theme.ON_ACCENT, width=2)
    canvas.text(draw, (x + 15, HAND_CARDS_Y + 16), str(i + 1), 28, theme.ON_ACCENT, "mm",
                bold=True, box=disc)
    # The words under the card may take half the gap to each neighbour.
    under = HAND_CARDS_Y + HAND_CARD_H
    column = (x - 6, x + HAND_CARD_W + 6)
    canvas.label(draw, band(*column, under + 18, 28),
                 w(f"mimic.card.{face['colour']}.{face['animal']}"), SMALL, align="m")
    cells = list(targets.get(face["id"], ()))
    fits = w.n("mimic.picture.hand.cells", len(cells)) if cells else \
        w("mimic.picture.hand.no_cell")
    canvas.label(draw, band(*column, under + 46, 28), fits, SMALL,
                 theme.ACCENT_DARK if cells else theme.INK_SOFT, "m", bold=bool(cells))
    return cells


def card_box(i: int, count: int) -> Box:
    """Where hand card ``i`` of ``count`` lies in the hand picture: its tile, the number on
    its corner and the words under it."""
    count = max(min(count, HAND_SLOTS), 1)
    slot = HAND_CARD_W + 12
    x = (W - (count * slot - 12)) // 2 + i * slot
    return x - 6, HAND_CARDS_Y - 6, x + HAND_CARD_W + 6, HAND_CARDS_Y + HAND_CARD_H + CARD_WORDS_H


def hand_powers(draw: ImageDraw.ImageDraw, powers: Mapping[str, Sequence[str]],
                w: Words) -> None:
    """The row of the seat's power cards: the active ones with their action, the used ones
    faded; the row's heading at its left."""
    top, bottom = POWERS_Y + 2, POWERS_Y + 2 + CHIP_H
    canvas.label(draw, (M, top, M + 160, bottom), w("mimic.picture.hand.powers"),
                 theme.TEXT_SIZE, bold=True)
    chips = power_chips(powers, w)
    for chip in chips:
        power_chip(draw, chip.box, chip.colour, used=chip.used, label=chip.label, words=w)
    if not chips:
        canvas.label(draw, (M + 170, top, W - M, bottom), w("mimic.picture.hand.none"),
                     theme.TEXT_SIZE, theme.INK_SOFT)


def power_chips(powers: Mapping[str, Sequence[str]], w: Words) -> list[Chip]:
    """The seat's power cards as the hand picture's row lays them out: the active ones first,
    each as wide as its words, then the used ones."""
    top, bottom = POWERS_Y + 2, POWERS_Y + 2 + CHIP_H
    x = M + 170
    # Each active chip as wide as its words need (longer in Czech), within the row; where
    # a whole label ("Red: remove") does not fit, every chip says its action alone.
    share = (W - M - x - 52 * len(powers["used"])) // max(1, len(powers["active"])) - 8
    short = {c: w(f"mimic.picture.power_short.{c}") for c in powers["active"]}
    labels = {c: w("mimic.picture.power_chip", power=w(f"mimic.power.{c}"), short=short[c])
              for c in powers["active"]}
    if any(canvas.text_width(label, SMALL, bold=True) + 14 > share for label in labels.values()):
        labels = short
    chips = []
    for colour in powers["active"]:
        label = labels[colour]
        chip_w = min(share, max(110, canvas.text_width(label, 23, bold=True) + 20))
        chips.append(Chip(colour, (x, top, x + chip_w, bottom), label, False))
        x += chip_w + 8
    for colour in powers["used"]:
        chips.append(Chip(colour, (x, top, x + 44, bottom), None, True))
        x += 52
    return chips
