"""The package docstring's choices where the rule text and the spec are silent, one test each
(numbers as in bot/games/mariposas/__init__.py; some live beside their rule in test_turn.py)."""

from __future__ import annotations

from bot.games.mariposas.rules import RULES
from tests.games.mariposas.positions import BOARD, Die, act, at, legal, restart, table
from tests.games.mariposas.test_seasons import end_turn, last_turn
from tests.games.mariposas.test_turn import (
    HOME,
    WHITE_NEXT_HOME,
    hatch_table,
    land_on_monterrey,
    one,
    waystation_table,
)
from tests.games.refusals import said


def test_choice_1__no_butterfly_on_the_map_loses_the_moves():
    state = table(cards=["move_5-1", "move_1x3-1"], butterflies=[("1.0", 1, 1, HOME)])
    state, _ = act(state, "card:move_5-1")
    assert legal(state) == ["confirm", "undo"]


def test_choice_2__an_empty_hand_passes():
    state = one()
    state["deck"] += state["hands"][0]
    state["hands"][0] = []
    assert legal(restart(state)) == ["card:pass"]
    state, _ = act(state, "card:pass")
    assert legal(state) == ["confirm", "undo"]


def test_choice_4__take_a_flower_from_a_neighbour_not_collected_this_turn():
    """Spec 19 with choice 4: one token from one neighbouring flower space; not a space this
    player already collected this turn (§Landing on Flowers, first limit)."""
    start = at(16, 0)
    state = one(start, cards=("move_4_flower-1", "move_5-1"))
    landing = next(s for s in sorted(BOARD.graph.reachable(start, 4))
                   if BOARD.spaces[s].kind == "flower" and s not in BOARD.next_to_milkweed
                   and any(BOARD.spaces[n].kind == "flower" and n != start
                           for n in BOARD.graph.neighbours(s)))
    state, _ = act(state, "card:move_4_flower-1", "move:0.0:0", f"land:{landing}")
    options = [o for o in legal(state) if o != "undo"]
    assert f"take:{landing}" not in options  # collected on landing this turn
    assert options and all(o.startswith("take:") for o in options)
    assert all(BOARD.spaces[int(o[5:])].kind == "flower" for o in options)
    taken = int(options[0][5:])
    flower = BOARD.spaces[taken].flowers[0]
    before = state["flowers"][0][flower]
    state, _ = act(state, options[0])
    assert state["flowers"][0][flower] == before + 1  # one token even from a double space
    assert legal(state) == ["confirm", "undo"]


def test_choice_4__never_the_flowers_of_the_butterflys_start_space():
    """§Landing on Flowers: "A butterfly can never collect flowers from the space on which it
    started the turn" — not by landing, and not by "take a flower from an adjacent space"."""
    start = at(16, 0)
    assert BOARD.spaces[start].kind == "flower"
    state = one(start, cards=("move_4_flower-1", "move_5-1"))
    landings = [s for s in sorted(BOARD.graph.reachable(start, 4))
                if start in BOARD.graph.neighbours(s) and s not in BOARD.next_to_milkweed]
    assert landings, "a landing next to the start space"
    for landing in landings:
        after, _ = act(state, "card:move_4_flower-1", "move:0.0:0", f"land:{landing}")
        assert f"take:{start}" not in legal(after), landing


def test_choice_5__the_wild_flower_citys_first_visitor_rolls_and_picks():
    state, _events = land_on_monterrey(waystation_table("wild_flower"), Die(1))
    assert state["flowers"][0][BOARD.flower_types[1]] == 1
    assert legal(state)[0].startswith("flower:")


def test_choice_6__bonus_cards_are_public_hands_are_not():
    state = one()
    state["bonus"][0]["held"] = ["add_1_move"]
    view = RULES.view(state, 1)
    assert view["bonus"][0]["held"] == ["add_1_move"]
    assert view["hand"] == state["hands"][1] and view["hand_sizes"][0] == 2


def test_choice_7__the_free_hatch_counts_for_the_point_per_hatch_ability():
    state = last_turn(0, [("0.0", 0, 1, HOME), ("1.0", 1, 1, HOME)], goal="S2")
    state["has_ability"][0] = ["point_per_hatch"]
    state, _ = end_turn(restart(state), 1)
    before = state["scores"][0]
    state, _ = act(state, "free:0.0", seat=0)
    assert state["scores"][0] == before + 1


def test_choice_9__no_undo_after_confirming():
    state = one(cards=("move_5-1", "move_1x3-1"))
    state["deck"].remove("move_5-2")
    state["deck"].insert(0, "move_5-2")
    state, _ = act(restart(state), "card:move_1x3-1", "move:0.0:0", f"land:{WHITE_NEXT_HOME}",
                   "move:0.0:1", f"land:{HOME}", "move:0.0:2", f"land:{WHITE_NEXT_HOME}",
                   "confirm")
    assert state["phase"] == "trade"
    assert "undo" not in legal(state, 0)
    assert legal(state, 0) == ["trade:move_5-1", "trade:both", "keep"]
    state, _ = act(state, "trade:move_5-1", seat=0)
    assert "move_5-1" in state["discard"] and len(state["hands"][0]) == 2


def test_choice_10__a_hatch_may_be_declined():
    state = hatch_table()
    space = next(s for s in BOARD.graph.neighbours(state["butterflies"][0]["space"])
                 if s in BOARD.next_to_milkweed and BOARD.spaces[s].kind == "flower")
    state, events = act(state, "card:move_1x3-1", "move:0.0:0", f"land:{space}", "hatch:none")
    assert len(state["butterflies"]) == 1 and not any(e.kind == "hatched" for e in events)


def test_refusals_say_why_in_words():
    """explain_illegal names a stable reason (said as a sentence) for each kind of slip."""
    state = one()
    assert said(RULES.explain_illegal(state, 0, "move:0.0:0")) == ("Play a card first.",
                                                                   "Nejdřív zahraj kartu.")
    assert said(RULES.explain_illegal(state, 1, "card:move_5-1")) == ("It is not your turn.",
                                                                      "Nejsi na tahu.")
    state, _ = act(state, "card:move_5-1", "move:0.0:0")
    refused = RULES.explain_illegal(state, 0, "land:0")
    assert refused.key == "mariposas.discord.refused.not_reachable"
    assert said(refused) == (
        "That space is not reachable with this move: only the highlighted spaces are.",
        "Na toto pole se tímto pohybem nedostaneš: jen na zvýrazněná pole.")
    assert RULES.explain_illegal(state, 0, "confirm").key == \
        "mariposas.discord.refused.land_first"
