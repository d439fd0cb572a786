"""Every game's computer player, at every level, chooses only from what its seat may see: the
hidden parts of the game (deck order, other hands, face-down cards) are scrambled and the
choice stays the same, at every step of a whole game (issue 13)."""

from __future__ import annotations

import json
import random

import pytest

from bot.autoplay import autoplay
from bot.computers import LEVELS, new_brain, visible
from bot.games import REGISTRY
from bot.games.core import SYSTEM, dump
from bot.games.schicki_micki.ai import decide
from tests.games.test_contract import SECRET_SHUFFLERS

TURN_BASED = {"mimikri": 3, "mimic": 2, "mariposas": 3}


@pytest.mark.parametrize("game", sorted(TURN_BASED))
def test_a_computers_choice_ignores_what_its_seat_cannot_see(game):
    rules = REGISTRY[game]
    history, steps, scrambled = [], 0, 0
    moves = autoplay(rules, f"blind-{game}", TURN_BASED[game], {}, levels=LEVELS)
    for move in moves:
        state = move.state
        for seat in sorted(rules.active_seats(state) - {SYSTEM}):
            other = SECRET_SHUFFLERS[game](json.loads(dump(state)), seat, random.Random(steps))
            scrambled += dump(other) != dump(state)
            legal = rules.legal_actions(state, seat)
            assert rules.legal_actions(other, seat) == legal
            seen = visible(history, seat)
            for level in LEVELS:
                picks = []
                for table in (state, other):
                    brain = new_brain(game, level)
                    brain.observe(seen)
                    picks.append(brain.choose(rules.view(table, seat), legal,
                                              random.Random(f"{steps}:{level}")))
                assert picks[0] == picks[1], f"{game} at {level} saw a hidden part at {steps}"
            steps += 1
        history.extend(move.events)
    assert steps > 20 and scrambled > steps // 2, "the scramble must change hidden parts"


def test_a_schicki_micki_computer_reads_only_the_table():
    rules = REGISTRY["schicki_micki"]
    deals, scrambled = 0, 0
    for move in autoplay(rules, "blind-schicki", 3, {}, levels=LEVELS):
        if move.action != "deal":
            continue
        state = move.state
        other = SECRET_SHUFFLERS["schicki_micki"](json.loads(dump(state)), None,
                                                   random.Random(deals))
        scrambled += dump(other) != dump(state)
        for level in LEVELS:
            mine = decide(rules.view(state, None), level, random.Random(deals))
            blind = decide(rules.view(other, None), level, random.Random(deals))
            assert mine == blind
        deals += 1
    assert deals > 20 and scrambled > deals // 2
