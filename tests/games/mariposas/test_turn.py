"""A Mariposas turn, rule by rule, on hand-built positions (shared/rules/mariposas.txt)."""

from __future__ import annotations

import pytest

from bot.games.mariposas import landing
from bot.games.mariposas.state import content
from tests.games.mariposas.positions import (
    BOARD,
    Die,
    act,
    at,
    city,
    flowers,
    legal,
    restart,
    table,
)

HOME = BOARD.michoacan
WHITE_NEXT_HOME, YELLOW_NEXT_HOME = at(16, 1), at(16, 2)  # Michoacán's two neighbours
RED_BY_MILKWEED = at(13, 2)


def one(space: int = HOME, gen: int = 1, cards=("move_1x3-1", "move_5-1"), **kw):
    """Seat 0 with one butterfly ``0.0`` on ``space``."""
    return table(cards=list(cards), butterflies=[("0.0", 0, gen, space)], **kw)


def test_movement__each_arrow_group_may_move_a_different_butterfly():
    """§Movement: "Move 1 space three times (can be used by 1 butterfly or split among
    multiple butterflies)"; the three equal groups are offered once each step."""
    state = table(cards=["move_1x3-1", "move_5-1"],
                  butterflies=[("0.0", 0, 1, HOME), ("0.1", 0, 2, at(10, 8))])
    state, _ = act(state, "card:move_1x3-1")
    assert legal(state) == ["move:0.0:0", "move:0.1:0", "undo"]
    state, _ = act(state, "move:0.1:0", f"land:{at(10, 7)}")
    assert legal(state) == ["move:0.0:1", "move:0.1:1", "undo"]
    state, _ = act(state, "move:0.1:1", f"land:{at(10, 8)}", "move:0.0:2",
                   f"land:{WHITE_NEXT_HOME}")
    assert legal(state) == ["confirm", "undo"]


def test_movement__move_1_and_move_3_in_either_order():
    """§Movement: "Move 1 space and move 3 spaces (in any order)"."""
    state, _ = act(one(cards=("move_1_3-1", "move_5-1")), "card:move_1_3-1")
    assert legal(state) == ["move:0.0:0", "move:0.0:1", "undo"]


def test_movement__a_move_of_n_lands_where_a_walk_of_exactly_n_steps_ends():
    """Spec 1: revisits allowed, so a move of 2 may land back on its start."""
    start = at(10, 8)
    state, _ = act(one(start, cards=("move_2x2-1", "move_5-1")), "card:move_2x2-1", "move:0.0:0")
    assert legal(state)[:-1] == [f"land:{s}" for s in sorted(BOARD.graph.reachable(start, 2))]
    assert f"land:{start}" in legal(state)
    assert all(f"land:{s}" not in legal(state) for s in BOARD.graph.reachable(start, 4)
               - BOARD.graph.reachable(start, 2))


def test_every_move_of_the_card_is_made_before_confirming():
    """Package choice 1: the card's moves are all made."""
    state, _ = act(one(), "card:move_1x3-1", "move:0.0:0", f"land:{WHITE_NEXT_HOME}")
    assert "confirm" not in legal(state)


def test_landing_on_flowers__collects_the_flower_shown():
    """§Landing on Flowers: pick up the token(s) shown; a double space gives two (spec)."""
    state, _ = act(one(), "card:move_1x3-1", "move:0.0:0", f"land:{WHITE_NEXT_HOME}")
    assert state["flowers"][0]["white"] == 1
    assert state["flower_supply"]["white"] == 23
    double = at(16, 0)
    assert len(BOARD.spaces[double].flowers) == 2
    state, _ = act(one(at(15, 0)), "card:move_1x3-1", "move:0.0:0", f"land:{double}")
    assert state["flowers"][0][BOARD.spaces[double].flowers[0]] == 2


def test_landing_on_flowers__never_from_the_same_space_twice_in_a_turn():
    """§Landing on Flowers: "A player can never collect flowers from the same space twice in
    a turn" — also with a second butterfly."""
    state = table(cards=["move_1x3-1", "move_5-1"],
                  butterflies=[("0.0", 0, 1, HOME), ("0.1", 0, 2, at(16, 0))])
    state, _ = act(state, "card:move_1x3-1", "move:0.0:0", f"land:{WHITE_NEXT_HOME}",
                   "move:0.1:1", f"land:{WHITE_NEXT_HOME}")
    assert state["flowers"][0]["white"] == 1


def test_landing_on_flowers__never_from_the_butterflys_start_space():
    """§Landing on Flowers: "A butterfly can never collect flowers from the space on which it
    started the turn" (a move of 2 there and back)."""
    state, _ = act(one(WHITE_NEXT_HOME, cards=("move_2x2-1", "move_5-1")), "card:move_2x2-1",
                   "move:0.0:0", f"land:{WHITE_NEXT_HOME}")
    assert state["flowers"][0]["white"] == 0


def test_flower_supply__an_empty_type_gives_nothing():
    """Spec 2: 24 tokens per type; when a type runs out, landing gives nothing of it."""
    state = one()
    state["flower_supply"]["white"] = 0
    state["flowers"][1]["white"] = 24
    state, _ = act(restart(state), "card:move_1x3-1", "move:0.0:0", f"land:{WHITE_NEXT_HOME}")
    assert state["flowers"][0]["white"] == 0


def waystation_table(marker: str, **kw):
    """Seat 0 next to Monterrey, whose marker is ``marker``."""
    state = one(at(14, 0), **kw)
    other = next(c for c, m in state["markers"].items() if m == marker)
    state["markers"][other] = state["markers"]["monterrey"]
    state["markers"]["monterrey"] = marker
    return restart(state)


def land_on_monterrey(state, rng):
    return act(state, "card:move_1x3-1", "move:0.0:0", f"land:{city('monterrey')}", rng=rng)


def test_waystation__first_visitor_flips_rolls_and_collects():
    """§Landing on a Waystation 1–2: flip it, roll the die, take the rolled flower, and
    collect the item (a life cycle card)."""
    state, events = land_on_monterrey(waystation_table("green_egg"), Die(2))
    assert "monterrey" in state["face_up"]
    assert state["flowers"][0][BOARD.flower_types[2]] == 1
    assert state["life_cycle"][0] == ["green_egg"]
    assert [e.kind for e in events if e.kind in ("waystation_flipped", "card_gained")] == [
        "waystation_flipped", "card_gained"]


def test_waystation__the_wild_die_face_lets_the_player_choose():
    """§Wild Flowers: the die's wild face "lets you choose a flower of your choice"."""
    state, _ = land_on_monterrey(waystation_table("green_egg"), Die(5))
    assert legal(state)[:5] == [f"flower:{f}" for f in BOARD.flower_types]
    state, _ = act(state, "flower:pink")
    assert state["flowers"][0]["pink"] == 1


def test_waystation__later_visitors_collect_without_a_roll():
    """§Landing on a Waystation 2: only the first visitor flips and rolls."""
    state = waystation_table("green_egg")
    state["face_up"].append("monterrey")
    state, events = land_on_monterrey(state, Die(2))
    assert not any(e.kind == "waystation_flipped" for e in events)
    assert sum(state["flowers"][0].values()) == 0
    assert state["life_cycle"][0] == ["green_egg"]


def test_waystation__never_a_second_copy_of_a_card():
    """§Landing on a Waystation 3: "You can never have a second copy of any waystation card"."""
    state = waystation_table("green_egg")
    state["life_cycle"][0] = ["green_egg"]
    state, events = land_on_monterrey(restart(state), Die(2))
    assert state["life_cycle"][0] == ["green_egg"]
    assert not any(e.kind == "card_gained" for e in events)


def test_waystation__a_bonus_move_card_is_collected_once():
    """§Waystation Bonus Move Cards: kept in hand, and after playing it "you cannot collect
    the same card again"."""
    state, _ = land_on_monterrey(waystation_table("bonus_move_3_2"), Die(0))
    assert state["bonus"][0]["held"] == ["move_3_2"]
    state = waystation_table("bonus_move_3_2")
    state["bonus"][0]["used"] = ["move_3_2"]
    state, _ = land_on_monterrey(restart(state), Die(0))
    assert state["bonus"][0] == {"held": [], "used": ["move_3_2"]}


def test_wild_flower_city__any_flower_on_every_visit():
    """§Wild Flowers and spec 3: after its flip the city is a flower space with any flower."""
    state = waystation_table("wild_flower")
    state["face_up"].append("monterrey")
    state, _ = land_on_monterrey(restart(state), Die(0))
    assert legal(state)[:5] == [f"flower:{f}" for f in BOARD.flower_types]
    state, _ = act(state, "flower:red")
    assert state["flowers"][0]["red"] == 1


def test_bonus_move_3_2_is_played_instead_of_an_action_card():
    """§Waystation Bonus Move Cards: "Move 3, Move 2 — played instead of a normal action
    card"; it is kept as used and the hand stays at two."""
    state = one()
    state["bonus"][0]["held"] = ["move_3_2"]
    state, _ = act(restart(state), "card:move_3_2")
    assert [g["steps"] for g in state["turn"]["groups"]] == [3, 2]
    assert state["bonus"][0] == {"held": [], "used": ["move_3_2"]}
    assert len(state["hands"][0]) == 2


def test_add_1_move_adds_a_separate_single_move():
    """§Waystation Bonus Move Cards: "adds an additional separate single space move"."""
    state = one()
    state["bonus"][0]["held"] = ["add_1_move"]
    state, _ = act(restart(state), "card:move_5-1+add_1_move")
    assert [g["steps"] for g in state["turn"]["groups"]] == [5, 1]


def test_add_2_to_a_move_lengthens_one_of_the_cards_moves():
    """§Waystation Bonus Move Cards: "adds an additional 2 spaces of movement to one of the
    movement actions already on the card ... not a separate move"."""
    state = one(cards=("move_1_3-1", "move_5-1"))
    state["bonus"][0]["held"] = ["add_1_move", "add_2_to_move"]
    options = legal(restart(state))
    assert "card:move_1_3-1+add_2_to_move@1" in options
    assert "card:move_1_3-1+add_1_move+add_2_to_move@3" in options
    assert "card:move_5-1+add_2_to_move@1" not in options  # never onto "Add 1 Move"
    state, _ = act(state, "card:move_1_3-1+add_2_to_move@3")
    assert [g["steps"] for g in state["turn"]["groups"]] == [1, 5]


def played(state, seat, card, kind=None):
    state["hands"][seat] = [c for c in state["hands"][seat] if c != card]
    for pile in (state["deck"], *state["hands"]):
        if card in pile:
            pile.remove(card)
    state["played"][seat].append({"card": card, "as": kind or content().action(card).id,
                                  "target": None, "bonus": []})


def test_reuse_own_copies_a_card_played_this_season():
    """§Movement: "Reuse an action card that you have played during the current season"."""
    state = one(cards=("reuse_own-1", "move_1x3-1"))
    played(state, 0, "move_5-2")
    played(state, 1, "move_2x2-2")
    options = legal(restart(state))
    assert "card:reuse_own-1=move_5-2" in options
    assert not any("move_2x2-2" in o for o in options)
    state, _ = act(state, "card:reuse_own-1=move_5-2")
    assert [g["steps"] for g in state["turn"]["groups"]] == [5]


def test_reuse_other_copies_another_players_card_and_a_reuse_resolves_to_the_original():
    """§Movement, spec Action deck: a reuse of a reuse resolves to the original card."""
    state = one(cards=("reuse_other-1", "move_1x3-1"))
    played(state, 1, "move_2x2-2")
    played(state, 1, "reuse_own-2", kind="move_2x2")
    played(state, 0, "move_5-2")
    options = legal(restart(state))
    assert "card:reuse_other-1=reuse_own-2" in options
    assert not any("move_5-2" in o for o in options)
    state, _events = act(state, "card:reuse_other-1=reuse_own-2")
    assert [g["steps"] for g in state["turn"]["groups"]] == [2, 2]
    assert state["played"][0][-1]["as"] == "move_2x2"


def test_reuse_never_copies_a_bonus_move_card():
    """§Movement: "The reuse cards cannot be used to reuse bonus move waystation cards"; with
    nothing to copy the reuse card is played for nothing (package choice 2)."""
    state = one(cards=("reuse_own-1", "move_1x3-1"))
    state["played"][0].append({"card": "move_3_2", "as": "move_3_2", "target": None,
                               "bonus": []})
    options = legal(restart(state))
    assert [o for o in options if "reuse" in o] == ["card:reuse_own-1"]
    state, _ = act(state, "card:reuse_own-1")
    assert legal(state) == ["confirm", "undo"]


@pytest.mark.parametrize(("cards", "offered"), [
    (["move_5-1", "move_5-2"], True),
    (["reuse_own-1", "reuse_other-1"], True),
    (["move_5-1", "move_2x2-1"], False),
])
def test_trade_in__two_of_the_same_or_two_reuse_cards(cards, offered):
    """§On Your Turn 3: "If you have 2 of the same action card or 2 action cards that reuse
    other cards, you may trade in 1 or both for replacements"."""
    state = one(cards=("move_1x3-1", "move_1_3-1"))
    state["deck"] = [c for c in state["deck"] if c not in cards]
    state["deck"].insert(0, cards[1])
    state["hands"][0] = [cards[0], "move_1x3-1"]
    state["deck"].append("move_1_3-1")
    state, _ = act(restart(state), "card:move_1x3-1", *[
        a for pair in [(f"move:0.0:{g}", f"land:{s}") for g, s in
                       ((0, WHITE_NEXT_HOME), (1, HOME), (2, YELLOW_NEXT_HOME))] for a in pair],
        "confirm")
    assert state["hands"][0] == cards
    if not offered:
        assert state["phase"] == "turn" and state["turn"]["seat"] == 1
        return
    assert state["phase"] == "trade"
    assert legal(state, 0)[-2:] == ["trade:both", "keep"]
    deck_top = state["deck"][:2]
    state, _ = act(state, "trade:both", seat=0)
    assert state["hands"][0] == deck_top
    assert state["discard"][-2:] == cards


def at_the_trade_in(deck_left: int, discards: int):
    """Seat 0 at the trade-in with two move_5 cards, ``deck_left`` cards in the deck and
    ``discards`` in the discard pile after drawing back up."""
    state = one(cards=("move_1x3-1", "move_1_3-1"))
    spare = [c for c in state["deck"] if c not in ("move_5-1", "move_5-2", "move_1_3-1")]
    state["hands"][0] = ["move_5-1", "move_1x3-1"]
    state["deck"] = ["move_5-2", *spare[:deck_left]]
    state["discard"] = spare[deck_left:deck_left + discards]
    state, _ = act(restart(state), "card:move_1x3-1", *[
        a for pair in [(f"move:0.0:{g}", f"land:{s}") for g, s in
                       ((0, WHITE_NEXT_HOME), (1, HOME), (2, YELLOW_NEXT_HOME))] for a in pair],
        "confirm")
    assert state["phase"] == "trade" and state["hands"][0] == ["move_5-1", "move_5-2"]
    assert (len(state["deck"]), len(state["discard"])) == (deck_left, discards)
    return state


@pytest.mark.parametrize(("deck_left", "discards"), [(1, 0), (0, 1)])
def test_trade_in__both_is_not_offered_with_one_card_left_to_draw(deck_left, discards):
    """§On Your Turn 3: "Draw back up to 2 action cards … trade in 1 or both for replacements":
    with one card left to draw (in the deck, or in the discards to be shuffled), trading both
    could not give two replacements; one card can still be traded, for that last card."""
    state = at_the_trade_in(deck_left, discards)
    assert legal(state, 0) == ["trade:move_5-1", "keep"]
    left = (state["deck"] + state["discard"])[0]
    state, _ = act(state, "trade:move_5-1", seat=0)
    assert sorted(state["hands"][0]) == sorted(["move_5-2", left])
    assert state["discard"] == ["move_5-1"] and state["deck"] == []


@pytest.mark.parametrize(("deck_left", "discards"), [(2, 0), (1, 1), (0, 2)])
def test_trade_in__both_draws_two_replacements_and_keeps_a_full_hand(deck_left, discards):
    """Two cards left to draw, wherever they are: both can be traded, the hand stays at two and
    the traded cards are not drawn back (spec, Action deck: the discards are shuffled anew)."""
    state = at_the_trade_in(deck_left, discards)
    assert "trade:both" in legal(state, 0)
    state, _ = act(state, "trade:both", seat=0)
    assert len(state["hands"][0]) == 2
    assert not {"move_5-1", "move_5-2"} & set(state["hands"][0])
    assert sorted(state["discard"][-2:]) == ["move_5-1", "move_5-2"]


def test_confirm_draws_back_to_two_and_reshuffles_an_empty_deck():
    """§On Your Turn 3 and spec, Action deck: "When the deck runs out, shuffle the discards"."""
    state = one()
    state["discard"], state["deck"] = state["deck"], []
    state, events = act(restart(state), "card:move_5-1", "move:0.0:0",
                        f"land:{sorted(BOARD.graph.reachable(HOME, 5))[0]}", "confirm")
    assert len(state["hands"][0]) == 2 or state["phase"] == "trade"
    assert any(e.kind == "reshuffled" for e in events)
    drawn = [e for e in events if e.kind == "drew_cards"]
    assert drawn and drawn[0].visible_to == frozenset({0})


# Hatching -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("gen", "held", "expected"), [
    (1, {"white": 2}, ["white.white"]),
    (1, {"white": 1, "red": 1}, []),
    (1, {"white": 1, "red": 1, "pink": 1}, ["white.pink.red"]),
    (2, {"white": 2, "red": 1}, []),
    (2, {"white": 3}, ["white.white.white"]),
    (2, {"white": 2, "red": 1, "pink": 1}, ["white.white.pink.red"]),
    (3, {"white": 4}, ["white.white.white.white"]),
    (3, {"white": 3, "red": 1, "pink": 1}, ["white.white.white.pink.red"]),
    (4, {"purple": 4}, ["purple.purple.purple.purple"]),
    (4, {"purple": 4, "red": 1}, ["purple.purple.purple.purple",
                                  "purple.purple.purple.purple.red"]),
])
def test_hatching_costs__by_generation(gen, held, expected):
    """§Hatching Costs: gen 1 → 2 matching or any 3; gen 2 → 3 or 4; gen 3 → 4 or 5; gen 4
    doubling → 4 or 5 (spec 16)."""
    tokens = {f: held.get(f, 0) for f in BOARD.flower_types}
    assert landing.payments(tokens, gen) == expected


def hatch_table(gen=1, space=RED_BY_MILKWEED, **kw):
    """Seat 0's butterfly one step from ``space`` (next to milkweed), with flowers to pay."""
    start = next(n for n in BOARD.graph.neighbours(space)
                 if n not in BOARD.next_to_milkweed and BOARD.spaces[n].kind == "flower")
    state = one(start, gen=gen, **kw)
    flowers(state, 0, white=5)
    return restart(state)


def land_by_milkweed(state, space=RED_BY_MILKWEED):
    return act(state, "card:move_1x3-1", "move:0.0:0", f"land:{space}")


def test_hatching__a_landing_next_to_milkweed_may_hatch_after_collecting():
    """§Landing Next to Milkweed: collect the flower first, then hatch the next generation on
    the parent's space, paying the cost; or not hatch."""
    state, _ = land_by_milkweed(hatch_table())
    assert state["flowers"][0]["red"] == 1
    assert legal(state)[0] == "hatch:white.white" and legal(state)[-2] == "hatch:none"
    assert "hatch:white.white.red" in legal(state)
    state, _events = act(state, "hatch:white.white")
    child = next(b for b in state["butterflies"] if b["id"] != "0.0")
    assert (child["gen"], child["space"], child["double"]) == (2, RED_BY_MILKWEED, False)
    assert state["flowers"][0]["white"] == 3


def test_hatching__not_away_from_milkweed():
    state = hatch_table()
    away = next(f"land:{s}" for s in BOARD.graph.neighbours(state["butterflies"][0]["space"])
                if s not in BOARD.next_to_milkweed)
    state, _ = act(state, "card:move_1x3-1", "move:0.0:0", away)
    assert not legal(state)[0].startswith("hatch")


def test_hatching__goal_card_butterflies_first_and_the_last_reveals_the_card():
    """§Hatching Butterflies: take the markers on the season goal cards first; removing the
    last one reveals the card."""
    state = hatch_table()
    state["on_card"][1] = [1, 1]
    state, events = act(land_by_milkweed(restart(state))[0], "hatch:white.white")
    assert state["on_card"][1] == [0, 1] and state["supply"][0][2] == 1
    assert not state["revealed"][1]
    state = hatch_table()
    state["on_card"][1] = [1, 0]
    state, events = act(land_by_milkweed(restart(state))[0], "hatch:white.white")
    assert state["revealed"][1]
    assert any(e.kind == "goal_revealed" for e in events)


def test_hatching__from_the_supply_and_none_when_no_marker_is_left():
    """§Hatching Butterflies: "If you do not have any butterflies from the next generation
    available, that butterfly can't reproduce"."""
    state = hatch_table(gen=2)
    state["on_card"][2] = [0, 2]
    state, _ = act(land_by_milkweed(restart(state))[0], "hatch:white.white.white")
    assert state["supply"][0][3] == 0
    state = hatch_table(gen=2)
    state["on_card"][2], state["supply"][0][3] = [0, 2], 0
    state, _ = land_by_milkweed(restart(state))
    assert legal(state) == ["move:0.0:1", "undo"]


def test_hatching__a_generation_4_butterfly_turns_double():
    """§Hatching Costs 4 and spec 6: a gen 4 next to milkweed pays 4 matching or 5 any and
    flips to its double side; a double hatches no more."""
    state, _ = land_by_milkweed(hatch_table(gen=4))
    state, _events = act(state, "hatch:white.white.white.white")
    assert state["butterflies"] == [{"id": "0.0", "seat": 0, "gen": 4, "double": True,
                                     "space": RED_BY_MILKWEED}]
    assert legal(state) == ["move:0.0:1", "undo"]


def test_a_newborn_collects_nothing_on_its_birth_space():
    """Package choice 3: a butterfly hatched this turn started the turn where it hatched."""
    state, _ = land_by_milkweed(hatch_table())
    state, _ = act(state, "hatch:white.white")
    child = next(b["id"] for b in state["butterflies"] if b["id"] != "0.0")
    assert state["turn"]["starts"][child] == RED_BY_MILKWEED
    state["turn"]["visited"] = []  # even were the parent's collection not there
    assert not landing.may_collect(state["turn"], child, RED_BY_MILKWEED)
    assert landing.may_collect(state["turn"], "0.0", RED_BY_MILKWEED)


# Undo -----------------------------------------------------------------------------------------

def test_undo__back_to_the_turns_start_and_not_offered_before_anything_was_done():
    """Issue 12: a player may take back the unconfirmed steps of their own turn."""
    state = one()
    assert "undo" not in legal(state)
    before = dict(state)
    state, _ = act(state, "card:move_1x3-1", "move:0.0:0", f"land:{WHITE_NEXT_HOME}", "undo")
    assert state == before


def test_undo__never_takes_back_a_die_roll():
    """Issue 12: "never a die roll": undo stops just after the waystation's roll."""
    state, _ = land_on_monterrey(waystation_table("green_egg"), Die(5))
    assert "undo" not in legal(state)
    rolled = dict(state)
    state, _ = act(state, "flower:red", "undo")
    assert state == rolled
    assert "monterrey" in state["face_up"]
