"""The pictures' fonts: which text is drawn with which font, and what is spelled out instead."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from rendering import fonts
from rendering.fonts import EMOJI, TEXT, Run

# Names Inter has every letter of: drawn exactly as written.
COVERED = ["Kristýna", "Jiří Dvořák", "Łukasz", "Ørjan", "Дмитрий", "Ελένη",
           "Hospoda U Šťastného"]


@pytest.mark.parametrize("name", COVERED)
def test_latin_cyrillic_and_greek_names_are_drawn_exactly_with_inter(name):
    assert fonts.runs(name) == (Run(name, TEXT, name),)


def test_chinese_is_spelled_out_syllable_by_syllable():
    assert not any(fonts.covers(face, "李") for face in fonts.FALLBACK_ORDER)
    assert fonts.runs("李雷") == (Run("Li Lei", TEXT, "李雷"),)
    assert fonts.runs("Bob 李小龙") == (Run("Bob Li Xiao Long", TEXT, "Bob 李小龙"),)


def test_emoji_are_drawn_with_the_emoji_font():
    assert fonts.runs("🦊 Foxy") == (Run("🦊", EMOJI, "🦊"), Run(" Foxy", TEXT, " Foxy"))
    assert fonts.runs("Zoë 🦋") == (Run("Zoë ", TEXT, "Zoë "), Run("🦋", EMOJI, "🦋"))
    # A heart with the emoji selector is the emoji's heart, not Inter's text heart.
    assert fonts.covers(TEXT, "❤")
    assert fonts.runs("❤\ufe0f") == (Run("❤\ufe0f", EMOJI, "❤\ufe0f"),)


def test_what_no_font_has_is_spelled_never_dropped():
    assert fonts.runs("Ørjan 東京") == (Run("Ørjan Dong Jing", TEXT, "Ørjan 東京"),)
    # An emoji newer than the emoji font, and than Python's Unicode tables: still a mark.
    newest = "\U0001faea"
    assert not any(fonts.covers(face, newest) for face in fonts.FALLBACK_ORDER)
    assert fonts.runs(f"Ann{newest}") == (Run("Ann?", TEXT, f"Ann{newest}"),)
    # Invisible joiners need no spelling; a tab is a space, never a line break.
    assert fonts.runs("A\tB") == (Run("A B", TEXT, "A\tB"),)


def test_decomposed_accents_are_drawn_as_the_composed_letters():
    assert fonts.runs("Kristy\u0301na") == (Run("Kristýna", TEXT, "Kristýna"),)


def test_coverage_comes_from_the_character_maps():
    inter = fonts.codepoints(TEXT)
    assert {ord(c) for c in "ýřŁØДλ–→✓…·"} <= inter
    assert ord("李") not in inter and ord("🦊") not in inter
    assert ord("🦊") in fonts.codepoints(EMOJI)
    assert fonts.codepoints(TEXT) is inter  # read once


def test_width_measures_what_is_drawn():
    assert fonts.width("李雷", 24) == fonts.width("Li Lei", 24)
    assert fonts.width("🦊 Foxy", 24) == pytest.approx(
        fonts.font(24, face=EMOJI).getlength("🦊") + fonts.font(24).getlength(" Foxy"))
    assert fonts.width("Jiří", 24, bold=True) > fonts.width("Jiří", 24)


WHITE = (255, 255, 255)


def _blank() -> Image.Image:
    return Image.new("RGB", (420, 70))


def _drawn(content: str, size: int = 32, bold: bool = False) -> Image.Image:
    img = _blank()
    fonts.draw(ImageDraw.Draw(img), (10, 35), content, size, WHITE, "lm", bold)
    return img


def _ink(img: Image.Image) -> int:
    return sum(i * n for i, n in enumerate(img.convert("L").histogram()))


def test_bold_is_the_fonts_bold_weight_not_a_stroke():
    img = _blank()
    ImageDraw.Draw(img).text((10, 50), "Jiří Dvořák", font=fonts.font(32, bold=True),
                             fill=WHITE, anchor="ls")
    bold = _blank()
    fonts.draw(ImageDraw.Draw(bold), (10, 50), "Jiří Dvořák", 32, WHITE, "ls", bold=True)
    assert bold.tobytes() == img.tobytes()  # the bold font as it is, nothing drawn around it
    assert _ink(bold) > 1.2 * _ink(_drawn("Jiří Dvořák"))


def test_an_emoji_is_a_drawn_glyph_not_a_missing_glyph_box():
    fox = _drawn("🦊")
    assert fox.getbbox() is not None
    notdef = _blank()  # what Inter alone would draw: its missing-glyph box
    ImageDraw.Draw(notdef).text((10, 35), "🦊", font=fonts.font(32), fill=WHITE, anchor="lm")
    assert ImageChops.difference(fox, notdef).getbbox() is not None


def test_mixed_runs_share_one_baseline_and_the_anchor():
    # Right-anchored text ends at the anchor whatever fonts it is made of.
    for content in ("Foxy", "🦊 Foxy", "李雷 🦊"):
        img = _blank()
        fonts.draw(ImageDraw.Draw(img), (400, 35), content, 32, WHITE, "rm")
        box = img.getbbox()
        assert box is not None and 390 <= box[2] <= 401, content
    # The emoji's run and the letters stand on the same line: the fox sits beside the "F".
    img = _drawn("🦊 Foxy")
    fox = img.crop((0, 0, 50, 70)).getbbox()
    foxy = img.crop((50, 0, 420, 70)).getbbox()
    assert fox is not None and foxy is not None
    assert abs(fox[3] - foxy[3]) <= 8


def test_text_is_the_same_pixels_every_time():
    first = _drawn("Jiří 🦊 李雷 Ελένη", bold=True).tobytes()
    fonts.font.cache_clear()
    fonts.runs.cache_clear()
    assert _drawn("Jiří 🦊 李雷 Ελένη", bold=True).tobytes() == first


@pytest.mark.parametrize("xy", [(10, 30), (10.5, 30.25), (11.75, 29.5)])
def test_kept_letters_paint_what_pillow_paints(xy):
    """Letters are painted from a cache of FreeType's masks: the same pixels Pillow's own
    ``text`` gives, at whole and at fractional positions, in every face."""
    words = "Kristýna Дмитрий 🦊"
    size = 26
    ours = Image.new("RGB", (400, 50), "white")
    fonts.draw(ImageDraw.Draw(ours), xy, words, size, (30, 20, 10), anchor="ls")
    pillows = Image.new("RGB", (400, 50), "white")
    x, y = xy
    for run in fonts.runs(words):
        ImageDraw.Draw(pillows).text((x, y), run.text, font=fonts.font(size, False, run.face),
                                     fill=(30, 20, 10), anchor="ls")
        x += fonts.font(size, False, run.face).getlength(run.text)
    assert ImageChops.difference(ours, pillows).getbbox() is None
    again = Image.new("RGB", (400, 50), "white")
    fonts.draw(ImageDraw.Draw(again), xy, words, size, (30, 20, 10), anchor="ls")  # kept
    assert again.tobytes() == ours.tobytes()
