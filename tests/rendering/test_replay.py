"""The replay animation: one frame per step (equal steps too), every frame one size, a
looping file in either format, narrower frames (then fewer) when the file would pass the
limit of the server it is sent to."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from rendering import canvas
from rendering.replay import MIN_FRAMES, STRIP, TooLarge, animate, export, fewer, fit


def board(colour: tuple[int, int, int], height: int = 600) -> bytes:
    img = Image.new("RGB", (1000, height), colour)
    return canvas.to_png(img)


def opened(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_one_frame_per_step_even_when_steps_look_alike(fmt):
    same = board((200, 30, 30))
    pngs = [same, same, same, board((30, 30, 200), 800), same]
    data = animate(pngs, fmt, width=300)
    img = opened(data)
    assert img.format == fmt.upper()
    assert img.n_frames == len(pngs)
    assert img.info.get("loop") == 0
    # One size for all frames: the tallest board (800 → 240 at 300 wide) and the strip.
    assert img.size == (300, 240 + STRIP)


def test_the_strip_tells_how_far_the_game_is():
    pngs = [board((255, 255, 255))] * 4
    img = opened(animate(pngs, "gif", width=300))
    ink = []
    for index in range(4):
        img.seek(index)
        strip = img.convert("RGB").crop((0, 180, 300, 180 + STRIP))
        teal = [px for px in strip.get_flattened_data() if px[1] > px[0] + 40]  # the bar
        ink.append(len(teal))
    assert ink == sorted(ink) and ink[0] < ink[-1]


def test_a_file_over_the_limit_is_made_narrower():
    pngs = [board((i * 40 % 256, 90, 160)) for i in range(6)]
    wide = animate(pngs, "gif", width=500)
    data = export(pngs, "gif", limit=len(wide) - 1, widths=(500, 200))
    assert opened(data).size[0] == 200
    with pytest.raises(TooLarge):
        export(pngs, "gif", limit=10, widths=(500, 200))


def test_unknown_format_and_no_frames_are_refused():
    with pytest.raises(ValueError):
        animate([board((0, 0, 0))], "bmp")
    with pytest.raises(ValueError):
        animate([], "gif")


MIB = 1024 * 1024


def noise(seed: int, height: int = 700) -> bytes:
    """A board as costly to pack as a board can be (every pixel its own)."""
    return canvas.to_png(Image.frombytes("RGB", (560, height),
                                         random.Random(seed).randbytes(560 * height * 3)))


@pytest.mark.parametrize(("mib", "width"), [(25, 560), (10, 440)])
def test_the_file_fits_the_servers_limit_10_or_25_mib(mib, width):
    """Thirty-six hard frames make about 14 MiB at full width: a server without boosts (10 MiB)
    gets them narrower, one allowing 25 MiB at full width; every frame both times."""
    pngs = [noise(i) for i in range(36)]
    data, count = fit(pngs, "gif", limit=mib * MIB)
    assert len(data) <= mib * MIB and count == 36
    img = opened(data)
    assert img.size[0] == width and img.n_frames == 36


def test_when_no_width_fits_the_frames_are_fewer_keeping_the_deal_and_the_end():
    pngs = [board((i * 7 % 256, 90, 160)) for i in range(40)]
    half = fewer(pngs)
    assert len(half) == 20 and half[0] is pngs[0] and half[-1] is pngs[-1]
    narrow = animate(pngs[:25], "gif", width=200)
    data, count = fit(pngs, "gif", limit=len(narrow) + 64 * 1024, widths=(500, 200))
    assert MIN_FRAMES <= count < 40 and opened(data).n_frames == count
    with pytest.raises(TooLarge):
        fit(pngs, "gif", limit=64 * 1024 + 10, widths=(500, 200))
