"""What the leaderboard learns from a window: only reactions that won something are records
(spec §What the leaderboard learns). Right but too late, or right with no figure left, won
nothing and is no record."""

from __future__ import annotations

from bot.games.core import Event
from bot.games.schicki_micki import RULES
from tests.games.schicki_micki.helpers import (
    DANA,
    MICHAL,
    TEREZA,
    find_table,
    settle,
    shown,
    with_piles,
)


def test_only_the_winning_call_is_a_record_not_the_right_one_too_late():
    table = find_table(2, ["hat"], where=lambda ids: shown(ids, "hat")["red"] == 2)
    _, resolved = settle(with_piles(4, table), (DANA, "call:hat", 610),
                         (TEREZA, "call:hat", 730))
    assert [r["result"] for r in resolved["reactions"]] == ["won_all", "not_first"]
    assert RULES.records([Event("resolved", None, resolved)]) == [(DANA, "reaction_ms", 610.0)]


def test_a_grab_with_no_figure_left_is_no_record():
    """§Grabbing a blue figure: fewer figures than players; the third grabber of two figures
    takes nothing."""
    table = find_table(4, ["hat", "scarf"])
    state = with_piles(3, table)
    _, resolved = settle(state, (DANA, "grab:blue", 500), (TEREZA, "grab:blue", 600),
                         (MICHAL, "grab:blue", 700))
    results = {r["seat"]: r["result"] for r in resolved["reactions"]}
    assert results[MICHAL] == "no_figure"
    assert {seat for seat, _, _ in RULES.records([Event("resolved", None, resolved)])} == {
        DANA, TEREZA}
