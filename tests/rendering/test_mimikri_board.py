"""The Mimikri table picture: deterministic, fixed size, and blind to face-down cards."""

from __future__ import annotations

import copy

import pytest

from bot.games.mimikri.views import MimikriView
from bot.i18n import words
from rendering import layout, mimikri, theme
from rendering.mimikri import BOARD_H, render_board, render_preview, render_rules
from rendering.mimikri import art as mimikri_art

from .gallery import LONG_NAMES
from .helpers import NAMES, decode, view_in

EN, CS = words("en"), words("cs")


@pytest.fixture(scope="module")
def views() -> dict[str, MimikriView]:
    return {
        "orient": view_in("orient", 2, 4),
        "orient_tried": view_in("orient", 6, 5, tried=True),
        "search": view_in("search", 4, 5, face_up=True),
        "over": view_in("over", 3, 4),
    }


def test_board_renders_are_byte_identical(views):
    for name, view in views.items():
        n = len(view["collected"])
        assert render_board(view, NAMES[:n], EN) == \
            render_board(copy.deepcopy(view), NAMES[:n], EN), name


def test_board_is_identical_after_clearing_every_cache(views):
    # Cached pictures must not hide nondeterminism in how they are painted.
    view = views["search"]
    first = render_board(view, NAMES[:4], EN)
    for cached in (mimikri_art._master, mimikri_art._scaled, mimikri_art._butterfly_master,
                   mimikri_art.butterfly, mimikri_art.wing_mask, mimikri_art.window_mask,
                   mimikri.subject_card, mimikri._card_back, mimikri._card_mask):
        cached.cache_clear()
    assert render_board(view, NAMES[:4], EN) == first


@pytest.mark.parametrize("players,subjects", [(2, 4), (6, 4), (2, 5), (6, 5)])
def test_board_size_is_fixed_and_phone_friendly(players, subjects):
    sizes = set()
    for phase in ("orient", "search"):
        view = view_in(phase, players, subjects)
        assert len(view["grid"]) == 4 * subjects
        sizes.add(decode(render_board(view, NAMES[:players], EN)).size)
    assert sizes == {(theme.BOARD_WIDTH, BOARD_H)}
    width, height = sizes.pop()
    assert width == theme.BOARD_WIDTH
    assert height <= 1.4 * width  # stays one screen tall when Discord fits it to a phone
    # The finished game is a result card: as wide, its height following the seats.
    result = decode(render_board(view_in("over", players, subjects), NAMES[:players], EN))
    assert result.width == theme.BOARD_WIDTH and 500 <= result.height <= 1.4 * width


def test_face_down_cells_never_read_a_butterfly(views):
    view = views["search"]
    down = [c for c in view["grid"] if c["face"] == "down"]
    assert down, "the fixture needs face-down cards"
    honest = render_board(view, NAMES[:4], EN)
    # Smuggle identities into every face-down cell: a real key, then a bogus one.
    for key in ("frog:N", "no-such-animal:Q"):
        leaky = copy.deepcopy(view)
        for cell in leaky["grid"]:
            if cell["face"] == "down":
                cell["butterfly"] = key
        assert render_board(leaky, NAMES[:4], EN) == honest


def test_face_up_cells_show_their_butterfly(views):
    # The converse, so the test above could fail: a face-up card's picture is drawn.
    view = copy.deepcopy(views["search"])
    cell = next(c for c in view["grid"] if c["face"] == "up")
    before = render_board(view, NAMES[:4], EN)
    animal, _, orientation = cell["butterfly"].partition(":")
    other = "S" if orientation != "S" else "N"
    cell["butterfly"] = f"{animal}:{other}"
    assert render_board(view, NAMES[:4], EN) != before


def test_camera_notes_change_the_picture(views):
    view = copy.deepcopy(views["orient"])
    view["must_be_uncollected"] = False
    view["tried"] = []
    plain = render_board(view, NAMES[:2], EN)
    view["must_be_uncollected"] = True
    noted = render_board(view, NAMES[:2], EN)
    view["tried"] = ["E"]
    assert len({plain, noted, render_board(view, NAMES[:2], EN)}) == 3


def test_missing_and_unprintable_names_fall_back():
    view = view_in("orient", 3, 4)
    assert decode(render_board(view, ["🦋🦋", ""], EN)).size == (theme.BOARD_WIDTH, BOARD_H)


def test_preview_is_deterministic_and_marks_tried_edges():
    a = render_preview("chameleon", ["N"], "T", EN)
    assert a == render_preview("chameleon", ["N"], "T", EN)
    assert a != render_preview("chameleon", [], "T", EN)
    width, height = decode(a).size
    assert 800 <= width <= 1100 and height < width / 2


def test_rules_picture_is_deterministic():
    png = render_rules(EN)
    assert png == render_rules(EN)
    assert decode(png).width <= 1100


def test_czech_pictures_speak_czech_at_the_same_size(views):
    # Every word comes from the catalogue: a Czech render differs from the English one, is
    # deterministic, and keeps the picture's size.
    renders = [lambda w, v=v: render_board(v, NAMES[:len(v["collected"])], w)
               for v in views.values()]
    renders += [lambda w: render_preview("chameleon", ["N", "E"], "T", w), render_rules]
    for render in renders:
        english, czech = render(EN), render(CS)
        assert czech == render(CS)
        assert czech != english
        assert decode(czech).size == decode(english).size


@pytest.mark.parametrize("players", [2, 6])
def test_a_two_digit_count_keeps_clear_of_the_name_beside_it(players):
    # Five subjects make 20 butterflies: one player may hold them all. Whether a row puts its
    # thumbnails under the name (2 players) or beside it (6), the count's column and the
    # name's never meet, and neither text leaves its own.
    view = copy.deepcopy(view_in("search", players, 5))
    view["collected"] = [["frog:N"] * 20 for _ in range(players)]
    with layout.recording() as placed:
        render_board(view, LONG_NAMES[:players], CS)
    panel = [p for p in placed if p.box[0] > mimikri.M + mimikri.CAMERA_W
             and mimikri.TOP_Y <= p.box[1] < mimikri.GRID_Y]
    counts = [p for p in panel if p.text == "20"]
    names = [p for p in panel if p.text != "20"]
    assert len(counts) == len(names) == players
    for name, count in zip(names, counts, strict=True):
        assert name.box[2] <= count.box[0] and name.ink[2] < count.ink[0]
        assert not name.escapes() and not count.escapes()
