"""The MIMIC computer player completes sets when it can, blocks when it must, and uses its
power cards sensibly. It reads only its own view."""

import random

from bot.games.mimic import RULES, ai
from tests.games.mimic.art import act, ids, position

THREE = """
    7 .  .  .  rE .  .  .
    6 .  .  .  rL .  .  .
    5 .  .  .  rL .  .  .
    4 .  .  .  R  .  .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
"""
# D5-D6-D7 hold red lion, lion, elephant: one red elephant at C7 or E7 completes a set.


def choose(state, seat=0, seed=0):
    return ai.choose(RULES.view(state, seat), RULES.legal_actions(state, seat),
                     random.Random(seed))


def test_completes_a_set_when_it_can():
    state = position(THREE, [["gO", "bZ", "rE", "gG", "bO"]])
    card = ids(state, 0, "rE")[0]
    assert choose(state) in (f"place:{card}:C7", f"place:{card}:E7")


def test_blocks_a_threat_it_cannot_complete_with_a_red_card():
    """Its two cards laid, it removes a card of the line an opponent could finish."""
    state = position(THREE, [["gO", "bZ", "gG", "bO", "gZ"]])
    state["step"]["placed"] = 2
    assert choose(state) == "blue:D7"  # a cube on D7 scores and spoils the line at once
    state["powers"][0]["active"] = ["red", "red"]
    action = choose(state)
    assert action in ("red:D5", "red:D6", "red:D7")


def test_does_not_leave_a_set_half_a_move_away_if_it_can_help_it():
    """Its placement avoids making a line one card short of a set for the next player."""
    art = THREE.replace("7 .  .  .  rE", "7 .  .  .  .")
    state = position(art, [["rE", "gO", "gZ", "bZ", "bG"]])
    for seed in range(5):
        action = choose(state, seed=seed)
        assert action != f"place:{ids(state, 0, 'rE')[0]}:D7"


def test_moves_a_card_with_yellow_to_complete_a_set():
    art = THREE.replace("4 .  .  .  R  .", "4 .  .  .  R  rE")
    state = position(art, [["gO", "bZ", "gG", "bO", "gZ"]])
    assert choose(state) == "yellow:E4"
    state, _ = act(state, 0, "yellow:E4")
    assert choose(state) in ("to:C7", "to:E7")


def test_uses_orange_when_the_jump_opens_a_set():
    art = """
        7 .  .  rE rL .  .  .
        6 .  .  .  #  .  .  .
        5 .  .  .  rL .  .  .
        4 .  .  .  R  .  .  .
        3 .  .  .  .  .  .  .
        2 .  .  .  .  .  .  .
        1 .  .  .  .  .  .  .
    """
    # With the jump: D5, (cube D6), D7, C7, B7 — a red elephant at B7 completes the set.
    state = position(art, [["rE", "gO", "gZ", "bZ", "bG"]], n=4)
    assert choose(state) == "power:orange"
    state, _ = act(state, 0, "power:orange")
    assert choose(state) == f"place:{ids(state, 0, 'rE')[0]}:B7"


def test_cashes_in_a_blue_card():
    art = THREE.replace("7 .  .  .  rE", "7 .  .  .  rE").replace("6 .  .  .  rL", "6 .  .  .  rE")
    # D5 rL, D6 rE, D7 rE: one and a half pairs, no red lion in hand to finish it.
    state = position(art, [["gO", "gZ", "bZ", "bG", "bO"]])
    assert choose(state) == "blue:D7"


def test_showdown_shows_its_best_card():
    state = position(THREE, [["gO", "bL", "gZ", "rE", "bO"]])
    state["phase"], state["showdown"] = "showdown", {"sides": [0, 1], "round": 1, "picks": {},
                                                      "revealed": []}
    assert choose(state) == f"pick:{ids(state, 0, 'bL')[0]}"


def test_beats_random_play():
    """Two-player games against a random player: the computer wins most."""
    from bot.games.core import apply_checked, start
    wins = 0
    for seed in range(6):
        state, version, rng = start(RULES, f"duel{seed}", 2, {}), 0, random.Random(seed)
        while RULES.outcome(state) is None:
            seat = min(RULES.active_seats(state))
            legal = RULES.legal_actions(state, seat)
            action = (ai.choose(RULES.view(state, seat), legal, rng) if seat == 0
                      else rng.choice(legal))
            state = apply_checked(RULES, state, seed=f"duel{seed}", version=version, seat=seat,
                                  action=action, seen_version=None).state
            version += 1
        wins += 0 in RULES.outcome(state).winners
    assert wins >= 5
