"""Mimikri's picture parts shared by the table, the result card and the guides.

The subject card with its edge letters, a seat's name, the "band" a line of text owns, who
leads, and the colours with a meaning of their own: teal for whose turn it is, gold for a
butterfly found, red for a card turned up in vain. Each colour comes with a shape (the turn
arrow, a tick, a cross), so nobody has to tell the colours apart.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.i18n import Words
from rendering import canvas, theme
from rendering.layout import Box
from rendering.mimikri.art import picture

TURN: theme.RGB = theme.ACCENT  # whose turn: the bot's teal, never gold
TURN_ROW: theme.RGB = (214, 236, 230)  # the turn's row, a light teal
FOUND: theme.RGB = theme.HIGHLIGHT  # the last card turned up was the wanted butterfly
FOUND_ROW: theme.RGB = theme.MEDAL_ROWS[0]
MISSED: theme.RGB = theme.CROSS  # the last card turned up was not
REVEALED: theme.RGB = theme.INK_SOFT  # face up from earlier in this turn: no news


@functools.cache
def subject_card(
    animal: str, size: int, marks: bool = False, tried: tuple[str, ...] = (),
    chosen: str | None = None,
) -> Image.Image:
    """The subject card at ``size`` px; with ``marks`` a frame carries N/E/S/W on its edges.

    ``tried`` edges are crossed out in the frame and a ``chosen`` edge is highlighted, so the
    table sees which way round the card went in. The frame is never narrower than a letter
    legible on a phone (theme.MIN_TEXT). Cached (so ``tried`` is a tuple): treat the result
    as read-only.
    """
    if not marks:
        return picture(animal, size)
    band = max(28, size // 7)
    img = Image.new("RGB", (size, size), theme.CARD_FACE)
    draw = ImageDraw.Draw(img)
    canvas.card(draw, (0, 0, size - 1, size - 1), theme.CARD_FACE, theme.INK, 2, radius=band // 2)
    img.paste(picture(animal, size - 2 * band), (band, band))
    letter = max(theme.MIN_TEXT, int(band * 0.8))
    centres = {"N": (size / 2, band / 2), "E": (size - band / 2, size / 2),
               "S": (size / 2, size - band / 2), "W": (band / 2, size / 2)}
    for edge, (x, y) in centres.items():
        # Each letter owns the square of frame at its edge's middle.
        square = (x - band / 2, y - band / 2, x + band / 2, y + band / 2)
        if edge == chosen:
            r = band / 2 - 1
            # The edge that went in: teal, like the turn (gold means "found").
            draw.ellipse((x - r, y - r, x + r, y + r), fill=TURN)
        if edge in tried:
            # Faded letter, struck through: still legible, clearly ruled out.
            canvas.label(draw, square, edge, letter, theme.INK_FAINT, "m", bold=True)
            h = band * 0.42
            draw.line([(x - h, y + h), (x + h, y - h)], fill=theme.CROSS, width=max(2, band // 8))
        else:
            ink = theme.ON_ACCENT if edge == chosen else theme.INK
            canvas.label(draw, square, edge, letter, ink, "m", bold=True)
    return img


def name(names: Sequence[str], seat: int, w: Words, width: int | None = None,
         size: int = theme.TEXT_SIZE) -> str:
    """The seat's display name ("Player N" if it has nothing visible), cut to ``width`` px."""
    raw = names[seat] if seat < len(names) else ""
    shown = canvas.name(raw, w("mimikri.picture.player", number=w.number(seat + 1)))
    return shown if width is None else canvas.truncate(shown, size, width)


def band(left: float, right: float, middle: float, height: float) -> Box:
    """The box from ``left`` to ``right`` whose ``height`` px are centred on ``middle``: a line
    of text owns the band it is centred in."""
    return (left, middle - height / 2, right, middle + height / 2)


def winners(collected: list[list[str]]) -> list[int]:
    """The seats with the most butterflies (all of them when they share the lead)."""
    best = max((len(c) for c in collected), default=0)
    return [s for s, c in enumerate(collected) if len(c) == best]


def badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, found: bool) -> None:
    """The mark on the last card turned up: a gold disc with a tick (found) or a red disc
    with a cross (missed), ringed in white so it stands out on any card."""
    draw.ellipse((cx - r - 3, cy - r - 3, cx + r + 3, cy + r + 3), fill=theme.ON_ACCENT)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=FOUND if found else MISSED)
    width = max(3, round(r / 4))
    if found:
        draw.line([(cx - r * 0.5, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.4),
                   (cx + r * 0.55, cy - r * 0.4)], fill=theme.INK, width=width, joint="curve")
    else:
        h = r * 0.42
        canvas.cross(draw, (cx - h, cy - h, cx + h, cy + h), theme.ON_ACCENT, width)
