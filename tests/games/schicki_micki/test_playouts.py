"""Random legal playouts to the end, replay, secrecy of the deck, and the conservation law.

The law: every one of the 64 physical cards is in exactly one place — the deck, the table or
one won pile. Cards *owed* from an empty deck are not physical cards; they only add to a
final score, so they appear only once the game is over.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.games.core import SYSTEM, apply_checked, dump, replay, start
from bot.games.schicki_micki import RULES


def check_conservation(state: dict) -> None:
    placed = state["deck"] + state["table"] + [c for pile in state["won"] for c in pile]
    assert sorted(placed) == list(range(64))
    assert min(state["owed"]) >= 0
    assert state["phase"] == "over" or not any(state["owed"])


def choose(state: dict, rng: random.Random) -> tuple[int, str]:
    """A random legal action; the table deals more often than players react."""
    system = RULES.legal_actions(state, SYSTEM)[0]
    reactions = [(s, a) for s in range(state["players"]) for a in RULES.legal_actions(state, s)]
    if reactions and rng.random() < (0.3 if system == "deal" else 0.6):
        return rng.choice(reactions)
    return SYSTEM, system


def views_hide_the_deck(state: dict, rng: random.Random) -> None:
    """Shuffling the deck changes no view: the order is never shown."""
    shuffled = json.loads(dump(state))
    rng.shuffle(shuffled["deck"])
    for seat in (None, *range(state["players"])):
        assert RULES.view(state, seat) == RULES.view(shuffled, seat)
        json.dumps(RULES.view(state, seat))


def playout(n_players: int, seed: str) -> tuple[dict, list[tuple[int, str, int]], list]:
    rng = random.Random(seed)
    state = start(RULES, seed, n_players, {})
    log: list[tuple[int, str, int]] = []
    events = []
    while RULES.outcome(state) is None:
        assert len(log) < 5000, "the playout does not end"
        seat, action = choose(state, rng)
        at_ms = rng.randrange(4000)
        step = apply_checked(RULES, state, seed=seed, version=len(log), seat=seat,
                             action=action, seen_version=len(log), at_ms=at_ms)
        log.append((seat, action, at_ms))
        events.extend(step.events)
        state = step.state
        assert RULES.load(json.loads(dump(state))) == state
        check_conservation(state)
        if len(log) % 7 == 0:
            views_hide_the_deck(state, rng)
    return state, log, events


@pytest.mark.parametrize("n_players", range(2, 8))
@pytest.mark.parametrize("seed", ["a", "b"])
def test_random_playout_to_the_end_and_replay(n_players, seed):
    state, log, events = playout(n_players, f"{seed}{n_players}")
    outcome = RULES.outcome(state)
    assert RULES.active_seats(state) == frozenset()
    assert all(RULES.legal_actions(state, s) == [] for s in (SYSTEM, *range(n_players)))
    assert sum(outcome.scores) == 64 - len(state["deck"]) - len(state["table"]) + sum(state["owed"])
    assert max(outcome.scores) == outcome.scores[min(outcome.winners)]
    assert events[-1].kind == "game_over"
    replayed, replay_events = replay(RULES, f"{seed}{n_players}", n_players, {}, log)
    assert replayed == state
    assert [(e.kind, e.data) for e in replay_events] == [(e.kind, e.data) for e in events]


def test_resolution_events_carry_who_did_what_when_and_with_which_cards():
    _, _, events = playout(4, "events")
    resolved = [e.data for e in events if e.kind == "resolved"]
    assert resolved
    for data in resolved:
        json.dumps(data)
        for r in data["reactions"]:
            assert set(r) >= {"seat", "action", "at_ms", "order", "result", "cards", "figure"}
        assert [r["order"] for r in data["reactions"]] == list(range(1, len(data["reactions"]) + 1))


class SchickiMickiMachine(RuleBasedStateMachine):
    """Any legal action, by anyone, at any time; the cards are conserved throughout."""

    @initialize(n_players=st.integers(2, 7), seed=st.text("abc", max_size=3))
    def begin(self, n_players, seed):
        self.seed = seed
        self.version = 0
        self.state = start(RULES, seed, n_players, {})

    @rule(data=st.data())
    def act(self, data):
        if RULES.outcome(self.state) is not None:
            return
        system = data.draw(st.booleans(), label="system")
        options = [(SYSTEM, a) for a in RULES.legal_actions(self.state, SYSTEM)]
        if not system:
            players = sorted(RULES.active_seats(self.state) - {SYSTEM})
            reactions = [(s, a) for s in players for a in RULES.legal_actions(self.state, s)]
            options = reactions or options
        seat, action = data.draw(st.sampled_from(options), label="action")
        step = apply_checked(RULES, self.state, seed=self.seed, version=self.version, seat=seat,
                             action=action, seen_version=self.version,
                             at_ms=data.draw(st.integers(0, 9999), label="at_ms"))
        self.state, self.version = step.state, step.version

    @invariant()
    def cards_are_conserved(self):
        check_conservation(self.state)

    @invariant()
    def state_round_trips_through_json(self):
        assert RULES.load(json.loads(dump(self.state))) == self.state


SchickiMickiMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=120, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_schicki_micki_machine = SchickiMickiMachine.TestCase
