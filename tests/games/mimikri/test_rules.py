"""Mimikri scenarios from the rule text (shared/rules/mimikri.txt) and the spec's choices
(shared/specs/mimikri.md), played through ``core.apply_checked``.
"""

from __future__ import annotations

import pytest

from bot.games.core import GameOver, IllegalAction, NotYourTurn, start
from bot.games.mimikri import RULES
from bot.games.mimikri.rules import ORIENTATIONS, butterfly
from tests.games.refusals import said

from .helpers import Table, all_keys, position, where

FRED, OSWALD, SOPHIA, IRIS = range(4)


def test_illustrations_5a_to_5d_the_camera_passes_and_the_round_ends_after_the_setter():
    """§Course of the Game, "When all Subject cards have been played", illus. 5a–5d.

    Second pass. Fred, Oswald, Sophia and Iris sit clockwise; Iris has already collected the
    frog's N butterfly. 5a: Fred inserts the frog card showing it. 5b: camera and the same card
    go to Oswald, who inserts it differently and shows a butterfly nobody has. 5c: Oswald's
    card is wrong, he keeps the camera. 5d: Sophia is wrong too, Iris finds it; Oswald passes
    the camera on to Sophia, who draws the top subject card.
    """
    table = Table(position(
        4,
        collected=[["snake:S"], ["sloth:W"], ["chameleon:E"], ["frog:N"]],
        pile=["chameleon", "snake", "sloth"], aside=[], pass_no=2,
        holder=FRED, turn=FRED, subject="frog", orientation=None, tried=[], phase="orient",
    ))
    assert table.view()["must_be_uncollected"] is True

    # 5a → 5b: a collected butterfly; the camera with the same card goes to the left.
    table.play(FRED, "orient:N")
    assert table.kinds() == ["oriented", "camera_passed"]
    assert table.last[1].data == {"to": OSWALD, "reason": "collected"}
    state = table.state
    assert (state["holder"], state["turn"], state["subject"]) == (OSWALD, OSWALD, "frog")
    assert state["phase"] == "orient" and state["tried"] == ["N"]
    assert all(table.view(seat)["tried"] == ["N"] for seat in (None, *range(4)))
    assert RULES.legal_actions(state, OSWALD) == ["orient:E", "orient:S", "orient:W"]
    with pytest.raises(IllegalAction, match=r"mimikri\.refused\.tried") as caught:
        table.try_play(OSWALD, "orient:N")
    assert said(caught.value) == ("That orientation was already tried on this card.",
                                  "Tahle hrana už byla u této karty vyzkoušena.")
    with pytest.raises(NotYourTurn):
        table.try_play(FRED, "orient:E")

    # 5b: Oswald shows a butterfly nobody has gotten yet and may look for it.
    table.play(OSWALD, "orient:E")
    assert table.state["phase"] == "search"
    assert table.state["turn"] == OSWALD == table.state["holder"]
    assert table.view()["wanted"] == "frog:E"

    # 5c: not the wanted butterfly; it stays face up and Oswald keeps the camera.
    wrong_1, wrong_2, right = where(table.state, "chameleon:N"), where(table.state, "snake:N"), \
        where(table.state, "frog:E")
    table.play(OSWALD, f"reveal:{wrong_1}")
    assert table.last[0].data == {"pos": wrong_1, "butterfly": "chameleon:N", "round": 4,
                                  "found": False}
    assert table.state["face_up"] == [wrong_1]
    assert (table.state["holder"], table.state["turn"]) == (OSWALD, SOPHIA)
    cell = next(c for c in table.view()["grid"] if c["pos"] == wrong_1)
    assert cell == {"pos": wrong_1, "face": "up", "butterfly": "chameleon:N"}

    # 5d: Sophia is wrong too; Iris finds it.
    table.play(SOPHIA, f"reveal:{wrong_2}")
    assert table.state["face_up"] == [wrong_1, wrong_2]
    assert (table.state["holder"], table.state["turn"]) == (OSWALD, IRIS)
    table.play(IRIS, f"reveal:{right}")
    assert table.kinds() == ["revealed", "subject_drawn"]
    assert table.last[0].data["found"] is True
    state = table.state
    assert state["collected"][IRIS] == ["frog:N", "frog:E"]
    assert right not in state["layout"]
    assert state["face_up"] == []  # every revealed card face down again
    assert {c["face"] for c in table.view()["grid"]} == {"down", "gone"}
    # The camera goes to the player after Oswald (who set it), not after Iris.
    assert (state["holder"], state["turn"]) == (SOPHIA, SOPHIA)
    assert table.last[1].seat == SOPHIA and table.last[1].data == {"animal": "chameleon"}
    assert state["subject"] == "chameleon" and state["pile"] == ["snake", "sloth"]
    assert state["aside"] == ["frog"]
    assert (state["phase"], state["tried"], state["orientation"]) == ("orient", [], None)
    assert state["rounds"] == 5


def test_first_pass_holder_reveals_first_wrong_cards_stay_up_camera_goes_left():
    """§Course of the Game 1–2, first pass.

    The camera holder inserts the top subject card, then reveals first; a wrong card stays
    face up and the left neighbour reveals next; whoever reveals the wanted butterfly takes
    it; the revealed cards go face down, the subject card is put aside and the camera passes
    to the holder's left neighbour, who draws a new subject card.
    """
    table = Table(start(RULES, "first pass", 4, {}))
    state = table.state
    assert (state["holder"], state["turn"], state["phase"], state["pass_no"]) == (0, 0, "orient", 1)
    first_subject = state["subject"]
    assert first_subject is not None and len(state["pile"]) == 3
    assert RULES.active_seats(state) == frozenset({0})
    # First pass: every orientation may be shown.
    assert RULES.legal_actions(state, 0) == [f"orient:{o}" for o in ORIENTATIONS]
    assert all(RULES.legal_actions(state, seat) == [] for seat in (1, 2, 3))

    table.play(0, "orient:S")
    wanted = butterfly(first_subject, "S")
    assert table.view(2)["wanted"] == wanted
    assert RULES.active_seats(table.state) == frozenset({0})  # the holder reveals first
    right = where(table.state, wanted)
    wrong = [p for p in table.state["layout"] if p != right][:2]

    table.play(0, f"reveal:{wrong[0]}")
    assert table.state["face_up"] == [wrong[0]] and table.state["turn"] == 1
    assert table.state["holder"] == 0  # the holder keeps the camera
    with pytest.raises(NotYourTurn):
        table.try_play(0, f"reveal:{wrong[1]}")
    table.play(1, f"reveal:{wrong[1]}")
    assert table.state["face_up"] == wrong and table.state["turn"] == 2

    table.play(2, f"reveal:{right}")
    state = table.state
    assert state["collected"] == [[], [], [wanted], []]
    assert right not in state["layout"] and len(state["layout"]) == 15
    assert state["face_up"] == []
    assert state["aside"] == [first_subject]
    assert (state["holder"], state["turn"], state["phase"]) == (1, 1, "orient")
    assert state["subject"] not in (None, first_subject) and len(state["pile"]) == 2
    assert state["pass_no"] == 1 and state["rounds"] == 1

    # The new holder finds it at once: the camera goes on to his left neighbour.
    table.play(1, "orient:W")
    table.play(1, f"reveal:{where(table.state, butterfly(table.state['subject'], 'W'))}")
    assert (table.state["holder"], table.state["turn"]) == (2, 2)
    assert table.state["collected"][1] != []


def find_at_once(table: Table, orientation: str = "N") -> None:
    """The holder shows ``orientation`` and reveals the wanted butterfly straight away."""
    seat = table.state["holder"]
    table.play(seat, f"orient:{orientation}")
    table.play(seat, f"reveal:{where(table.state, butterfly(table.state['subject'], orientation))}")


def test_when_all_subject_cards_have_been_played_the_pile_is_reshuffled():
    """§Course of the Game, "When all Subject cards have been played, they are reshuffled".

    From then on the camera must show a butterfly nobody has collected, else camera and card
    pass to the left neighbour (spec Play 3).
    """
    table = Table(start(RULES, "reshuffle", 3, {}))
    for _ in range(3):
        find_at_once(table)
        assert "pile_reshuffled" not in table.kinds()
        assert table.view()["must_be_uncollected"] is False
    find_at_once(table)  # the fourth and last subject card of the pass
    kinds = table.kinds()
    assert kinds == ["revealed", "pile_reshuffled", "subject_drawn"]
    assert table.last[1].data == {"pass_no": 2}
    state = table.state
    assert state["pass_no"] == 2 and state["aside"] == [] and len(state["pile"]) == 3
    assert sorted([*state["pile"], state["subject"]]) == sorted(state["animals"])
    assert table.view()["must_be_uncollected"] is True

    # The subject's N butterfly was collected in the first pass: showing it passes the camera.
    holder = state["holder"]
    assert butterfly(state["subject"], "N") in {k for pile in state["collected"] for k in pile}
    table.play(holder, "orient:N")
    assert table.kinds() == ["oriented", "camera_passed"]
    assert table.state["holder"] == table.state["turn"] == (holder + 1) % 3
    assert table.state["phase"] == "orient" and table.state["tried"] == ["N"]
    table.play((holder + 1) % 3, "orient:E")
    assert table.state["phase"] == "search"


def test_a_subject_card_whose_butterflies_are_all_collected_is_put_out():
    """Spec, Play 4 (choice): a subject card with all four butterflies collected is put out
    of the game when drawn, and the next card is drawn instead."""
    sloths = [butterfly("sloth", o) for o in ORIENTATIONS]
    table = Table(position(
        2,
        collected=[["frog:E"], sloths],
        pile=["sloth", "snake"], aside=["chameleon"], pass_no=3,
        holder=0, turn=0, subject="frog", orientation="N", tried=[], phase="search",
    ))
    table.play(0, f"reveal:{where(table.state, 'frog:N')}")
    assert table.kinds() == ["revealed", "subject_out", "subject_drawn"]
    assert table.last[1].data == {"animal": "sloth"}
    assert table.last[2].data == {"animal": "snake"}
    state = table.state
    assert state["out"] == ["sloth"] and state["subject"] == "snake"
    assert state["holder"] == 1 and state["pile"] == []
    assert table.view()["out"] == ["sloth"]

    # It stays out: the next reshuffle leaves it out of the pile.
    find_at_once(table, "W")
    assert "pile_reshuffled" in table.kinds()
    assert "sloth" not in [*table.state["pile"], table.state["subject"]]
    assert sorted([*table.state["pile"], table.state["subject"]]) == ["chameleon", "frog", "snake"]


@pytest.mark.parametrize(
    ("finder", "scores", "winners"),
    [(0, (8, 8, 0), {0, 1}), (1, (7, 9, 0), {1})],
)
def test_the_game_ends_with_the_last_butterfly_most_wins_ties_share(finder, scores, winners):
    """§Ending and Winning the Game: the game ends after the last Butterfly card has been
    collected; the player with the most butterflies wins; there can be more than one winner.
    """
    keys = [k for k in all_keys() if k != "snake:W"]
    table = Table(position(
        3,
        collected=[keys[:7], keys[7:], []],
        pile=[], aside=["frog", "chameleon", "sloth"], pass_no=4,
        holder=2, turn=finder, subject="snake", orientation="W", tried=[], phase="search",
    ))
    assert len(table.state["layout"]) == 1 and RULES.outcome(table.state) is None
    table.play(finder, f"reveal:{where(table.state, 'snake:W')}")
    assert table.kinds() == ["revealed", "game_over"]
    state = table.state
    assert state["phase"] == "over" and state["layout"] == {}
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.termination == "all_collected"
    assert outcome.scores == scores and outcome.winners == frozenset(winners)
    assert RULES.active_seats(state) == frozenset()
    assert all(RULES.legal_actions(state, seat) == [] for seat in range(3))
    with pytest.raises(GameOver):
        table.try_play(finder, "reveal:A1")
    with pytest.raises(GameOver):
        table.try_play((finder + 1) % 3, "orient:N")


class TestRejections:
    """Illegal actions are refused with a message fit for the player (core.apply_checked)."""

    def searching(self) -> Table:
        """Second pass, frog:N collected (A1 gone), Fred searching for frog:E, B1 face up."""
        table = Table(position(
            4,
            collected=[[], [], [], ["frog:N"]],
            pile=["snake", "sloth"], aside=["chameleon"], pass_no=2,
            holder=FRED, turn=FRED, subject="frog", orientation=None, tried=[],
            phase="orient",
        ))
        table.play(FRED, "orient:E")
        table.play(FRED, "reveal:B1")
        return table

    def test_reveal_a_face_up_card(self):
        table = self.searching()
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.face_up") as caught:
            table.try_play(OSWALD, "reveal:B1")
        assert said(caught.value) == ("The card at B1 is already face up.",
                                      "Karta na B1 už je otočená.")

    def test_reveal_a_collected_position(self):
        table = self.searching()
        assert "A1" not in table.state["layout"]
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.collected") as caught:
            table.try_play(OSWALD, "reveal:A1")
        assert said(caught.value) == ("The butterfly at A1 has already been collected.",
                                      "Motýla na A1 už někdo získal.")

    def test_reveal_a_position_off_the_grid(self):
        table = self.searching()
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.no_card") as caught:
            table.try_play(OSWALD, "reveal:E9")
        assert said(caught.value) == ("There is no card at E9.", "Na E9 žádná karta není.")
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.name"):
            table.try_play(OSWALD, "reveal:")

    def test_reveal_before_orienting(self):
        table = Table(start(RULES, "early", 2, {}))
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.insert_first"):
            table.try_play(0, "reveal:A1")

    def test_orient_during_the_search(self):
        table = self.searching()
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.camera_set"):
            table.try_play(OSWALD, "orient:S")

    def test_not_a_mimikri_move(self):
        with pytest.raises(IllegalAction, match=r"mimikri\.refused\.not_a_move"):
            self.searching().try_play(OSWALD, "deal")

    def test_not_your_turn(self):
        table = self.searching()
        with pytest.raises(NotYourTurn, match=r"ui\.not_your_turn") as caught:
            table.try_play(SOPHIA, f"reveal:{where(table.state, 'frog:E')}")
        assert said(caught.value) == ("It's not your turn.", "Nejsi na tahu.")
        assert caught.value.active == frozenset({OSWALD})
        with pytest.raises(NotYourTurn):
            table.try_play(FRED, "reveal:C1")  # the holder, but no longer his turn

    def test_game_over(self):
        keys = [k for k in all_keys() if k != "frog:N"]
        table = Table(position(
            2, collected=[keys, []], pile=[], aside=["chameleon", "snake", "sloth"],
            pass_no=5, holder=1, turn=1, subject="frog", orientation="N", phase="search",
        ))
        table.play(1, "reveal:A1")
        with pytest.raises(GameOver, match=r"lobby\.error\.over"):
            table.try_play(0, "orient:N")
