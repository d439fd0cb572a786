"""The camera's butterflies: symmetric, all 20 different, one palette per animal."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageOps, ImageStat

from bot.games.mimikri.rules import ANIMALS, ORIENTATIONS
from rendering import theme
from rendering.mimikri import butterfly, subject_card
from rendering.mimikri.art import wing_mask

SIZE = 96  # about a grid cell's butterfly on a phone
KEYS = [(a, o) for a in ANIMALS for o in ORIENTATIONS]


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0..255."""
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


@pytest.fixture(scope="module")
def images() -> dict[tuple[str, str], Image.Image]:
    return {key: butterfly(*key, SIZE) for key in KEYS}


def test_every_butterfly_is_mirror_symmetric(images):
    for key, img in images.items():
        assert mean_diff(img, ImageOps.mirror(img)) < 0.5, key


def test_the_twenty_butterflies_are_pairwise_different(images):
    for k1, k2 in itertools.combinations(KEYS, 2):
        # Measured: the closest pair (two snake butterflies) differs by about 17.
        assert mean_diff(images[k1], images[k2]) > 10, (k1, k2)


def test_a_subject_card_is_not_symmetric_under_turns():
    # Otherwise two orientations would show the same butterfly.
    for animal in ANIMALS:
        card = subject_card(animal, 64)
        for turn in (Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180,
                     Image.Transpose.ROTATE_270, Image.Transpose.FLIP_LEFT_RIGHT):
            assert mean_diff(card, card.transpose(turn)) > 15, (animal, turn)


def _dominant(img: Image.Image) -> dict[theme.RGB, float]:
    """Share of the wing area per palette colour (pixels snapped to the nearest colour)."""
    colours = sorted({c for p in theme.PALETTES.values() for c in p} | {(0, 0, 0)})
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c] + [0, 0, 0] * (256 - len(colours)))
    snapped = img.convert("RGB").quantize(len(colours), palette=pal, dither=Image.Dither.NONE)
    # Inside the wings only, away from the rim and the body on the mirror line.
    wings = wing_mask(img.width).point(lambda v: 255 if v == 255 else 0)
    body = Image.new("L", img.size, 255)
    body.paste(0, (img.width * 44 // 100, 0, img.width * 56 // 100, img.height))
    counts = snapped.histogram(mask=ImageChops.multiply(wings, body))
    total = sum(counts)
    return {colours[i]: n / total for i, n in enumerate(counts[: len(colours)]) if n}


def _own(animal: str, colour: theme.RGB) -> bool:
    """Whether ``colour`` is (nearly) one of the animal's colours or black.

    Nearly: the snake's and the toucan's yellows, say, are a few steps apart.
    """
    return any(sum((a - b) ** 2 for a, b in zip(colour, c, strict=True)) < 20 ** 2
               for c in (*theme.PALETTES[animal], (0, 0, 0)))


def test_butterflies_are_painted_in_their_animals_palette(images):
    for (animal, orientation), img in images.items():
        shares = _dominant(img)
        in_palette = sum(v for c, v in shares.items() if _own(animal, c))
        assert in_palette > 0.9, (animal, orientation, in_palette)
        assert all(_own(animal, c) for c, v in shares.items() if v >= 0.05), (animal, shares)


def test_one_animals_butterflies_share_colours_but_differ(images):
    for animal in ANIMALS:
        main = [{c for c, v in _dominant(images[animal, o]).items() if v >= 0.05}
                for o in ORIENTATIONS]
        for a, b in itertools.combinations(main, 2):
            assert a & b, (animal, a, b)
        for o1, o2 in itertools.combinations(ORIENTATIONS, 2):
            assert mean_diff(images[animal, o1], images[animal, o2]) > 10, (animal, o1, o2)


def test_butterfly_is_cached_and_rejects_bad_orientations():
    assert butterfly("frog", "N", 40) is butterfly("frog", "N", 40)
    with pytest.raises(ValueError):
        butterfly("frog", "X", 40)


def test_edge_marks_frame_the_card():
    plain, marked = subject_card("sloth", 120), subject_card("sloth", 120, marks=True)
    assert plain.size == marked.size == (120, 120)
    assert mean_diff(plain, marked) > 5
    tried = subject_card("sloth", 120, marks=True, tried=("N",))
    assert tried.tobytes() != marked.tobytes()
