"""The table remembers the last card turned up and whether it was the wanted butterfly."""

from __future__ import annotations

import json

from bot.games.core import dump, start
from bot.games.mimikri import RULES
from bot.games.mimikri.rules import butterfly

from .helpers import Table, where


def test_each_reveal_is_recorded_missed_then_found_and_orienting_keeps_it():
    table = Table(start(RULES, "last reveal", 3, {}))
    assert table.view()["last"] is None  # nothing turned up yet
    table.play(0, "orient:E")
    wanted = butterfly(table.state["subject"], "E")
    right = where(table.state, wanted)
    wrong = next(p for p in table.state["layout"] if p != right)

    table.play(0, f"reveal:{wrong}")
    assert table.view(1)["last"] == {"seat": 0, "pos": wrong,
                                     "butterfly": table.state["layout"][wrong], "found": False}

    table.play(1, f"reveal:{right}")
    assert table.view()["last"] == {"seat": 1, "pos": right, "butterfly": wanted, "found": True}
    # The found card has left the table, but the table still says where it was.
    assert right not in table.state["layout"]

    holder = table.state["holder"]
    table.play(holder, "orient:N")
    assert table.view()["last"]["pos"] == right, "orienting turns no card up"


def test_a_state_stored_before_the_last_reveal_was_recorded_loads_and_shows_none():
    table = Table(start(RULES, "old state", 2, {}))
    table.play(0, "orient:S")
    right = where(table.state, butterfly(table.state["subject"], "S"))
    old = json.loads(dump(table.state))
    del old["last"]
    state = RULES.load(old)
    assert RULES.view(state, None)["last"] is None
    table.state = state
    table.play(0, f"reveal:{right}")
    assert table.view()["last"]["found"] is True


def test_the_view_hands_out_a_copy():
    table = Table(start(RULES, "copy", 2, {}))
    table.play(0, "orient:W")
    table.play(0, f"reveal:{next(iter(table.state['layout']))}")
    view = table.view()
    view["last"]["pos"] = "Z9"
    assert table.state["last"]["pos"] != "Z9"
