"""Mariposas end to end: the real bot through the fake Discord, a turn made only on the private
panel (its menus and buttons, ``/mariposas land`` where a menu would be too long) — a whole
game with two humans and a computer, a kill -9 in the middle of a turn, a stale panel, a player
acting out of turn and a landing typed by hand that is not reachable."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from types import SimpleNamespace

import pytest

from bot.games.mariposas.content import load
from bot.games.mariposas.rules import RULES
from bot.i18n import words
from presentation.mariposas.words import option
from tests.double import Message
from tests.e2e.table import Table, czech, ephemeral_text, game_id


async def told(result) -> str:
    if not ephemeral_text(result):
        await result.wait_followups(1)
    return ephemeral_text(result)


async def open_game(table: Table) -> tuple[Message, int]:
    driver = table.driver
    opened = await driver.slash("alice", "games", "mariposas new", turn_timer=0)
    assert opened.ok and not opened.ephemeral, opened
    board = opened.message
    assert board is not None
    match_id = game_id(board.content)
    assert (await driver.click("bob", board, label="Join")).ok
    await driver.click("alice", board, label="Add computer (normal)")
    await driver.click("alice", board, label="Start")
    await table.idle()
    return board, match_id


HUMANS = {0: "alice", 1: "bob"}


async def settle(table: Table, match_id: int, humans: dict[int, str]):
    """Wait until the game has ended or a human is to act."""
    for _ in range(4000):
        match = await table.match(match_id)
        if match.status != "active":
            return match
        assert match.state is not None
        busy = match_id in table.bot.sessions.scheduled("computer")
        if any(s in humans for s in RULES.active_seats(match.state)) and not busy:
            return match
        await asyncio.sleep(0.005)
    raise AssertionError("the computer never handed the turn back")


async def a_humans_turn(table: Table):
    """A started game (Alice, Bob and a computer) at a human's turn: the board, the match id,
    the match, and the seat and user whose turn it is."""
    await table.start()
    board, match_id = await open_game(table)
    match = await settle(table, match_id, HUMANS)
    seat = min(s for s in RULES.active_seats(match.state) if s in HUMANS)
    return board, match_id, match, seat, HUMANS[seat]


async def open_panel(table: Table, user: str, board) -> object:
    """The board's "My turn" button: the private panel message."""
    result = await table.driver.click(user, board, label="My turn")
    await result.wait_followups(1)
    panel = result.followups[0]
    assert panel.ephemeral_for == table.driver.user(user).id
    return panel


def control_for(table: Table, panel, code: str) -> tuple[str, dict] | None:
    """The panel's select or button that makes ``code``."""
    for comp in table.driver.latest(panel).iter_components():
        if comp["type"] == 3 and code in [o["value"] for o in comp.get("options", [])]:
            return "select", comp
        if comp["type"] == 2 and comp["custom_id"].split(":", 3)[3] == code:
            return "button", comp
    return None


async def panel_redrawn(table: Table, panel, version: int) -> None:
    """The panel was edited past ``version`` (its controls carry the new one, or it has none)."""
    async def wait() -> None:
        while any(c["custom_id"].split(":")[2] == str(version) if "custom_id" in c else False
                  for c in table.driver.latest(panel).iter_components()):
            await asyncio.sleep(0.005)
    try:
        await asyncio.wait_for(wait(), 5)
    except TimeoutError:
        raise AssertionError((version, table.driver.latest(panel).content, [
            c["custom_id"] for c in table.driver.latest(panel).iter_components()])) from None


async def step(table: Table, user: str, panel, code: str, version: int, view=None):
    """Make one choice as a player does; return the panel to use next. A choice that reads
    the same as another (two reuse targets of one kind) is offered once: pick that one."""
    driver = table.driver
    found = control_for(table, panel, code)
    if found is None and view is not None and not code.startswith("land:"):
        label = option(code, view, words("en"))
        for comp in driver.latest(panel).iter_components():
            for o in comp.get("options", []):
                if o["label"] == label:
                    code = o["value"]
        found = control_for(table, panel, code)
    if found is None:
        assert code.startswith("land:"), (code, driver.latest(panel).content)
        assert "/mariposas land" in driver.latest(panel).content
        space = code[5:]
        offered = await driver.autocomplete(user, "games", "mariposas land", "space",
                                            space=space)
        assert space in [c["value"] for c in offered]
        result = await driver.slash(user, "games", "mariposas land", space=space)
        await result.wait_followups(1)
        return result.followups[0]
    kind, comp = found
    if kind == "select":
        result = await driver.select(user, panel, [code], custom_id=comp["custom_id"])
    else:
        result = await driver.click(user, panel, custom_id=comp["custom_id"])
    assert result.ok, result
    await panel_redrawn(table, panel, version)
    return panel


def decide(state: dict, seat: int, rng: random.Random) -> str:
    legal = [c for c in RULES.legal_actions(state, seat) if c != "undo"]
    for wanted in ("confirm", "keep"):
        if wanted in legal:
            return wanted
    pays = [c for c in legal if c.startswith("hatch:") and c != "hatch:none"]
    return rng.choice(pays or legal)


@pytest.mark.asyncio
async def test_a_whole_game_with_two_humans_and_a_computer(table):
    await table.start()
    driver = table.driver
    board, match_id = await open_game(table)
    humans = {0: "alice", 1: "bob"}
    rng = random.Random(12)
    checked = set()
    panels: dict[str, object] = {}
    for _ in range(3000):
        match = await settle(table, match_id, humans)
        if match.status != "active":
            break
        seat = min(s for s in RULES.active_seats(match.state) if s in humans)
        user = humans[seat]
        other = humans[1 - seat]
        legal = RULES.legal_actions(match.state, seat)
        shown = {c["custom_id"].split(":")[2] for c in driver.latest(panels[user]).iter_components()
                 if "custom_id" in c} if user in panels else set()
        if shown != {str(match.version)}:  # the other player moved since: a fresh panel
            panels[user] = await open_panel(table, user, board)
        if "out_of_turn" not in checked and (1 - seat) not in RULES.active_seats(match.state):
            checked.add("out_of_turn")
            stranger = await open_panel(table, other, board)
            assert "not your turn" in stranger.content
            typed = await driver.slash(other, "games", "mariposas land", space="1")
            assert "turn" in await told(typed)
        if "unreachable" not in checked and any(c.startswith("land:") for c in legal):
            checked.add("unreachable")
            reachable = {int(c[5:]) for c in legal if c.startswith("land:")}
            far = next(s for s in range(143) if s not in reachable)
            typed = await driver.slash(user, "games", "mariposas land", space=str(far))
            assert "not reachable" in await told(typed)
            assert (await table.match(match_id)).version == match.version
        if "kill" not in checked and any(c.startswith("move:") for c in legal):
            checked.add("kill")  # a card is played: the turn is half made
            await table.kill()
            await table.start()
        code = decide(match.state, seat, rng)
        await table.idle()  # a redraw started before the step may still be under way
        before = len(driver.latest(board).versions)
        panels[user] = await step(table, user, panels[user], code, match.version,
                                  RULES.view(match.state, seat))
        after = await table.match(match_id)
        assert after.version > match.version, (code, driver.latest(panels[user]).content)
        current = after.state["turn"]
        if after.state["phase"] == "turn" and current["seat"] == seat and current["card"]:
            await table.idle()
            assert len(driver.latest(board).versions) == before, "the board waits for the turn"
    else:
        raise AssertionError("the game did not end")
    await table.idle()
    assert {"out_of_turn", "unreachable", "kill"} <= checked
    final = driver.latest(board)
    assert "Game over" in final.content
    assert not list(final.iter_components())


@pytest.mark.asyncio
async def test_a_stale_panel_is_refused_and_replaced_by_the_current_one(table):
    driver = table.driver
    board, match_id, match, seat, user = await a_humans_turn(table)
    old = await open_panel(table, user, board)
    fresh = await open_panel(table, user, board)
    card = RULES.legal_actions(match.state, seat)[0]
    await step(table, user, fresh, card, match.version)
    _kind, comp = control_for(table, old, card)
    result = await driver.select(user, old, [card], custom_id=comp["custom_id"])
    await result.wait_followups(1)
    assert "out of date" in result.followups[0].content
    await panel_redrawn(table, old, match.version)
    assert {c["custom_id"].split(":")[2] for c in driver.latest(old).iter_components()
            if "custom_id" in c} == {str(match.version + 1)}, "the current panel in its place"
    assert (await table.match(match_id)).version == match.version + 1


@pytest.mark.asyncio
async def test_a_slow_player_is_reminded_then_a_computer_plays_for_them(table):
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mariposas new", turn_timer=1)
    board = opened.message
    match_id = game_id(board.content)
    await driver.click("bob", board, label="Join")
    # A minute is the shortest timer a player can ask for; the test shortens it in storage.
    # Read, changed in Python and written back: the same on SQLite and PostgreSQL.
    options = {**(await table.match(match_id)).options, "turn_timer": 0.3}
    await table.bot.sessions.repo.execute(
        "UPDATE matches SET options = ? WHERE id = ?", (json.dumps(options), match_id))
    mark = driver.mark()
    await driver.click("alice", board, label="Start")
    ping = await driver.wait_for_message(lambda m: "⏰" in m.content, channel="games",
                                         since=mark)
    assert "left before a computer" in ping.content
    await driver.wait_for_message(lambda m: m.id == board.id and "ran out of time" in m.content,
                                  edits=True, since=mark)
    # Three time-outs in a row and the computer keeps the seat: the game goes on without them.
    await driver.wait_for_message(
        lambda m: m.id == board.id and "a computer plays on for them" in m.content,
        edits=True, since=mark, timeout=15)
    seats = await table.bot.sessions.repo.seats(match_id)
    assert any(s.is_computer and s.user_id is not None for s in seats)
    assert "cancelled" in (await driver.slash("alice", "games", "game cancel")).content
    await table.idle()


@pytest.mark.asyncio
async def test_solo_starts_at_once_against_computers_and_rules_are_private(table):
    await table.start()
    driver = table.driver
    rules = await driver.slash("carol", "games", "mariposas rules")
    await rules.wait_settled()
    assert rules.ephemeral and rules.attachments and "Michoacán" in ephemeral_text(rules)
    mark = driver.mark()
    opened = await driver.slash("alice", "games", "mariposas new", solo=True, computers=3)
    match_id = game_id(opened.message.content)
    # The lobby message turns into the board as soon as the game has started.
    await driver.wait_for_message(lambda m: m.id == opened.message.id and "Spring" in m.content,
                                  edits=True, since=mark)
    await table.idle()
    match = await table.match(match_id)
    seats = await table.bot.sessions.repo.seats(match_id)
    assert match.status == "active" and [s.is_computer for s in seats] == [False, True, True,
                                                                          True]
    assert match.options["turn_timer"] == 0
    nobody = await driver.slash("bob", "games", "mariposas turn")
    await nobody.wait_settled()
    assert "not playing" in ephemeral_text(nobody)


@pytest.mark.asyncio
async def test_the_panel_speaks_the_readers_language_and_the_board_the_servers(table):
    await czech(table)  # the server and Alice Czech, Bob English
    driver = table.driver
    opened = await driver.slash("alice", "games", "mariposas new", turn_timer=0)
    board = opened.message
    match_id = game_id(board.content)
    await driver.click("bob", board, label="Přidat se")
    await driver.click("alice", board, label="Spustit")
    await table.idle()
    match = await table.match(match_id)
    seat = next(iter(RULES.active_seats(match.state)))
    user, other = ("alice", "bob") if seat == 0 else ("bob", "alice")
    assert "Můj tah" in driver.latest(board).content
    result = await driver.click(user, board, label="Můj tah")
    await result.wait_followups(1)
    panel = result.followups[0]
    assert ("Jsi na tahu" if user == "alice" else "Your turn") in panel.content
    assert panel.attachments and panel.attachments[0].is_png
    waiting = await driver.click(other, board, label="Můj tah")
    await waiting.wait_followups(1)
    assert ("Nejsi na tahu" if other == "alice" else "not your turn") in \
        waiting.followups[0].content


def longest(state: dict, code: str) -> int:
    """How far a card or a move choice goes (0: a reuse card, or anything else)."""
    verb, _, rest = code.partition(":")
    if verb == "card" and rest != "pass":
        return max(load().action(rest.partition("=")[0]).moves, default=0)
    if verb == "move":
        return state["turn"]["groups"][int(rest.rpartition(":")[2])]["steps"]
    return 0


def half_a_turn_plan(state: dict, seat: int) -> list[str]:
    """A card, a butterfly and a landing on a space that is no waystation, found by trying
    them on a copy of the state: the longest move first (landings on flowers to pick from).
    A deal can hold only cards that move nothing yet (two "reuse" cards on the first turn,
    about one deal in forty): then the half turn is that card alone."""
    spaces = load().board.spaces

    def plan(state: dict, prefixes: tuple[str, ...]) -> list[str] | None:
        if not prefixes:
            return []
        legal = [c for c in RULES.legal_actions(state, seat) if c.startswith(prefixes[0])]
        if prefixes[0] == "land:":
            legal = [c for c in legal if spaces[int(c[5:])].kind != "city"]
        for code in sorted(legal, key=lambda c: -longest(state, c)):
            after, _ = RULES.apply(copy.deepcopy(state), seat, code, rng=random.Random(0),
                                   at_ms=0)
            rest = plan(after, prefixes[1:])
            if rest is not None:
                return [code, *rest]
        return None

    found = plan(state, ("card:", "move:", "land:")) or plan(state, ("card:",))
    assert found is not None, "the hand has no card to play"
    return found


async def half_a_turn(table: Table, match_id: int, user: str, seat: int, board):
    """Play a card, pick a butterfly and land it on a space that is no waystation (so Undo goes
    back to the turn's start); return the panel."""
    panel = await open_panel(table, user, board)
    match = await table.match(match_id)
    assert match.state is not None
    for code in half_a_turn_plan(match.state, seat):
        match = await table.match(match_id)
        assert match.state is not None
        panel = await step(table, user, panel, code, match.version,
                           RULES.view(match.state, seat))
    match = await table.match(match_id)
    assert match.state is not None
    assert RULES.turn_open(match.state) and match.state["turn"]["card"] is not None
    return panel


# Two deals (the game's seed): the first player can move a butterfly, or holds only "reuse"
# cards, which move nothing on the first turn.
DEALS = {"a card that moves": "0000000000000000", "reuse cards only": "0000000000000017"}


@pytest.mark.asyncio
@pytest.mark.parametrize("deal", DEALS)
async def test_a_restart_mid_turn_shows_the_table_only_the_turns_start(table, monkeypatch,
                                                                       deal):
    """The card played and the landing are the player's until Confirm: a restart redraws the
    board from the turn's start (the same picture as before the turn), and Undo back to that
    start edits nothing."""
    from bot.sessions import lobby

    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(token_hex=lambda n: DEALS[deal]))
    driver = table.driver
    board, match_id, match, seat, user = await a_humans_turn(table)
    moves = len(half_a_turn_plan(match.state, seat)) > 1
    assert moves == (deal == "a card that moves"), "the seed no longer deals this hand"
    await table.idle()
    before = driver.latest(board).attachments[0].data
    await half_a_turn(table, match_id, user, seat, board)

    await table.kill()
    await table.start()
    await table.idle()
    assert driver.latest(board).attachments[0].data == before, "the unconfirmed turn is shown"

    panel = await open_panel(table, user, board)
    shown = len(driver.latest(board).versions)
    match = await table.match(match_id)
    panel = await step(table, user, panel, "undo", match.version)
    match = await table.match(match_id)
    assert not RULES.turn_open(match.state), "back at the turn's start"
    await table.idle()
    assert len(driver.latest(board).versions) == shown, "the same board uploaded again"
    assert driver.latest(board).attachments[0].data == before


@pytest.mark.asyncio
async def test_a_group_of_choices_is_opened_in_the_panel_without_a_move(table, monkeypatch):
    """When the choices outgrow the menus (here made to hold one option each), the first menu
    opens a group in the same panel: nothing is submitted, the game stays at its version, and
    a choice in the group is then made as any other."""
    from cogs.mariposas import panel as panel_code

    monkeypatch.setattr(panel_code, "MENU", 1)
    driver = table.driver
    board, match_id, match, seat, user = await a_humans_turn(table)
    humans = HUMANS
    panel = await open_panel(table, user, board)

    def menus() -> list[dict]:
        return [c for c in driver.latest(panel).iter_components() if c["type"] == 3]

    def choices() -> set[str]:
        return {o["value"] for c in menus() for o in c["options"]
                if not o["value"].startswith(panel_code.GROUP)}

    for _ in range(40):  # the steps until one has more choices than the menus hold
        match = await table.match(match_id)
        groups = [o["value"] for c in menus() for o in c["options"]
                  if o["value"].startswith(panel_code.GROUP)]
        if len(groups) > 1:
            break
        code = next((c for c in RULES.legal_actions(match.state, seat)
                     if c != "undo" and control_for(table, panel, c)), None)
        if code is None:  # the turn went on to the others: wait for the next one
            match = await settle(table, match_id, humans)
            seat = min(s for s in RULES.active_seats(match.state) if s in humans)
            user = humans[seat]
            panel = await open_panel(table, user, board)
            continue
        panel = await step(table, user, panel, code, match.version)
    else:
        raise AssertionError("no step had more choices than four menus of one")
    first = choices()
    result = await driver.select(user, panel, [groups[-1]], custom_id=menus()[0]["custom_id"])
    assert result.ok
    for _ in range(400):  # the panel is edited in place (the same version: nothing to wait for)
        if choices() != first:
            break
        await asyncio.sleep(0.01)
    await table.idle()
    assert (await table.match(match_id)).version == match.version, "no move was made"
    shown = choices()
    legal = set(RULES.legal_actions(match.state, seat))
    assert shown and shown <= legal and not shown & first, "the other group's choices"
    panel = await step(table, user, panel, sorted(shown)[-1], match.version)
    assert (await table.match(match_id)).version == match.version + 1
