"""The shared drawing helpers."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import canvas, fonts, theme

from .colours import near
from .helpers import decode


def test_a_name_keeps_every_visible_character():
    assert canvas.name("Zoë 🦋  Ström", "Player 1") == "Zoë 🦋 Ström"
    assert canvas.name("李小龙", "Player 1") == "李小龙"
    assert canvas.name("🦋🦋", "Player 2") == "🦋🦋"
    assert canvas.name("\U0001fae8", "Player 2") == "\U0001fae8"  # newer than Python's tables
    assert canvas.name("plain ASCII: 1-2!", "Player 1") == "plain ASCII: 1-2!"


def test_only_a_name_with_nothing_to_see_falls_back():
    for raw in ("", "   ", "\u200d", " \ufe0f\t", "\u0301"):
        assert canvas.name(raw, "Player 3") == "Player 3", repr(raw)


def test_truncate_fits_the_width():
    long = "A very long player name that never ends"
    cut = canvas.truncate(long, 24, 150)
    assert cut.endswith(canvas.ELLIPSIS) and canvas.text_width(cut, 24) <= 150
    assert canvas.truncate("Al", 24, 150) == "Al"
    # Bold is wider: measured in the weight it is drawn in.
    cut = canvas.truncate(long, 24, 150, bold=True)
    assert canvas.text_width(cut, 24, bold=True) <= 150
    # A name in several fonts is measured as drawn: emoji, spelled-out Chinese, Cyrillic.
    for name in ("🦊 Foxy the Magnificent", "李雷 and 李小龙 and friends", "Дмитрий Иванович"):
        cut = canvas.truncate(name, 24, 150)
        assert cut.endswith(canvas.ELLIPSIS) and canvas.text_width(cut, 24) <= 150, name


def test_fit_size_shrinks_to_fit():
    size = canvas.fit_size("Show a butterfly nobody has collected", 300, 40)
    assert size < 40 and canvas.text_width("Show a butterfly nobody has collected", size) <= 300


def test_text_is_drawn_with_the_fonts_bold_weight_and_no_fake_stroke():
    def drawn(painter, **kw) -> bytes:
        img = Image.new("RGB", (300, 60), theme.PANEL)
        painter(ImageDraw.Draw(img), (10, 30), "Jiří 🦊", 28, theme.INK, "lm", **kw)
        return img.tobytes()

    assert drawn(canvas.text, bold=True) == drawn(fonts.draw, bold=True)
    assert drawn(canvas.text) == drawn(fonts.draw)
    assert drawn(canvas.text, bold=True) != drawn(canvas.text)


def test_to_png_is_a_stable_palette_picture():
    img = Image.new("RGBA", (30, 20), (10, 200, 30, 255))
    png = canvas.to_png(img)
    assert png == canvas.to_png(img.copy())
    back = decode(png)
    assert back.mode == "P" and near(back.convert("RGB").getpixel((5, 5)), (10, 200, 30))
    assert decode(canvas.to_rgb_png(img)).getpixel((5, 5)) == (10, 200, 30)
