"""The catalogue's refusals say, in English, exactly what the rules say (their
``explain_illegal``), for every illegal action met in random playouts; and they have Czech.
Mimikri and Schicki Micki (MIMIC's is held to its rules in tests/cogs/test_mimic_words.py)."""

from __future__ import annotations

import random

import pytest

from bot.autoplay import autoplay
from bot.games import REGISTRY
from bot.games.mimikri.rules import ORIENTATIONS, positions
from bot.games.schicki_micki.table import REACTIONS
from bot.i18n import words
from bot.texts import mimikri, schicki_micki

EN, CS = words("en"), words("cs")


def mimikri_actions(state) -> list[str]:
    cells = positions(len(state["animals"]))
    return ([f"orient:{e}" for e in ORIENTATIONS] + ["orient:X"]
            + [f"reveal:{c}" for c in cells] + ["reveal:Z9", "reveal:", "jump"])


@pytest.mark.parametrize("seed", ["r1", "r2", "r3"])
def test_mimikri_refusals_are_the_rules_own_words(seed):
    rules = REGISTRY["mimikri"]
    checked = 0
    for move in autoplay(rules, seed, 3, {"subjects": 4}):
        state = move.state
        if rules.outcome(state) is not None:
            break
        seat = min(rules.active_seats(state))
        legal = set(rules.legal_actions(state, seat))
        for action in mimikri_actions(state):
            if action in legal:
                continue
            said = mimikri.refusal(state, seat, action, EN)
            assert said == rules.explain_illegal(state, seat, action), action
            assert mimikri.refusal(state, seat, action, CS) != said
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("seed", ["s1", "s2"])
def test_schicki_refusals_are_the_rules_own_words(seed):
    rules = REGISTRY["schicki_micki"]
    rng = random.Random(seed)
    checked = 0
    for move in autoplay(rules, seed, 3, {}):
        state = move.state
        if rules.outcome(state) is not None:
            break
        for seat in range(3):
            legal = set(rules.legal_actions(state, seat))
            for action in [*REACTIONS, "dance"]:
                if action in legal or rng.random() < 0.5:
                    continue
                said = schicki_micki.refusal(state, seat, action, EN)
                assert said == rules.explain_illegal(state, seat, action), action
                assert schicki_micki.refusal(state, seat, action, CS)
                checked += 1
    assert checked > 50
