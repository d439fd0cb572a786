"""Mariposas' pictures: each renders from seeded random playouts (start, middle, end; 2 and 5
players) at the board width as a palette PNG within 80 KB, every text inside its box and at
least the minimum size, the private map's landings drawn where asked, a double generation 4
unlike a single one, names exactly as written, and the cached map layer changes nothing."""

from __future__ import annotations

import copy
import random

import pytest
from PIL import ImageChops

from bot.games.mariposas.content import load
from bot.games.mariposas.rules import RULES
from bot.games.mariposas.views import MariposasView
from bot.i18n import LANGUAGES, words
from rendering import layout, mariposas, theme
from rendering.mariposas.map import TAG_DROP
from rendering.mariposas.panels import PLAYER_H, SHORT_H
from rendering.mariposas.parts import (
    FLOWER,
    REGION,
    SEAT_COLOURS,
    hex_centre,
    michoacan_box,
)

from .gallery import LONG_NAMES
from .helpers import decode

NAMES = ["Kristýna", "Дмитрий", "李雷", "🦊 Foxy", "Ørjan"]
STAGES = {"start": 0, "middle": 150, "end": 100_000}
MAX_BYTES = 80 * 1024
BOARD = load().board


def play(n: int, seed: int, steps: int) -> dict:
    """The state after up to ``steps`` seeded random legal actions (no undo)."""
    rng = random.Random(seed)
    state = RULES.setup(n, {}, rng)
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = min(RULES.active_seats(state))
        legal = [a for a in RULES.legal_actions(state, seat) if a != "undo"]
        state, _ = RULES.apply(state, seat, rng.choice(legal), rng=rng, at_ms=0)
    return state


@pytest.fixture(scope="module")
def views() -> dict[tuple[int, str], MariposasView]:
    return {(n, stage): RULES.view(play(n, 1, steps), None)
            for n in (2, 5) for stage, steps in STAGES.items()}


def checked(render) -> bytes:
    """Render while recording: no text leaves its box, none is below the minimum size."""
    with layout.recording() as placed:
        png = render()
    width = decode(png).width
    assert not [p for p in placed if p.escapes()], [p.text for p in placed if p.escapes()]
    smallest = theme.MIN_TEXT * width / theme.BOARD_WIDTH
    assert not [p for p in placed if p.size < smallest - 0.01]
    return png


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("stage", list(STAGES))
def test_board_renders_readable_at_the_board_width(views, lang, n, stage):
    view = views[(n, stage)]
    assert (view["phase"] == "over") == (stage == "end")
    for names in (NAMES[:n], LONG_NAMES[:n]):
        png = checked(lambda v=view, ns=names: mariposas.render_board(v, ns, words(lang)))
        img = decode(png)
        assert img.width == theme.BOARD_WIDTH and img.mode == "P"
        assert len(png) <= MAX_BYTES, len(png)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_card_renders_readable(lang):
    rules = checked(lambda: mariposas.render_rules(words(lang)))
    assert decode(rules).width == theme.BOARD_WIDTH and len(rules) <= MAX_BYTES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("n", [2, 5])
@pytest.mark.parametrize("stage", ["start", "middle"])
def test_the_private_map_renders_readable(views, lang, n, stage):
    view = views[(n, stage)]
    lands = sorted(BOARD.graph.reachable(view["butterflies"][0]["space"], 3))
    labels = {space: str(i + 1) for i, space in enumerate(lands)} | {BOARD.michoacan: "99"}
    private = checked(lambda: mariposas.render_private_map(view, LONG_NAMES[:n], words(lang),
                                                           labels))
    assert decode(private).width == theme.BOARD_WIDTH and len(private) <= MAX_BYTES


def test_the_season_end_free_hatch_renders():
    """Between seasons nobody has a turn; every seat still choosing its free hatch is."""
    rng = random.Random(3)
    state = RULES.setup(3, {}, rng)
    while state["phase"] != "free":
        seat = min(RULES.active_seats(state))
        legal = [a for a in RULES.legal_actions(state, seat) if a != "undo"]
        state, _ = RULES.apply(state, seat, rng.choice(legal), rng=rng, at_ms=0)
    view = RULES.view(state, None)
    checked(lambda: mariposas.render_board(view, NAMES[:3], words("en")))
    with layout.recording() as placed:
        mariposas.render_board(view, NAMES[:3], words("en"))
    assert "Season end: free hatch" in [p.text for p in placed]


def test_renders_are_deterministic_and_the_cached_map_changes_nothing(views):
    """The static map layer is cached outside a layout recording and drawn afresh inside
    one: both give the same bytes, and so does a second render."""
    w = words("en")
    view = views[(5, "middle")]
    cached = mariposas.render_board(view, NAMES, w)
    assert cached == mariposas.render_board(view, NAMES, w)
    with layout.recording():
        assert mariposas.render_board(view, NAMES, w) == cached


def _amber(pixel) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel, theme.HIGHLIGHT, strict=True)) < 40


def tag_spot(space: int) -> tuple[int, int]:
    """A pixel inside a landing's tag, left of its label."""
    if space == BOARD.michoacan:
        _x0, y0, x1, _ = michoacan_box()
        return int(x1 - 40 - 15), int(y0 + 20)
    cx, cy = hex_centre(BOARD.spaces[space].at)
    return int(cx - 15), int(cy + TAG_DROP + 8)


def test_highlights_are_drawn_on_the_spaces_asked(views):
    view = views[(5, "middle")]
    board = BOARD
    chosen = {3: "1", 40: "2", 97: "3", board.michoacan: "4"}
    img = decode(mariposas.render_private_map(view, NAMES, words("en"), chosen)).convert("RGB")
    for space in chosen:
        assert _amber(img.getpixel(tag_spot(space))), space
    for space in (4, 41, 98):
        assert not _amber(img.getpixel(tag_spot(space))), space


def test_a_double_generation_4_is_drawn_unlike_a_single_one(views):
    """The same butterfly on the same space, once single and once double: the pictures
    differ where it stands, and only the double has the gold ring."""
    view = copy.deepcopy(views[(2, "start")])
    space = 60
    view["butterflies"] = [{"id": "0.9", "seat": 0, "gen": 4, "double": False, "space": space}]
    double = copy.deepcopy(view)
    double["butterflies"][0]["double"] = True
    w = words("en")
    single_img = decode(mariposas.render_board(view, NAMES[:2], w)).convert("RGB")
    double_img = decode(mariposas.render_board(double, NAMES[:2], w)).convert("RGB")
    cx, cy = hex_centre(BOARD.spaces[space].at)
    spot = (int(cx - 22), int(cy + 10), int(cx + 22), int(cy + 10 + 22))
    diff = ImageChops.difference(single_img.crop(spot), double_img.crop(spot))
    assert diff.getbbox() is not None
    ring = (int(cx), int(cy + 10 + 13 + 2))  # just below the badge: the ring's lowest point
    assert _amber(double_img.getpixel(ring)) and not _amber(single_img.getpixel(ring))


@pytest.mark.parametrize("stage", ["middle", "end"])
def test_names_are_drawn_exactly_as_written(views, stage):
    view = views[(5, stage)]
    with layout.recording() as placed:
        mariposas.render_board(view, NAMES, words("cs"))
    texts = " ".join(p.text for p in placed)
    for name in NAMES:
        assert name in texts, name


def test_the_result_card_names_the_winner_and_the_tie_breaker(views):
    view = copy.deepcopy(views[(2, "end")])
    view["result"].update(scores=[10, 10], winners=[1], places=[2, 1], decided_by="flowers",
                          standings=[[10, 0, 0, 3], [10, 0, 10, 3]])
    with layout.recording() as placed:
        mariposas.render_board(view, ["Ann", "Ben"], words("en"))
    texts = [p.text for p in placed]
    assert "Ben wins!" in texts
    assert any("broken by flowers" in t for t in texts)


def test_goal_cards_are_in_words_with_their_cities(views):
    view = copy.deepcopy(views[(2, "start")])
    view["goal_cards"] = ["S4", "U7", None]
    with layout.recording() as placed:
        mariposas.render_board(view, NAMES[:2], words("en"))
    texts = " ".join(p.text for p in placed)
    assert "2 per butterfly around St. Louis" in texts
    assert "on yellow; on orange; on red" in texts
    assert "Revealed: Summer" in texts and "Fall: face down, 4 butterflies still on it" in texts


def test_the_card_being_played_is_named_with_what_it_reuses(views):
    view = copy.deepcopy(views[(2, "middle")])
    view["turn"] = {**(view["turn"] or {}), "seat": 1, "card": "reuse_other-1=move_5-5+add_1_move"}
    with layout.recording() as placed:
        mariposas.render_board(view, ["Ann", "Ben"], words("en"))
    assert "Ben plays Reuse another's card: Move 5 + Add 1 Move" in [p.text for p in placed]


def test_a_player_without_abilities_or_bonus_cards_has_a_shorter_panel(views):
    view = copy.deepcopy(views[(2, "start")])
    short = decode(mariposas.render_board(view, NAMES[:2], words("en"))).height
    view["bonus"][0]["held"] = ["add_1_move"]
    view["has_ability"][1] = ["three_points"]
    with layout.recording() as placed:
        tall = decode(mariposas.render_board(view, NAMES[:2], words("en"))).height
    assert tall == short + 2 * (PLAYER_H - SHORT_H)
    texts = [p.text for p in placed]
    assert "Add 1 Move" in texts and "+3 at the end" in texts


def test_the_meaningful_colours_survive_the_64_colour_palette(views):
    """Seats, flowers and regions are told apart by colour (and shape): the board's reduced
    palette keeps each within a few levels of what was drawn."""
    png = mariposas.render_board(views[(5, "middle")], NAMES, words("en"))
    img = decode(png)
    palette = img.getpalette()[: 3 * len(img.getcolors())]
    kept = [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)]
    meant = [*SEAT_COLOURS, *FLOWER.values(), *REGION.values(), theme.HIGHLIGHT]
    for colour in meant:
        error = min(sum(abs(a - b) for a, b in zip(colour, k, strict=True)) for k in kept)
        assert error <= 24, (colour, error)


def test_the_private_map_rims_the_moving_butterflys_start_in_white(views):
    view = copy.deepcopy(views[(5, "middle")])
    mover = next(b for b in view["butterflies"] if b["space"] != BOARD.michoacan)
    view["turn"] = {**(view["turn"] or {}), "moving": {"b": mover["id"], "g": 0}}
    cx, cy = hex_centre(BOARD.spaces[mover["space"]].at)
    img = decode(mariposas.render_private_map(view, NAMES, words("en"), {0: "1"})).convert("RGB")
    assert min(img.getpixel((int(cx - 26), int(cy)))) > 235
    view["turn"]["moving"] = None
    img = decode(mariposas.render_private_map(view, NAMES, words("en"), {0: "1"})).convert("RGB")
    assert min(img.getpixel((int(cx - 26), int(cy)))) < 235


def test_landing_tags_are_legible_on_a_phone_and_leave_the_milkweed_seen(views):
    """A landing's number is at least 28 px at 1000 (11 px on a 400 px phone), and every
    milkweed icon stays visible over the rims and tags (a hatch depends on them)."""
    from rendering.mariposas.map import vertex_point
    from rendering.mariposas.parts import MILKWEED

    view = views[(5, "middle")]
    chosen = {s.id: str(s.id) for s in BOARD.spaces if s.id != BOARD.michoacan}
    with layout.recording() as placed:
        png = mariposas.render_private_map(view, NAMES, words("en"), chosen)
    tags = [p for p in placed if p.text in chosen.values() and p.size >= 28]
    assert {p.text for p in tags} == set(chosen.values())
    assert not [p for p in tags if p.escapes()]
    img = decode(png).convert("RGB")
    for vertex in BOARD.milkweed:
        x, y = vertex_point(vertex)
        seen = img.getpixel((int(x), int(y - 8)))
        assert sum(abs(a - b) for a, b in zip(seen, MILKWEED, strict=True)) < 60, vertex


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_card_says_its_headings_in_words_and_marks_whose_butterflies(views, lang):
    """The final board keeps the players' butterfly marks beside their names (the map shows
    only marks) and heads its columns with whole words, never cut."""
    from rendering.mariposas.parts import M
    from rendering.mariposas.result import COLUMNS, MARK_R, result_height

    w = words(lang)
    view = views[(5, "end")]
    with layout.recording() as placed:
        png = mariposas.render_board(view, LONG_NAMES[:5], w)
    texts = [p.text for p in placed]
    for column in COLUMNS:
        assert w(f"mariposas.result.col.{column}") in texts, column
    assert not [t for t in texts if t.endswith("…") and t.rstrip("…") in
                {w(f"mariposas.result.col.{c}") for c in COLUMNS}]
    img = decode(png).convert("RGB")
    # The marks' column, left of the names, down the result card (above the map).
    band = {img.getpixel((x, y)) for x in range(M + 50, M + 50 + 2 * MARK_R, 2)
            for y in range(100, 80 + result_height(view), 2)}
    for seat, colour in enumerate(SEAT_COLOURS[:5]):
        assert any(sum(abs(a - b) for a, b in zip(px, colour, strict=True)) < 48
                   for px in band), (seat, colour)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_words_on_the_board_are_cut(lang):
    """The full sets' abilities ("+1 butterfly in Michoacán", "+1 motýl v Michoacánu"), the
    goals, the players' lines: whole words at every stage of seeded games (short names)."""
    cut = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = RULES.setup(5, {}, rng)
        for step in range(2000):
            if RULES.outcome(state) is not None:
                break
            seat = min(RULES.active_seats(state))
            legal = [a for a in RULES.legal_actions(state, seat) if a != "undo"]
            state, _ = RULES.apply(state, seat, rng.choice(legal), rng=rng, at_ms=0)
            if step % 200 == 0:
                with layout.recording() as placed:
                    mariposas.render_board(RULES.view(state, None), NAMES[:5], words(lang))
                cut |= {p.text for p in placed if p.text.endswith("…")}
    assert not cut
