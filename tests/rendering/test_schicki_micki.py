"""Schicki Micki's pictures: the 64 faces, the table, the card sheet and the reactions card."""

from __future__ import annotations

import copy
import itertools
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.core import SYSTEM
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki.deck import COLOURS, DECK_SIZE, FEATURES, cards
from bot.games.schicki_micki.views import SchickiView
from bot.i18n import words
from rendering import layout, theme
from rendering import schicki_micki as sm
from rendering.schicki_micki import art, parts, props
from rendering.schicki_micki import rules as reference

from .gallery import LONG_NAMES
from .helpers import decode

NAMES = ["Alice", "Bob the Magnificent Pheasant Doorman", "Zoë 🐤", "李小龙", "Dmitri", "Eve",
         "Kristýna"]
EN, CS = words("en"), words("cs")
SIZE = 120  # a card about as large as the table shows it on a phone


def table_view(n_players: int, dealt: int, *, seed: int = 0,
               reactions: tuple[tuple[int, str], ...] = (), deck_left: int | None = None,
               won: int = 0, owed: int = 0) -> SchickiView:
    """The public view after ``dealt`` cards of a seeded deck and the given reactions.

    ``deck_left`` empties the deck down to that many cards (the rest go to seat 0's pile, as
    if won earlier); ``won`` gives every seat that many cards first, ``owed`` seat 1 owed cards.
    """
    state = RULES.setup(n_players, {}, random.Random(seed))
    for seat in range(n_players):
        for _ in range(won):
            state["won"][seat].append(state["deck"].pop())
    if deck_left is not None:
        keep = dealt + deck_left
        state["won"][0] += state["deck"][keep:]
        del state["deck"][keep:]
    state["owed"][1 % n_players] = owed
    state["dealer"] = (seed + 1) % n_players
    state = RULES.load(state)
    for _ in range(dealt):
        state, _ = RULES.apply(state, SYSTEM, "deal", rng=random.Random(0), at_ms=0)
    for k, (seat, action) in enumerate(reactions):
        state, _ = RULES.apply(state, seat, action, rng=random.Random(0), at_ms=300 * (k + 1))
    return copy.deepcopy(RULES.view(state, None))


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0..255."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return sum(i * n for i, n in enumerate(diff.histogram())) / (a.width * a.height)


def changed_share(a: Image.Image, b: Image.Image, level: int = 40) -> float:
    """The share of pixels that visibly differ (grey difference above ``level``)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return sum(diff.histogram()[level:]) / (a.width * a.height)


@pytest.fixture(scope="module")
def faces() -> list[Image.Image]:
    return [sm.card(i, SIZE) for i in range(DECK_SIZE)]


# -- the cards ---------------------------------------------------------------------------------

def test_all_64_cards_render_at_one_size(faces):
    assert len(faces) == DECK_SIZE
    assert {f.size for f in faces} == {(SIZE, art.card_height(SIZE))}


def test_twins_are_identical_and_every_other_pair_differs_visibly(faces):
    designs = {}
    twins = 0
    for a, b in itertools.combinations(range(DECK_SIZE), 2):
        ca, cb = cards()[a], cards()[b]
        if ca.kind == "hen" and ca.design == cb.design:
            assert faces[a].tobytes() == faces[b].tobytes(), (a, b)
            twins += 1
            continue
        designs[a, b] = changed_share(faces[a], faces[b])
    assert twins == 4
    # Two hens differ in at least two accessories. Measured: the closest pairs differ on
    # about 3.6 % of the card (two small accessories swapped).
    closest = min(designs, key=designs.get)
    assert designs[closest] > 0.02, (closest, designs[closest])


def test_two_worm_hens_show_their_second_worm():
    for c in cards():
        if c.kind == "hen" and c.worms == 2:
            data = c.to_json()
            two = art.face(art.face_key(data), SIZE)
            one = art.face(art.face_key({**data, "worms": 1}), SIZE)
            assert changed_share(two, one) > 0.015, c.id  # measured: 2.9 % at least


def test_close_ups_show_only_their_accessory_and_differ_from_hens(faces):
    close = [c.id for c in cards() if c.kind == "closeup"]
    hens = [c.id for c in cards() if c.kind == "hen"]
    for a in close:
        assert min(changed_share(faces[a], faces[h]) for h in hens[:10]) > 0.1


def _swatch(colour: str, flat: bool) -> Image.Image:
    """An accessory-sized patch in ``colour``, as the cards print it (or without its marks)."""
    if flat:
        return Image.new("RGB", (60, 60), art.COLOURS[colour])
    return art.pattern(colour, 60, 60, 3)


def test_colours_stay_apart_in_greyscale_thanks_to_their_patterns():
    # A measurable proxy for colour blindness: without any hue at all (greyscale), the six
    # plain colours collapse into look-alikes (red and blue give the same grey), while the
    # patterned ones still differ pixel by pixel. Patterns are printed in card coordinates,
    # so one accessory on two cards shows its texture at the same place: comparing aligned
    # swatches is what an eye comparing two hats does.
    def grey_gap(a: str, b: str, flat: bool) -> float:
        return mean_diff(_swatch(a, flat).convert("L"), _swatch(b, flat).convert("L"))

    pairs = list(itertools.combinations(COLOURS, 2))
    assert min(grey_gap(a, b, True) for a, b in pairs) < 5  # the problem is real
    # Measured: the closest patterned pair (yellow plain vs pink lattice) differs by about 36.
    for a, b in pairs:
        assert grey_gap(a, b, False) > 25, (a, b)


def test_each_colour_has_a_distinct_pattern_and_letter_in_each_language():
    assert set(art.PATTERNS) == set(COLOURS)
    assert len(set(art.PATTERNS.values())) == len(COLOURS)
    for w in (EN, CS):
        letters = sm.colour_letters(w)
        assert set(letters) == set(COLOURS)
        assert len(set(letters.values())) == len(COLOURS), w.lang
        for colour, letter in letters.items():  # the initial of the name printed beside it
            assert letter == w(f"schicki.picture.colour.{colour}")[0].upper(), (w.lang, colour)
    assert "".join(sm.colour_letters(EN)[c] for c in COLOURS) == "RBYGOP"
    assert "".join(sm.colour_letters(CS)[c] for c in COLOURS) == "ČMŽZOR"


def test_the_legends_print_the_readers_letters():
    english_only = set(sm.colour_letters(EN).values()) - set(sm.colour_letters(CS).values())
    for render in (sm.render_rules, sm.render_card_sheet):
        for w in (EN, CS):
            with layout.recording() as placed:
                render(w)
            drawn = {p.text for p in placed}
            assert set(sm.colour_letters(w).values()) <= drawn, w.lang
        assert not english_only & drawn  # the last one drawn was Czech


def test_the_faces_carry_no_words_so_one_cached_face_serves_every_language():
    # The face caches key on what the card shows, not on the reader's language: that is
    # right only while nothing on a face is written in some language.
    for cached in (art.pattern, art.master, art.face):
        cached.cache_clear()
    with layout.recording() as placed:
        for cid in range(DECK_SIZE):
            sm.card(cid, 90)
        for feature in FEATURES:
            props.icon(feature, 60)
    assert placed == []


def test_the_pattern_is_printed_on_the_accessories():
    # A hen whose every accessory wears the marks: repaint one card with flat colours and the
    # accessories' pixels change; this catches a pattern that never reaches the picture.
    data = cards()[0].to_json()
    key = art.face_key(data)
    patterned = art.master(key)
    flat = Image.new("RGB", patterned.size, theme.CARD_FACE)
    saved = dict(art.MARKS)
    try:
        art.MARKS.update(art.COLOURS)
        art.pattern.cache_clear()
        art._hen(flat, key[2], key[1])
    finally:
        art.MARKS.update(saved)
        art.pattern.cache_clear()
    share = changed_share(patterned, flat, 30)
    assert share > 0.015, share


def test_card_is_cached_and_twins_share_one_picture():
    assert sm.card(5, 90) is sm.card(5, 90)
    a, b = next((x.id, y.id) for x, y in itertools.combinations(cards(), 2)
                if x.kind == "hen" and x.design == y.design)
    assert sm.card(a, 90) is sm.card(b, 90)


# -- the table ---------------------------------------------------------------------------------

def over_view() -> SchickiView:
    """The end of a game: the deck and the table empty, the scores final."""
    view = table_view(4, 0, deck_left=0, won=5, owed=1)
    view["phase"] = "over"
    view["last_chance"] = False
    return view


@pytest.fixture(scope="module")
def phases() -> dict[str, tuple[SchickiView, list[str]]]:
    return {
        "over": (over_view(), NAMES[:4]),
        "empty": (table_view(4, 0), NAMES[:4]),
        "one": (table_view(2, 1), NAMES[:2]),
        "seven": (table_view(7, 7, seed=3, won=2, owed=1), NAMES),
        "window": (table_view(5, 6, seed=1, won=1, reactions=(
            (2, "call:hat"), (0, "grab:blue"), (3, "grab:red"), (2, "grab:blue"),
            (4, "knock"))), NAMES[:5]),
        "last": (table_view(3, 4, deck_left=0, won=3), NAMES[:3]),
        "twelve": (table_view(6, 12, seed=2), NAMES[:6]),
    }


def test_table_renders_are_byte_identical(phases):
    for name, (view, names) in phases.items():
        again = sm.draw_table(copy.deepcopy(view), names, EN)
        assert sm.draw_table(view, names, EN).tobytes() == again.tobytes(), name
    for name in ("window", "last"):  # and the PNG bytes (to_png itself is tested in canvas)
        view, names = phases[name]
        assert sm.render_table(view, names, EN) == \
            sm.render_table(copy.deepcopy(view), names, EN), name


def test_table_is_identical_after_clearing_every_cache(phases):
    view, names = phases["window"]
    first = sm.render_table(view, names, EN)
    for cached in (art.pattern, art.master, art.face, art._corner_mask, props._icon):
        cached.cache_clear()
    assert sm.render_table(view, names, EN) == first


@pytest.mark.parametrize("players", range(2, 8))
def test_the_table_is_one_width_and_its_size_is_known_per_row(players):
    for dealt in (0, 1, 5, 12):
        view = table_view(players, dealt, seed=players)
        size = sm.table_size(players, dealt)
        assert sm.draw_table(view, NAMES[:players], EN).size == size
        assert size[0] == theme.BOARD_WIDTH
        # Phone-sized: 600 px at most at 400 px wide up to 5 players, 700 with 6 or 7 (the
        # last result's full ranking sets the game's one height).
        assert size[1] <= (1.5 if players <= 5 else 1.75) * size[0]
    assert decode(sm.render_table(view, NAMES[:players], EN)).size == sm.table_size(players, 12)
    assert sm.table_size(players) == sm.table_size(players, 12)


def test_cards_grow_as_the_row_shrinks_and_stay_inside_the_width():
    widths = [sm.grid_layout(n)[2] for n in range(1, 13)]
    assert widths == sorted(widths, reverse=True)
    assert widths[0] > 700  # one card fills the width
    assert widths[2] > 1.5 * widths[11]  # a row of three: cards half as large again as twelve
    assert widths[11] >= 220  # twelve still fit, as large as the 4 × 3 grid ever drew them
    for n in (1, 2, 3, 4, 7, 12, 13, 20, 30, 52):
        cols, rows, w = sm.grid_layout(n)
        assert cols * rows >= n
        assert cols * w + (cols - 1) * sm.GAP <= sm.W - 2 * sm.M
        assert rows * art.card_height(w) + (rows - 1) * sm.GAP <= parts.GRID_MAX_H
        for box in parts.card_boxes(n, sm.GRID_Y):
            assert box[0] >= sm.M and box[2] <= sm.W - sm.M
            assert box[2] - box[0] == w
    view = table_view(2, 20)
    assert sm.draw_table(view, NAMES[:2], EN).size == sm.table_size(2, 20)


def test_a_twelve_card_table_is_small_enough_to_send_every_few_seconds():
    view = table_view(4, 12, seed=3)
    assert len(view["table"]) == 12
    assert len(sm.render_table(view, NAMES[:4], EN)) <= 60 * 1024


def test_the_card_cache_is_capped():
    assert art.face.cache_info().maxsize == 256


def _grid_crop(img: Image.Image, n: int) -> Image.Image:
    return img.crop((0, sm.GRID_Y, sm.W, sm.GRID_Y + parts.grid_height(n)))


def test_the_table_draws_the_faces_the_view_gives():
    view = table_view(3, 4)
    honest = sm.draw_table(view, NAMES[:3], EN).tobytes()
    # Only the view is read: keys a view never has change nothing...
    smuggled = copy.deepcopy(view)
    smuggled["deck_order"] = list(range(DECK_SIZE))
    smuggled["situation"] = "call"
    assert sm.draw_table(smuggled, NAMES[:3], EN).tobytes() == honest
    # ...and a card is drawn from its face, not looked up by id.
    renumbered = copy.deepcopy(view)
    for k, c in enumerate(renumbered["table"]):
        c["id"] = 60 - k
    assert sm.draw_table(renumbered, NAMES[:3], EN).tobytes() == honest
    repainted = copy.deepcopy(view)
    first = repainted["table"][0]
    if first["kind"] == "hen":
        first["colours"]["hat"], first["colours"]["beak"] = (first["colours"]["beak"],
                                                              first["colours"]["hat"])
    else:
        first["colour"] = next(c for c in COLOURS if c != first["colour"])
    n = len(view["table"])
    assert _grid_crop(sm.draw_table(repainted, NAMES[:3], EN), n).tobytes() != \
        _grid_crop(sm.draw_table(view, NAMES[:3], EN), n).tobytes()


def test_the_table_shows_what_changes(phases):
    # The deck count, a taken figure and the last-chance banner all reach the picture.
    view, names = phases["one"]
    base = sm.draw_table(view, names, EN)
    fewer = copy.deepcopy(view)
    fewer["deck"] -= 10
    assert mean_diff(base, sm.draw_table(fewer, names, EN)) > 0
    taken = copy.deepcopy(view)
    taken["figures"].update(red_left=False, red_holder=1)
    assert mean_diff(base, sm.draw_table(taken, names, EN)) > 0
    last = copy.deepcopy(view)
    last["last_chance"] = True
    banner = sm.draw_table(last, names, EN).crop((0, 0, sm.W, sm.TITLE_H))
    red = banner.convert("RGB").getcolors(sm.W * sm.TITLE_H)
    red = dict((c, n) for n, c in red).get(theme.CROSS, 0)
    assert red > 0.5 * sm.W * sm.TITLE_H


def test_the_newest_card_is_highlighted():
    view = table_view(2, 3)
    img = sm.draw_table(view, NAMES[:2], EN)
    boxes = parts.card_boxes(3, sm.GRID_Y)
    x0, y0, _, y1 = boxes[2]
    assert img.getpixel((x0 - 3, (y0 + y1) // 2)) == theme.HIGHLIGHT  # the newest card's frame
    x0, y0, _, y1 = boxes[0]
    assert img.getpixel((x0 - 3, (y0 + y1) // 2)) != theme.HIGHLIGHT


# -- the sheet and the rules -------------------------------------------------------------------

def test_card_sheet_and_rules_are_deterministic():
    sheet = sm.render_card_sheet(EN)
    assert sheet == sm.render_card_sheet(EN)
    rules = sm.render_rules(EN)
    assert rules == sm.render_rules(EN)
    assert decode(sheet).width == decode(rules).width == theme.BOARD_WIDTH


def test_card_sheet_shows_every_card_once():
    ids = [cid for _, group, _ in reference._sheet_sections(EN) for cid in group]
    assert sorted(ids) == list(range(DECK_SIZE))


def test_rules_icons_cover_every_accessory():
    for feature in FEATURES:
        icon = props.icon(feature, 80)
        blank = Image.new("RGB", icon.size, theme.PANEL)
        assert changed_share(icon, blank) > 0.05, feature
    img = Image.new("RGB", (100, 100), theme.PANEL)
    props.fist(ImageDraw.Draw(img), 50, 50, 60)
    assert changed_share(img, Image.new("RGB", (100, 100), theme.PANEL)) > 0.1


def test_every_picture_speaks_the_readers_language():
    """The Czech pictures carry other words than the English ones, and stay deterministic."""
    view = table_view(4, 5, seed=2, reactions=((1, "call:hat"), (2, "knock")), won=1, owed=1)
    over = table_view(2, 0, seed=1, deck_left=0)
    for render in (lambda w: sm.render_table(view, NAMES[:4], w),
                   lambda w: sm.render_table(over, NAMES[:2], w),
                   sm.render_card_sheet, sm.render_rules):
        czech = render(CS)
        assert czech == render(CS)
        assert czech != render(EN)


# -- every text in its own box -----------------------------------------------------------------

def misplaced(render) -> list[str]:
    """The texts ``render`` drew without naming their box, or outside the box they named."""
    with layout.recording() as placed:
        render()
    assert placed
    return [f"{p.text!r} at {p.size} px: {'outside' if p.escapes() else 'no'} box {p.box}"
            for p in placed if p.escapes() or not p.boxed]


def crowded_window(players: int) -> SchickiView:
    """A table mid-row with the longest names' seats holding figures, knocking and calling: the
    most text the picture ever carries for ``players``."""
    actions = itertools.cycle(("grab:blue", "grab:red", "call:feathers", "knock"))
    reactions = tuple(zip(range(players), actions, strict=False))
    return table_view(players, 7, seed=players, reactions=reactions, won=2, owed=1)


@pytest.mark.parametrize("w", [EN, CS], ids=["en", "cs"])
def test_every_table_text_stays_in_its_own_box(phases, w):
    # The gallery covers two and seven players; here every count, and every phase (the
    # last-chance banner, held figures, the end) with the longest names.
    for phase, (view, _) in phases.items():
        names = LONG_NAMES[:view["players"]]
        assert not misplaced(lambda v=view, n=names: sm.draw_table(v, n, w)), phase
    for players in range(2, 8):
        view = crowded_window(players)
        assert view["figures"]["red_holder"] == 1 and view["figures"]["blue_holders"]
        names = LONG_NAMES[:players]
        assert not misplaced(lambda v=view, n=names: sm.draw_table(v, n, w)), players


@pytest.mark.parametrize("w", [EN, CS], ids=["en", "cs"])
def test_every_sheet_and_rules_text_stays_in_its_own_box(w):
    assert not misplaced(lambda: sm.render_rules(w))
    assert not misplaced(lambda: sm.render_card_sheet(w))
