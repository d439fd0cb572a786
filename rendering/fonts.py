"""The pictures' fonts, and text drawn with them: every character drawn by a font that has it.

Inter (from the exactly pinned ``fontpkg-inter``) draws text: Latin with its accents,
Cyrillic, Greek, dashes, arrows. A character Inter lacks is drawn with Noto Emoji (from the
exactly pinned ``manimgx-fonts``) when that has it, and otherwise written out in ASCII by
``anyascii`` ("李雷" → "Li Lei"): a name is never left with a hole or an empty box. Which font
draws a character is read from the fonts' character maps, never guessed from pixels.

Both fonts are variable; regular and bold are two settings of their weight axis. The basic
layout engine is forced, so glyph placement cannot depend on whether libraqm happens to be
installed: the same text gives the same pixels everywhere.
"""

from __future__ import annotations

import functools
import io
import math
import unicodedata
from importlib import resources
from typing import NamedTuple

from anyascii import anyascii
from fontTools.ttLib import TTFont
from PIL import ImageDraw, ImageFont

from rendering import layout

TEXT = "Inter"
EMOJI = "Noto Emoji"

# face → (package, file inside it). Found through importlib.resources, so wherever pip put
# the package.
_FILES = {
    TEXT: ("fontpkg_inter", "files/Inter[opsz,wght].ttf"),
    EMOJI: ("manimgx_fonts", "NotoEmoji[wght].ttf"),
}
FALLBACK_ORDER = (TEXT, EMOJI)
"""The faces asked, in order, for each character; what none has is transliterated."""
EMOJI_STYLE = "\ufe0f"  # variation selector 16: the character before it is meant as an emoji

REGULAR = 400
BOLD = 700
# Noto Emoji's strokes are thinner than Inter's at the same weight: one step heavier keeps an
# emoji as dark as the letters beside it.
_WEIGHTS = {TEXT: (REGULAR, BOLD), EMOJI: (500, BOLD)}
# Inter's optical-size axis runs from 14 to 32: text sizes in px map onto it one to one, so
# small labels get Inter's open spacing and titles its tighter display cut.
_OPSZ = (14, 32)

RGB = tuple[int, int, int]


class Run(NamedTuple):
    """A stretch of text drawn with one face.

    ``source`` is the text it stands for; ``text`` is what is drawn, the same unless the
    source was transliterated.
    """

    text: str
    face: str
    source: str


@functools.cache
def _font_bytes(face: str) -> bytes:
    package, name = _FILES[face]
    return resources.files(package).joinpath(name).read_bytes()


def emoji_subset(characters: str) -> bytes:
    """The pictures' emoji font cut down to ``characters`` (those it has), as a TrueType font:
    what the web page falls back on where a device has no emoji of its own, so its labels
    look like the pictures'. Deterministic: the same characters give the same bytes."""
    from fontTools import subset

    font = TTFont(io.BytesIO(_font_bytes(EMOJI)))
    wanted = sorted(codepoints(EMOJI) & {ord(c) for c in characters})
    options = subset.Options()
    options.name_IDs = ["*"]  # its name and licence stay with it (SIL Open Font License)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=wanted)
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@functools.cache
def codepoints(face: str) -> frozenset[int]:
    """The characters ``face`` has a glyph for (its cmap), read once."""
    cmap = TTFont(io.BytesIO(_font_bytes(face)), lazy=True).getBestCmap()
    return frozenset(cmap)


def covers(face: str, char: str) -> bool:
    """Whether ``face`` has a glyph for the single character ``char``."""
    return ord(char) in codepoints(face)


@functools.cache
def font(size: int, bold: bool = False, face: str = TEXT) -> ImageFont.FreeTypeFont:
    """``face`` at ``size`` px, regular or bold by its weight axis; cached per size."""
    # From the bytes read once per face: no font file is held open per size.
    result = ImageFont.truetype(io.BytesIO(_font_bytes(face)), size,
                                layout_engine=ImageFont.Layout.BASIC)
    settings = {b"Weight": _WEIGHTS[face][bold],
                b"Optical size": min(max(size, _OPSZ[0]), _OPSZ[1])}
    axes = result.get_variation_axes()
    # Pillow's stubs allow an axis without a default; a variable font's axes all have one.
    result.set_variation_by_axes([settings.get(a["name"], a["default"])  # type: ignore[misc]
                                  for a in axes])
    return result


def _transliterate(char: str) -> str:
    """``char`` (which no face has) in ASCII letters, or nothing if it is invisible."""
    category = unicodedata.category(char)
    if category == "Cc":  # a tab or line break inside a name: a space, not a new line
        return " "
    out = anyascii(char)
    if out or category in ("Cf", "Mn", "Me", "Lm") or category[0] == "Z":
        return out  # joiners, stray accents, length marks: nothing to spell
    # A visible character anyascii cannot spell, or one newer than Python's Unicode tables
    # (an emoji of this year): a mark where it stands, rather than a silent gap.
    return "?"


@functools.lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """``text`` split into runs, each drawn by one face (see the module docstring).

    Neighbouring transliterated syllables that each start with a capital ("Li", "Lei") are
    kept apart by a space, so "李雷" reads "Li Lei" rather than "LiLei".
    """
    out: list[Run] = []
    prev_translit = ""
    chars = unicodedata.normalize("NFC", text)
    for i, char in enumerate(chars):
        face: str | None
        if chars[i + 1:i + 2] == EMOJI_STYLE and covers(EMOJI, char):
            face = EMOJI  # "❤️": the sender asked for the emoji, not Inter's text heart
        else:
            face = next((f for f in FALLBACK_ORDER if covers(f, char)), None)
        if face is None:
            drawn = _transliterate(char)
            face = TEXT  # anyascii writes ASCII, which Inter has
            if prev_translit[-1:].isalpha() and drawn[:1].isupper():
                drawn = " " + drawn
            prev_translit = drawn
        else:
            drawn = char
            prev_translit = ""
        if out and out[-1].face == face:
            last = out[-1]
            out[-1] = Run(last.text + drawn, face, last.source + char)
        else:
            out.append(Run(drawn, face, char))
    return tuple(out)


@functools.lru_cache(maxsize=16384)
def advance(part: str, size: int, bold: bool, face: str) -> float:
    """How far one run moves the pen: measured once per text and size, since a board asks
    again for the same names and labels at every edit (a fifth of a render was measuring)."""
    return font(size, bold, face).getlength(part)


def width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of ``text`` at ``size`` px, as :func:`draw` lays it out."""
    return sum(advance(run.text, size, bold, run.face) for run in runs(text))


def _baseline(y: float, vertical: str, size: int, bold: bool) -> float:
    """The baseline for a vertical anchor at ``y``; Inter's metrics place every run.

    Only the anchors that depend on the font, not on the text, are offered: ascender ``a``,
    middle ``m``, baseline ``s`` and descender ``d``.
    """
    ascent, descent = font(size, bold).getmetrics()
    offsets = {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}
    if vertical not in offsets:
        raise ValueError(f"unsupported vertical anchor {vertical!r}")
    return y + offsets[vertical]


def draw(
    surface: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    anchor: str = "la",
    bold: bool = False,
    stroke: RGB | None = None,
    stroke_width: int = 0,
    box: layout.Box | None = None,
) -> None:
    """Draw ``text`` at ``xy`` with Pillow's ``anchor`` (horizontal l/m/r, vertical a/m/s/d).

    Each run is drawn with its own face on one shared baseline; ``stroke`` outlines the
    letters ``stroke_width`` px wide in another colour. ``box`` is where the text must stay
    (the surface when none is given); what was drawn where is reported to ``layout``.
    """
    parts = [(run.text, font(size, bold, run.face), advance(run.text, size, bold, run.face))
             for run in runs(text)]
    total = sum(length for _, _, length in parts)
    x, y = xy
    x -= {"l": 0, "m": total / 2, "r": total}[anchor[0]]
    base = _baseline(y, anchor[1], size, bold)
    ink: list[tuple[float, float, float, float]] = []
    measure = layout.listening()  # the letters' extent costs time: only when a test asks
    for (part, face_font, length), run in zip(parts, runs(text), strict=True):
        left, top, right, bottom = (face_font.getbbox(part, anchor="ls") if measure
                                    else (0, 0, 0, 0))
        if right > left:
            ink.append((x + left - stroke_width, base + top - stroke_width,
                        x + right + stroke_width, base + bottom + stroke_width))
        if stroke is None and surface.fontmode == "L":
            _stamp(surface, (x, base), _mask(part, size, bold, run.face, math.modf(x)[0],
                                            math.modf(base)[0]), fill)
        elif stroke is None:
            surface.text((x, base), part, font=face_font, fill=fill, anchor="ls")
        else:
            surface.text((x, base), part, font=face_font, fill=fill, anchor="ls",
                        stroke_width=stroke_width, stroke_fill=stroke)
        x += length
    if ink:
        layout.note(text, size, (min(i[0] for i in ink), min(i[1] for i in ink),
                                 max(i[2] for i in ink), max(i[3] for i in ink)),
                    box, surface.im.size)


@functools.lru_cache(maxsize=8192)
def _mask(part: str, size: int, bold: bool, face: str, dx: float,
          dy: float) -> tuple[object, tuple[int, int]]:
    """The letters of one run as FreeType paints them at a sub-pixel offset (``dx``, ``dy``),
    with where they sit against the pen: what Pillow's ``text`` would paint, kept, because a
    board draws the same names and labels at the same places at every edit."""
    mask, offset = font(size, bold, face).getmask2(part, "L", anchor="ls", start=(dx, dy))
    return mask, offset


def _stamp(surface: ImageDraw.ImageDraw, xy: tuple[float, float],
           mask: tuple[object, tuple[int, int]], fill: RGB) -> None:
    """Paint a kept run of letters in ``fill`` at the pen position ``xy``, as ``text`` does."""
    letters, (ox, oy) = mask
    ink = surface._getink(fill)[0]
    surface.draw.draw_bitmap((int(xy[0]) + ox, int(xy[1]) + oy), letters, ink)
