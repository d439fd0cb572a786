"""/leaderboard and /stats through the fake Discord: the picture and, in the same message, the
table as text — in the language of whoever asks, on a Czech server with a Czech and an English
client."""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.e2e.table import Table, czech
from tests.e2e.test_mimikri import play_to_end
from tests.e2e.test_mimikri_languages import open_czech_game

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def table(table):
    """A Czech server where Alice's client speaks Czech and Bob's English, after one finished
    game of Mimikri between the two."""
    await czech(table)
    board, match_id = await open_czech_game(table)
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    return table


async def answer(table: Table, user: str, command: str, **options):
    """The public answer to a command that thinks first: its one follow-up message."""
    result = await table.driver.slash(user, "games", command, **options)
    (message,) = await result.wait_followups(1)
    return message


async def test_the_leaderboard_is_a_picture_with_its_table_as_text(table):
    server = table.server.world.guild.name
    czech = await answer(table, "alice", "leaderboard", game="mimikri")
    english = await answer(table, "bob", "leaderboard", game="mimikri")
    for message in (czech, english):
        assert message.attachments and message.attachments[0].is_png
        assert message.content.count("```") == 2 and len(message.content) <= 2000
        rows = message.content.split("```")[1].strip().splitlines()
        assert {row.split()[1] for row in rows[1:]} == {"Alice", "Bob"}
    assert czech.content.startswith(f"**Mimikri – {server}**")
    assert czech.content.split("```")[1].split()[:4] == ["#", "hráč", "hry", "výhry"]
    assert "hodnocení" in czech.content and "rating" not in czech.content
    assert english.content.split("```")[1].split()[:4] == ["#", "player", "games", "wins"]
    assert "rating" in english.content


async def test_stats_are_a_picture_with_the_same_lines_as_text(table):
    czech = await answer(table, "alice", "stats")
    english = await answer(table, "bob", "stats")
    assert czech.attachments and english.attachments
    assert czech.content.startswith("**Alice na serveru ")
    assert "• **Mimikri**: #" in czech.content and " · 1 hra · " in czech.content
    assert "hodnocení" in czech.content
    assert english.content.startswith("**Bob on ")
    assert " · 1 game · " in english.content and "1 games" not in english.content


async def test_an_unknown_game_is_refused_in_the_readers_language(table):
    czech = await table.driver.slash("alice", "games", "leaderboard", game="chess")
    english = await table.driver.slash("bob", "games", "leaderboard", game="chess")
    assert czech.ephemeral and czech.content == "Hru „chess“ neznám."
    assert english.ephemeral and english.content == "I don't know a game called 'chess'."
