"""The bot's icon: a butterfly on the bot's teal, for the web page's tab and home screen."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from rendering import fonts, theme

BUTTERFLY = "🦋"


def render_icon(size: int = 64) -> bytes:
    """A ``size`` px square icon (PNG): a white butterfly on a rounded teal square."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 5,
                           fill=(*theme.ACCENT, 255))
    fonts.draw(draw, (size / 2, size / 2), BUTTERFLY, int(size * 0.62), theme.ON_ACCENT,
               anchor="mm")
    out = io.BytesIO()  # full colour with its transparent corners; no metadata: same bytes
    img.save(out, format="PNG", compress_level=9, optimize=False)
    return out.getvalue()
