"""The MIMIC pictures: deterministic, fixed size, the grid laid out as the rules name it."""

from __future__ import annotations

import copy
import functools
import random

import pytest
from PIL import Image

from bot.games import REGISTRY
from bot.games.core import apply_checked, start
from bot.games.mimic import ai
from bot.i18n import words
from rendering import layout, mimic, theme
from rendering.mimic import BOARD_H, HAND_H, W, cell_box, render_board, render_hand
from rendering.mimic import art as mimic_art
from tests.games.test_contract import SECRET_SHUFFLERS

from .colours import near
from .gallery import LONG_NAMES, playout
from .helpers import NAMES, decode

RULES = REGISTRY["mimic"]
CELLS = [f"{c}{r}" for r in range(1, 8) for c in "ABCDEFG"]

EN, CS = words("en"), words("cs")


def play(n: int, options: dict, seed: int, steps: int, *, aimless: bool = False) -> dict:
    """A state after up to ``steps`` moves of computer players (seeded: the same every run);
    ``aimless``: any legal move instead, which spoils lines and so reaches showdowns."""
    state = start(RULES, f"render-{seed}", n, options)
    rng = random.Random(seed)
    for version in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = min(RULES.active_seats(state))
        legal = RULES.legal_actions(state, seat)
        action = rng.choice(legal) if aimless else ai.choose(RULES.view(state, seat), legal, rng)
        state = apply_checked(RULES, state, seed=f"render-{seed}", version=version, seat=seat,
                              action=action, seen_version=None).state
    return state


def placing(n: int, seed: int, steps: int) -> dict:
    """The first state from ``steps`` moves on where the seat to move can lay a card: a
    mid-game board whatever the computer's pace."""
    while True:
        state = play(n, {}, seed, steps)
        seat = state["turn"]
        if any(a.startswith("place:") for a in RULES.legal_actions(state, seat)):
            return state
        assert RULES.outcome(state) is None, "the game ended before a placement was found"
        steps += 1


@pytest.fixture(scope="module")
def states() -> dict[str, dict]:
    found = {
        "opening": play(2, {}, 1, 0),
        "middle": placing(2, 3, 50),
        "over": play(2, {}, 3, 999),
        "teams": play(4, {"teams": True}, 3, 90),
        "solo": play(1, {}, 3, 30),
        "advanced": play(3, {"advanced": True}, 4, 50),
    }
    for seed in range(30):  # the computer rarely ties: a showdown comes from aimless play
        state = play(2, {}, seed, 999, aimless=True)
        if state["result"]["termination"] == "showdown":
            found["showdown"] = state
            break
    assert "showdown" in found
    return found


@functools.lru_cache(maxsize=4)
def _image(png: bytes) -> Image.Image:
    return decode(png).convert("RGB")


def pixel(png: bytes, xy: tuple[float, float]) -> tuple[int, ...]:
    found = _image(png).getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(found, tuple)  # an RGB image's pixel
    return found


def test_board_is_deterministic_and_of_fixed_size(states):
    for name, state in states.items():
        view = RULES.view(state, None)
        png = render_board(view, NAMES[: state["players"]], EN)
        if name in ("middle", "teams"):
            assert png == render_board(copy.deepcopy(view), NAMES[: state["players"]], EN), name
        if name in ("over", "showdown"):  # the result card: as tall as its words need
            assert decode(png).width == W, name
        else:
            assert decode(png).size == (W, BOARD_H), name


def test_the_grid_has_49_cells_labelled_a_to_g_and_1_to_7():
    boxes = [cell_box(c) for c in CELLS]
    assert len(set(boxes)) == 49
    for a in boxes:  # no two cells overlap, all inside the picture
        assert 0 < a[0] < a[2] < W and mimic.TITLE_H < a[1] < a[3] < BOARD_H
    assert cell_box("A7")[1] < cell_box("A1")[1], "row 7 is at the top"
    assert cell_box("A1")[0] < cell_box("G1")[0], "column A is on the left"
    # D4 is the centre cell.
    d4 = cell_box("D4")
    assert (d4[0] + d4[2]) / 2 == pytest.approx(W / 2, abs=1)

    png = render_board(RULES.view(play(2, {}, 1, 0), None), NAMES[:2], EN)
    img = decode(png).convert("RGB")

    def inked(x: float, y: float) -> bool:
        r = 10
        box = img.crop((round(x - r), round(y - r), round(x + r), round(y + r)))
        return any(p == theme.ACCENT_DARK for _, p in box.getcolors(maxcolors=1 << 16))

    band = mimic.LABEL / 2
    for i, cell in enumerate(["A1", "B2", "C3", "D4", "E5", "F6", "G7"]):
        x0, y0, x1, y1 = cell_box(cell)
        assert inked((x0 + x1) / 2, mimic.GRID_Y - band), f"column letter {'ABCDEFG'[i]}"
        assert inked((x0 + x1) / 2, mimic.GRID_Y + mimic.GRID_SPAN + band)
        assert inked(mimic.GRID_X - band, (y0 + y1) / 2), f"row number {i + 1}"
        assert inked(mimic.GRID_X + mimic.GRID_SPAN + band, (y0 + y1) / 2)
    assert not inked(W / 2, mimic.TITLE_H + 4)


def test_cells_show_start_cards_mimic_cards_cubes_and_empty_space(states):
    state = states["middle"]
    view = RULES.view(state, None)
    png = render_board(view, NAMES[:2], EN)
    x0, y0, _, y1 = cell_box("D4")
    assert near(pixel(png, (x0 + 12, (y0 + y1) / 2)), mimic_art.RED_START)
    for cell, colour in view["starts"].items():
        if colour == "yellow":  # sampled inside the frame a card laid last turn gets
            x0, y0, _, y1 = cell_box(cell)
            assert near(pixel(png, (x0 + 12, (y0 + y1) / 2)), mimic_art.YELLOW_START)
    for cell, face in view["board"].items():
        x0, y0, _, _ = cell_box(cell)
        if face["cube"] is None:
            shown = pixel(png, (x0 + 8, y0 + mimic.CELL * 0.7))  # inside a last-turn frame
            assert shown in (mimic_art.CARD_COLOURS[face["colour"]],
                             mimic_art.CARD_TEXTURE[face["colour"]]), cell
        else:
            s = round(mimic.CELL * 0.40)
            corner = (x0 + mimic.CELL * 0.10 + 6, y0 + mimic.CELL * 0.40 + s - 6)
            assert near(pixel(png, corner), mimic_art.SIDE_COLOURS[face["cube"]]), cell
    empty = [c for c in CELLS if c not in view["board"] and c not in view["starts"]]
    assert empty
    for cell in empty:
        x0, y0, _, _ = cell_box(cell)
        assert near(pixel(png, (x0 + 8, y0 + 8)), theme.PANEL), cell


def test_board_shows_the_public_table_only(states):
    """The public picture depends on nothing private: hands and the deck's order (dealt
    anew, sizes kept)."""
    state = states["middle"]
    other = SECRET_SHUFFLERS["mimic"](copy.deepcopy(state), None, random.Random(5))
    assert other["hands"] != state["hands"]
    assert render_board(RULES.view(state, None), NAMES[:2], EN) == \
        render_board(RULES.view(other, None), NAMES[:2], EN)


def test_a_change_on_the_table_changes_the_picture(states):
    view = RULES.view(states["middle"], None)
    moved = copy.deepcopy(view)
    moved["turns"] += 1
    assert render_board(view, NAMES[:2], EN) != render_board(moved, NAMES[:2], EN)


def test_hand_marks_the_cells_where_each_card_fits(states):
    state = states["middle"]
    seat = state["turn"]
    view = RULES.view(state, seat)
    targets: dict[str, list[str]] = {}
    for code in RULES.legal_actions(state, seat):
        if code.startswith("place:"):
            _, card, cell = code.split(":")
            targets.setdefault(card, []).append(cell)
    assert targets
    png = render_hand(view, NAMES[:2], EN, targets, [["D4", "D5", "D6"]])
    assert png == render_hand(copy.deepcopy(view), NAMES[:2], EN, targets, [["D4", "D5", "D6"]])
    assert decode(png).size == (W, HAND_H)
    mini_x = (W - mimic.MINI_SPAN) // 2
    marked = {c for cells in targets.values() for c in cells}
    for cell in CELLS:
        if cell in view["board"] or cell in view["starts"]:
            continue
        x0, y0, _, _ = cell_box(cell, mini_x, mimic.MINI_Y, mimic.MINI, mimic.MINI_GAP)
        want = mimic.LIGHT_MARK if cell in marked else theme.PANEL
        assert near(pixel(png, (x0 + 8, y0 + 8)), want), cell
    # Without targets nothing is marked, and the picture differs.
    assert png != render_hand(view, NAMES[:2], EN, {}, [])


def test_hand_of_six_cards_and_an_empty_hand_fit(states):
    state = copy.deepcopy(states["teams"])
    seat = state["turn"]
    while len(state["hands"][seat]) < 6:
        state["hands"][seat].append(state["deck"].pop(0))
    view = RULES.view(state, seat)
    assert len(view["hand"]) == 6
    assert decode(render_hand(view, NAMES, EN)).size == (W, HAND_H)
    view = copy.deepcopy(view)
    view["hand"] = []
    assert decode(render_hand(view, NAMES, EN)).size == (W, HAND_H)


def test_the_solo_hand_shows_no_green_power_card(states):
    """Solo has no use for Green (a third card), so its hand picture shows none: the row of
    power cards holds the solo player's chips in their colours, and no green one."""
    state = states["solo"]
    view = RULES.view(state, 0)
    img = decode(render_hand(view, NAMES[:1], EN)).convert("RGB")
    row = {img.getpixel((x, mimic.POWERS_Y + 8)) for x in range(W)}
    assert not any(near(c, mimic_art.POWER_COLOURS["green"]) for c in row)
    for colour in view["powers"][0]["active"]:  # near: the palette may shift a level
        assert any(near(c, mimic_art.POWER_COLOURS[colour]) for c in row), colour
    # The same view holding a green card (as solo once dealt) would show it there.
    view["powers"][0]["active"].insert(0, "green")
    img = decode(render_hand(view, NAMES[:1], EN)).convert("RGB")
    assert mimic_art.POWER_COLOURS["green"] in {img.getpixel((x, mimic.POWERS_Y + 8))
                                                for x in range(W)}


def test_rules_picture_is_deterministic():
    assert mimic.render_rules(EN) == mimic.render_rules(EN)


def test_every_card_face_is_distinct():
    """Fifteen faces, none alike: animal silhouettes and colour textures differ."""
    faces = {
        mimic_art.card_tile(colour, animal, 64, words=EN).tobytes()
        for colour in mimic_art.CARD_COLOURS for animal in mimic_art.ANIMALS
    }
    assert len(faces) == 15


def test_every_picture_speaks_the_readers_language(states):
    """The Czech pictures carry other words than the English ones, and stay deterministic."""
    state = states["middle"]
    public, own = RULES.view(state, None), RULES.view(state, state["turn"])
    for render in (lambda w: render_board(public, NAMES[:4], w),
                   lambda w: render_hand(own, NAMES[:4], w),
                   mimic.render_rules):
        czech = render(CS)
        assert czech == render(CS)
        assert czech != render(EN)


def _placed(render) -> list[layout.Placed]:
    """Every text ``render()`` draws, the card tiles' words included (their cache emptied,
    so each tile is lettered afresh)."""
    mimic_art.card_tile.cache_clear()
    mimic_art.start_tile.cache_clear()
    with layout.recording() as placed:
        render()
    return placed


def test_a_card_too_small_for_readable_words_shows_none():
    """A card's animal tag and colour letter are never smaller than the smallest text a phone
    reads: a smaller card shows its silhouette and texture only, rather than letters a few
    pixels high."""
    assert mimic_art.TAG_MIN == theme.MIN_TEXT
    assert _placed(lambda: mimic_art.card_tile("green", "zebra", 20, words=CS)) == []
    assert _placed(lambda: mimic_art.card_tile("green", "zebra", 64, words=CS)) == []
    mini = _placed(lambda: mimic_art.card_tile("green", "zebra", 80, words=CS))
    assert [p.text for p in mini] == [CS("mimic.picture.letter.green")]
    row = _placed(lambda: mimic_art.card_tile("green", "zebra", mimic_art.TAG_CARD, words=CS))
    tag = next(p for p in row if p.text == CS("mimic.picture.tag.zebra"))
    assert tag.size >= theme.MIN_TEXT and not tag.escapes()
    assert min(p.size for p in row) >= theme.MIN_TEXT


@pytest.mark.parametrize("w", [EN, CS])
def test_a_three_player_tie_ends_on_a_result_card_with_the_showdown_ranking(w):
    """The end of an advanced three-player game settled by a showdown: the final picture is
    the result card — the winner in the banner, the reason, every side's cubes, and the
    showdown's ranking with the card each side showed — every word legible on a phone."""
    state = playout("mimic", 3, {"advanced": True}, 100_007, 100_000)
    view = RULES.view(state, None)
    assert view["phase"] == "over" and view["showdown"] is not None
    placed = _placed(lambda: render_board(view, NAMES[:3], w))
    texts = [p.text for p in placed]
    (winner,) = view["result"]["winners"]
    assert w("mimic.picture.result.win_one", names=NAMES[winner]) in texts
    assert w("mimic.picture.result.reason.showdown") in " ".join(texts)
    assert w("mimic.picture.result.showdown") in texts
    ranking = view["ranking"]
    assert ranking[0]["side"] == winner and len(ranking) >= 2
    for entry in ranking:
        face = entry["card"]
        assert any(t.startswith(w(f"mimic.card.{face['colour']}.{face['animal']}"))
                   for t in texts)
    assert min(p.size for p in placed) >= theme.MIN_TEXT
    assert not [p for p in placed if p.escapes() or not p.boxed]


def test_the_solo_cube_count_is_written_whole_at_the_panels_size():
    """Solo's fifteen cubes fill their line: the count goes under them, whole and as large as
    the panel's other small words, rather than shrunk and cut beside them."""
    view = RULES.view(play(1, {}, 3, 0), None)
    note = EN("mimic.picture.cubes", left=EN.number(view["cubes_left"][0]),
              placed=EN.number(view["cubes_placed"][0]))
    placed = _placed(lambda: render_board(view, LONG_NAMES[:1], EN))
    assert [p.size for p in placed if p.text == note] == [theme.MIN_TEXT]
