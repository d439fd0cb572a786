"""Players called "Kristýna", "Łukasz", "Дмитрий" and "🦊 Foxy" play a whole game of each game
on a Czech server: their names, exactly as written, reach every picture that names players,
the messages and the leaderboard — never folded to ASCII or replaced by "Player N".

What a picture shows is read where it is drawn: every text the renderers hand to the fonts is
recorded while the games run (``rendering.fonts.draw`` wrapped), so the test sees the words
each picture was drawn with, not a guess from its pixels.
"""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
import pytest_asyncio

from bot.db import leaderboards
from bot.games import REGISTRY
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import read_table
from presentation.schicki_micki.words import SAY
from rendering import fonts
from tests.e2e.table import Table, game_id
from tests.e2e.test_mimic import decide, moved_on, perform, settle
from tests.e2e.test_mimikri import play_to_end

NAMES = {"alice": "Kristýna", "bob": "Łukasz", "carol": "Дмитрий", "dave": "🦊 Foxy"}
USERS = dict(enumerate(NAMES))


@pytest_asyncio.fixture
async def table(table, monkeypatch):
    """A Czech server whose four players have the names above; every drawn text recorded."""
    world = table.server.world
    world.guild.preferred_locale = "cs"
    for user, name in NAMES.items():
        world.user(user).global_name = name
    world.user("alice").locale = "cs"
    world.user("bob").locale = "en-US"
    drawn: list[str] = []
    lock = threading.Lock()  # pictures are drawn in worker threads
    real = fonts.draw

    def recording(surface, xy, text, *args, **kwargs):
        with lock:
            drawn.append(text)
        return real(surface, xy, text, *args, **kwargs)

    monkeypatch.setattr(fonts, "draw", recording)
    table.drawn = drawn
    table.time_scale = 0.02  # Schicki Micki's dealer, fast
    await table.start()
    return table


async def open_czech(table: Table, command: str, **options):
    """Kristýna opens the lobby, the other three join, she starts: all on Czech buttons."""
    driver = table.driver
    opened = await driver.slash("alice", "games", command, **options)
    assert opened.ok, opened
    lobby = opened.message
    assert lobby is not None
    for user in ("bob", "carol", "dave"):
        await driver.click(user, lobby, label="Přidat se")
    await driver.click("alice", lobby, label="Spustit")
    await table.idle()
    return lobby, game_id(lobby.content)


def assert_drawn(table: Table, since: int, what: str) -> None:
    texts = table.drawn[since:]
    missing = [n for n in NAMES.values() if not any(n in t for t in texts)]
    assert not missing, f"{what}: never drawn {missing}"


async def assert_on_leaderboard(table: Table, game: str) -> None:
    """The leaderboard's text and picture, and the stored rows, carry the exact names."""
    mark = len(table.drawn)
    shown = await table.driver.slash("carol", "games", "leaderboard", game=game)
    await shown.wait_followups(1)
    reply = shown.followups[0]
    assert reply.attachments and reply.attachments[0].description
    for name in NAMES.values():
        assert name in reply.content, (game, name, reply.content)
    assert_drawn(table, mark, f"{game} leaderboard")
    rows = await leaderboards.board(table.bot.sessions.repo, table.server.world.guild.id, game)
    assert {r.name for r in rows} == set(NAMES.values())


def assert_in_messages(table: Table, message, what: str) -> None:
    """Each player is named in the board's text at some point (its log or its status) and in
    its pictures' alt text, exactly as written."""
    versions = table.driver.latest(message).versions
    said = "\n".join(v.content for v in versions)
    alt = "\n".join(a.description or "" for v in versions for a in v.attachments)
    for user, name in NAMES.items():
        mention = f"<@{table.driver.user(user).id}>"
        assert name in said or mention in said, (what, name)
        assert name in alt, (what, "alt text", name)


@pytest.mark.asyncio
async def test_a_whole_mimikri_game(table):
    mark = len(table.drawn)
    board, match_id = await open_czech(table, "mimikri new", subjects=4, turn_timer=0)
    await play_to_end(table, board, match_id, USERS)
    assert (await table.match(match_id)).status == "finished"
    assert_drawn(table, mark, "Mimikri boards")
    assert_in_messages(table, board, "Mimikri")
    await assert_on_leaderboard(table, "mimikri")


@pytest.mark.asyncio
async def test_a_whole_mimic_game(table):
    rules = REGISTRY["mimic"]
    mark = len(table.drawn)
    board, match_id = await open_czech(table, "mimic new", turn_timer=0)
    rng = random.Random(3)
    for _ in range(1500):
        match = await settle(table, match_id, USERS)
        if match.status != "active":
            break
        seat = min(rules.active_seats(match.state))
        code = decide(match.state, seat, rng)
        answer = await perform(table, USERS[seat], board, code, draw_label="Dobrat z balíčku")
        await moved_on(table, match_id, match.version, (code, answer))
    else:
        raise AssertionError("the game did not end")
    await table.idle()
    assert_drawn(table, mark, "MIMIC boards")
    assert_in_messages(table, board, "MIMIC")
    await assert_on_leaderboard(table, "mimic")


@pytest.mark.asyncio
async def test_a_whole_schicki_micki_game(table):
    rules = REGISTRY["schicki_micki"]
    driver = table.driver
    mark = len(table.drawn)
    _, match_id = await open_czech(table, "schicki new")
    users = list(NAMES)
    for turn in range(4000):
        match = await table.match(match_id)
        if match.status != "active":
            break
        state = match.state
        if state["phase"] == "dealing" and state["table"]:
            correct = read_table(cards()[c] for c in state["table"]).correct
            if correct and turn % 2:
                await driver.react(users[turn % 4], match.message_id, SAY[correct])
        await asyncio.sleep(0.03)
    final = await table.match(match_id)
    assert final.status == "finished" and sum(rules.outcome(final.state).scores) > 0
    await table.idle()
    assert_drawn(table, mark, "Schicki Micki tables")
    tables = [m for m in driver.messages("games") if m.attachments]
    said = "\n".join(v.content for m in driver.messages("games") for v in m.versions)
    alt = "\n".join(a.description or "" for m in tables for v in m.versions
                    for a in v.attachments)
    for name in NAMES.values():
        assert name in said and name in alt, name
    await assert_on_leaderboard(table, "schicki_micki")
