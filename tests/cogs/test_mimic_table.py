"""The MIMIC cog's pure helpers: legal cells and their labels, the stuck warning, the log lines
(never a hand card), and the private news for the mover."""

from __future__ import annotations

import random

import pytest

from bot.db.rows import SeatRow
from bot.games import REGISTRY
from bot.games.core import Event, apply_checked, start
from bot.games.mimic import ai, hints
from bot.games.mimic.cards import components
from bot.i18n import words
from cogs.mimic import choices
from cogs.mimic import table as cog
from presentation.mimic import prompt as presentation_mimic
from presentation.mimic.table import MimicTable

RULES = REGISTRY["mimic"]
TITLES = sorted({c.title for c in components().cards.values()})
EN = words("en")


SEATS = [SeatRow(i, None, name, True, 0) for i, name in enumerate(("Alice", "Bob", "Cleo", "Dan"))]


def playout(n: int, options: dict, seed: int) -> tuple[list[dict], list[Event]]:
    """Every state of a computer-played game, and its events."""
    state = start(RULES, f"cog-{seed}", n, options)
    rng = random.Random(seed)
    states, events = [state], []
    version = 0
    while RULES.outcome(state) is None:
        seat = min(RULES.active_seats(state))
        action = ai.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), rng)
        step = apply_checked(RULES, state, seed=f"cog-{seed}", version=version, seat=seat,
                             action=action, seen_version=None)
        state, version = step.state, step.version
        states.append(state)
        events += step.events
    return states, events


@pytest.fixture(scope="module")
def game() -> tuple[list[dict], list[Event]]:
    return playout(4, {"teams": True}, 2)


def test_hand_targets_are_the_legal_placements_on_the_players_turn(game):
    states, _ = game
    checked = 0
    for state in states[::3]:
        if state["phase"] != "place" or state["step"]["pending"]:
            continue
        seat = state["turn"]
        legal: dict[str, list[str]] = {}
        for code in RULES.legal_actions(state, seat):
            if code.startswith("place:"):
                _, card, cell = code.split(":")
                legal.setdefault(card, []).append(cell)
        targets = hints.hand_targets(RULES.view(state, seat))
        if legal:
            assert {k: v for k, v in targets.items() if v} == legal
            checked += 1
    assert checked >= 5


def test_cell_labels_name_the_start_card_and_put_completions_first(game):
    states, _ = game
    completions = 0
    for state in states:
        if state["phase"] != "place" or state["step"]["pending"]:
            continue
        view = RULES.view(state, state["turn"])
        for card, cells in hints.hand_targets(view).items():
            labelled = presentation_mimic.cell_choices(view, card, cells, EN)
            assert [c for _, c in labelled] == sorted(cells, key=lambda c: (
                not any(lc == c and "completes" in lab for lab, lc in labelled),
                cells.index(c)))
            for label, cell in labelled:
                assert label.startswith(f"{cell} — ") and "start" in label and len(label) <= 100
                completions += "completes a set!" in label
    assert completions > 0


def blocked_view(hand: list[tuple[str, str]]) -> dict:
    """Only D4's northern line is open (D5 D6 D7, then C7 or E7); the other sides are cubed."""
    board = {c: {"id": "c1", "colour": "red", "animal": "lion", "cube": 0}
             for c in ("C4", "E4", "D3")}
    return {
        "phase": "place", "seat": 0, "turn": 0, "starts": {"D4": "red"}, "board": board,
        "step": {"placed": 0, "extra": 0, "jump": False, "start_done": False, "pending": None},
        "hand": [{"id": f"h{i}", "colour": c, "animal": a} for i, (c, a) in enumerate(hand)],
    }


def test_stuck_warning_when_no_two_placements_exist():
    assert hints.can_lay(blocked_view([("red", "lion"), ("red", "zebra")]), 2)
    stuck = blocked_view([("red", "lion"), ("blue", "zebra")])
    assert hints.can_lay(stuck, 1) and not hints.can_lay(stuck, 2)
    assert "No two legal placements" in cog.stuck_note(stuck, EN)
    one_laid = blocked_view([("blue", "zebra")])
    one_laid["board"]["D5"] = {"id": "c2", "colour": "red", "animal": "lion", "cube": None}
    one_laid["step"]["placed"] = 1
    assert "No legal placement" in cog.stuck_note(one_laid, EN)
    fine = blocked_view([("red", "lion"), ("red", "zebra")])
    assert cog.stuck_note(fine, EN) is None
    assert cog.stuck_note(stuck | {"turn": 1}, EN) is None, "not the seat's turn: no warning"


def test_typed_cards_and_cells_are_understood():
    view = blocked_view([("red", "lion"), ("blue", "zebra")])
    assert cog.find_card(view, "h1") == "h1"
    assert cog.find_card(view, " Blue Zebra ") == "h1"
    assert cog.find_card(view, "green giraffe") == "green giraffe"
    assert cog.normal_cell(" d5") == "D5"


def test_public_log_never_names_a_hand_card(game):
    _, events = game
    ui = cog.MimicUI(MimicTable())
    lines = [ui.describe(e, SEATS, EN) for e in events if e.visible_to is None]
    assert any(line and "passes a card" in line for line in lines)
    for line in filter(None, lines):
        if any(t in line for t in TITLES):
            assert any(w in line for w in ("lays a", "face-up", "leaves play", "Cards shown")), \
                line
    for event in events:
        if event.kind == "card_given" and event.visible_to is None:
            assert "card" not in event.data


def test_the_mover_is_told_their_private_news():
    drawn = Event("card_drawn", 1, {"from": "deck", "card": "c1"}, visible_to=frozenset({1}))
    assert cog.own_line(drawn, 1, EN) == "You drew a Red Lion."
    assert cog.own_line(drawn, 0, EN) is None
    placed = Event("card_placed", 1, {"card": "c1", "cell": "D5"})
    assert cog.own_line(placed, 1, EN) == "You laid a Red Lion on D5."
    assert cog.own_line(placed, 0, EN) is None


def test_autocomplete_choices_are_capped_and_filtered():
    pairs = [(f"{c}{r} — somewhere", f"{c}{r}") for c in "ABCDEFG" for r in range(1, 8)]
    assert len(choices.choices(pairs, "")) == 25
    assert [c.value for c in choices.choices(pairs, "d")] == [f"D{r}" for r in range(1, 8)]
    labelled = [(f"{c}{r} — line from start D4", f"{c}{r}") for c in "ABCDEFG"
                for r in range(1, 8)]
    column_f = [c.value for c in choices.choices(labelled, "f")][:7]
    assert column_f == [f"F{r}" for r in range(1, 8)]
    assert [c.value for c in choices.choices(labelled, "g5")] == ["G5"]


def test_the_alt_texts_score_line_names_each_side_and_its_cubes():
    states, _ = playout(4, {"teams": True}, 5)
    view = RULES.view(states[-1], None)
    line = MimicTable().scores(SEATS, view, EN)
    first, second = (" and ".join(SEATS[s].name for s in side) for side in view["sides"])
    assert line.startswith("Cubes placed: ") and first in line and second in line
    for side, placed in zip((first, second), view["cubes_placed"], strict=True):
        assert f"{side}: {placed} cube" in line
    czech = MimicTable().scores(SEATS, view, words("cs"))
    assert czech.startswith("Položené kostky: ") and first.split(" and ")[0] in czech
