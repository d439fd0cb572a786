"""Mariposas' private turn panel as pure data: every sub-step of random games gets a prompt and
controls that fit Discord (menus of 25, five rows, ids of 100 characters), in both languages;
every legal choice is reachable in the panel, however many there are (a group chooser first
when they do not fit); the board waits during a turn."""

from __future__ import annotations

import random

import discord
import pytest

from bot.games.core import apply_checked, start
from bot.games.mariposas.rules import RULES
from bot.i18n import LANGUAGES, words
from bot.sessions.transition import Transition
from cogs.mariposas import panel
from cogs.mariposas.cog import MariposasUI, mid_turn
from presentation.mariposas import words as words_of


def reachable(view, legal, w) -> dict[str, str]:
    """Every choice the panel lets the player make (code → label), groups opened one by one."""
    found: dict[str, str] = {}
    built = panel.build(view, legal, w)
    groups = [code for c in built.controls for _, code in c.options
              if code.startswith(panel.GROUP)]
    for narrowed in [None, *groups]:
        if narrowed is not None:
            built = panel.build(view, legal, w, narrowed[len(panel.GROUP):])
        fits(built)
        found.update({code: label for c in built.controls for label, code in c.options
                      if not code.startswith(panel.GROUP)})
    return found


def fits(built) -> None:
    """Discord's limits: 25 options a menu, 5 rows (a menu takes one, buttons five a row)."""
    selects = sum(c.kind == "select" for c in built.controls)
    buttons = sum(c.kind == "button" for c in built.controls)
    assert selects + -(-buttons // 5) <= 5
    for control in built.controls:
        assert 1 <= len(control.options) <= 25
    for item in panel.items(built, 10**18, 99999):
        assert isinstance(item, discord.ui.DynamicItem)  # restart-proof
        assert len(item.item.custom_id) <= 100


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
        # kind) are offered once; every other legal choice is there
        labels = set(reachable(view, legal, w).values())
        assert labels == {words_of.option(code, view, w)[:80 if code.partition(
            ":")[0] in panel.BUTTON_VERBS else 100] for code in legal}
        for control in built.controls:
            assert all(0 < len(label) <= 100 and "mariposas.discord" not in label
                       for label, _ in control.options)
        fits(built)
    assert {"card", "move", "land", "confirm"} <= steps


def test_every_landing_is_highlighted_numbered_and_one_pick_away_in_the_panel():
    """However far a move reaches, each landing is in the panel: up to 100 in its four menus,
    whose placeholders say which numbers they hold (one pick away); past that (a move of 7),
    after picking a run of numbers first. No typed command, no stale panel."""
    w = words("en")
    most = 0
    for state, seat in positions("landings", 4, 1500):
        legal = RULES.legal_actions(state, seat)
        if panel.step_of(legal) != "land":
            continue
        built = panel.build(RULES.view(state, seat), legal, w)
        spaces = {int(c[5:]) for c in legal if c.startswith("land:")}
        assert built.highlights == {s: str(s) for s in spaces}
        menus = [c for c in built.controls if c.kind == "select"]
        view = RULES.view(state, seat)
        assert {int(code[5:]) for code in reachable(view, legal, w) if code != "undo"} == spaces
        if len(spaces) <= 100:  # four menus: each landing one pick away
            assert {int(code[5:]) for c in menus for _, code in c.options} == spaces
        if 25 < len(spaces) <= 100:
            for menu in menus:
                first, last = menu.options[0][1][5:], menu.options[-1][1][5:]
                assert menu.placeholder.endswith(f"{first}–{last}")
        fits(built)
        most = max(most, len(spaces))
    assert most > 25


def test_do_not_hatch_comes_first():
    w = words("en")
    seen = 0
    for state, seat in positions("hatch-first", 3, 3000):
        legal = RULES.legal_actions(state, seat)
        if panel.step_of(legal) == "hatch":
            built = panel.build(RULES.view(state, seat), legal, w)
            assert built.controls[0].options[0][1] == "hatch:none"
            seen += 1
    assert seen


def test_a_big_flower_stock_can_pay_a_hatch_every_way_and_decline_first():
    """§Hatching Costs with 4–5 of each flower: 131 ways to pay a gen 3 hatch. "Do not hatch"
    is the first choice, and every payment is reachable by picking its first flowers."""
    w = words("en")
    for state, seat in positions("hatching", 3, 4000):
        legal = RULES.legal_actions(state, seat)
        if panel.step_of(legal) == "hatch" and len(legal) > 100:
            break
        if panel.step_of(legal) == "card":  # give everyone a big stock to pay with
            for held in state["flowers"]:
                for n, flower in enumerate(held):
                    held[flower] = 4 + n % 2
    else:
        raise AssertionError("no hatch with more than 100 ways to pay came up")
    view = RULES.view(state, seat)
    built = panel.build(view, legal, w)
    chooser = next(c for c in built.controls if c.kind == "select")
    assert chooser.options[0] == (w("mariposas.discord.hatch_none"), "hatch:none")
    assert set(reachable(view, legal, w)) == set(legal)
    assert "Your flowers: white" in built.text


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
    from bot.db.rows import MatchRow
    from bot.games.core import Event

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


def test_the_butterfly_that_may_hatch_is_highlighted_by_its_letter():
    w = words("en")
    seen = 0
    for state, seat in positions("hatch-first", 3, 3000):
        legal = RULES.legal_actions(state, seat)
        if panel.step_of(legal) != "hatch":
            continue
        view = RULES.view(state, seat)
        parent = state["turn"]["queue"][0]["b"]
        space = next(b["space"] for b in view["butterflies"] if b["id"] == parent)
        built = panel.build(view, legal, w)
        assert built.highlights == {space: words_of.letters(view)[parent]}
        seen += 1
    assert seen


def test_a_reuse_card_with_nothing_to_copy_says_it_gives_no_moves_and_comes_last():
    """Choice 2: it may be played (a turn must play a card), but it is no move."""
    w = words("en")
    seen = 0
    for state, seat in positions("reuse-nothing", 4, 3000):
        legal = RULES.legal_actions(state, seat)
        nothing = [c for c in legal if c.startswith("card:reuse_") and "=" not in c]
        if panel.step_of(legal) != "card" or not nothing or len(legal) < 2:
            continue
        built = panel.build(RULES.view(state, seat), legal, w)
        options = [o for c in built.controls if c.kind == "select" for o in c.options]
        label, code = options[-1]
        assert code in nothing and label.startswith("Give up the turn's moves"), options
        seen += 1
    assert seen
