"""Turn structure: draw phase, teams, solo, the end, the tie showdown and the advanced option.

shared/rules/mimic.txt §How to Play (1 Player, 2-4 Players, Teams), §Ending the Game,
§Winning the Game, §Ties, §Advanced Play Option.
"""

import json
import random

import pytest

from bot.games.core import IllegalAction, dump
from bot.games.mimic import RULES
from tests.games.mimic.art import act, ids, position
from tests.games.refusals import said

OPEN = """
    7 .  .  .  .  .  .  .
    6 .  .  .  .  .  .  .
    5 .  .  .  .  .  .  .
    4 .  .  .  R  .  .  .
    3 .  .  .  .  .  .  .
    2 .  .  .  .  .  .  .
    1 .  .  .  .  .  .  .
"""
# Each line from the red card already holds two animals of one colour: north red lion and
# elephant (open D7), east green lion and elephant (open G4), south blue lion and elephant
# (open D1), west red zebra and giraffe (open A4). Green and blue zebras and ostriches fit
# none of them.
LOCKED = """
    7 .  .  .  .  .  .  .
    6 .  .  .  rE .  .  .
    5 .  .  .  rL .  .  .
    4 .  rG rZ R  gL gE .
    3 .  .  .  bL .  .  .
    2 .  .  .  bE .  .  .
    1 .  .  .  .  .  .  .
"""
NONE = ["gZ", "gZ", "bZ", "bZ", "gO"]


def test_draw_phase_face_up_cards_are_replenished_after_drawing():
    """§Draw Phase 1–2: draw back to five from the face-up cards and/or the deck; the face-up
    cards are replenished only after the player has finished drawing."""
    state = position(OPEN, [["rL", "rE", "gO", "gZ", "gG"]], faceup=["bL", "bE", "bG"])
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rL')[0]}:D5")
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D6")
    if state["phase"] == "place":
        state, _ = act(state, 0, "end")
    assert state["phase"] == "draw"
    faceup = list(state["faceup"])
    assert RULES.legal_actions(state, 0) == [f"draw:{c}" for c in faceup] + ["draw:deck"]
    state, _ = act(state, 0, f"draw:{faceup[0]}")
    assert state["faceup"] == faceup[1:]
    top = state["deck"][0]
    state, events = act(state, 0, "draw:deck")
    private = [e for e in events if e.kind == "card_drawn" and e.visible_to]
    assert private[0].data["card"] == top and private[0].visible_to == {0}
    assert state["turn"] == 1 and len(state["hands"][0]) == 5
    assert len(state["faceup"]) == 3 and state["faceup"][:2] == faceup[1:]


def test_two_cards_must_be_laid_before_ending():
    """§How To Play 2: two MIMIC cards per turn."""
    state = position(OPEN, [["rL", "rE", "gO", "gZ", "gG"]])
    assert "end" not in RULES.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.end") as caught:
        act(state, 0, "end")
    assert said(caught.value) == ("Lay 2 cards before ending your turn.",
                                  "Než ukončíš tah, polož 2 karty.")


def test_teams_exchange_then_shared_cubes():
    """§How to Play (Teams): partners sit opposite; the partner gives one card, the player
    gives one back; the team shares 8 cubes."""
    state = RULES.setup(4, {"teams": True}, random.Random(3))
    assert state["sides"] == [[0, 2], [1, 3]] and state["cubes_left"] == [8, 8]
    assert state["phase"] == "exchange" and RULES.active_seats(state) == {2}
    assert RULES.legal_actions(state, 0) == []
    given = state["hands"][2][0]
    state, events = act(state, 2, f"give:{given}")
    assert given in state["hands"][0] and len(state["hands"][0]) == 6
    secret = [e for e in events if "card" in e.data]
    assert secret and all(e.visible_to == {0, 2} for e in secret)
    assert RULES.active_seats(state) == {0}
    back = state["hands"][0][1]
    state, _ = act(state, 0, f"give:{back}")
    assert back in state["hands"][2] and len(state["hands"][0]) == len(state["hands"][2]) == 5
    assert state["phase"] == "place"


def test_team_mates_share_their_cubes():
    """§How to Play (Teams): a set completed by seat 2 takes a cube of team 0 (seats 0, 2)."""
    art = OPEN.replace("5 .  .  .  .", "5 .  .  .  rL").replace("6 .  .  .  .", "6 .  .  .  rL")
    state = position(art, [[], [], ["rE", "rE", "gO", "gZ", "gG"]], n=4,
                     options={"teams": True}, turn=2)
    state, _ = act(state, 2, f"place:{ids(state, 2, 'rE')[0]}:D7")
    state, _ = act(state, 2, f"place:{ids(state, 2, 'rE')[0]}:C7")
    assert state["cubes"] == {"C7": 0} and state["cubes_left"] == [7, 8]
    assert RULES.view(state, 1)["cubes_placed"] == [1, 0]


def test_solo_lays_two_to_five_cards_and_draws_from_the_deck():
    """§How to Play (1 Player): at least two cards, up to five; draw from the deck only."""
    state = RULES.setup(1, {}, random.Random(5))
    assert state["cubes_left"] == [15] and state["faceup"] == []
    for _ in range(2):
        state, _ = act(state, 0, next(a for a in RULES.legal_actions(state, 0)
                                      if a.startswith("place:")))
        while state["phase"] == "start":
            state, _ = act(state, 0, RULES.legal_actions(state, 0)[0])
    legal = RULES.legal_actions(state, 0)
    assert "end" in legal
    state, _ = act(state, 0, "end")
    assert state["turn"] == 0 and state["turns"] == 1 and len(state["hands"][0]) == 5


def test_solo_ends_when_two_cards_cannot_be_laid():
    """§Ending the Game, 1 player: cannot lay the minimum of two cards — the game ends; the
    score is the cubes placed."""
    state = position(LOCKED, [["rL", *NONE[:4]]], n=1)
    state["powers"][0]["active"] = []
    state["cubes_left"] = [12]
    legal = RULES.legal_actions(state, 0)
    assert legal == [f"place:{ids(state, 0, 'rL')[0]}:D7"]  # the one card that fits
    state, events = act(state, 0, legal[0])
    outcome = RULES.outcome(state)
    assert outcome.termination == "stuck" and outcome.scores == (3,)
    assert outcome.winners == frozenset()
    assert any(e.kind == "cannot_place" for e in events)


def test_powers_may_still_make_room_before_the_game_ends():
    """Spec choice: the player who cannot lay two cards may first use power cards; ending the
    turn with fewer than two cards then ends the game."""
    state = position(LOCKED, [NONE], n=2)
    legal = RULES.legal_actions(state, 0)
    assert "end" in legal and any(a.startswith("red:") for a in legal)
    assert not any(a.startswith("place:") for a in legal)
    assert RULES.view(state, 0)["can_place"] is False


def showdown_position(hand0, hand1, cubes_left=(4, 4)):
    """Seat 0 to play on the locked grid with cards that fit nowhere and no power cards."""
    state = position(LOCKED, [hand0 or NONE, hand1], n=2)
    for p in state["powers"]:
        p["active"] = []
    state["cubes_left"] = list(cubes_left)
    return RULES.load(json.loads(dump(state)))


def test_most_cubes_wins_when_a_player_is_stuck():
    """§Winning the Game 2: the most cubes placed when the game ends."""
    state = showdown_position(None, ["rO", "gO", "bO", "gZ", "gG"], cubes_left=(3, 4))
    state, _ = act(state, 0, "end")
    outcome = RULES.outcome(state)
    assert outcome.termination == "stuck" and outcome.winners == {0}
    assert outcome.scores == (3, 2)


def test_tie_showdown_picks_are_private_and_revealed_together():
    """§Ties 1–3: each tied player picks a card; highest animal wins."""
    state = showdown_position(None, ["gL", "rE", "bO", "gZ", "gG"])
    state, events = act(state, 0, "end")
    assert state["phase"] == "showdown" and RULES.active_seats(state) == {0, 1}
    zebra = state["hands"][0][0]
    state, events = act(state, 0, f"pick:{zebra}")
    assert RULES.active_seats(state) == {1} and RULES.legal_actions(state, 0) == []
    assert all(zebra not in json.dumps(e.data) for e in events)
    assert zebra not in json.dumps(RULES.view(state, 1))
    assert RULES.view(state, 0)["showdown"]["my_pick"]["id"] == zebra
    lion = ids(state, 1, "gL")[0]
    state, events = act(state, 1, f"pick:{lion}")
    outcome = RULES.outcome(state)
    assert outcome.termination == "showdown" and outcome.winners == {1}
    reveal = next(e for e in events if e.kind == "showdown_revealed")
    assert reveal.data["picks"] == [[0, zebra], [1, lion]] and reveal.visible_to is None


def test_the_showdown_loser_ranks_below_the_winner():
    """§Ties decide the winner: equal cubes, but the results rank the winner 1 and the
    loser 2 (the ratings see a win, not a draw)."""
    state = showdown_position(None, ["gL", "rE", "bO", "gZ", "gG"])
    state, _ = act(state, 0, "end")
    state, _ = act(state, 0, f"pick:{state['hands'][0][0]}")
    state, _ = act(state, 1, f"pick:{ids(state, 1, 'gL')[0]}")
    outcome = RULES.outcome(state)
    assert outcome.termination == "showdown" and outcome.scores == (2, 2)
    assert outcome.winners == {1} and outcome.ranks() == (2, 1)


def test_tie_showdown_colour_then_repeat():
    """§Ties 3–4: same animal — the colour decides (red > green > blue); the very same card
    — pick again."""
    state = showdown_position(["rO", "bO", "gZ", "gZ", "bZ"], ["rO", "gO", "bE", "bZ", "gG"])
    state, _ = act(state, 0, "end")
    state, _ = act(state, 0, f"pick:{ids(state, 0, 'rO')[0]}")
    state, _ = act(state, 1, f"pick:{ids(state, 1, 'rO')[0]}")
    assert state["phase"] == "showdown" and state["showdown"]["round"] == 2
    assert RULES.active_seats(state) == {0, 1}
    state, _ = act(state, 0, f"pick:{ids(state, 0, 'bO')[0]}")
    state, _ = act(state, 1, f"pick:{ids(state, 1, 'gO')[0]}")
    assert RULES.outcome(state).winners == {1}
    assert len(state["showdown"]["revealed"]) == 2


def test_advanced_take_a_power_card_instead_of_the_second_card():
    """§Advanced 1–5: one blue card each; three face-up power cards; after one card a power
    card may be taken instead of the second, ending the placement phase; at most three active,
    never two alike; the line is replenished after the draw."""
    state = RULES.setup(3, {"advanced": True}, random.Random(2))
    assert [p["active"] for p in state["powers"]] == [["blue"]] * 3
    assert len(state["power_line"]) == 3 and "blue" not in state["power_line"]
    assert "orange" not in state["power_line"] + state["power_deck"]
    assert len(state["power_line"]) + len(state["power_deck"]) == 16
    assert not any(a.startswith("take:") for a in RULES.legal_actions(state, 0))
    place = next(a for a in RULES.legal_actions(state, 0) if a.startswith("place:"))
    state, _ = act(state, 0, place)
    while state["phase"] == "start":
        state, _ = act(state, 0, RULES.legal_actions(state, 0)[0])
    takes = [a for a in RULES.legal_actions(state, 0) if a.startswith("take:")]
    assert takes == [f"take:{c}" for c in ("green", "yellow", "red", "blue", "orange")
                     if c in state["power_line"]]
    colour = takes[0][5:]
    state, _ = act(state, 0, takes[0])
    assert colour in state["powers"][0]["active"]
    assert state["phase"] == "draw" and len(state["power_line"]) == 2
    while state["turn"] == 0:
        state, _ = act(state, 0, RULES.legal_actions(state, 0)[-1])
    assert len(state["power_line"]) == 3 and len(state["power_deck"]) == 12


def test_advanced_limits():
    """§Advanced 3–4: no more than three active power cards, never two of the same colour."""
    state = position(OPEN, [["rL", "rE", "gO", "gZ", "gG"]], n=2, options={"advanced": True})
    state["power_line"] = ["red", "green", "red"]
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rL')[0]}:D5")
    state["powers"][0]["active"] = ["red", "blue"]
    assert [a for a in RULES.legal_actions(state, 0) if a.startswith("take:")] == ["take:green"]
    state["powers"][0]["active"] = ["yellow", "red", "blue"]
    assert not any(a.startswith("take:") for a in RULES.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.take_colour") as caught:
        act(state, 0, "take:green")
    assert said(caught.value) == (
        "You may not take a green power card now (three at most, no two alike).",
        "Teď si nemůžeš vzít zelenou kartu schopnosti (nejvýš tři aktivní, žádné dvě stejné).")


def test_options_must_fit_the_player_count():
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.teams_four"):
        RULES.setup(3, {"teams": True}, random.Random(0))
    with pytest.raises(IllegalAction, match=r"mimic\.refused\.advanced_players"):
        RULES.setup(1, {"advanced": True}, random.Random(0))
