"""Mimikri in Czech and English through the fake Discord: a Czech server's table and log are
Czech whoever plays; the rules and the preview answer each reader in their own client's
language."""

from __future__ import annotations

import pytest

from rendering import mimikri as mimikri_art
from tests.e2e.table import Table, ephemeral_text
from tests.e2e.test_mimikri import RULES, choose, move, play_to_end

pytestmark = [pytest.mark.asyncio, pytest.mark.czech]


async def open_czech_game(table: Table):
    """Alice opens a game on the Czech server, Bob joins, Alice starts: (board, match id)."""
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimikri new", subjects=4, turn_timer=0)
    board = opened.message
    assert board is not None
    await driver.click("bob", board, label="Přidat se")
    started = await driver.click("alice", board, label="Spustit")
    assert ephemeral_text(started) == "Hra začíná!"
    await table.idle()
    match = await table.bot.sessions.repo.open_match_in(driver.channel("games").id)
    assert match is not None
    return board, match.id


async def test_a_czech_servers_table_and_log_are_czech(table):
    driver = table.driver
    board, match_id = await open_czech_game(table)
    shown = driver.latest(board)
    assert "zvol, kterou hranou vložíš kartu " in shown.content
    labels = [c.get("label") for c in shown.iter_components()]
    assert "Náhled" in labels and "Preview" not in labels

    users = {0: "alice", 1: "bob"}
    for _ in range(4):
        match = await table.match(match_id)
        seat = min(RULES.active_seats(match.state))
        await move(table, users[seat], board, choose({**match.state, "version_hint": 0}),
                   match_id)
    # Every line the board showed so far (it keeps only the newest few).
    log = "\n".join(version.content for version in driver.latest(board).versions)
    assert "Hra začíná." in log and "hranou napřed" in log
    assert " otáčí " in log
    for english in ("draws", "turns up", "puts it in", "choose which edge", "find the butterfly"):
        assert english not in log, english

    await play_to_end(table, board, match_id, users)
    final = driver.latest(board).content
    log = "\n".join(version.content for version in driver.latest(board).versions)
    assert " táhne kartu " in log and " — trefa!" in log
    assert "draws" not in log and "found it" not in log
    assert "Konec hry" in final and ("vyhrává" in final or "o výhru se dělí" in final)
    assert "motýl" in final and "game over" not in final


async def test_rules_answer_each_reader_in_their_language(table):
    czech = await table.driver.slash("alice", "games", "mimikri rules")
    english = await table.driver.slash("bob", "games", "mimikri rules")
    assert czech.ephemeral and czech.attachments and english.attachments
    assert "pexeso" in czech.content and "fotoaparát" in czech.content
    assert "camera" not in czech.content
    assert "find the butterfly the camera shows" in english.content


async def test_the_preview_answers_each_reader_in_their_language(table):
    driver = table.driver
    titles: list[str] = []
    render = mimikri_art.render_preview

    def spy(animal, tried, title, w):
        titles.append(title)
        return render(animal, tried, title, w)
    mimikri_art.render_preview = spy
    try:
        board, _ = await open_czech_game(table)  # Alice holds the camera
        seen = {}
        for user in ("alice", "bob"):
            shown = await driver.click(user, board, label="Náhled")
            await shown.wait_settled()
            assert shown.ephemeral and shown.attachments
            seen[user] = shown.content
    finally:
        mimikri_art.render_preview = render
    assert seen["alice"].startswith("Tady máš kartu s") and "hranu po hraně" in seen["alice"]
    assert seen["bob"].startswith("Here is the ") and "edge by edge" in seen["bob"]
    assert titles == ["Tvoje karta motivu: kterou hranou ji vložíš?",
                      "Alice's subject card: the edges it can go in first"]

