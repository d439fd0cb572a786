"""Mariposas' private turn panel as pure data: every sub-step of random games gets a prompt and
controls that fit Discord (menus of 25, ids of 100 characters), in both languages; a landing
with more than 25 reachable spaces goes to ``/mariposas land``; the board waits during a turn."""

from __future__ import annotations

import random

import pytest

from bot.games.core import apply_checked, start
from bot.games.mariposas.rules import RULES
from bot.i18n import LANGUAGES, words
from bot.sessions import Transition
from cogs import mariposas_panel as panel
from cogs import mariposas_words as words_of
from cogs.mariposas import MariposasUI, mid_turn


def positions(seed: str, n: int = 3, steps: int = 900):
    """(state, seat) of the active seat at each step of a random game."""
    state = start(RULES, seed, n, {})
    rng = random.Random(seed)
    for version in range(steps):
        active = sorted(RULES.active_seats(state))
        if not active:
            return
        yield state, active[0]
        legal = RULES.legal_actions(state, active[0])
        state = apply_checked(RULES, state, seed=seed, version=version, seat=active[0],
                              action=rng.choice(legal), seen_version=None).state


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sub_step_has_words_and_controls_that_fit_discord(lang):
    w = words(lang)
    steps = set()
    for state, seat in positions("panel-" + lang):
        legal = RULES.legal_actions(state, seat)
        built = panel.build(RULES.view(state, seat), legal, w)
        steps.add(panel.step_of(legal))
        assert built.text and "mariposas.discord" not in built.text
        view = RULES.view(state, seat)
        offered = [label for c in built.controls for label, _ in c.options]
        assert len(offered) == len(set(offered))  # equal choices (two reuse targets of one
        if not built.by_command:  # kind) are offered once; every other legal choice is there
            assert set(offered) == {words_of.option(code, view, w)[:80 if code.partition(
                ":")[0] in panel.BUTTON_VERBS else 100] for code in legal}
        for control in built.controls:
            assert 1 <= len(control.options) <= 25
            assert all(0 < len(label) <= 100 and "mariposas.discord" not in label
                       for label, _ in control.options)
        assert sum(c.kind == "select" for c in built.controls) <= panel.MENUS
        for item in panel.items(built, 10**18, 99999):
            assert len(item.item.custom_id) <= 100
    assert {"card", "move", "land", "confirm"} <= steps


def test_a_landing_is_highlighted_and_numbered_on_the_map_and_far_ones_go_to_the_command():
    w = words("en")
    found_menu = found_command = False
    for state, seat in positions("landings", 4, 1500):
        legal = RULES.legal_actions(state, seat)
        if panel.step_of(legal) != "land":
            continue
        built = panel.build(RULES.view(state, seat), legal, w)
        spaces = {int(c[5:]) for c in legal if c.startswith("land:")}
        assert built.highlights == {s: str(s) for s in spaces}
        if len(spaces) > 25:
            found_command = True
            assert built.by_command and "/mariposas land" in built.text
            assert [c.options for c in built.controls] == [[("Undo", "undo")]] or all(
                c.kind == "button" for c in built.controls)
        else:
            found_menu = True
            assert not built.by_command
    assert found_menu and found_command


def test_the_moves_name_each_butterfly_by_the_letter_the_map_shows():
    w = words("en")
    for state, seat in positions("letters"):
        legal = RULES.legal_actions(state, seat)
        if panel.step_of(legal) == "move":
            view = RULES.view(state, seat)
            built = panel.build(view, legal, w)
            mine = [b for b in view["butterflies"] if b["seat"] == seat]
            assert set(",".join(built.highlights.values()).split(",")) == {
                chr(65 + i) for i in range(len(mine))}
            assert all(label[0] in "ABCDEFGHIJKLMNOP" for c in built.controls
                       if c.kind == "select" for label, _ in c.options)
            return
    raise AssertionError("no move step")


def test_nothing_to_choose_says_so():
    assert panel.build({}, [], words("cs")).text == words("cs")("mariposas.discord.panel.wait")


def test_the_board_waits_for_the_end_of_a_turn():
    """Once per confirmed turn: a sub-step is quiet, a new turn or a season's end is not."""
    seen = {True: 0, False: 0}
    for state, _seat in positions("quiet", 2, 300):
        seen[mid_turn(state)] += 1
        if state["phase"] == "turn" and state["turn"]["card"] is None:
            assert not mid_turn(state)
        if state["phase"] == "trade":
            assert mid_turn(state)
    assert seen[True] > seen[False] > 0


def test_a_quiet_transition_is_one_inside_a_turn_without_a_time_out():
    from bot.games.core import Event
    from bot.db.repo import MatchRow

    state = start(RULES, "q", 2, {})
    seat = next(iter(RULES.active_seats(state)))
    card = RULES.legal_actions(state, seat)[0]
    after = apply_checked(RULES, state, seed="q", version=0, seat=seat, action=card,
                          seen_version=None).state
    fields = {f: None for f in MatchRow.__dataclass_fields__}
    row = MatchRow(**{**fields, "status": "active", "state": after})
    assert MariposasUI.quiet(Transition(row, [], []))
    assert not MariposasUI.quiet(Transition(row, [], [Event("timed_out", seat, {})]))
    assert not MariposasUI.quiet(Transition(MatchRow(**{**fields, "status": "active",
                                                        "state": state}), [], []))
