"""The replay animation: one frame per step (equal steps too), every frame one size, a
looping file in either format, narrower frames when the file would pass Discord's limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import canvas
from rendering.replay import STRIP, TooLarge, animate, export


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
