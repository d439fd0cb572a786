"""Random legal playouts of every mode and player count, to the end.

At every step: the state survives a JSON dump/load; every active seat has a legal action and
the list is deterministic; no view shows another seat's hand, a secret showdown pick or the
deck order. At the end: no legal actions, an outcome, and replaying seed + log rebuilds the
final state exactly (bot.games.core.start / apply_checked / replay).
"""

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.core import apply_checked, dump, replay, start
from bot.games.mimic import RULES, ai

MODES = [
    (1, {}), (2, {}), (3, {}), (4, {}), (4, {"teams": True}),
    (2, {"advanced": True}), (3, {"advanced": True}), (4, {"advanced": True}),
    (4, {"teams": True, "advanced": True}),
]
CARD = re.compile(r'"(c\d+)"')


def secrets_for(state, seat):
    """Card ids ``seat`` must not see: the deck, other hands, others' unrevealed picks."""
    hidden = set(state["deck"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            hidden.update(hand)
    if state["showdown"]:
        hidden.update(c for s, c in state["showdown"]["picks"].items() if int(s) != seat)
    return hidden


def check_views(state):
    for seat in [None, *range(state["players"])]:
        text = json.dumps(RULES.view(state, seat), sort_keys=True)
        shown = set(CARD.findall(text))
        hidden = secrets_for(state, -1 if seat is None else seat)
        assert not shown & hidden, f"seat {seat} sees {shown & hidden}"


def playout(seed, n, options, chooser=None):
    state = start(RULES, seed, n, options)
    rng = random.Random(seed)
    log = []
    while RULES.outcome(state) is None:
        active = sorted(RULES.active_seats(state))
        assert active
        for seat in active:
            legal = RULES.legal_actions(state, seat)
            assert legal and legal == RULES.legal_actions(state, seat)
        seat = rng.choice(active)
        legal = RULES.legal_actions(state, seat)
        action = chooser(RULES.view(state, seat), legal, rng) if chooser else rng.choice(legal)
        step = apply_checked(RULES, state, seed=seed, version=len(log), seat=seat,
                             action=action, seen_version=len(log))
        state = step.state
        log.append((seat, action, 0))
        assert RULES.load(json.loads(dump(state))) == state
        check_views(state)
        assert len(log) < 2000
    assert all(RULES.legal_actions(state, s) == [] for s in range(n))
    assert RULES.active_seats(state) == frozenset()
    return state, log


@pytest.mark.parametrize(("n", "options"), MODES)
@pytest.mark.parametrize("seed", ["alpha", "beta"])
def test_random_playout_to_the_end_and_replay(seed, n, options):
    state, log = playout(f"{seed}-{n}-{sorted(options)}", n, options)
    outcome = RULES.outcome(state)
    assert outcome.termination in ("last_cube", "stuck", "showdown")
    assert len(outcome.scores) == n
    rebuilt, _ = replay(RULES, f"{seed}-{n}-{sorted(options)}", n, options, log)
    assert dump(rebuilt) == dump(state)


@pytest.mark.parametrize(("n", "options"), [(1, {}), (2, {}), (4, {"teams": True}),
                                             (3, {"advanced": True})])
def test_computer_players_finish_every_mode(n, options):
    state, _ = playout(f"ai-{n}", n, options, chooser=ai.choose)
    assert RULES.outcome(state) is not None


@settings(max_examples=12, deadline=None)
@given(mode=st.sampled_from(MODES), rnd=st.randoms(use_true_random=False))
def test_conservation_laws_under_any_legal_play(mode, rnd):
    """Every card in exactly one place; cubes on the grid = cubes spent; start cards on the
    grid + in the pile = 6; each seat's power cards only change side (or come from the
    market); hands never above six (five, plus one in the team exchange)."""
    n, options = mode
    state = start(RULES, "props", n, options)
    total = 60 if n == 4 else 45
    cubes_at_start = list(state["cubes_left"])
    while RULES.outcome(state) is None:
        seat = rnd.choice(sorted(RULES.active_seats(state)))
        state, _ = RULES.apply(state, seat, rnd.choice(RULES.legal_actions(state, seat)),
                               rng=rnd, at_ms=0)
        show = state["showdown"] or {"picks": {}, "revealed": []}
        assert len(state["cards"]) + sum(len(h) for h in state["hands"]) + len(state["deck"]) \
            + len(state["faceup"]) + len(state["removed"]) + len(show["picks"]) \
            + sum(len(r) for r in show["revealed"]) == total
        spent = sum(a - b for a, b in zip(cubes_at_start, state["cubes_left"], strict=True))
        assert len(state["cubes"]) == spent and set(state["cubes"]) <= set(state["cards"])
        assert len(state["starts"]) + state["yellow_left"] == 6
        assert all(len(h) <= 6 for h in state["hands"])
        assert all(len(p["active"]) <= 3 for p in state["powers"]) or not options.get("advanced")
