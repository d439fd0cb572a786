"""Schicki Micki's one table message, without Discord: a window's result is shown in the
table's text (and handed to the picture) exactly while the table stands as the window left
it, and a window's passing states keep the last picture, their edit waiting (on an event, not
a clock) until the window's result is in."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from bot.dealer import Dealer
from bot.games import REGISTRY
from bot.games.core import SYSTEM, Event, apply_checked, start
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from bot.i18n import words
from bot.reactions import Table
from bot.sessions.transition import Transition
from cogs.schicki_micki import ui as schicki_ui
from cogs.schicki_micki.ui import SchickiUI
from presentation.schicki_micki import table as schicki_table
from presentation.schicki_micki.table import SchickiTable

RULES = REGISTRY["schicki_micki"]
EN = words("en")


class Seat:
    def __init__(self, name: str) -> None:
        self.name, self.user_id, self.is_computer, self.seat = name, None, False, 0


SEATS = [Seat("Alice"), Seat("Bob")]


def won_row(seed: str = "ui-1"):
    """States of a game up to a row won by seat 0, and the resolved event."""
    state, version = start(RULES, seed, 2, {}), 0

    def act(seat, action):
        nonlocal state, version
        step = apply_checked(RULES, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=None)
        state, version = step.state, version + 1
        return step.events
    while True:
        act(SYSTEM, "deal")
        correct = read_table(cards()[c] for c in state["table"]).correct
        if correct:
            act(0, correct)
            window = (dict(state), version)
            events = act(SYSTEM, "resolve")
            resolved = next(e for e in events if e.kind == "resolved")
            after = (dict(state), version)
            act(SYSTEM, "deal")
            return window, after, (dict(state), version), resolved.data


def match(state, version, match_id=1):
    return SimpleNamespace(id=match_id, state=state, version=version, options={})


class FakeDealer:
    def __init__(self, passing=False):
        self._passing = passing

    def passing(self, match_id, version):
        return self._passing


def test_the_result_is_shown_until_the_next_card():
    window, after, dealt, data = won_row()
    ui = SchickiUI(SchickiTable(), FakeDealer())
    # The table hears the change that settled the window (before any board is drawn).
    ui.table.heard(Transition(match(*after), [], [Event("resolved", None, data)]))
    assert ui.table.result(match(*after)) == data
    text = ui.status(match(*after), SEATS, RULES.view(after[0], None), EN)
    assert "**Row 1**" in text and "Alice" in text
    assert "row 2 starts in a moment" in text
    assert ui.table.result(match(*dealt)) is None, "the next card replaces it"
    assert "**Row" not in ui.status(match(*dealt), SEATS, RULES.view(dealt[0], None), EN)
    assert ui.table.result(match(*window)) is None, "an open window is no result"
    assert ui.table.result(None) is None
    # Both front ends draw the same picture: with the result while it stands.
    with_result = ui.table.picture(match(*after), SEATS, RULES.view(after[0], None), EN)
    assert ui.board(match(*after), SEATS, RULES.view(after[0], None), EN) == with_result
    ui.forget(1)
    assert ui.table.result(match(*after)) is None
    assert ui.table.picture(match(*after), SEATS, RULES.view(after[0], None), EN) \
        != with_result, "the picture showed the result"


def test_a_table_remembers_a_bounded_number_of_results(monkeypatch):
    monkeypatch.setattr(schicki_table, "KEPT", 3)
    _window, _after, _dealt, data = won_row()
    table = SchickiTable()
    for match_id in range(1, 6):
        table.remember(match_id, data)
    assert [table.remembers(m) for m in range(1, 6)] == [False, False, True, True, True]


def test_a_passing_window_state_keeps_the_last_picture():
    window, after, _dealt, _data = won_row()
    ui = SchickiUI(SchickiTable(), FakeDealer(passing=True))
    ui.pictures[1] = b"last picture"
    assert ui.board(match(*window), SEATS, RULES.view(window[0], None), EN) == b"last picture"
    # A state that is no window is always drawn.
    png = ui.board(match(*after), SEATS, RULES.view(after[0], None), EN)
    assert png.startswith(b"\x89PNG") and ui.pictures[1] == png


def test_the_dealer_says_which_versions_pass():
    dealer = Dealer(sessions=None, io=None)
    assert not dealer.passing(1, 3)
    table = dealer.tables.setdefault(1, Table())
    table.version = 5
    assert dealer.passing(1, 4) and not dealer.passing(1, 5)
    table.calm.clear()  # a window's reactions are being submitted
    assert dealer.passing(1, 5)


def settling_ui() -> tuple[SchickiUI, Table, tuple]:
    """A table UI whose dealer is submitting a window's reactions, the window's state, and a
    picture drawn before."""
    window, _after, _dealt, _data = won_row()
    dealer = Dealer(sessions=None, io=None)  # type: ignore[arg-type]  # never deals: no sessions
    table = dealer.tables.setdefault(1, Table())
    table.calm.clear()
    ui = SchickiUI(SchickiTable(), dealer)
    ui.pictures[1] = b"last picture"
    return ui, table, window


LOOP_TURNS = 10  # rounds of the event loop a woken wait needs at most (two or three here)


async def turns(count: int = LOOP_TURNS) -> None:
    """Let the event loop run ``count`` rounds of whatever is ready, waiting for no timer:
    what an event wakes is done by then; what sleeps or polls is not."""
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_a_passing_window_state_waits_for_the_result_and_wakes_with_it(monkeypatch):
    monkeypatch.setattr(schicki_ui, "PASSING_WAIT", 3600)  # only the result can end the wait
    ui, table, window = settling_ui()
    waiting = asyncio.create_task(ui.ready(match(*window)))
    await turns()
    assert not waiting.done(), "the window is still being settled"
    table.version = window[1] + 1  # what the dealer does once the window is resolved
    table.calm.set()
    # Woken by the result itself, not by a poll or the time-out: done within a few rounds
    # of the loop, however slow the machine.
    await turns()
    assert waiting.done()
    await waiting
    # Then the picture is the last one, at once: nothing waits or sleeps in the worker thread.
    assert ui.board(match(*window), SEATS, RULES.view(window[0], None), EN) == b"last picture"


@pytest.mark.asyncio
async def test_a_result_that_never_comes_is_waited_for_at_most_passing_wait(monkeypatch):
    # No wait at all: done within a few rounds of the loop (the default would take a second).
    monkeypatch.setattr(schicki_ui, "PASSING_WAIT", 0)
    ui, table, window = settling_ui()
    waiting = asyncio.create_task(ui.ready(match(*window)))
    await turns()
    assert waiting.done() and not table.calm.is_set()
    await waiting
    assert await ui.dealer.settled(1, 0.01) is False


@pytest.mark.asyncio
async def test_only_a_passing_window_state_waits():
    window, after, _dealt, _data = won_row()
    ui, table, _window = settling_ui()
    await asyncio.wait_for(ui.ready(match(*after)), 0.05)  # the result itself is drawn at once
    del ui.pictures[1]
    await asyncio.wait_for(ui.ready(match(*window)), 0.05)  # no picture to keep: drawn
    table.calm.set()
    table.version = 0
    await asyncio.wait_for(ui.ready(match(window[0], 99)), 0.05)  # the newest state: drawn


@pytest.mark.asyncio
async def test_settled_is_true_for_a_table_not_dealt_or_not_settling():
    dealer = Dealer(sessions=None, io=None)
    assert await dealer.settled(1, 0.01)
    dealer.tables[1] = Table()
    assert await dealer.settled(1, 0.01)
