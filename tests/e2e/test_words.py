"""Words that were wrong, end to end: what a lobby says of its options, who a computer plays
for, whose card a preview shows, and what an ended game's old buttons answer."""

from __future__ import annotations

import pytest

from bot.i18n import words
from rendering import mimikri as mimikri_art
from tests.double import interactions as ix
from tests.e2e.table import ephemeral_text
from tests.e2e.test_faults import click_move, open_game, play_until_last_move

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)


@pytest.mark.asyncio
async def test_the_lobby_says_the_turn_timer_in_minutes(table):
    opened = await table.driver.slash("alice", "games", "mimikri new", turn_timer=5)
    options = next(line for line in opened.message.content.splitlines()
                   if line.startswith("Options:"))  # not the host's mention, whose id may
    assert "turn timer: 5 min" in options and "300" not in options  # hold a "300"
    again = await table.driver.slash("bob", "general", "mimikri new", turn_timer=0)
    assert "turn timer: off" in again.message.content


@pytest.mark.asyncio
async def test_a_seat_taken_over_is_shown_as_the_computers(table, monkeypatch):
    driver = table.driver
    drawn: list[list[str]] = []
    render = mimikri_art.render_board

    def spy(view, names, w):
        drawn.append(list(names))
        return render(view, names, w)
    monkeypatch.setattr(mimikri_art, "render_board", spy)
    board, match_id = await open_game(table, "games", "alice", "bob")
    assert "computer player took your seat" in ephemeral_text(
        await driver.slash("bob", "games", "game leave"))
    await table.idle()
    for _ in range(3):
        if (await table.match(match_id)).status == "active":
            await click_move(table, board, match_id, {0: "alice"})
    assert drawn[-1] == ["Alice", "Computer (for Bob)"]
    text = driver.latest(board).content
    assert "Computer (for Bob)" in text
    lines_after_leaving = text.split("left; a computer player takes the seat.")[-1]
    assert "Bob turns up" not in lines_after_leaving and "Bob draws" not in lines_after_leaving


@pytest.mark.asyncio
async def test_an_ended_games_old_buttons_say_it_is_over(table):
    driver = table.driver
    board, match_id = await open_game(table, "games", "alice", "bob")
    users = {0: "alice", 1: "bob"}
    old = [c["custom_id"] for c in driver.latest(board).iter_components()
           if c.get("custom_id", "").startswith("mg:")]
    user, label = await play_until_last_move(table, board, match_id, users)
    await driver.click(user, board, label=label)
    await table.idle()
    assert (await table.match(match_id)).status == "finished"
    # A client that still shows an old version of the board.
    stale = {"custom_id": old[0], "component_type": 2}
    result = await driver._interact(ix.COMPONENT, "bob", driver.channel("games"), stale,
                                    message=board)
    assert result.ephemeral and result.content == words("en")("games.over")
