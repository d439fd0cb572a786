"""Palette PNGs: every picture kind saved with 256 colours looks like its full-colour picture
(the colour-blind patterns and letters included), is smaller, and is the same every time."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.i18n import words
from rendering import canvas

from .gallery import pictures


def _drawn(render, monkeypatch) -> tuple[Image.Image, tuple[int, ...]]:
    """The picture ``render`` draws, caught before it is encoded, and the colours asked for."""
    caught: list[tuple[Image.Image, tuple[int, ...]]] = []
    real = canvas.to_png

    def catch(img: Image.Image, *colours: int) -> bytes:
        caught.append((img.convert("RGB"), colours))
        return real(img, *colours)

    monkeypatch.setattr(canvas, "to_png", catch)
    render()
    return caught[-1]


GALLERY = pictures(words("cs"))


@pytest.mark.parametrize("kind", list(GALLERY))
def test_the_palette_picture_matches_the_full_colour_one(kind, monkeypatch):
    img, colours = _drawn(GALLERY[kind], monkeypatch)
    png = canvas.to_png(img, *colours)
    back = Image.open(io.BytesIO(png)).convert("RGB")
    diff = ImageChops.difference(img, back).convert("L").histogram()
    pixels = img.width * img.height
    mean = sum(level * count for level, count in enumerate(diff)) / pixels
    # On average a pixel moves by about one level in 255; hardly any by more than 16 (the
    # anti-aliased rims of letters and patterns): every pattern, letter and colour reads alike.
    assert mean < 1.5, mean
    assert sum(diff[17:]) / pixels < 0.01
    assert sum(diff[49:]) == 0, "no pixel changes colour visibly"
    assert len(png) < 0.6 * len(canvas.to_rgb_png(img))
    assert png == canvas.to_png(img.copy(), *colours)
