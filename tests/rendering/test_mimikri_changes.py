"""What changed on the Mimikri table, and how the game ended, can be seen (and told apart).

The last card turned up carries its mark on that very card (a tick on gold: found; a cross on
red: missed); whose turn it is shows in teal, never in the "found" gold; the finished game is
a result card that names the winner.
"""

from __future__ import annotations

import copy

import pytest
from PIL import Image

from bot.games.mimikri.views import MimikriView
from bot.i18n import words
from rendering import layout, mimikri
from rendering.mimikri import parts as mimikri_parts
from rendering.mimikri.result import ranking

from .colours import near
from .helpers import NAMES, decode, view_in

EN = words("en")


def _mark_pixel(img: Image.Image, index: int, cells: int) -> tuple[int, ...]:
    """A pixel of the mark's disc on cell ``index``, clear of the tick or cross inside it."""
    cx, cy = mimikri.badge_centre(index, cells)
    found = img.convert("RGB").getpixel((cx, cy - 14))
    assert isinstance(found, tuple)  # an RGB image's pixel
    return found


def _with_last(view: MimikriView, index: int, found: bool) -> MimikriView:
    view = copy.deepcopy(view)
    cell = view["grid"][index]
    view["last"] = {"seat": 0, "pos": cell["pos"], "butterfly": cell["butterfly"] or "frog:N",
                    "found": found}
    return view


@pytest.fixture(scope="module")
def search() -> MimikriView:
    view = view_in("search", 4, 5, face_up=True)
    view["last"] = None
    return view


def test_the_mark_is_drawn_on_the_card_just_turned_up_and_nowhere_else(search):
    cells = len(search["grid"])
    up = next(i for i, c in enumerate(search["grid"]) if c["face"] == "up")
    plain = decode(mimikri.render_board(search, NAMES[:4], EN))
    missed = decode(mimikri.render_board(_with_last(search, up, False), NAMES[:4], EN))
    assert near(_mark_pixel(missed, up, cells), mimikri_parts.MISSED)
    assert not near(_mark_pixel(plain, up, cells), mimikri_parts.MISSED)
    for other in range(cells):
        if other != up:
            assert _mark_pixel(missed, other, cells) == _mark_pixel(plain, other, cells), other


def test_a_card_found_keeps_its_place_for_one_move_marked_gold(search):
    cells = len(search["grid"])
    gone = next(i for i, c in enumerate(search["grid"]) if c["face"] == "down")
    view = _with_last(search, gone, True)
    view["grid"][gone]["face"] = "gone"  # found: it left the table
    found = decode(mimikri.render_board(view, NAMES[:4], EN))
    assert near(_mark_pixel(found, gone, cells), mimikri_parts.FOUND)
    view["last"] = None
    assert not near(_mark_pixel(decode(mimikri.render_board(view, NAMES[:4], EN)), gone, cells),
                    mimikri_parts.FOUND)


def test_found_and_missed_differ_in_shape_not_only_colour(search):
    # Inside each disc, the mark is what stands out from the disc's own colour: a tick and a
    # cross must cover different pixels, so the two read apart in black and white.
    up = next(i for i, c in enumerate(search["grid"]) if c["face"] == "up")
    cx, cy = mimikri.badge_centre(up, len(search["grid"]))
    marks = []
    for found in (True, False):
        img = decode(mimikri.render_board(_with_last(search, up, found), NAMES[:4], EN))
        grey = img.convert("L")
        disc = grey.getpixel((cx, cy - 14))
        marks.append({(x, y) for x in range(cx - 12, cx + 13) for y in range(cy - 12, cy + 13)
                      if abs(grey.getpixel((x, y)) - disc) > 60})
    tick, cross = marks
    assert tick and cross
    assert len(tick & cross) < 0.5 * min(len(tick), len(cross))


def test_the_turn_is_teal_never_the_found_gold(search):
    assert not near(mimikri_parts.TURN, mimikri_parts.FOUND, 60)
    assert not near(mimikri_parts.TURN_ROW, mimikri_parts.FOUND_ROW, 30)
    img = decode(mimikri.render_board(search, NAMES[:4], EN)).convert("RGB")
    x0, y0 = mimikri.M + mimikri.CAMERA_W + 16, mimikri.TOP_Y
    row_h = (mimikri.TOP_H - 12) // 4
    top = y0 + 6 + search["turn"] * row_h
    assert near(img.getpixel((x0 + 20, top + 20)), mimikri_parts.TURN)  # the arrow
    assert near(img.getpixel((x0 + 200, top + row_h - 6)), mimikri_parts.TURN_ROW)


def _texts(view: MimikriView, names: list[str]) -> list[str]:
    with layout.recording() as placed:
        mimikri.render_board(view, names, EN)
    return [p.text for p in placed]


def test_the_result_card_names_the_winner_first_and_by_how_much():
    view = view_in("over", 3, 4)
    view["collected"] = [["frog:N"] * 3, ["frog:E"] * 9, ["frog:S"] * 4]
    texts = _texts(view, NAMES[:3])
    assert "Winner" in texts and "Winners (shared)" not in texts
    assert f"{NAMES[1]} – 9" in texts
    assert "Won by 5 butterflies" in texts
    order = [t for t in texts if t in NAMES[:3]]
    assert order == [NAMES[1], NAMES[2], NAMES[0]], "the ranking, most butterflies first"


def test_a_shared_win_names_every_winner():
    view = view_in("over", 3, 4)
    view["collected"] = [["frog:N"] * 6, ["frog:E"] * 4, ["frog:S"] * 6]
    texts = _texts(view, NAMES[:3])
    assert "Winners (shared)" in texts
    assert f"{NAMES[0]} – 6" in texts and f"{NAMES[2]} – 6" in texts
    assert "A shared win with 6 butterflies each" in texts
    assert ranking(view["collected"]) == [(1, 0), (1, 2), (3, 1)]


def test_the_result_card_tells_the_last_find_and_old_games_without_it_still_draw():
    view = view_in("over", 2, 4)
    assert view["last"]["found"]
    texts = _texts(view, NAMES[:2])
    assert any(view["last"]["pos"] in t and "last butterfly" in t for t in texts)
    del view["last"]  # a game finished before the last reveal was recorded
    assert not any("last butterfly" in t for t in _texts(view, NAMES[:2]))


def test_the_seat_that_turned_the_card_up_carries_the_same_mark(search):
    up = next(i for i, c in enumerate(search["grid"]) if c["face"] == "up")
    view = _with_last(search, up, False)
    view["last"]["seat"] = 2
    img = decode(mimikri.render_board(view, NAMES[:4], EN)).convert("RGB")
    row_h = (mimikri.TOP_H - 12) // 4
    x = mimikri.W - mimikri.M - 20 - mimikri.COUNT_W - 18
    marked = [near(img.getpixel((x, mimikri.TOP_Y + 6 + seat * row_h + 20 - 9)),
                   mimikri_parts.MISSED) for seat in range(4)]
    assert marked == [False, False, True, False]
