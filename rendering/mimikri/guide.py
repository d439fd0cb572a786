"""Mimikri's two explaining pictures: the camera holder's preview and "/mimikri rules".

Both are ``BOARD_WIDTH`` wide like the table, with every word at theme.MIN_TEXT or more, in
the reader's language (``w``).
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.games.mimikri.rules import ORIENTATIONS
from bot.i18n import Words
from rendering import canvas, theme
from rendering.mimikri.art import butterfly, picture, turned, window_mask
from rendering.mimikri.parts import band, subject_card

W = theme.BOARD_WIDTH
M = theme.MARGIN


def render_preview(animal: str, tried: list[str], title: str, w: Words) -> bytes:
    """The four butterflies ``animal``'s card can show, labelled by edge; tried ones crossed.
    ``title`` is the caller's: it depends on who is looking (the holder or someone else); the
    labels are in ``w``'s words (the reader's)."""
    card_size, gap = 200, 14
    pic = (W - 2 * M - card_size - 30 - 3 * gap) // 4
    bar, heads = 84, 64  # a title of two lines (a long name), headings of two lines
    top = bar + heads
    height = top + pic + 60
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, W, bar), fill=theme.ACCENT)
    title_size = theme.TEXT_SIZE + 4
    if canvas.text_width(title, title_size, bold=True) <= W - 2 * M:
        canvas.label(draw, (M, 0, W - M, bar), title, title_size, theme.ON_ACCENT, bold=True)
    else:
        canvas.paragraph(draw, (M, 8, W - M, bar - 6), title, title_size, theme.ON_ACCENT,
                         bold=True, leading=1.2)
    img.paste(subject_card(animal, card_size, True, tuple(tried)), (M, top))
    for i, edge in enumerate(ORIENTATIONS):
        x = M + card_size + 30 + i * (pic + gap)
        # Each tile's heading owns the band between the title bar and the tile: one line, or
        # two at the smallest size rather than cut.
        head, box = w("mimikri.picture.edge_first", edge=edge), (x, bar + 4, x + pic, top - 4)
        if canvas.text_width(head, theme.TEXT_SIZE, bold=True) <= pic:
            canvas.label(draw, box, head, theme.TEXT_SIZE, align="m", bold=True)
        else:
            canvas.paragraph(draw, box, head, theme.MIN_TEXT, align="m", bold=True,
                             leading=1.2)
        tile = butterfly(animal, edge, pic)
        if edge in tried:
            # Faded and crossed: that orientation showed a collected butterfly this turn.
            tile = Image.blend(tile, Image.new("RGB", tile.size, theme.BACKGROUND), 0.6)
        img.paste(tile, (x, top))
        draw.rectangle((x, top, x + pic - 1, top + pic - 1), outline=theme.PANEL_EDGE, width=2)
        if edge in tried:
            canvas.cross(draw, (x + 20, top + 20, x + pic - 20, top + pic - 20), width=8)
            canvas.label(draw, band(x, x + pic, top + pic + 24, 36), w("mimikri.picture.tried"),
                         theme.TEXT_SIZE, theme.CROSS, "m", bold=True)
    return canvas.to_png(img)


def render_rules(w: Words) -> bytes:
    """One picture for "/mimikri rules": card, window and mirror, butterfly, find the card; its
    captions in ``w``'s words (the reader's)."""
    panel, gap, top = 200, 48, 90
    left = (W - (4 * panel + 3 * gap)) // 2
    lines_h, size = 28, theme.MIN_TEXT
    height = top + panel + 16 + 5 * lines_h + 12
    img = canvas.new(W, height)
    draw = ImageDraw.Draw(img)
    canvas.title_bar(img, w("mimikri.picture.rules.title"), w("mimikri.picture.rules.subtitle"),
                     64)
    animal, edge = "chameleon", "E"
    xs = [left + i * (panel + gap) for i in range(4)]
    # 1: the subject card, E edge chosen.
    img.paste(subject_card(animal, panel, True, (), edge), (xs[0], top))
    # 2: the turned card under the camera: outside the half-wing window is dimmed.
    img.paste(_window_view(animal, edge, panel, w), (xs[1], top))
    # 3: the mirror completes the butterfly.
    img.paste(butterfly(animal, edge, panel), (xs[2], top))
    # 4: find it among face-down cards.
    _mini_grid(img, draw, xs[3], top, panel, butterfly(animal, edge, panel // 3 - 14))
    for i in range(3):
        ax = xs[i] + panel + 8
        draw.polygon([(ax, top + panel / 2 - 12), (ax + gap - 16, top + panel / 2),
                      (ax, top + panel / 2 + 12)], fill=theme.ACCENT)
    # A caption's first line (up to the catalogue's first break) is its heading, in bold (on
    # two lines if need be); the rest is wrapped to its column, which reaches half a gap past
    # the panel on either side, leaving 8 px between columns.
    for i, x in enumerate(xs):
        head, _, rest = w(f"mimikri.picture.rules.step{i + 1}").partition("\n")
        x0, x1 = x - (gap - 8) / 2, x + panel + (gap - 8) / 2
        y = top + panel + 16
        y += canvas.paragraph(draw, (x0, y, x1, y + 2 * lines_h), head, size, theme.INK, "m",
                              bold=True, leading=lines_h / size)
        canvas.paragraph(draw, (x0, y, x1, height - 8), " ".join(rest.split()), size,
                         theme.INK_SOFT, "m", leading=lines_h / size)
    return canvas.to_png(img)


def _window_view(animal: str, edge: str, size: int, w: Words) -> Image.Image:
    """The card turned edge-first with everything outside the camera window dimmed."""
    card = turned(picture(animal, size), edge)
    mask = window_mask().resize((size, size), Image.Resampling.LANCZOS)
    dim = Image.blend(card, Image.new("RGB", card.size, (255, 255, 255)), 0.7)
    out = Image.composite(card, dim, mask)
    # Outline the window so the half-wing shape stands out from the dimmed card.
    rim = ImageChops.subtract(mask.filter(ImageFilter.MaxFilter(5)), mask)
    out.paste(theme.BUTTERFLY_BODY, (0, 0, size, size), rim)
    draw = ImageDraw.Draw(out)
    draw.line([(size / 2, 0), (size / 2, size)], fill=theme.ACCENT, width=3)  # the mirror
    # The word sits in the right half's bottom strip, clear of the mirror line and the frame.
    canvas.label(draw, (size / 2 + 4, size - 32, size - 4, size - 2),
                 w("mimikri.picture.rules.mirror"), theme.MIN_TEXT, theme.ACCENT_DARK, "m",
                 bold=True)
    draw.rectangle((0, 0, size - 1, size - 1), outline=theme.INK, width=2)
    return out


def _mini_grid(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y0: int, size: int,
               found: Image.Image) -> None:
    """A 3 × 3 patch of the table, one card turned up showing the wanted butterfly."""
    cell = size // 3
    for r in range(3):
        for c in range(3):
            box = (x0 + c * cell + 3, y0 + r * cell + 3, x0 + (c + 1) * cell - 3,
                   y0 + (r + 1) * cell - 3)
            if (r, c) == (1, 2):
                canvas.card(draw, box, theme.CARD_FACE, theme.HIGHLIGHT, 4, radius=8)
                img.paste(found, (box[0] + 4, box[1] + 4))
            else:
                canvas.card(draw, box, theme.CARD_BACK, theme.ACCENT_DARK, 2, radius=8)
                canvas.label(draw, box, f"{'ABC'[r]}{c + 1}", theme.MIN_TEXT, theme.ON_ACCENT,
                             "m")
