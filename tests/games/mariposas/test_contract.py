"""The engine contract on Mariposas, reusing tests/games/test_contract.py's checks.

Mariposas is not in the registry yet (no cog, no pictures), so the registry-driven contract
test does not reach it; this runs the same per-step checks (JSON round trip, load, stable legal
actions, views that do not depend on secrets) over random legal playouts at 2–5 seats, and
replays each from its seed and log.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.games.core import IllegalAction, NotYourTurn, apply_checked, dump, replay, start
from bot.games.mariposas import turn
from bot.games.mariposas.rules import RULES
from bot.games.mariposas.state import content
from bot.i18n import words
from tests.games import test_contract as contract
from tests.games.mariposas.positions import hand

UNDO_SHARE = 0.05
"""How often a random player takes "undo" when it is offered: enough to replay undos in every
game, rare enough that turns finish."""


def shuffle_secrets(state: dict, seat: int | None, rng: random.Random) -> dict:
    """Redeal what ``seat`` may not know: the deck, the others' hands, the face-down markers,
    the face-down goal cards. A view that changes under this leaks a secret."""
    others = [s for s in range(state["players"]) if s != seat]
    pool = [*state["deck"], *(c for s in others for c in state["hands"][s])]
    rng.shuffle(pool)
    state["deck"] = [pool.pop() for _ in state["deck"]]
    for s in others:
        state["hands"][s] = [pool.pop() for _ in state["hands"][s]]
    down = [c for c in sorted(state["markers"]) if c not in state["face_up"]]
    markers = [state["markers"][c] for c in down]
    rng.shuffle(markers)
    state["markers"].update(zip(down, markers, strict=True))
    for season, shown in enumerate(state["revealed"]):
        if not shown:
            name = ("spring", "summer", "fall")[season]
            state["goal_cards"][season] = rng.choice(content().season_cards(name)).id
    return state


@pytest.fixture(autouse=True)
def _mariposas_shuffler(monkeypatch):
    monkeypatch.setitem(contract.SECRET_SHUFFLERS, "mariposas", shuffle_secrets)


def choose(state: dict, rng: random.Random) -> tuple[int, str]:
    seat = rng.choice(sorted(RULES.active_seats(state)))
    legal = list(RULES.legal_actions(state, seat))
    moves = [a for a in legal if a != "undo"]
    if len(moves) < len(legal) and rng.random() < UNDO_SHARE:
        return seat, "undo"
    return seat, rng.choice(moves)


def playout(n: int, seed: str, *, checked: bool) -> tuple[dict, list]:
    rng = random.Random(seed)
    state = start(RULES, seed, n, {})
    log: list[tuple[int, str, int]] = []
    while RULES.outcome(state) is None:
        assert len(log) < 5000, "the game does not end"
        seat, action = choose(state, rng)
        step = apply_checked(RULES, state, seed=seed, version=len(log), seat=seat,
                             action=action, seen_version=len(log), at_ms=len(log))
        log.append((seat, action, len(log)))
        state = step.state
        check_conservation(state)
        if checked:
            contract.check_position(RULES, state, n, rng)
    return state, log


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("k", [0, 1])
def test_random_playout_keeps_the_contract_and_replays(n, k):
    """DESIGN.md §Testing 1 for Mariposas: random legal play to the end at every seat count."""
    seed = f"mariposas-{n}-{k}"
    state, log = playout(n, seed, checked=k == 0)
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.scores) == n and outcome.winners
    assert RULES.active_seats(state) == frozenset()
    assert "undo" in {action for _, action, _ in log}
    replayed, _ = replay(RULES, seed, n, {}, log)
    assert dump(replayed) == dump(state)


def test_views_hide_hands_deck_markers_and_goal_cards():
    """Spec, Interface notes: hands are private; the deck order, face-down markers and goal
    cards are nobody's."""
    state = start(RULES, "secrets", 3, {})
    view = RULES.view(state, 0)
    text = json.dumps(RULES.view(state, 1))
    assert view["hand"] == state["hands"][0]
    assert all(card not in text for card in state["hands"][0])
    assert view["goal_cards"][1:] == [None, None]
    assert view["markers"] == {} and len(view["face_down"]) == 16
    assert view["deck"] == len(state["deck"])
    assert "checkpoint" not in json.dumps(view)
    for seat in (None, 0, 1, 2):
        other = shuffle_secrets(json.loads(dump(state)), seat, random.Random(seat))
        assert RULES.view(other, seat) == RULES.view(state, seat)


def test_an_unreachable_landing_typed_by_hand_is_refused():
    """§Movement / spec 1: only the end of a walk of exactly N steps is a landing."""
    state = start(RULES, "typed", 2, {})
    seat = next(iter(RULES.active_seats(state)))
    hand(state, seat, ["move_5-1", "move_1x3-1"])
    turn.start(state)
    version = 0
    for action in ("card:move_5-1", f"move:{seat}.0:0"):
        state = apply_checked(RULES, state, seed="typed", version=version, seat=seat,
                              action=action, seen_version=version).state
        version += 1
    far = "land:0"  # Winnipeg's neighbour, far from Michoacán
    assert far not in RULES.legal_actions(state, seat)
    with pytest.raises(IllegalAction, match=r"mariposas\.discord\.refused\.not_reachable"):
        apply_checked(RULES, state, seed="typed", version=version, seat=seat, action=far,
                      seen_version=version)
    with pytest.raises(NotYourTurn):
        apply_checked(RULES, state, seed="typed", version=version, seat=1 - seat,
                      action=RULES.legal_actions(state, seat)[0], seen_version=version)


def test_stored_states_that_lose_cards_are_refused():
    state = start(RULES, "load", 2, {})
    broken = json.loads(dump(state))
    broken["deck"].pop()
    with pytest.raises(ValueError, match="action cards"):
        RULES.load(broken)
    broken = json.loads(dump(state))
    broken["flower_supply"]["white"] -= 1
    with pytest.raises(ValueError, match="white"):
        RULES.load(broken)
    assert RULES.load(json.loads(dump(state))) == state


def check_conservation(state: dict) -> None:
    """Cards, flower tokens, waystation markers and butterfly markers are never lost or
    invented (state.check), and scores never fall."""
    RULES.load(state)
    assert all(score >= 0 for score in state["scores"])


class MariposasMachine(RuleBasedStateMachine):
    """Any legal action, undo included, by whoever may act; everything is conserved."""

    @initialize(n_players=st.integers(2, 5), seed=st.text("abc", max_size=3))
    def begin(self, n_players, seed):
        self.seed, self.version = seed, 0
        self.state = start(RULES, seed, n_players, {})

    @rule(data=st.data())
    def act(self, data):
        if RULES.outcome(self.state) is not None:
            return
        seat = data.draw(st.sampled_from(sorted(RULES.active_seats(self.state))), label="seat")
        action = data.draw(st.sampled_from(list(RULES.legal_actions(self.state, seat))),
                           label="action")
        step = apply_checked(RULES, self.state, seed=self.seed, version=self.version,
                             seat=seat, action=action, seen_version=self.version)
        self.state, self.version = step.state, step.version

    @invariant()
    def everything_is_conserved(self):
        check_conservation(self.state)

    @invariant()
    def state_round_trips_through_json(self):
        assert RULES.load(json.loads(dump(self.state))) == self.state


MariposasMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_mariposas_machine = MariposasMachine.TestCase


def test_actions_that_are_not_legal_are_rejected_with_words():
    """tests/games/test_contract.py's rejection check on Mariposas: any code met in the game
    (or malformed) that is not legal now is refused with words and changes nothing."""
    seed = "reject-mariposas"
    rng = random.Random(seed)
    _, log = playout(3, seed, checked=False)
    pool = sorted({code for _, code, _ in log} | set(contract.MALFORMED))
    positions = contract.replay_positions(RULES, seed, 3, log)
    tried = 0
    for position, version in [*rng.sample(positions[:-1], 25), positions[-1]]:
        before = dump(position)
        for seat in range(3):
            legal = set(RULES.legal_actions(position, seat))
            for action in rng.sample(pool, 12):
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as caught:
                    apply_checked(RULES, position, seed=seed, version=version, seat=seat,
                                  action=action, seen_version=version)
                assert len(caught.value.say(words("en")).split()) >= 3, caught.value.key
                tried += 1
        assert dump(position) == before
    assert tried > 100
