"""A replay's pictures as one animated file: an animated GIF or WebP of a whole game.

The boards come in as the PNG bytes the game's own renderer made, step by step; each becomes a
frame scaled down for a phone (Discord shows an animation at the width of the chat), with a
thin strip below it: how far through the game the frame is, as a bar and as "step / steps".
The strip also keeps every frame distinct, so encoders do not fold two equal steps into one
and the file has exactly one frame per step.

Discord refuses a file over the limit of the server it is sent to (10 MiB without boosts; every
interaction says which): `fit` tries narrower frames, then fewer of them (an even sample that
keeps the deal and the end), until the file fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rendering import canvas, theme

FORMATS = {"gif": "GIF", "webp": "WEBP"}
LIMIT = 10 * 1024 * 1024  # Discord's attachment limit on a server without boosts
MARGIN = 64 * 1024  # the request's text and framing travel with the file
MIN_FRAMES = 8  # fewer frames than this are no animation of a game any more
SURELY = 1.3  # a width whose estimated file passes the limit this much is not tried
WIDTHS = (560, 440, 320)  # widest first: a phone shows about 400 px
STRIP = 34  # the progress strip under each frame
FRAME_MS = 900
HOLD_MS = 3000  # the deal and the end stay longer


class TooLarge(ValueError):
    """Even the narrowest frames make a file over the limit."""


def scaled_height(png: bytes, width: int) -> int:
    """The height of a board scaled to ``width`` (only the PNG's header is read)."""
    with Image.open(io.BytesIO(png)) as board:
        return max(1, round(board.height * width / board.width))


def frame(png: bytes, index: int, count: int, width: int, height: int | None = None
          ) -> Image.Image:
    """One step's board scaled to ``width``, with the progress strip below it; ``height`` is
    the frame's board area (every frame of an animation has one size: a game's final picture
    may be taller than its boards), the board at its top."""
    with Image.open(io.BytesIO(png)) as opened:
        board = opened.convert("RGB")
        own = max(1, round(board.height * width / board.width))
        # Hamming: as sharp as Lanczos on flat boards and text at this scale, a third of its
        # time (an export scales up to a hundred and twenty boards).
        scaled = board.resize((width, own), Image.Resampling.HAMMING)
    height = max(height or own, own)
    img = canvas.new(width, height + STRIP, theme.PANEL)
    img.paste(scaled, (0, 0))
    draw = ImageDraw.Draw(img)
    label = f"{index + 1} / {count}"
    room = canvas.text_width(f"{count} / {count}", theme.SMALL_SIZE) + 16
    bar = (8, height + 12, width - room - 8, height + STRIP - 12)
    draw.rounded_rectangle(bar, radius=5, fill=theme.SHADE, outline=theme.PANEL_EDGE)
    done = bar[0] + (bar[2] - bar[0]) * (index + 1) / max(1, count)
    draw.rounded_rectangle((bar[0], bar[1], done, bar[3]), radius=5, fill=theme.ACCENT)
    canvas.text(draw, (width - 8, height + STRIP / 2), label, theme.SMALL_SIZE, theme.INK, "rm",
                bold=True)
    return img


def animate(pngs: Sequence[bytes], fmt: str = "gif", width: int = WIDTHS[0]) -> bytes:
    """The boards as one looping animation, one frame each (first and last held longer)."""
    if not pngs:
        raise ValueError("an animation needs at least one frame")
    count = len(pngs)
    height = max(scaled_height(png, width) for png in pngs)
    frames = [frame(png, i, count, width, height) for i, png in enumerate(pngs)]
    durations = [FRAME_MS] * count
    durations[0] = durations[-1] = HOLD_MS
    buf = io.BytesIO()
    if fmt == "gif":
        # A palette per frame: boards are flat colours, so 256 chosen colours look the same.
        frames = [f.quantize(256, method=Image.Quantize.FASTOCTREE) for f in frames]
        frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:],
                       duration=durations, loop=0, disposal=1, optimize=False)
    elif fmt == "webp":
        frames[0].save(buf, format="WEBP", save_all=True, append_images=frames[1:],
                       duration=durations, loop=0, quality=80, method=2)  # 2: fast, ~5 % larger
    else:
        raise ValueError(f"unknown animation format {fmt!r}")
    return buf.getvalue()


def export(pngs: Sequence[bytes], fmt: str = "gif", limit: int = LIMIT,
           widths: Sequence[int] = WIDTHS) -> bytes:
    """The animation at the widest of ``widths`` whose file stays within ``limit`` bytes.

    Raises:
        TooLarge: not even the narrowest fits.
    """
    tried: tuple[int, int] | None = None  # (width, bytes) of the last file too large
    for width in widths:
        # A file grows about with the frames' area: a width that would surely be too large
        # again is not drawn (an export of a hundred frames takes seconds per try).
        if tried is not None and tried[1] * (width / tried[0]) ** 2 > limit * SURELY:
            continue
        data = animate(pngs, fmt, width)
        if len(data) <= limit:
            return data
        tried = (width, len(data))
    raise TooLarge(f"{len(pngs)} frames do not fit in {limit} bytes")


def fewer(pngs: Sequence[bytes]) -> list[bytes]:
    """About half the frames, evenly spread, keeping the first (the deal) and the last (the
    end)."""
    keep = max(MIN_FRAMES, (len(pngs) + 1) // 2)
    if keep >= len(pngs):
        return list(pngs)
    last = len(pngs) - 1
    return [pngs[round(i * last / (keep - 1))] for i in range(keep)]


def fit(pngs: Sequence[bytes], fmt: str = "gif", limit: int = LIMIT,
        widths: Sequence[int] = WIDTHS) -> tuple[bytes, int]:
    """The animation for a server whose files may have ``limit`` bytes, and its frame count:
    every frame at the widest of ``widths`` that fits, else about half the frames, and so on.

    Raises:
        TooLarge: not even `MIN_FRAMES` narrowest frames fit.
    """
    frames = list(pngs)
    while True:
        try:
            return export(frames, fmt, limit - MARGIN, widths), len(frames)
        except TooLarge:
            thinner = fewer(frames)
            if len(thinner) == len(frames):
                raise
            frames = thinner
