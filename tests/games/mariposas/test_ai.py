"""The Mariposas computer player (bot.games.mariposas.ai): legal at every level, ends games,
sees only its view, plays for the goals and for hatching rather than at random — and its
levels differ: hard plans whole turns and brings gen 4 home in time, easy blunders."""

from __future__ import annotations

import copy
import json
import random

import pytest

from bot.autoplay import autoplay
from bot.computers import LEVELS, new_brain
from bot.games.core import dump, start
from bot.games.mariposas import ai, ai_plan, goals
from bot.games.mariposas.ai_map import distances, goal_card, reachable, to_milkweed, via_milkweed
from bot.games.mariposas.ai_worth import Worth
from bot.games.mariposas.rules import RULES
from bot.games.mariposas.spec import Brain as MariposasBrain
from tests.games.mariposas.positions import BOARD, act, at, city, flowers, restart, table
from tests.games.mariposas.test_contract import shuffle_secrets


def ai_turn(state: dict, seat: int = 0, level: str = "normal") -> tuple[dict, list]:
    """Let the computer play ``seat``'s whole turn (up to and including its confirm)."""
    events: list = []
    while RULES.active_seats(state) == frozenset({seat}) and state["turn"]["seat"] == seat:
        legal = RULES.legal_actions(state, seat)
        action = ai.choose(RULES.view(state, seat), legal, random.Random(len(events)), level)
        assert action in legal
        state, more = act(state, action, seat=seat)
        events += more
        if action in ("confirm", "keep") or action.startswith("trade:"):
            break
    return state, events


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_computer_plays_only_legal_actions_and_ends_games(n):
    """Every seat a computer through autoplay (apply_checked refuses any illegal action)."""
    assert isinstance(new_brain("mariposas"), MariposasBrain)
    moves = list(autoplay(RULES, f"ai-{n}", n, {}))
    assert RULES.outcome(moves[-1].state) is not None
    assert len(moves) < 200 * n  # no undo churn: about a dozen steps a turn
    assert not any(move.action == "undo" for move in moves)


def test_the_levels_are_the_lobbys_levels():
    assert set(ai.LEVELS) == set(LEVELS)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_mixed_levels_play_whole_games_legally_at_every_table_size(n):
    """Hard, normal and easy at one table (apply_checked refuses any illegal action)."""
    levels = ["hard", "easy", "normal", "hard", "easy"][:n]
    moves = list(autoplay(RULES, f"levels-{n}", n, {}, levels=levels))
    assert RULES.outcome(moves[-1].state) is not None
    assert not any(move.action == "undo" for move in moves)


@pytest.mark.parametrize("level", sorted(ai.LEVELS))
def test_every_level_finishes_a_game_with_legal_actions(level):
    state = start(RULES, f"level-{level}", 3, {})
    for _ in range(3000):
        if RULES.outcome(state) is not None:
            break
        seat = min(RULES.active_seats(state))
        legal = RULES.legal_actions(state, seat)
        action = ai.choose(RULES.view(state, seat), legal, random.Random(level), level)
        assert action in legal
        state, _ = RULES.apply(state, seat, action, rng=random.Random(action), at_ms=0)
    assert RULES.outcome(state) is not None


@pytest.mark.parametrize("level", sorted(ai.LEVELS))
def test_the_choice_depends_on_the_view_only(level):
    """Hidden parts scrambled (other hands, deck order, face-down markers, face-down goal
    cards): the view and so the choice stay the same, at every step of a whole game."""
    steps = 0
    for move in autoplay(RULES, f"blind-{level}", 3, {}, levels=[level] * 3):
        state = move.state
        for seat in sorted(RULES.active_seats(state)):
            legal = RULES.legal_actions(state, seat)
            other = shuffle_secrets(json.loads(dump(state)), seat, random.Random(steps))
            assert RULES.legal_actions(other, seat) == legal
            mine = ai.choose(RULES.view(state, seat), legal, random.Random(steps), level)
            blind = ai.choose(RULES.view(other, seat), legal, random.Random(steps), level)
            assert mine == blind
            steps += 1
    assert steps > 300


def test_the_choice_is_deterministic_for_a_seeded_rng():
    state = start(RULES, "same", 4, {})
    seat = min(RULES.active_seats(state))
    view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
    picks = {ai.choose(copy.deepcopy(view), legal, random.Random(7), "easy") for _ in range(5)}
    assert len(picks) == 1


def test_it_lands_where_the_season_goal_scores():
    """S4: 2 points per butterfly around St. Louis. From 4 spaces away with a move of 5, most
    landings score nothing; the computer lands around St. Louis."""
    around = goals.spaces_of(BOARD, goal_card("S4").goals[0].regions[0])
    home = city("st_louis")
    start_space = next(s for s in range(len(BOARD.spaces))
                       if distances()[s][home] == 4 and BOARD.spaces[s].kind == "flower")
    options = reachable(start_space, 5)
    assert len(options - around) > 3 * len(options & around) > 0
    state = table(goal="S4", cards=["move_5-1", "move_5-2"],
                  butterflies=[("0.0", 0, 1, start_space), ("1.0", 1, 1, BOARD.michoacan)])
    state, _ = ai_turn(state)
    assert next(b for b in state["butterflies"] if b["id"] == "0.0")["space"] in around


def test_the_best_landing_is_worth_the_goals_points_more_than_without_the_goal():
    """The control: under S1 (above Atlanta) the same landing is worth at least S4's 2 points
    less, so the choice above came from the goal, not from the map."""
    around = goals.spaces_of(BOARD, goal_card("S4").goals[0].regions[0])
    worth_s4 = _landing_scores("S4")
    worth_s1 = _landing_scores("S1")
    best_s4 = max(worth_s4, key=worth_s4.get)
    assert best_s4 in around
    assert worth_s4[best_s4] - worth_s1[best_s4] >= 2  # the goal's 2 points


def _landing_scores(goal: str) -> dict[int, float]:
    home = city("st_louis")
    start_space = next(s for s in range(len(BOARD.spaces))
                       if distances()[s][home] == 4 and BOARD.spaces[s].kind == "flower")
    state = table(goal=goal, cards=["move_5-1", "move_5-2"],
                  butterflies=[("0.0", 0, 1, start_space), ("1.0", 1, 1, BOARD.michoacan)])
    state, _ = act(state, "card:move_5-1", "move:0.0:0")
    worth = Worth(RULES.view(state, 0))
    b = worth.mine[0]
    return {s: worth.landing(worth.mine, b, s, worth.flowers, worth.visited, 5, 0)[0]
            for s in reachable(start_space, 5)}


def test_it_hatches_on_milkweed_when_it_can_pay():
    """§Hatching Butterflies: a gen 1 in Michoacán with 3 red flowers and two moves of 2:
    it lands next to milkweed and pays 2 matching for a gen 2."""
    state = table(cards=["move_2x2-1", "move_2x2-2"],
                  butterflies=[("0.0", 0, 1, BOARD.michoacan), ("1.0", 1, 1, BOARD.michoacan)])
    flowers(state, 0, red=3)
    state = restart(state)
    state, events = ai_turn(state)
    hatched = [e for e in events if e.kind == "hatched"]
    assert hatched and hatched[0].data["paid"]
    assert any(b["seat"] == 0 and b["gen"] == 2 for b in state["butterflies"])
    assert hatched[0].data["space"] in BOARD.next_to_milkweed


def test_at_the_hatch_choice_it_pays_rather_than_declines():
    """Landed next to milkweed with 2 matching and 3 others: a payment, not ``hatch:none``,
    and the payment keeps the most (2 matching reds, not 3 mixed tokens)."""
    state = table(cards=["move_2x2-1", "move_2x2-2"],
                  butterflies=[("0.0", 0, 1, BOARD.michoacan), ("1.0", 1, 1, BOARD.michoacan)])
    flowers(state, 0, red=2, white=1, pink=1, yellow=1)
    state = restart(state)
    spot = min(reachable(BOARD.michoacan, 2) & BOARD.next_to_milkweed)
    state, _ = act(state, "card:move_2x2-1", "move:0.0:0", f"land:{spot}")
    legal = RULES.legal_actions(state, 0)
    assert "hatch:none" in legal
    choice = ai.choose(RULES.view(state, 0), legal, random.Random(0))
    assert choice == "hatch:red.red"


def test_it_declines_a_hatch_it_cannot_use():
    """Fall's last turn, a gen 4 far from Michoacán: flipping it double scores nothing at the
    end (it never gets home), so it keeps its flowers... for the tie-breaker."""
    far = max(range(len(BOARD.spaces)), key=lambda s: distances()[s][BOARD.michoacan]
              if s in BOARD.next_to_milkweed else -1)
    state = table(season=2, cards=["move_2x2-1", "move_2x2-2"],
                  butterflies=[("0.0", 0, 4, far), ("1.0", 1, 4, BOARD.michoacan)])
    state["round"] = 5
    flowers(state, 0, red=4)
    state = restart(state)
    # Its sixth fall card played, every move made, the hatch choice open.
    state["turn"]["card"] = "move_2x2-1"
    state["turn"]["queue"] = [{"kind": "hatch", "b": "0.0"}]
    state["played"][0] = [{"card": "move_5-1", "as": "move_5", "target": None,
                           "bonus": []}] * 6
    legal = RULES.legal_actions(state, 0)
    assert "hatch:red.red.red.red" in legal
    assert ai.choose(RULES.view(state, 0), legal, random.Random(0)) == "hatch:none"


# What hard does that normal does not -----------------------------------------------------------

def test_hard_plans_the_moves_of_a_card_together():
    """§Hatching Butterflies, §Landing on Flowers: a gen 1 in Michoacán with no flowers, S5
    (a point per butterfly on a double-flower space), a move of 5 or three moves of 1. Alone,
    the move of 5 looks best (two tokens and a goal point on a double-flower space); together,
    three landings of 1 collect the tokens for a gen 2 and hatch it next to milkweed in the same
    turn. Hard plays the three moves and hatches; normal, pricing each move alone, does not."""
    turns = {}
    for level in ("hard", "normal"):
        state = table(goal="S5", cards=["move_5-1", "move_1x3-1"],
                      butterflies=[("0.0", 0, 1, BOARD.michoacan),
                                   ("1.0", 1, 1, BOARD.michoacan)])
        turns[level] = ai_turn(state, 0, level)
    state, events = turns["hard"]
    assert state["played"][0][-1]["card"] == "move_1x3-1"
    assert [e.data["paid"] for e in events if e.kind == "hatched"] == [True]
    assert any(b["seat"] == 0 and b["gen"] == 2 for b in state["butterflies"])
    state, events = turns["normal"]
    assert state["played"][0][-1]["card"] == "move_5-1"
    assert not any(e.kind == "hatched" for e in events)


def test_the_hard_plan_is_the_best_whole_turn_of_its_card():
    """The planner's beam keeps only the best partial turns; on a small position (one
    butterfly, moves 1 + 3) it finds the same value as trying every sequence."""
    state = table(goal="S4", cards=["move_1_3-1", "move_5-1"],
                  butterflies=[("0.0", 0, 1, city("st_louis")), ("1.0", 1, 1, BOARD.michoacan)])
    flowers(state, 0, red=1, white=1)
    state = restart(state)
    worth = Worth(RULES.view(state, 0), foresight=True)
    sim = ai_plan.start(worth, [(1, False, False), (3, False, False)])

    def every(node: ai_plan.Sim) -> float:
        if all(used for *_, used in node.groups):
            return ai_plan.value(worth, node)
        return max(every(ai_plan.land(worth, node, b, g, space))
                   for g, (steps, _, used) in enumerate(node.groups) if not used
                   for b in node.mine for space in reachable(b["space"], steps))

    best, steps = ai_plan.plan(worth, sim)
    assert len(steps) == 2
    assert best == pytest.approx(every(sim))


@pytest.mark.parametrize("far", [(11, 1), (10, 1)])
def test_hard_brings_a_gen_4_within_one_cards_reach_of_home_before_the_last_turn(far):
    """§Fall 2: a gen 4 scores only in Michoacán. Fall, two turns left, a gen 4 (and a gen 3)
    6–7 steps from home, a hand of 1 × 3 and 2 × 2. Hard ends this turn with the gen 4 at most
    3 steps from home, where every action card brings it in next turn; normal stops further
    off, collecting on the way."""
    home = BOARD.michoacan
    far = at(*far)
    assert distances()[far][home] in (6, 7)
    ends = {}
    for level in ("hard", "normal"):
        state = table(season=2, cards=["move_1x3-1", "move_2x2-1"],
                      butterflies=[("0.0", 0, 4, far), ("0.1", 0, 3, far), ("1.0", 1, 4, home)])
        state["round"] = 4
        state["played"][0] = [{"card": "move_5-1", "as": "move_5", "target": None,
                               "bonus": []}] * 4
        state = restart(state)
        state, _ = ai_turn(state, 0, level)
        gen4 = next(b for b in state["butterflies"] if b["id"] == "0.0")
        ends[level] = distances()[gen4["space"]][home]
    assert ends["hard"] <= 3 < ends["normal"]


def test_hard_takes_the_season_end_free_hatch_nearest_home_before_fall():
    """§Summer 4: the free gen 3 goes on top of a gen 2 of one's choice. Before fall, hard puts
    it on the gen 2 nearest Michoacán by way of milkweed (where fall's gen 4 hatch and fly
    home); normal on the one nearest milkweed, here far north."""
    spaces = range(len(BOARD.spaces))
    north = max((s for s in spaces if to_milkweed()[s] == 0), key=lambda s: via_milkweed()[s])
    south = min((s for s in spaces if to_milkweed()[s] == 1), key=lambda s: via_milkweed()[s])
    state = table(season=1, butterflies=[("0.0", 0, 2, north), ("0.1", 0, 2, south),
                                         ("1.0", 1, 2, BOARD.michoacan)])
    state["phase"], state["turn"], state["free"] = "free", None, {"0": ["0.0", "0.1"]}
    legal = RULES.legal_actions(state, 0)
    assert legal == ["free:0.0", "free:0.1", "free:none"]
    view = RULES.view(state, 0)
    assert ai.choose(view, legal, random.Random(0), "hard") == "free:0.1"
    assert ai.choose(view, legal, random.Random(0), "normal") == "free:0.0"


@pytest.mark.slow  # a strength check over many whole games
def test_hard_beats_easy_over_seeded_games():
    """A small, deterministic strength check (the tournament measures more): 20 seeded
    2-player games, seats alternating; hard wins most (a tie counts half)."""
    wins = 0.0
    for game in range(20):
        levels = ["hard", "easy"] if game % 2 == 0 else ["easy", "hard"]
        moves = list(autoplay(RULES, f"strength-{game}", 2, {}, levels=levels))
        outcome = RULES.outcome(moves[-1].state)
        hard = levels.index("hard")
        if hard in outcome.winners:
            wins += 1.0 / len(outcome.winners)
    assert wins >= 15
