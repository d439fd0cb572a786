"""What each game's web panel offers (`web.games`), checked along random legal playouts of
every game: every legal action is offered (once per label: two cards of one kind read the
same), nothing else is, each choice's group is listed and each target lies on the picture;
a real-time game's panel offers its nine reactions on keys 1–9; a game without a web module
gets one button per legal action."""

from __future__ import annotations

import random

import pytest

from bot.games import REGISTRY
from bot.games.core import SYSTEM, apply_checked, start
from bot.i18n import words
from web.games import panel

TURN_BASED = ["mimic", "mimikri", "mariposas"]


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("game", TURN_BASED)
def test_every_legal_action_is_offered_on_the_board(game: str, lang: str):
    rules, w, rng = REGISTRY[game], words(lang), random.Random(game)
    seed = f"web-{game}"
    state = start(rules, seed, 2, {})
    for version in range(120):
        active = rules.active_seats(state)
        if not active or rules.outcome(state) is not None:
            break
        seat = min(active)
        legal = rules.legal_actions(state, seat)
        made = panel(game, rules.view(state, seat), legal, w)
        codes = [choice.code for choice in made.choices]
        assert set(codes) <= set(legal) and len(codes) == len(set(codes))
        labels = {(c.group, c.label) for c in made.choices}
        assert len(labels) == len(made.choices)  # nothing offered twice under one name
        if game != "mariposas":  # Mariposas offers two cards of one kind once
            assert set(codes) == set(legal)
        assert made.prompt and "{" not in made.prompt
        groups = {g.id for g in made.groups}
        for choice in made.choices:
            assert choice.group is None or choice.group in groups
            if choice.spot is not None:
                x0, y0, x1, y1 = made.spots[choice.spot]
                assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1
        # The others see nothing to do, but what they hold.
        for other in set(range(2)) - active:
            waiting = panel(game, rules.view(state, other), [], w)
            assert not waiting.choices
        state = apply_checked(rules, state, seed=seed, version=version, seat=seat,
                              action=rng.choice(legal), seen_version=None).state


def test_mimic_hand_cards_come_before_power_cards_and_open_highlighted_cells():
    rules, w = REGISTRY["mimic"], words("en")
    state = start(rules, "web-hand", 2, {})
    made = panel("mimic", rules.view(state, 0), rules.legal_actions(state, 0), w)
    ids = [g.id for g in made.groups]
    cards = [i for i in ids if not i.startswith("power:")]
    assert cards and set(cards) <= set(state["hands"][0]) and ids[:len(cards)] == cards
    first = made.groups[0]
    cells = [c for c in made.choices if c.group == first.id]
    assert cells and all(c.spot is not None and c.label.startswith(c.spot) for c in cells)
    assert made.holding and len(made.holding) == len(state["hands"][0])


def test_schicki_micki_offers_nine_reactions_on_keys():
    rules = REGISTRY["schicki_micki"]
    state = start(rules, "web-schicki", 3, {})
    state = apply_checked(rules, state, seed="web-schicki", version=0, seat=SYSTEM,
                          action="deal", seen_version=None).state
    made = panel("schicki_micki", rules.view(state, 1), [], words("cs"))
    assert made.realtime and [c.key for c in made.choices] == [str(k) for k in range(1, 10)]
    assert len({c.code for c in made.choices}) == 9


def test_a_game_without_a_web_module_gets_a_button_per_legal_action():
    made = panel("no_such_game", {}, ["a", "b:c"], words("en"))
    assert [(c.code, c.label) for c in made.choices] == [("a", "a"), ("b:c", "b:c")]
    assert made.prompt == "Your turn: choose a move."
    assert panel("no_such_game", {}, [], words("en")).prompt == ""
