"""MIMIC's pictures say what just happened: the last turn's cells framed on the board with a
strip of words above the grid, and the end of the game as a result card naming the winner and
why the game ended."""

from __future__ import annotations

import copy

import pytest

from bot.games import REGISTRY
from bot.i18n import words
from rendering import layout, mimic, theme
from rendering.mimic import art as mimic_art
from rendering.mimic.result import reason

from .colours import near
from .gallery import playout
from .helpers import NAMES, decode
from .test_mimic import play

RULES = REGISTRY["mimic"]
EN, CS = words("en"), words("cs")
CELLS = [f"{c}{r}" for r in range(1, 8) for c in "ABCDEFG"]


def _frame_ink(img, cell: str) -> int:
    """How many pixels along the middle of the cell's left edge (its frame's inner ring)
    are the last turn's magenta; from the edge inwards, where a neighbour's frame (3 px
    outside its own cell, the gap is 4) never reaches."""
    x0, y0, _, y1 = mimic.cell_box(cell)
    return sum(near(img.getpixel((x, y)), mimic.LAST_FRAME)
               for x in range(x0, x0 + 3) for y in range(y0 + 30, y1 - 30, 6))


def _texts(render) -> list[str]:
    mimic_art.card_tile.cache_clear()
    mimic_art.start_tile.cache_clear()
    with layout.recording() as placed:
        render()
    return [p.text for p in placed]


@pytest.fixture(scope="module")
def middle() -> dict:
    state = play(2, {}, 3, 60)
    assert state["phase"] != "over" and state["last"]["placed"]
    return state


def test_the_last_turns_cells_are_framed_and_no_others(middle):
    view = RULES.view(middle, None)
    img = decode(mimic.render_board(view, NAMES[:2], EN)).convert("RGB")
    filled, emptied = mimic.changed_cells(view["last"])
    assert filled and set(view["last"]["placed"]) <= set(filled)
    for cell in CELLS:
        if cell in filled:
            assert _frame_ink(img, cell) > 10, cell
        elif cell not in emptied:
            assert _frame_ink(img, cell) == 0, cell


def test_moved_removed_and_cubed_cells_are_framed_too(middle):
    view = copy.deepcopy(RULES.view(middle, None))
    empty = [c for c in CELLS if c not in view["board"] and c not in view["starts"]]
    cubed = next(c for c, face in view["board"].items() if face["cube"] is not None) \
        if any(f["cube"] is not None for f in view["board"].values()) else None
    laid = sorted(view["board"])
    view["last"] = {"seat": 1, "turn": view["turns"], "placed": [],
                    "moved": [[empty[0], laid[0]]], "removed": [empty[1]],
                    "cubes": [cubed] if cubed else [], "starts": []}
    img = decode(mimic.render_board(view, NAMES[:2], EN)).convert("RGB")
    assert _frame_ink(img, laid[0]) > 10
    if cubed:
        assert _frame_ink(img, cubed) > 10
    # Emptied cells (where a card was moved from or removed) carry a dashed frame.
    for cell in empty[:2]:
        assert _frame_ink(img, cell) > 0
    assert _frame_ink(img, empty[2]) == 0


@pytest.mark.parametrize("w", [EN, CS])
def test_the_strip_says_who_did_what(middle, w):
    view = RULES.view(middle, None)
    texts = _texts(lambda: mimic.render_board(view, NAMES[:2], w))
    last = view["last"]
    assert w("mimic.picture.last.head", who=NAMES[last["seat"]]) in texts
    assert mimic.what_changed(last, w) in texts
    assert w.n("mimic.picture.last.placed", len(last["placed"])) in mimic.what_changed(last, w)
    opening = RULES.view(play(2, {}, 1, 0), None)
    assert opening["last"] is None
    assert w("mimic.picture.last.none") in _texts(
        lambda: mimic.render_board(opening, NAMES[:2], w))


def _ended(termination: str, players: int, options: dict) -> dict:
    """A seeded game that ended by ``termination``: random legal moves rarely complete a
    side's last set, so the last cube comes from the computer players' game."""
    if termination == "last_cube":
        state = play(players, options, 0, 999)
        assert state["result"]["termination"] == termination
        return state
    for seed in range(40):
        state = playout("mimic", players, options, 500 + seed, 100_000)
        if state["result"]["termination"] == termination:
            return state
    pytest.fail(f"no seeded game ended by {termination}")


@pytest.mark.parametrize(("termination", "players", "options"), [
    ("stuck", 2, {}), ("showdown", 2, {}), ("stuck", 1, {}), ("last_cube", 4, {"teams": True}),
])
@pytest.mark.parametrize("w", [EN, CS])
def test_the_result_card_names_the_winner_and_why_the_game_ended(termination, players,
                                                                 options, w):
    state = _ended(termination, players, options)
    view = RULES.view(state, None)
    png = mimic.render_board(view, NAMES[:players], w)
    assert decode(png).width == theme.BOARD_WIDTH
    texts = _texts(lambda: mimic.render_board(view, NAMES[:players], w))
    why = reason(view, NAMES[:players], w)
    assert any(why.startswith(t.rstrip("…")) or t in why for t in texts if len(t) > 12)
    if termination in ("stuck", "showdown"):
        assert w("mimic.picture.result.reason." + ("stuck_solo" if players == 1 else "stuck"),
                 who=NAMES[view["turn"]]) in " ".join(texts)
    if termination == "showdown":
        assert w("mimic.picture.result.reason.showdown") in " ".join(texts)
    winners = view["result"]["winners"]
    if players == 1:
        assert any(str(view["cubes_placed"][0]) in t for t in texts)
    elif len(winners) < players:
        named = w("mimic.and").join(NAMES[s] for s in winners)
        key = "win_many" if len(winners) > 1 else "win_one"
        assert w(f"mimic.picture.result.{key}", names=named) in texts
    if termination == "showdown":
        assert w("mimic.picture.result.showdown") in texts
