"""Nothing of a turn is public before it is confirmed: the public view (the board everyone
sees, drawn from it at any moment: after a move, a restart, a retry) and every other player's
view show the turn's start, since Undo can still take back the card, the landings and the
choices; the player's own view shows all of it."""

from __future__ import annotations

import pytest

from bot.autoplay import autoplay
from bot.games.core import start
from bot.games.mariposas.rules import RULES

MINE = ("hand", "seat")  # the view's fields that belong to its reader


def others(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in MINE}


@pytest.mark.parametrize(("players", "seed"), [(2, "pv-1"), (3, "pv-2"), (5, "pv-3")])
def test_an_open_turn_shows_everyone_but_its_player_the_turns_start(players, seed):
    shown = RULES.view(start(RULES, seed, players, {}), None)  # the first turn's start
    open_steps = rolled = 0
    for move in autoplay(RULES, seed, players, {}):
        state = move.state
        if not RULES.turn_open(state):
            shown = RULES.view(state, None)
            continue
        open_steps += 1
        rolled += state["turn"].get("opened") is not None  # a die roll moved the checkpoint on
        player = state["turn"]["seat"]
        assert RULES.view(state, None) == shown, move.version
        assert shown["turn"]["card"] is None
        for seat in range(players):
            if seat != player:
                assert others(RULES.view(state, seat)) == others(shown), (move.version, seat)
        mine = RULES.view(state, player)
        assert mine["turn"]["card"] is not None or mine["phase"] == "trade" \
            or mine["turn"]["steps"] > 0
    assert open_steps > 100 and rolled > 0, "turns with and without a die roll were seen"
