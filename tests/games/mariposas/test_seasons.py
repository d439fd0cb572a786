"""Season ends, the free hatch, abilities, "!" goals and final scoring, on hand-built positions
(shared/rules/mariposas.txt §Spring, §Summer, §Fall, §Life Cycle Ability Tokens)."""

from __future__ import annotations

from bot.games.mariposas import goal_calls
from bot.games.mariposas.rules import RULES
from tests.games.mariposas.positions import (
    BOARD,
    Die,
    act,
    at,
    city,
    flowers,
    hand,
    legal,
    restart,
)
from tests.games.mariposas.test_turn import (
    HOME,
    hatch_table,
    land_by_milkweed,
    land_on_monterrey,
    waystation_table,
)

ABOVE_ATLANTA = at(5, 5)


def last_turn(season: int, butterflies, *, goal: str, n: int = 2):
    """Seat 1 about to take the last turn of ``season`` (seat 0 went first)."""
    from tests.games.mariposas.positions import table

    state = table(n, seat=0, season=season, goal=goal, butterflies=butterflies)
    state["pos"], state["round"] = n - 1, (4, 5, 6)[season] - 1
    state["hands"][n - 1], rest = ["reuse_own-1", "move_5-1"], state["hands"][n - 1]
    state["deck"] = [c for c in state["deck"] if c not in ("reuse_own-1", "move_5-1")] + [
        c for c in rest if c not in ("reuse_own-1", "move_5-1")]
    for pile in state["hands"][:n - 1]:
        for card in ("reuse_own-1", "move_5-1"):
            if card in pile:
                pile.remove(card)
                pile.append(state["deck"].pop())
    return restart(state)


def end_turn(state, seat, card="reuse_own-1"):
    state, events = act(state, f"card:{card}", "confirm", seat=seat)
    if state["phase"] == "trade":
        state, more = act(state, "keep", seat=seat)
        events += more
    return state, events


def test_end_of_spring__the_six_steps_in_order():
    """§Spring 1–6: discard the played cards, score the spring card, the fewest points go
    first, the free hatch on top of a gen 1, gen 1 removed, the summer card revealed (its
    butterflies back to their owners' supply)."""
    state = last_turn(0, [("0.0", 0, 1, HOME), ("0.1", 0, 2, ABOVE_ATLANTA),
                          ("1.0", 1, 1, HOME)], goal="S1")
    flowers(state, 1, white=1, purple=1, yellow=1, pink=1, red=1)
    state["on_card"][1] = [1, 1]
    state, events = end_turn(restart(state), 1)
    kinds = [e.kind for e in events]
    assert kinds.index("season_scored") < kinds.index("first_player")
    assert state["season_scores"] == [[[1, 0], [0, 3]]]
    assert state["scores"] == [1, 3]
    assert state["first"] == 0
    assert "reuse_own-1" in state["discard"] and state["played"] == [[], []]
    # 4. the free hatch: a choice for both seats at once.
    assert state["phase"] == "free" and RULES.active_seats(state) == frozenset({0, 1})
    assert legal(state, 0) == ["free:0.0", "free:none"]
    state, _ = act(state, "free:0.0", seat=0)
    assert state["phase"] == "free" and RULES.active_seats(state) == frozenset({1})
    state, events = act(state, "free:none", seat=1)
    kinds = [e.kind for e in events]
    assert kinds == ["free_hatch_declined", "goal_revealed", "season_started"]
    # 5. gen 1 gone; the free gen 2 stands where its parent stood, taken from the card.
    assert sorted((b["id"], b["gen"], b["space"]) for b in state["butterflies"]) == [
        ("0.1", 2, ABOVE_ATLANTA), ("0.10", 2, HOME)]
    # 6. the summer card revealed, seat 1's marker back in its supply.
    assert state["revealed"][1] and state["on_card"][1] == [0, 0]
    assert state["supply"][1][2] == 2
    assert (state["season"], state["phase"], state["turn"]["seat"]) == (1, "turn", 0)


def test_free_hatch__no_choice_without_a_parent_or_a_marker():
    """§Spring 4: only players with a gen 2 off the map (and a gen 1 to sit on) choose."""
    state = last_turn(0, [("0.0", 0, 1, HOME), ("1.0", 1, 1, HOME)], goal="S1")
    state["on_card"][1] = [0, 0]
    state["supply"][0][2] = 0
    state, _ = end_turn(restart(state), 1)
    assert RULES.active_seats(state) == frozenset({1})


def test_free_hatch__scores_no_breeding_goal():
    """Spec 14: the free season-end hatch triggers no "!" goal."""
    space = breeding_space("S3")
    state = last_turn(0, [("0.0", 0, 1, space), ("1.0", 1, 1, HOME)], goal="S3")
    state, _ = end_turn(state, 1)
    before = state["scores"][0]
    state, _ = act(state, "free:0.0", seat=0)
    assert state["scores"][0] == before


def test_next_first_player__fewest_points_ties_clockwise_from_the_previous():
    """§Spring 3 and spec 18: ties go to the first tied player clockwise from the previous
    first player (inclusive)."""
    assert goal_calls.next_first_player([3, 1, 1], 0) == 1
    assert goal_calls.next_first_player([2, 2, 2], 1) == 1
    assert goal_calls.next_first_player([1, 2, 1], 1) == 2


def test_end_of_summer__gen_2_removed_and_the_fall_card_revealed():
    """§Summer 4–6: free gen 3 on a gen 2, gen 2 removed, fall card revealed."""
    state = last_turn(1, [("0.0", 0, 2, HOME), ("0.1", 0, 3, ABOVE_ATLANTA)], goal="U1")
    state["on_card"][2] = [2, 2]
    state, _ = end_turn(restart(state), 1)
    assert RULES.active_seats(state) == frozenset({0})
    state, _ = act(state, "free:0.0", seat=0)
    assert sorted((b["gen"], b["space"]) for b in state["butterflies"]) == [
        (3, ABOVE_ATLANTA), (3, HOME)]
    assert state["revealed"][2] and state["supply"] == [[0, 0, 0, 1, 4], [0, 0, 1, 3, 4]]


def test_fall__extra_turn_ability_then_final_scoring():
    """§Life Cycle Ability Tokens: "After the 6th turn in fall, all players who have completed
    this set ... take another turn in turn order"."""
    state = last_turn(2, [("0.0", 0, 4, HOME), ("1.0", 1, 4, HOME)], goal="F3")
    state["has_ability"][1] = ["extra_turn"]
    state, events = end_turn(restart(state), 1)
    assert state["extra"] == [1] and state["turn"]["seat"] == 1
    assert any(e.kind == "extra_turns" for e in events)
    hand(state, 1, ["reuse_own-2", "move_5-2"])
    state, _ = end_turn(restart(state), 1, "reuse_own-2")
    RULES.load(state)
    assert state["phase"] == "over" and RULES.outcome(state) is not None


def test_final_scoring__fall_goals_michoacan_life_cycle_and_abilities():
    """§Fall 1–3: fall goals, the Michoacán table for gen 4 (a double counts 2; spec 9),
    1 point per life cycle card, and the end-of-game abilities (+3; one extra butterfly)."""
    state = last_turn(2, [("0.0", 0, 4, HOME), ("0.1", 0, 4, HOME), ("0.2", 0, 4, HOME),
                          ("0.3", 0, 3, HOME)], goal="F3")
    state["butterflies"][0]["double"] = True
    state["life_cycle"][0] = ["green_egg", "pink_adult"]
    state["has_ability"] = [["three_points"], ["michoacan_extra"]]
    state, _events = end_turn(restart(state), 1)
    # F3: 5 for ≥3 butterflies and none above Atlanta (5 counted: a double and a gen 3).
    assert state["season_scores"][-1] == [[5, 0], [0, 0]]
    assert state["result"]["final"] == [
        {"michoacan": 17, "life_cycle": 2, "abilities": 3},  # 4 gen 4 counted: 17
        {"michoacan": 3, "life_cycle": 0, "abilities": 0},   # the ability's one: 3
    ]
    outcome = RULES.outcome(state)
    assert outcome.scores == (27, 3) and outcome.winners == frozenset({0})


def test_michoacan_table():
    """§Fall 2: 3, 7, 12, 17, 21, 24, then 2 more for each further butterfly."""
    assert [goal_calls.michoacan_points(n) for n in range(9)] == [0, 3, 7, 12, 17, 21, 24,
                                                                 26, 28]


def test_tie_breakers__michoacan_then_flowers_then_life_cycle_else_shared():
    """§Fall tie breakers and spec 17: the result names the one that decided first place."""
    ranked = goal_calls.standings([10, 10, 9], [2, 3, 9], [0, 0, 9], [0, 0, 9])
    assert ranked["winners"] == [1] and ranked["places"] == [2, 1, 3]
    assert ranked["decided_by"] == "michoacan"
    assert ranked["standings"][2] == [9, 9, 9, 9]
    cases = [([10, 10], [2, 2], [4, 5], [0, 0], [1], "flowers"),
             ([10, 10], [2, 2], [4, 4], [1, 0], [0], "cards"),
             ([10, 10], [2, 2], [4, 4], [1, 1], [0, 1], "shared"),
             ([11, 10], [0, 9], [0, 9], [0, 9], [0], None)]
    for points, home, held, cards, winners, decided in cases:
        ranked = goal_calls.standings(points, home, held, cards)
        assert (ranked["winners"], ranked["decided_by"]) == (winners, decided)


# Abilities and "!" goals ------------------------------------------------------------------------

def completing(token: str, owned=("green_egg", "green_caterpillar", "green_chrysalis")):
    state = waystation_table("green_adult")
    state["life_cycle"][0] = list(owned)
    state["abilities"]["green"] = token
    return restart(state)


def test_ability__completing_a_set_gains_one_of_each_flower():
    """§Life Cycle Sets / Ability Tokens: all 4 cards of a colour earn the token beside it;
    "Immediately gain 1 of each flower token"."""
    state, _events = land_on_monterrey(completing("each_flower"), Die(0))
    assert state["has_ability"][0] == ["each_flower"]
    assert state["flowers"][0] == {"white": 2, "purple": 1, "yellow": 1, "pink": 1, "red": 1}


def test_ability__gain_any_two_cards_you_lack_may_chain():
    """"Gain any 2 life cycle cards or bonus move cards that you do not already have"; a set
    completed by them earns its own ability too (spec, Facts: may chain)."""
    state = completing("two_cards")
    state["life_cycle"][0] += ["pink_egg", "pink_caterpillar", "pink_chrysalis"]
    state["abilities"]["pink"] = "each_flower"
    state, _ = land_on_monterrey(restart(state), Die(0))
    options = legal(state)
    assert "gain:green_egg" not in options and "gain:pink_adult" in options
    assert "gain:add_1_move" in options
    state, _ = act(state, "gain:pink_adult")
    assert "each_flower" in state["has_ability"][0]
    assert state["turn"]["queue"][0] == {"kind": "gain", "left": 1}
    state, _ = act(state, "gain:add_1_move")
    assert state["bonus"][0]["held"] == ["add_1_move"]
    assert not legal(state)[0].startswith("gain:")


def test_ability__a_point_for_every_hatch():
    """"For the rest of the game, every time you hatch a butterfly, you immediately score 1"."""
    state = hatch_table()
    state["has_ability"][0] = ["point_per_hatch"]
    state, _ = act(land_by_milkweed(restart(state))[0], "hatch:white.white")
    assert state["scores"][0] == 1


def breeding_space(card: str) -> int:
    goal = next(g for c in RULES_CONTENT().goal_cards if c.id == card for g in c.goals
                if g.type in ("per_breeding", "breeding_makes_double"))
    region = BOARD.region(goal.regions[0])
    return min(s for s in region & BOARD.next_to_milkweed if BOARD.spaces[s].kind == "flower"
               and any(n not in BOARD.next_to_milkweed and BOARD.spaces[n].kind == "flower"
                       for n in BOARD.graph.neighbours(s)))


def RULES_CONTENT():  # reads like the constant it stands for
    from bot.games.mariposas.state import content

    return content()


def test_breeding_goal__scores_at_once_in_its_region():
    """§Examples of Season Goals, breeding goals with "!": "Each time a butterfly breeds ... in
    the columns indicated to the right of Houston and left of Atlanta, you immediately score
    2 points" (S3; spec 14)."""
    space = breeding_space("S3")
    state = hatch_table(space=space, goal="S3")
    state, events = act(land_by_milkweed(state, space)[0], "hatch:white.white")
    assert state["scores"][0] == 2
    assert next(e for e in events if e.kind == "hatched").data["points"] == 2


def test_f1__a_gen_3_breeding_above_atlanta_hatches_a_double():
    """§Examples of Season Goals: "When a generation 3 butterfly breeds above the row Atlanta
    is in, it immediately becomes a double generation 4 butterfly" (F1; spec 15: the gen 3
    cost)."""
    space = breeding_space("F1")
    state = hatch_table(gen=3, space=space, season=2, goal="F1")
    state, _ = act(land_by_milkweed(state, space)[0], "hatch:white.white.white.white")
    child = next(b for b in state["butterflies"] if b["id"] != "0.0")
    assert (child["gen"], child["double"]) == (4, True)
    assert state["scores"][0] == 0


def test_michoacan_city_lookup_is_sane():
    assert city("monterrey") in BOARD.graph.neighbours(at(14, 0))
