"""Every picture says in words what it shows (Discord's attachment description), in the
language of its message, so a screen reader or a search finds the board's state."""

from __future__ import annotations

import pytest

from tests.e2e.test_faults import click_move, open_game, play_until_last_move

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)


@pytest.mark.asyncio
async def test_every_board_version_and_the_rules_have_alt_text(table):
    driver = table.driver
    board, match_id = await open_game(table, "games", "alice", "bob")
    for _ in range(3):
        await click_move(table, board, match_id, {0: "alice", 1: "bob"})
    pictures = [a for v in driver.latest(board).versions for a in v.attachments]
    assert pictures and all(a.description for a in pictures)
    newest = driver.latest(board).attachments[0].description
    assert "Alice" in newest or "Bob" in newest, "names, not mentions"
    assert "<@" not in newest and "**" not in newest
    assert "Butterflies collected: Alice: " in newest and ", Bob: " in newest, "the scores"
    rules = await driver.slash("carol", "games", "mimikri rules")
    await rules.wait_settled()
    [picture] = rules.attachments
    assert picture.description and "camera" in picture.description


@pytest.mark.asyncio
async def test_a_czech_boards_alt_text_is_czech(table):
    driver = table.driver
    await driver.slash("alice", "games", "settings language", language="cs")
    opened = await driver.slash("alice", "games", "mimikri new", turn_timer=0)
    await driver.click("bob", opened.message, label="Přidat se")
    await driver.click("alice", opened.message, label="Spustit")
    await table.idle()
    alt = driver.latest(opened.message).attachments[0].description
    assert "hra č." in alt


@pytest.mark.asyncio
async def test_no_picture_the_bot_sends_lacks_alt_text(table):
    """Boards, previews, a Schicki Micki row, a MIMIC hand, the leaderboard and stats."""
    driver = table.driver
    board, match_id = await open_game(table, "games", "alice", "bob")
    await (await driver.click("bob", board, label="Preview")).wait_settled()
    user, label = await play_until_last_move(table, board, match_id, {0: "alice", 1: "bob"})
    await driver.click(user, board, label=label)
    await table.idle()
    await (await driver.slash("alice", "games", "leaderboard", game="mimikri")).wait_settled()
    await (await driver.slash("bob", "games", "stats")).wait_settled()
    opened = await driver.slash("carol", "general", "schicki new")
    await driver.click("dave", opened.message, label="Join")
    mark = driver.mark()
    await driver.click("carol", opened.message, label="Start")
    await driver.wait_for_message(lambda m: "row 1" in m.content, channel="general", since=mark)
    mimic = await driver.slash("erin", "lobby", "mimic new", solo=True)
    # The solo game starts right after the reply: wait for its board.
    await driver.wait_for_message(lambda m: m.id == mimic.message.id and "/mimic place"
                                  in m.content, edits=True)
    await table.idle()
    await (await driver.click("erin", mimic.message, label="Show my hand")).wait_settled()
    pictures = [(m.id, a.filename, a.description)
                for m in table.server.world.messages.values()
                for v in m.versions for a in v.attachments]
    names = {filename for _, filename, _ in pictures}
    assert {"board.png", "preview.png", "table.png", "mimic-hand.png"} <= names, names
    assert [p for p in pictures if not p[2]] == []


@pytest.mark.asyncio
async def test_the_mariposas_panels_alt_text_is_words_without_markdown(table):
    from tests.e2e import test_mariposas as mariposas

    board, match_id = await mariposas.open_game(table)
    humans = {0: "alice", 1: "bob"}
    match = await mariposas.settle(table, match_id, humans)
    seat = min(s for s in mariposas.RULES.active_seats(match.state) if s in humans)
    panel = await mariposas.open_panel(table, humans[seat], board)
    alt = table.driver.latest(panel).attachments[0].description
    assert alt and "**" not in alt and "`" not in alt
    assert "Your flowers:" in alt
