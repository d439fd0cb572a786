"""The engine contract (bot.games.core) over every game in the registry.

DESIGN.md §Testing 1: random legal playouts for each player count to the end; the state
survives ``load(dump(s))`` at every step; views never show a secret; a finished game has an
outcome and no legal actions; replaying the seed and the log rebuilds the final state.

Each game is played with its default options and with the options that change its set-up
(Mimikri with all five subject cards; MIMIC advanced, teams, and both).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from bot.games import GAMES, REGISTRY
from bot.games.core import (
    SYSTEM,
    GameOver,
    IllegalAction,
    NotYourTurn,
    RuleError,
    Rules,
    apply_checked,
    dump,
    replay,
    start,
)
from bot.i18n import LANGUAGES, words

MAX_STEPS = 5000
"""No game here needs more than a few hundred actions; this only stops an endless loop."""

SYSTEM_SHARE = 0.6
"""How often the chance seat acts when players may act too.

Uniform choice among the active seats lets Schicki Micki's players react most of the time;
random reactions are nearly all faults that put cards back under the deck, so such a game is a
random walk that seldom ends. Favouring the dealer, as at a real table, ends every game in a
few hundred actions while still trying plenty of reactions.
"""

def option_sets(game: str, n_players: int) -> list[dict[str, Any]]:
    """The options each game is played with at this player count: its defaults, and the sets
    its spec names."""
    return [{}, *GAMES[game].test_options(n_players)]


def cases() -> Iterator[Any]:
    for game, rules in REGISTRY.items():
        for n in range(rules.min_players, rules.max_players + 1):
            for options in option_sets(game, n):
                for k in range(GAMES[game].test_seeds):
                    label = ",".join(f"{key}={value}" for key, value in options.items())
                    yield pytest.param(
                        game, n, options, f"contract-{game}-{n}-{label}-{k}",
                        id=f"{game}-{n}p-{label or 'default'}-s{k}",
                        # The longest games (seconds each): make test plays them, make check not.
                        marks=[pytest.mark.slow] if game == "mariposas" and n >= 4 else [],
                    )


CASES = list(cases())


# -- one playout ----------------------------------------------------------------------------

def choose_seat(active: frozenset[int], rng: random.Random) -> int:
    players = sorted(s for s in active if s != SYSTEM)
    if SYSTEM in active and (not players or rng.random() < SYSTEM_SHARE):
        return SYSTEM
    return rng.choice(players)


def all_seats(n_players: int) -> list[int]:
    return [SYSTEM, *range(n_players)]


def check_position(rules: Rules, state: dict, n_players: int, rng: random.Random) -> None:
    """Every per-step promise of the contract."""
    text = dump(state)
    assert json.loads(text) == state, "the state changes in a JSON round trip"
    loaded = rules.load(json.loads(text))
    assert dump(loaded) == text, "load(dump(state)) is not the state"
    # A state read back from storage (keys sorted by dump) offers the same actions in the
    # same order, so a computer's seeded choice cannot differ after a restart.
    assert rules.active_seats(loaded) == rules.active_seats(state)
    for seat in rules.active_seats(state):
        assert list(rules.legal_actions(loaded, seat)) == list(rules.legal_actions(state, seat))
    assert rules.view(loaded, None) == rules.view(state, None)

    active = rules.active_seats(state)
    assert active <= set(all_seats(n_players))
    outcome = rules.outcome(state)
    if outcome is None:
        assert active, "a running game with nobody to act"
        for seat in all_seats(n_players):
            legal = list(rules.legal_actions(state, seat))
            assert legal == list(rules.legal_actions(state, seat)), "legal_actions varies"
            assert len(set(legal)) == len(legal), f"duplicate legal actions for {seat}"
            assert all(isinstance(a, str) and a for a in legal)
            if seat in active:
                assert legal, f"active seat {seat} has no legal action"
            else:
                assert legal == [], f"seat {seat} is not active but has legal actions"
    else:
        assert active == frozenset(), "a finished game still has active seats"
        for seat in all_seats(n_players):
            assert list(rules.legal_actions(state, seat)) == []
        assert len(outcome.scores) == n_players
        assert outcome.winners <= set(range(n_players))
        # Someone wins every game with two or more seats; a solo game can be lost.
        assert outcome.winners or n_players == 1
        # Winners rank 1 and, where someone won, everyone else ranks below them (also after
        # a tie-break between equal scores).
        ranks = outcome.ranks()
        assert all(ranks[s] == 1 for s in outcome.winners)
        assert all(ranks[s] > 1 for s in range(n_players) if outcome.winners
                   and s not in outcome.winners)

    for seat in (None, *range(n_players)):
        view = rules.view(state, seat)
        json.dumps(view, allow_nan=False)
        assert view == rules.view(state, seat), "view varies"
    check_secrecy(rules, state, n_players, rng)


def playout(
    rules: Rules, n_players: int, options: Mapping[str, Any], seed: str
) -> tuple[dict, list[tuple[int, str, int]], list]:
    """Play random legal actions to the end, checking the contract at every step."""
    rng = random.Random(seed)
    state = start(rules, seed, n_players, options)
    log: list[tuple[int, str, int]] = []
    events: list = []
    at_ms = 0
    check_position(rules, state, n_players, rng)
    while rules.outcome(state) is None:
        assert len(log) < MAX_STEPS, "the game does not end"
        seat = choose_seat(rules.active_seats(state), rng)
        action = rng.choice(list(rules.legal_actions(state, seat)))
        at_ms += rng.randrange(1, 3000)
        step = apply_checked(rules, state, seed=seed, version=len(log), seat=seat,
                             action=action, seen_version=len(log), at_ms=at_ms)
        assert step.version == len(log) + 1
        assert step.outcome == rules.outcome(step.state)
        for event in step.events:
            json.dumps(dict(event.data), allow_nan=False)
        log.append((seat, action, at_ms))
        events.extend(step.events)
        state = step.state
        check_position(rules, state, n_players, rng)
    return state, log, events


@pytest.mark.parametrize(("game", "n_players", "options", "seed"), CASES)
def test_random_playout_keeps_the_contract_and_replays(game, n_players, options, seed):
    rules = REGISTRY[game]
    state, log, events = playout(rules, n_players, options, seed)
    assert rules.outcome(state) is not None
    replayed, replay_events = replay(rules, seed, n_players, options, log)
    assert dump(replayed) == dump(state)
    assert [(e.kind, e.seat, dict(e.data)) for e in replay_events] == [
        (e.kind, e.seat, dict(e.data)) for e in events
    ]
    # The restart's fast path (no checks, no copies between actions) rebuilds the same.
    trusted, trusted_events = replay(rules, seed, n_players, options, log, trusted=True)
    assert dump(trusted) == dump(state)
    assert [(e.kind, e.seat, dict(e.data)) for e in trusted_events] == [
        (e.kind, e.seat, dict(e.data)) for e in events
    ]
    # What changed after a version already known: the events of the actions from there on,
    # which are the whole game's events past those of the actions before it.
    half = len(log) // 2
    _, before = replay(rules, seed, n_players, options, log[:half], trusted=True)
    for checked in (False, True):
        _, since = replay(rules, seed, n_players, options, log, trusted=checked, since=half)
        assert [(e.kind, e.seat, dict(e.data)) for e in since] == [
            (e.kind, e.seat, dict(e.data)) for e in events[len(before):]
        ]


def test_every_registered_game_is_covered():
    assert {case.values[0] for case in CASES} == set(REGISTRY) == set(SECRET_SHUFFLERS) == {
        "mimikri", "schicki_micki", "mimic", "mariposas",
    }
    for game, rules in REGISTRY.items():
        counts = {case.values[1] for case in CASES if case.values[0] == game}
        assert counts == set(range(rules.min_players, rules.max_players + 1))


# -- secrecy --------------------------------------------------------------------------------

def check_secrecy(rules: Rules, state: dict, n_players: int, rng: random.Random) -> None:
    """No view changes when what its seat may not know is shuffled; Mimikri also by content."""
    if rules.id == "mimikri":
        for seat in (None, *range(n_players)):
            check_mimikri_view(state, rules.view(state, seat))
    shuffle = SECRET_SHUFFLERS.get(rules.id)
    if shuffle is None:
        return  # a game with nothing hidden (every registered game has one: see below)
    for seat in (None, *range(n_players)):
        other = shuffle(json.loads(dump(state)), seat, rng)
        assert rules.view(other, seat) == rules.view(state, seat), (
            f"the view of seat {seat} depends on a secret"
        )


_BUTTERFLY = re.compile(r"^[a-z]+:[NESW]$")


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON value, dictionary keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def check_mimikri_view(state: dict, view: dict) -> None:
    """Face-down cards carry no identity; only public butterflies appear anywhere."""
    from bot.games.mimikri.rules import ANIMALS

    for cell in view["grid"]:
        if cell["face"] != "up":
            assert cell["butterfly"] is None, cell
    public = {key for pile in state["collected"] for key in pile}
    public |= {state["layout"][pos] for pos in state["face_up"]}
    if state["phase"] == "search":
        public.add(f"{state['subject']}:{state['orientation']}")  # the camera shows it
    shown = {
        text for text in strings_in(view)
        if _BUTTERFLY.match(text) and text.split(":")[0] in ANIMALS
    }
    hidden = shown - public
    assert not hidden, f"a view names face-down butterflies {hidden}"


def _shuffle_mimikri(state: dict, seat: int | None, rng: random.Random) -> dict:
    down = [p for p in state["layout"] if p not in state["face_up"]]
    cards = [state["layout"][p] for p in down]
    rng.shuffle(cards)
    state["layout"].update(zip(down, cards, strict=True))
    rng.shuffle(state["pile"])
    return state


def _shuffle_schicki_micki(state: dict, seat: int | None, rng: random.Random) -> dict:
    rng.shuffle(state["deck"])
    return state


def _shuffle_mimic(state: dict, seat: int | None, rng: random.Random) -> dict:
    """Deal the deck, the other hands and the others' showdown picks anew (sizes kept)."""
    others = [s for s in range(state["players"]) if s != seat]
    picks = (state["showdown"] or {}).get("picks", {})
    secret_picks = [key for key in sorted(picks) if int(key) != seat]
    pool = [*state["deck"], *(c for s in others for c in state["hands"][s]),
            *(picks[key] for key in secret_picks)]
    rng.shuffle(pool)
    state["deck"] = [pool.pop() for _ in state["deck"]]
    for s in others:
        state["hands"][s] = [pool.pop() for _ in state["hands"][s]]
    for key in secret_picks:
        picks[key] = pool.pop()
    assert not pool
    rng.shuffle(state["power_deck"])
    return state


def _shuffle_mariposas(state: dict, seat: int | None, rng: random.Random) -> dict:
    """Mariposas' own (its package's contract test holds it; imported late, as it imports
    this module)."""
    from tests.games.mariposas.test_contract import shuffle_secrets
    return shuffle_secrets(state, seat, rng)


SECRET_SHUFFLERS = {
    "mimikri": _shuffle_mimikri,
    "schicki_micki": _shuffle_schicki_micki,
    "mimic": _shuffle_mimic,
    "mariposas": _shuffle_mariposas,
}


def test_secrecy_checks_can_fail():
    """The checks above catch a view that leaks (guards against a vacuous secrecy test)."""
    rules = REGISTRY["mimikri"]
    state = start(rules, "leak", 2, {})
    view = rules.view(state, 0)
    leaky = json.loads(json.dumps(view))
    leaky["grid"][0]["butterfly"] = state["layout"][leaky["grid"][0]["pos"]]
    with pytest.raises(AssertionError):
        check_mimikri_view(state, leaky)
    leaky = {**view, "hint": sorted(state["layout"].values())[0]}
    with pytest.raises(AssertionError, match="face-down"):
        check_mimikri_view(state, leaky)

    class Leaky:
        id = "schicki_micki"

        def view(self, st, seat):
            return {"top": st["deck"][:3]}

    sm_state = start(REGISTRY["schicki_micki"], "leak", 3, {})
    with pytest.raises(AssertionError, match="secret"):
        check_secrecy(Leaky(), sm_state, 3, random.Random(1))  # type: ignore[arg-type]

    class PeeksAtHands:
        id = "mimic"

        def view(self, st, seat):
            return {"hands": st["hands"]}

    mimic_state = start(REGISTRY["mimic"], "leak", 3, {})
    with pytest.raises(AssertionError, match="secret"):
        check_secrecy(PeeksAtHands(), mimic_state, 3, random.Random(1))  # type: ignore[arg-type]


# -- rejections -----------------------------------------------------------------------------

MALFORMED = ["", "xyzzy", "reveal:", "reveal:Z9", "orient:Q", "place:c999:A1", "call:nothing",
             "draw:", "deal:now", "pick:c0", ":"]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_actions_that_are_not_legal_are_rejected_with_words(game):
    rules = REGISTRY[game]
    n_players = max(rules.min_players, min(3, rules.max_players))
    seed = f"reject-{game}"
    rng = random.Random(seed)
    log = playout_light(rules, n_players, seed, rng)
    # Every code that was legal somewhere in the game is a plausible-looking candidate.
    pool = sorted({code for _, code, _ in log} | set(MALFORMED))
    positions = replay_positions(rules, seed, n_players, log)
    sample = [*rng.sample(positions[:-1], min(25, len(positions) - 1)), positions[-1]]
    tried = 0
    for position, version in sample:
        before = dump(position)
        for seat in all_seats(n_players):
            legal = set(rules.legal_actions(position, seat))
            for action in rng.sample(pool, min(12, len(pool))):
                if action in legal:
                    continue
                with pytest.raises(RuleError) as caught:
                    apply_checked(rules, position, seed=seed, version=version, seat=seat,
                                  action=action, seen_version=version)
                error = caught.value
                assert isinstance(error, IllegalAction), type(error)
                if rules.outcome(position) is not None:
                    assert isinstance(error, GameOver)
                elif seat not in rules.active_seats(position):
                    assert isinstance(error, NotYourTurn)
                assert len(error.say(words("en")).split()) >= 3, error.say(words("en"))
                for lang in LANGUAGES:  # words in each (Czech is terser), not the bare key
                    said = error.say(words(lang))
                    assert said.strip() and error.key not in said, (lang, said)
                tried += 1
        assert dump(position) == before, "a rejected action changed the state"
    assert tried > 100


def playout_light(rules: Rules, n_players: int, seed: str, rng: random.Random):
    """A random playout without the per-step checks (for the rejection test)."""
    state = start(rules, seed, n_players, {})
    log: list[tuple[int, str, int]] = []
    while rules.outcome(state) is None:
        assert len(log) < MAX_STEPS
        seat = choose_seat(rules.active_seats(state), rng)
        action = rng.choice(list(rules.legal_actions(state, seat)))
        step = apply_checked(rules, state, seed=seed, version=len(log), seat=seat,
                             action=action, seen_version=len(log), at_ms=len(log) * 250)
        log.append((seat, action, len(log) * 250))
        state = step.state
    return log


def replay_positions(rules, seed, n_players, log) -> list[tuple[dict, int]]:
    """Every position of the game with its version, rebuilt from the log."""
    state = start(rules, seed, n_players, {})
    positions = [(state, 0)]
    for version, (seat, action, at_ms) in enumerate(log):
        state = apply_checked(rules, state, seed=seed, version=version, seat=seat,
                              action=action, seen_version=None, at_ms=at_ms).state
        positions.append((state, version + 1))
    return positions
