"""Phases in real time: dealing, the reaction window, figures, the dealer, the last chance."""

from __future__ import annotations

import random

import pytest

from bot.games.core import SYSTEM, IllegalAction
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki.rules import blue_figures
from tests.games.refusals import said
from tests.games.schicki_micki.helpers import (
    act,
    find_table,
    make_state,
    result_of,
    settle,
    twins,
    with_piles,
)


@pytest.mark.parametrize(("players", "blue"), [(2, 1), (3, 2), (4, 3), (5, 3), (7, 3)])
def test_blue_figures_per_player_count(players, blue):
    """§Příprava a cíl hry: three blue figures, two with 3 players, one with 2."""
    assert blue_figures(players) == blue
    assert RULES.setup(players, {}, random.Random(1))["blue_figures"] == blue


def test_setup_waits_for_the_first_card():
    state = RULES.setup(3, {}, random.Random(5))
    assert sorted(state["deck"]) == list(range(64)) and state["table"] == []
    assert RULES.active_seats(state) == {SYSTEM}
    assert RULES.legal_actions(state, SYSTEM) == ["deal"]
    assert RULES.legal_actions(state, 0) == []
    assert said(RULES.explain_illegal(state, 0, "knock")) == ("Wait for the first card.",
                                                              "Počkej na první kartu.")


def test_deal_turns_the_top_card_and_everyone_may_react():
    state = RULES.setup(3, {}, random.Random(5))
    top = state["deck"][0]
    state, events = act(state, SYSTEM, "deal")
    assert state["table"] == [top] and len(state["deck"]) == 63
    assert events[0].kind == "dealt" and events[0].data["card"] == top
    assert RULES.active_seats(state) == {SYSTEM, 0, 1, 2}
    assert len(RULES.legal_actions(state, 1)) == 9


def test_the_first_reaction_stops_the_dealer():
    """Spec §Real time: the first reaction stops the dealer (§Průběh hry, Poznámka: hands
    leave the table edge); only ``resolve`` follows."""
    state = with_piles(3, find_table(2, ["hat"]))
    state, events = act(state, 2, "call:hat", 840)
    assert events[0].data == {"action": "call:hat", "at_ms": 840, "order": 1, "figure": None,
                              "replaces": None, "first": True}
    assert state["phase"] == "window"
    assert RULES.legal_actions(state, SYSTEM) == ["resolve"]
    with pytest.raises(IllegalAction, match=r"schicki\.rule\.resolve_first"):
        act(state, SYSTEM, "deal")


def test_wrong_reactions_alone_leave_the_table_and_the_same_dealer_goes_on():
    """Spec §Real time; §Průběh hry: the deck passes on only when the situation is settled."""
    table = find_table(2, ["hat"])
    state = with_piles(3, table, dealer=1)
    state, resolved = settle(state, (0, "knock"), (2, "grab:red"))
    assert state["table"] == table and state["dealer"] == 1 and state["row"] == 1
    assert not resolved["table_cleared"]
    assert RULES.legal_actions(state, SYSTEM) == ["deal"]
    assert len(RULES.legal_actions(state, 0)) == 9  # figures are back, a fresh window


def test_a_won_row_clears_the_table_and_passes_the_deck_left():
    """§Průběh hry: "předá … zbývající balíček karet spoluhráči po levici"."""
    state = with_piles(3, find_table(2, ["hat"]), dealer=2)
    state, resolved = settle(state, (1, "call:hat"))
    assert state["table"] == [] and state["dealer"] == 0 and state["row"] == 2
    assert resolved["dealer"] == 0 and resolved["table_cleared"]
    assert RULES.legal_actions(state, SYSTEM) == ["deal"]


def test_a_blue_figure_already_taken_cannot_be_grabbed_again():
    """§Příprava: one blue figure with two players; a later grab finds none and counts for
    nothing (spec §Reactions), neither card nor fault."""
    state = with_piles(2, find_table(2, ["scarf", "feathers"]))
    state, _ = act(state, 1, "grab:blue")
    view = RULES.view(state, 0)
    assert view["figures"]["blue_left"] == 0 and view["figures"]["blue_holders"] == [1]
    state, resolved = settle(state, (0, "grab:blue"))
    assert result_of(resolved, 1)["result"] == "won_one"
    assert result_of(resolved, 0)["result"] == "no_figure" and len(state["won"][0]) == 2


def test_the_red_figure_is_taken_once():
    state = with_piles(3, list(twins()[2]))
    state, resolved = settle(state, (2, "grab:red"), (0, "grab:red"))
    assert result_of(resolved, 2)["result"] == "won_all"
    assert result_of(resolved, 0)["result"] == "no_figure"
    assert RULES.view(state, None)["figures"]["red_left"]  # back in place after the window


def test_last_chance_after_the_last_card_then_the_game_ends():
    """§Konec hry: after the last card players have one last chance to react; then the
    game ends — also when the last chance brings only a fault."""
    table = find_table(1, [])
    last = next(c for c in range(64) if c not in table)
    state = make_state(2, table, deck=[last], keeper=0)
    state, events = act(state, SYSTEM, "deal")
    assert events[0].data["last_card"]
    assert RULES.legal_actions(state, SYSTEM) == ["resolve"]
    assert RULES.view(state, 1)["last_chance"]
    assert RULES.explain_illegal(state, SYSTEM, "deal").key == "schicki.rule.last_chance"
    state, resolved = settle(state, (1, "knock"))
    assert resolved["last_chance"] and state["phase"] == "over"
    assert RULES.outcome(state) is not None and RULES.active_seats(state) == frozenset()


def test_a_quiet_last_chance_ends_the_game():
    state = make_state(3, find_table(2, []), deck=[], keeper=1)
    assert RULES.legal_actions(state, SYSTEM) == ["resolve"]
    state, events = act(state, SYSTEM, "resolve")
    assert [e.kind for e in events] == ["resolved", "game_over"]
    assert events[1].data == {"scores": [0, 62, 0], "winners": [1]}
    assert RULES.outcome(state).winners == {1}


def test_cards_owed_from_an_empty_deck_count_at_the_end():
    """§Sebrání modré figurky: "Pokud v balíčku není dost karet, hra je u konce. Hráči,
    kteří měli získat další kartu, si tuto kartou připočtou ke svému konečnému výsledku.\""""
    table = find_table(2, ["scarf", "feathers"])
    state = make_state(4, table, deck=[], keeper=3)
    state, resolved = settle(state, (0, "grab:blue"), (1, "grab:blue"), (2, "grab:blue"))
    assert result_of(resolved, 2)["owed"] == 1 and result_of(resolved, 2)["cards"] == []
    assert state["owed"] == [0, 0, 1, 0] and state["phase"] == "over"
    assert RULES.outcome(state).scores == (1, 1, 1, 62)
    assert len(state["deck"]) + len(state["table"]) + sum(map(len, state["won"])) == 64


def test_a_win_that_empties_the_deck_ends_the_game():
    """The deck's last card goes to a blue grabber: nothing is left to deal."""
    table = find_table(2, ["scarf", "feathers"])
    rest = [c for c in range(64) if c not in table]
    state = make_state(4, table, deck=rest[:1], keeper=3)
    state, resolved = settle(state, (0, "grab:blue"), (1, "grab:blue"), (2, "grab:blue"))
    assert state["won"][2] == rest[:1] and not resolved["last_chance"]
    assert state["phase"] == "over"


def test_reactions_are_public_in_the_view_with_their_times():
    """The view decision (view.py): reactions of the open window are public."""
    state = with_piles(3, find_table(2, ["hat"]))
    state, _ = act(state, 0, "call:hat", 840)
    state, _ = act(state, 0, "grab:blue", 1210)
    view = RULES.view(state, 2)
    assert view["reactions"] == [
        {"seat": 0, "action": "call:hat", "at_ms": 840, "order": 1, "figure": None,
         "replaced": True},
        {"seat": 0, "action": "grab:blue", "at_ms": 1210, "order": 2, "figure": "blue",
         "replaced": False},
    ]
    assert RULES.view(state, 0) | {"seat": 2} == view == RULES.view(state, None) | {"seat": 2}
    assert "situation" not in str(view) and "pairs" not in view


def test_load_rejects_broken_states():
    state = with_piles(3, find_table(2, ["hat"]))
    with pytest.raises(ValueError):
        RULES.load({**state, "schema": 99})
    with pytest.raises(ValueError):
        RULES.load({**state, "deck": state["deck"][1:]})
    with pytest.raises(ValueError):
        RULES.load({**state, "blue_figures": 1})
    assert RULES.load(state) == state


def test_equal_scores_share_the_win():
    """§Konec hry names the player with most cards; the spec lets equal counts share."""
    state = make_state(2, [], won=[range(32), range(32, 64)], deck=[])
    state, events = act(state, SYSTEM, "resolve")
    assert RULES.outcome(state).winners == {0, 1}
    assert events[-1].data["winners"] == [0, 1]
