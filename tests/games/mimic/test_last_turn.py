"""The last turn's record (``state["last"]``): what the newest turn changed on the grid, for
the board's "what changed" frame, and the showdown's ranking for the result card."""

import json

from bot.games.core import dump
from bot.games.mimic import RULES
from bot.games.mimic.flow import showdown_rank
from tests.games.mimic.art import act, ids, position
from tests.games.mimic.test_powers import FILL, LINE
from tests.games.mimic.test_turns import OPEN, showdown_position


def test_a_turn_records_its_placed_cards_and_the_next_change_starts_a_new_record():
    state = position(OPEN, [["rL", "rE", "gO", "gZ", "gG"]], faceup=["bL", "bE", "bG"])
    assert "last" not in state or state["last"] is None
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rL')[0]}:D5")
    assert state["last"] == {"seat": 0, "turn": 0, "placed": ["D5"], "moved": [],
                             "removed": [], "cubes": [], "starts": []}
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rE')[0]}:D6")
    assert state["last"]["placed"] == ["D5", "D6"]
    if state["phase"] == "place":
        state, _ = act(state, 0, "end")
    while state["turn"] == 0:
        state, _ = act(state, 0, RULES.legal_actions(state, 0)[0])
    # Seat 1's turn has begun but changed nothing yet: the board still shows seat 0's.
    assert state["last"]["seat"] == 0 and RULES.view(state, None)["last"]["placed"] == ["D5",
                                                                                        "D6"]
    place = next(a for a in RULES.legal_actions(state, 1) if a.startswith("place:"))
    state, _ = act(state, 1, place)
    assert state["last"]["seat"] == 1 and state["last"]["placed"] == [place.split(":")[2]]


def test_moves_removals_and_cubes_are_recorded():
    art = LINE.replace("7 .  .  .  .", "7 .  .  .  rE")
    state = position(art, [["bO", "bO", *FILL]])
    state, _ = act(state, 0, "yellow:E4")
    state, _ = act(state, 0, "to:C7")
    assert state["last"]["moved"] == [["E4", "C7"]] and state["last"]["cubes"] == ["C7"]
    state = position(LINE, [["bO", "bZ", *FILL]])
    state, _ = act(state, 0, "red:D5")
    assert state["last"]["removed"] == ["D5"]
    assert RULES.view(state, None)["last"]["removed"] == ["D5"]


def test_a_state_stored_without_the_record_still_loads_and_plays():
    state = position(OPEN, [["rL", "rE", "gO", "gZ", "gG"]])
    data = json.loads(dump(state))
    data.pop("last", None)
    state = RULES.load(data)
    assert RULES.view(state, None)["last"] is None
    state, _ = act(state, 0, f"place:{ids(state, 0, 'rL')[0]}:D5")
    assert state["last"]["placed"] == ["D5"]


def test_showdown_rank_puts_the_winner_first_then_by_round_and_card():
    state = showdown_position(["rO", "bO", "gZ", "gZ", "bZ"], ["rO", "gO", "bE", "bZ", "gG"])
    state, _ = act(state, 0, "end")
    assert showdown_rank(state) == []
    state, _ = act(state, 0, f"pick:{ids(state, 0, 'rO')[0]}")
    state, _ = act(state, 1, f"pick:{ids(state, 1, 'rO')[0]}")
    green = ids(state, 1, "gO")[0]
    state, _ = act(state, 0, f"pick:{ids(state, 0, 'bO')[0]}")
    state, _ = act(state, 1, f"pick:{green}")
    ranking = showdown_rank(state)
    assert [r["side"] for r in ranking] == [1, 0] == [*sorted(RULES.outcome(state).winners), 0]
    assert ranking[0] == {"side": 1, "round": 2, "card": green}
    assert RULES.view(state, None)["ranking"][0]["card"]["animal"] == "ostrich"
