"""Every picture, in both languages, with 40-character names: no text leaves its box.

Each text a renderer draws is recorded with the box it was given (``rendering.layout``); a
text given no box must at least stay inside the picture. Czech runs longer than English and
the names here are as long as a Discord name gets, in several scripts, so this is where a
label that would spill over its panel, its neighbour or the picture's edge shows itself.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.i18n import words
from rendering import canvas, layout, theme

from .gallery import LONG_NAMES, pictures

LANGUAGES = ("en", "cs")


GALLERY = {language: pictures(words(language)) for language in LANGUAGES}
BOXED: tuple[str, ...] = ("leaderboard", "solo board", "stats", "schicki", "mimikri",
                          "mimic")
"""The picture kinds (by name prefix) whose every text names its box."""
SIZED: tuple[str, ...] = ("leaderboard", "solo board", "stats", "mimikri", "schicki",
                          "mimic", "mariposas")
"""The picture kinds (by name prefix) whose every text is at least theme.MIN_TEXT (scaled to
the picture's width): legible on a phone."""


@pytest.mark.parametrize(("language", "kind"),
                         [(lang, kind) for lang in LANGUAGES for kind in GALLERY[lang]])
def test_no_text_leaves_its_box(language, kind):
    with layout.recording() as placed:
        png = GALLERY[language][kind]()
    assert placed, "a picture with no text at all: is the recorder still wired in?"
    failures = [f"{p.text!r} at {p.size} px, ink {tuple(map(round, p.ink))} outside "
                f"{tuple(map(round, p.box))} on {p.surface}" for p in placed if p.escapes()]
    if kind.startswith(BOXED):
        failures += [f"{p.text!r} was drawn without naming its box" for p in placed
                     if not p.boxed]
    if kind.startswith(SIZED):
        smallest = theme.MIN_TEXT * Image.open(io.BytesIO(png)).width / theme.BOARD_WIDTH
        failures += [f"{p.text!r} at {p.size} px, below {smallest:.1f}" for p in placed
                     if p.size < smallest - 0.01]
    assert not failures, "\n".join(failures)


def test_the_gallery_names_are_long_and_in_several_scripts():
    assert min(len(n) for n in LONG_NAMES) >= 36
    assert any("Д" in n for n in LONG_NAMES) and any("ř" in n for n in LONG_NAMES)


def test_the_recorder_catches_text_that_spills_over_its_box():
    img = Image.new("RGB", (300, 60))
    draw = ImageDraw.Draw(img)
    with layout.recording() as placed:
        canvas.text(draw, (10, 30), "Kristýna Dvořáková", 24, anchor="lm", box=(0, 0, 80, 60))
        canvas.text(draw, (250, 30), "Дмитрий", 24, anchor="lm")  # past the picture's edge
        canvas.label(draw, (0, 0, 80, 60), "Kristýna Dvořáková", 24)
    assert [p.escapes() for p in placed] == [True, True, False]


def test_a_label_shrinks_then_cuts_and_a_paragraph_wraps_inside_its_box():
    img = Image.new("RGB", (400, 200))
    draw = ImageDraw.Draw(img)
    with layout.recording() as placed:
        size = canvas.label(draw, (0, 0, 200, 40), LONG_NAMES[0], 30, min_size=14)
        used = canvas.paragraph(draw, (0, 50, 200, 200), " ".join(LONG_NAMES[:3]), 24)
    assert size == 14 and placed[0].text.endswith(canvas.ELLIPSIS)
    assert len(placed) > 2 and 0 < used <= 150
    assert not [p for p in placed if p.escapes()]


def test_nothing_is_recorded_unless_asked():
    img = Image.new("RGB", (100, 40))
    canvas.text(ImageDraw.Draw(img), (0, 20), "x", 20, anchor="lm")
    assert not layout.listening()
