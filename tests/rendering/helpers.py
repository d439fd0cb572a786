"""Realistic Mimikri views for the rendering tests, built by playing the real rules."""

from __future__ import annotations

import copy
import io
import random

from PIL import Image

from bot.games.mimikri.rules import MimikriRules
from bot.games.mimikri.views import MimikriView

RULES = MimikriRules()
NAMES = ["Alice", "Bob the Magnificent Butterfly Hunter", "Zoë 🦋", "李小龙", "Dmitri", "Eve"]


def play(n_players: int, subjects: int, seed: int, steps: int) -> dict:
    """A state after up to ``steps`` random legal actions (seeded: the same every run)."""
    rng = random.Random(seed)
    state = RULES.setup(n_players, {"subjects": subjects}, rng)
    for _ in range(steps):
        if state["phase"] == "over":
            break
        seat = next(iter(RULES.active_seats(state)))
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)),
                               rng=rng, at_ms=0)
    return state


def view_in(phase: str, n_players: int = 4, subjects: int = 4, *, tried: bool = False,
            face_up: bool = False) -> MimikriView:
    """The public view of the first seeded game that reaches ``phase`` with the wished extras."""
    for seed in range(400):
        state = play(n_players, subjects, seed, random.Random(seed).randint(0, 200)
                     if phase != "over" else 10_000)
        if state["phase"] != phase:
            continue
        if tried and not state["tried"]:
            continue
        if face_up and not state["face_up"]:
            continue
        return copy.deepcopy(RULES.view(state, None))
    raise AssertionError(f"no seeded game reached {phase}")


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img
