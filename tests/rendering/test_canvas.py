"""The shared drawing helpers."""

from __future__ import annotations

from PIL import Image

from rendering import canvas

from .helpers import decode


def test_clean_keeps_what_the_font_can_draw():
    assert canvas.clean("Zoë 🦋  Ström") == "Zoe Strom"
    assert canvas.clean("李小龙") == ""
    assert canvas.clean("plain ASCII: 1-2!") == "plain ASCII: 1-2!"


def test_truncate_fits_the_width():
    long = "A very long player name that never ends"
    cut = canvas.truncate(long, 24, 150)
    assert cut.endswith(canvas.ELLIPSIS) and canvas.text_width(cut, 24) <= 150
    assert canvas.truncate("Al", 24, 150) == "Al"


def test_fit_size_shrinks_to_fit():
    size = canvas.fit_size("Show a butterfly nobody has collected", 300, 40)
    assert size < 40 and canvas.text_width("Show a butterfly nobody has collected", size) <= 300


def test_to_png_is_stable_and_lossless():
    img = Image.new("RGBA", (30, 20), (10, 200, 30, 255))
    png = canvas.to_png(img)
    assert png == canvas.to_png(img.copy())
    back = decode(png)
    assert back.mode == "RGB" and back.getpixel((5, 5)) == (10, 200, 30)
