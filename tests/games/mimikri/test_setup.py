"""Mimikri set-up: §Set-up of the rule text and spec §Set-up (grid, positions, options)."""

from __future__ import annotations

import random

import pytest

from bot.games.core import IllegalAction, start
from bot.games.mimikri import RULES
from bot.games.mimikri.rules import ANIMALS, ORIENTATIONS, butterfly, positions


@pytest.mark.parametrize(
    ("options", "n_subjects", "columns"),
    [({}, 4, 4), ({"subjects": 4}, 4, 4), ({"subjects": 5}, 5, 5)],
)
def test_cards_lie_face_down_in_a_4_row_grid_each_butterfly_once(options, n_subjects, columns):
    """§Set-up: "start with 4 Subject cards" (default), all 5 later; every butterfly on
    exactly one card, laid face down; spec: a 4 × 4 or 4 × 5 grid named A1…"""
    state = start(RULES, "setup", 3, options)
    expected_positions = [f"{row}{col}" for row in "ABCD" for col in range(1, columns + 1)]
    assert list(state["layout"]) == expected_positions == positions(n_subjects)
    assert len(state["layout"]) == 4 * n_subjects
    animals = list(ANIMALS[:n_subjects])
    assert state["animals"] == animals
    every = sorted(butterfly(a, o) for a in animals for o in ORIENTATIONS)
    assert sorted(state["layout"].values()) == every  # each butterfly exactly once
    # The subject cards: one drawn by the camera holder, the rest in the face-down pile.
    assert sorted([state["subject"], *state["pile"]]) == sorted(animals)
    assert (state["holder"], state["turn"], state["phase"]) == (0, 0, "orient")
    assert state["face_up"] == [] and state["collected"] == [[], [], []]
    view = RULES.view(state, None)
    assert [cell["pos"] for cell in view["grid"]] == expected_positions
    assert all(cell == {"pos": cell["pos"], "face": "down", "butterfly": None}
               for cell in view["grid"])


def test_the_butterflies_are_shuffled_and_the_seed_decides():
    layouts = {tuple(start(RULES, f"seed{k}", 2, {})["layout"].values()) for k in range(10)}
    assert len(layouts) == 10
    assert start(RULES, "same", 2, {}) == start(RULES, "same", 2, {})


@pytest.mark.parametrize("subjects", [0, 1, 3, 6, 20])
def test_other_numbers_of_subject_cards_are_rejected(subjects):
    with pytest.raises(IllegalAction, match=r"mimikri\.refused\.subjects"):
        RULES.setup(3, {"subjects": subjects}, random.Random(0))


@pytest.mark.parametrize("n_players", [0, 1, 7])
def test_player_counts_outside_2_to_6_are_rejected(n_players):
    """Spec §Set-up: 2–4 as in the box; the bot allows up to 6."""
    with pytest.raises(IllegalAction, match=r"lobby\.error\.players .*low=2, high=6"):
        start(RULES, "count", n_players, {})
