"""The Mimikri table picture: deterministic, fixed size, and blind to face-down cards."""

from __future__ import annotations

import copy

import pytest

from rendering import mimikri, mimikri_art, theme
from rendering.mimikri import BOARD_H, render_board, render_preview, render_rules

from .helpers import NAMES, decode, view_in


@pytest.fixture(scope="module")
def views() -> dict[str, dict]:
    return {
        "orient": view_in("orient", 2, 4),
        "orient_tried": view_in("orient", 6, 5, tried=True),
        "search": view_in("search", 4, 5, face_up=True),
        "over": view_in("over", 3, 4),
    }


def test_board_renders_are_byte_identical(views):
    for name, view in views.items():
        n = len(view["collected"])
        assert render_board(view, NAMES[:n]) == render_board(copy.deepcopy(view), NAMES[:n]), name


def test_board_is_identical_after_clearing_every_cache(views):
    # Cached pictures must not hide nondeterminism in how they are painted.
    view = views["search"]
    first = render_board(view, NAMES[:4])
    for cached in (mimikri_art._master, mimikri_art._scaled, mimikri_art._butterfly_master,
                   mimikri_art.butterfly, mimikri_art.wing_mask, mimikri_art.window_mask,
                   mimikri.subject_card, mimikri._card_back, mimikri._card_mask):
        cached.cache_clear()
    assert render_board(view, NAMES[:4]) == first


@pytest.mark.parametrize("players,subjects", [(2, 4), (6, 4), (2, 5), (6, 5)])
def test_board_size_is_fixed_and_phone_friendly(players, subjects):
    sizes = set()
    for phase in ("orient", "search", "over"):
        view = view_in(phase, players, subjects)
        assert len(view["grid"]) == 4 * subjects
        sizes.add(decode(render_board(view, NAMES[:players])).size)
    assert sizes == {(theme.BOARD_WIDTH, BOARD_H)}
    width, height = sizes.pop()
    assert 900 <= width <= 1100
    assert height <= 1.4 * width  # stays one screen tall when Discord fits it to a phone


def test_face_down_cells_never_read_a_butterfly(views):
    view = views["search"]
    down = [c for c in view["grid"] if c["face"] == "down"]
    assert down, "the fixture needs face-down cards"
    honest = render_board(view, NAMES[:4])
    # Smuggle identities into every face-down cell: a real key, then a bogus one.
    for key in ("frog:N", "no-such-animal:Q"):
        leaky = copy.deepcopy(view)
        for cell in leaky["grid"]:
            if cell["face"] == "down":
                cell["butterfly"] = key
        assert render_board(leaky, NAMES[:4]) == honest


def test_face_up_cells_show_their_butterfly(views):
    # The converse, so the test above could fail: a face-up card's picture is drawn.
    view = copy.deepcopy(views["search"])
    cell = next(c for c in view["grid"] if c["face"] == "up")
    before = render_board(view, NAMES[:4])
    animal, _, orientation = cell["butterfly"].partition(":")
    other = "S" if orientation != "S" else "N"
    cell["butterfly"] = f"{animal}:{other}"
    assert render_board(view, NAMES[:4]) != before


def test_camera_notes_change_the_picture(views):
    view = copy.deepcopy(views["orient"])
    view["must_be_uncollected"] = False
    view["tried"] = []
    plain = render_board(view, NAMES[:2])
    view["must_be_uncollected"] = True
    noted = render_board(view, NAMES[:2])
    view["tried"] = ["E"]
    assert len({plain, noted, render_board(view, NAMES[:2])}) == 3


def test_missing_and_unprintable_names_fall_back():
    view = view_in("orient", 3, 4)
    assert decode(render_board(view, ["🦋🦋", ""])).size == (theme.BOARD_WIDTH, BOARD_H)


def test_preview_is_deterministic_and_marks_tried_edges():
    a = render_preview("chameleon", ["N"], "T")
    assert a == render_preview("chameleon", ["N"], "T")
    assert a != render_preview("chameleon", [], "T")
    width, height = decode(a).size
    assert 800 <= width <= 1100 and height < width / 2


def test_rules_picture_is_deterministic():
    png = render_rules()
    assert png == render_rules()
    assert decode(png).width <= 1100
