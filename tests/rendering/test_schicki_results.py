"""Schicki Micki's row result and end card: what happened, legible at a glance."""

from __future__ import annotations

import random

from bot.games.core import SYSTEM, Event
from bot.games.schicki_micki import RULES, views
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from bot.games.schicki_micki.views import Resolved, SchickiView
from bot.i18n import words
from rendering import layout, theme
from rendering import schicki_micki as sm
from rendering.schicki_micki import end

from .gallery import LONG_NAMES, pictures
from .helpers import decode

NAMES = ["Alice", "Bob", "Zoë", "Dmitri"]
EN, CS = words("en"), words("cs")


def _deals_until_a_row_to_win(players: int, seed: int) -> int:
    """How many cards the seeded deck deals before the table asks a knock, a red grab or a
    call (a row one seat wins whole)."""
    rng = random.Random(0)
    state = RULES.load(RULES.setup(players, {}, random.Random(seed)))
    for k in range(1, 40):
        state, _ = RULES.apply(state, SYSTEM, "deal", rng=rng, at_ms=0)
        correct = read_table(cards()[c] for c in state["table"]).correct
        if correct and correct != "grab:blue":
            return k
    raise AssertionError("no such row in this deck")


def resolved_row(players: int = 4, seed: int = 0,
                 over: bool = False) -> tuple[SchickiView, Resolved]:
    """The view after a row and the ``resolved`` event's data: cards dealt until the table
    asks for one right reaction, then a wrong call, the right reaction and a late right one.
    ``over``: the deck ends with the row, so it is the game's last."""
    rng = random.Random(0)
    dealt = _deals_until_a_row_to_win(players, seed)
    state = RULES.setup(players, {}, random.Random(seed))
    if over:  # the rest of the deck lies in seat 0's pile, as if won earlier
        state["won"][0] += state["deck"][dealt:]
        del state["deck"][dealt:]
    state = RULES.load(state)
    for _ in range(dealt):
        state, _ = RULES.apply(state, SYSTEM, "deal", rng=rng, at_ms=0)
    correct = read_table(cards()[c] for c in state["table"]).correct
    assert correct is not None  # dealt until the table asks for a reaction
    wrong = next(a for a in ("call:umbrella", "call:hat", "call:scarf", "call:beak",
                             "call:feathers", "call:worm", "knock") if a != correct)
    for seat, action, at in ((2, wrong, 400), (1, correct, 900), (3, correct, 1700)):
        state, _ = RULES.apply(state, seat, action, rng=rng, at_ms=at)
    events: list[Event] = []
    while not any(e.kind == "resolved" for e in events):
        state, events = RULES.apply(state, SYSTEM, "resolve", rng=rng, at_ms=2000)
    data = next(e.data for e in events if e.kind == "resolved")
    return RULES.view(state, None), views.resolved(data)


def drawn(render) -> list[layout.Placed]:
    with layout.recording() as placed:
        png = render()
    assert decode(png).width == theme.BOARD_WIDTH
    return placed


def test_the_result_shows_the_winner_banner_and_every_reacting_seat():
    view, data = resolved_row()
    assert [r["seat"] for r in data["reactions"]] == [2, 1, 3]
    for w in (EN, CS):
        texts = [p.text for p in drawn(lambda w=w: sm.render_table(view, NAMES, w,
                                                                   resolved=data))]
        banner = w.n("schicki.picture.result.won_all", len(data["table"]), name="Bob")
        assert banner in texts
        for seat in (1, 2, 3):
            assert NAMES[seat] in texts
        assert data["reactions"][1]["result"] == "won_all"
        for r in data["reactions"]:
            outcome = w(f"schicki.picture.outcome.{r['result']}")
            assert any(t.startswith(outcome) for t in texts), outcome
        assert w("schicki.picture.result.seconds", seconds=w.number(0.9, 1)) in texts
    assert sm.render_result(view, NAMES, EN, data) == sm.render_table(view, NAMES, EN,
                                                                      resolved=data)


def test_the_result_draws_the_table_as_it_stood_when_the_first_reaction_came():
    view, data = resolved_row()
    assert view["table"] == [] and data["table"]  # the row was won: the table is cleared
    img = sm.draw_table(view, NAMES, EN, resolved=data)
    assert img.size == end.result_size(4, len(data["table"]), 3)
    top = sm.GRID_Y
    grid = (0, top, sm.W, top + 200)
    other = sm.draw_table(view, NAMES, EN, resolved={**data, "table": data["table"][::-1]})
    assert img.crop(grid).tobytes() != other.crop(grid).tobytes()


def test_the_games_last_row_ends_with_the_final_ranking():
    view, data = resolved_row(over=True)
    assert view["phase"] == "over"
    texts = [p.text for p in drawn(lambda: sm.render_table(view, NAMES, EN, resolved=data))]
    assert EN("schicki.picture.game_over") in texts
    best = max(view["scores"])
    winner = NAMES[view["scores"].index(best)]
    assert EN.n("schicki.picture.won_alone", best, name=winner) in " ".join(texts)
    assert [t for t in texts if t in NAMES][-4:] == sorted(
        NAMES, key=lambda n: -view["scores"][NAMES.index(n)])  # the ranking closes it
    img = sm.draw_table(view, NAMES, EN, resolved=data)
    assert img.size == end.result_size(4, len(data["table"]), 3, over=True)


def test_the_end_card_names_the_winner_and_ranks_every_score():
    view, _ = resolved_row(over=True)
    scores = view["scores"]
    best = max(scores)
    placed = drawn(lambda: sm.render_table(view, NAMES, EN))
    texts = [p.text for p in placed]
    winner = NAMES[scores.index(best)]
    assert EN.n("schicki.picture.won_alone", best, name=winner) in " ".join(texts)
    names_in_order = [t for t in texts if t in NAMES]
    assert names_in_order == sorted(NAMES, key=lambda n: -scores[NAMES.index(n)])
    assert sm.draw_table(view, NAMES, EN).size == end.end_size(4)


def test_result_and_end_texts_are_legible_and_in_their_boxes():
    for w in (EN, CS):
        for over in (False, True):
            view, data = resolved_row(players=4, over=over)
            for resolved in (data, None):
                placed = drawn(lambda v=view, d=resolved, w=w: sm.render_table(
                    v, LONG_NAMES[:4], w, resolved=d))
                assert not [p for p in placed if p.escapes() or not p.boxed]
                assert min(p.size for p in placed) >= theme.MIN_TEXT


def test_the_gallery_holds_result_and_end_kinds():
    kinds = list(pictures(EN))
    assert any(k.startswith("schicki_micki") and "result" in k for k in kinds)
    assert any(k.startswith("schicki_micki") and "result last" in k for k in kinds)
    assert any(k.startswith("schicki_micki") and k.endswith("after 100000") for k in kinds)


def test_the_cards_that_decided_the_row_are_framed():
    from rendering.schicki_micki import parts
    for seed in range(4):
        view, data = resolved_row(seed=seed)
        deciding = end._deciding(data)
        assert data["situation"] in ("knock", "red", "call") and deciding, seed
        img = sm.draw_table(view, NAMES, EN, resolved=data)
        boxes = parts.card_boxes(len(data["table"]), sm.GRID_Y, end.cards_room(view, data))
        for i, (x0, y0, _, y1) in enumerate(boxes):
            framed = img.getpixel((x0 - 3, (y0 + y1) // 2)) == end.GOOD
            assert framed == (i in deciding), (seed, i)
