"""Your data end to end: `/privacy show` tells a player privately what is kept about them (and
that nothing is, when nothing is); `/privacy delete` asks, and its button — only for that
player, only once — leaves their open games (a computer plays on), closes the lobby they
opened, then erases the rest in one transaction: they are gone from every table while the
other players' results and leaderboard lines stay; a reply Discord refuses leaves nothing
half-deleted."""

from __future__ import annotations

import asyncio

import pytest

from bot.db import leaderboards
from bot.games import REGISTRY
from cogs.privacy import CONFIRM_MINUTES
from tests.double import interactions as ix
from tests.e2e.table import Table, ephemeral_text, game_id
from tests.e2e.test_mimikri import choose, move, open_game, play_to_end
from tests.waiting import until

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

RULES = REGISTRY["mimikri"]
BUTTON = "Delete my data"
COLUMNS = (("matches", "host_id"), ("seats", "user_id"), ("results", "user_id"),
           ("ratings", "user_id"), ("records", "user_id"), ("daily_tries", "user_id"),
           ("player_settings", "user_id"), ("inbox", "user_id"))


async def rows_naming(table: Table, user_id: int) -> dict[str, int]:
    """How many rows of each table name ``user_id``, by SQL."""
    found = {}
    for name, column in COLUMNS:
        counted = await table.bot.sessions.repo.fetch_one(
            f"SELECT COUNT(*) FROM {name} WHERE {column} = ?", (user_id,))  # noqa: S608
        assert counted is not None  # a count is one row
        (found[name],) = counted
    return found


async def others_results(table: Table, user_id: int) -> list[tuple]:
    """Every result row but the user id column: match, seat, score, rank, won…"""
    return [tuple(r) for r in await table.bot.sessions.repo.fetch_all(
        "SELECT match_id, seat, guild_id, game, is_computer, score, rank, won, finished_at,"
        " user_id = ? FROM results ORDER BY match_id, seat", (user_id,))]


async def ask(table: Table, user: str):
    """`/privacy delete`: the private question with its button."""
    asked = await table.driver.slash(user, "general", "privacy delete")
    assert asked.ok and asked.ephemeral, asked
    assert asked.message is not None
    assert "Delete everything Menagerie keeps about you?" in asked.content
    table.driver.find_component(asked.message, label=BUTTON)
    return asked.message


async def confirmed(table: Table, message) -> str:
    """Wait until the question is replaced by the answer; the answer."""
    async def changed() -> bool:
        return "**Deleted.**" in table.driver.latest(message).content
    await until(changed)
    latest = table.driver.latest(message)
    assert not list(latest.iter_components()), "the button is gone once used"
    return latest.content


@pytest.mark.asyncio
async def test_show_for_someone_with_nothing_stored_says_so(table):
    shown = await table.driver.slash("carol", "general", "privacy show")
    text = ephemeral_text(shown)
    assert shown.ok and "keeps nothing about you" in text and "Never stored" in text
    assert not [m for m in table.driver.messages("general") if "keeps" in m.content], \
        "privately only"
    nothing = await table.driver.slash("carol", "general", "privacy delete")
    assert nothing.ephemeral and "nothing to delete" in ephemeral_text(nothing)
    assert not list(nothing.message.iter_components())
    # In the asker's own language.
    table.server.world.user("carol").locale = "cs"
    czech = ephemeral_text(await table.driver.slash("carol", "general", "privacy show"))
    assert "neuchovává nic" in czech and "Nikdy se neukládá" in czech


@pytest.mark.asyncio
async def test_the_button_stops_working_after_a_few_minutes(table):
    driver = table.driver
    alice = driver.user("alice").id
    assert (await driver.slash("alice", "games", "settings me", pings="off")).ok
    question = await ask(table, "alice")
    cog = table.bot.get_cog("Privacy")
    started = cog.clock()
    cog.clock = lambda: started + CONFIRM_MINUTES * 60 + 1
    late = await driver.click("alice", question, label=BUTTON)
    assert late.ephemeral and "expired or was used" in ephemeral_text(late)
    assert (await rows_naming(table, alice))["player_settings"] == 1, "nothing deleted"


@pytest.mark.asyncio
async def test_delete_leaves_games_then_erases_everything_and_others_stay(table):
    driver, world = table.driver, table.server.world
    alice, bob = world.user("alice").id, world.user("bob").id
    guild = world.guild.id
    # A finished game of Alice, Bob and a computer: results, ratings, names.
    board, done_id = await open_game(table, "alice", "bob", computers=1)
    await play_to_end(table, board, done_id, {0: "alice", 1: "bob"})
    await table.idle()
    # Her own setting, a reaction time as Schicki Micki keeps them, and input waiting.
    assert (await driver.slash("alice", "games", "settings me", pings="off")).ok
    await table.bot.sessions.repo.execute(
        "INSERT INTO records (match_id, seat, user_id, kind, value)"
        " VALUES (?, 0, ?, 'reaction_ms', 640)", (done_id, alice))
    # A running game with Bob (hers to leave) and a lobby she opened in another channel.
    running, running_id = await open_game(table, "bob", "alice")
    match = await table.match(running_id)
    seat = min(RULES.active_seats(match.state))
    await move(table, ["bob", "alice"][seat], running, choose({**match.state,
                                                                "version_hint": 0}), running_id)
    # As /daily and Schicki Micki would keep them: a try, and a reaction not judged yet.
    await table.bot.sessions.repo.execute(
        "INSERT INTO daily_tries (day, user_id, guild_id, match_id)"
        " VALUES ('2026-12-01', ?, ?, ?)", (alice, guild, done_id))
    await table.bot.sessions.repo.add_inbox(running_id, user_id=alice, seat=None,
                                            code="x", at=0.0, at_ms=0, seq=1)
    lobby = (await driver.slash("alice", "lobby", "mimikri new", subjects=4)).message
    lobby_id = game_id(lobby.content)
    assert "joined" in ephemeral_text(await driver.click("carol", lobby, label="Join"))

    shown = await driver.slash("alice", "general", "privacy show")
    text = "\n".join(m.content for m in shown.messages) + "".join(
        a.data.decode() for m in shown.messages for a in m.attachments)
    assert all(m.ephemeral_for == alice for m in shown.messages), "privately only"
    for word in ("Mimikri", f"#{done_id}", f"#{running_id}", f"#{lobby_id}", "“Alice”",
                 "Menagerie Test Guild", "turn pings off", "0.640", "Never stored"):
        assert word in text, (word, text)
    assert "Bob" not in text.replace("Bob's", "")

    before = await rows_naming(table, alice)
    assert all(before.values()), before
    results = await others_results(table, alice)
    bob_line = next(r for r in await leaderboards.board(table.bot.sessions.repo, guild, "mimikri")
                    if r.user_id == bob)

    question = await ask(table, "alice")
    # Bob cannot confirm Alice's question (were he to send the click himself).
    comp = driver.find_component(question, label=BUTTON)
    forged = await driver._interact(ix.COMPONENT, "bob", driver.channel("general"),
                                    {"custom_id": comp["custom_id"], "component_type": 2},
                                    message=driver.latest(question))
    assert "Only the player who asked" in ephemeral_text(forged)
    assert await rows_naming(table, alice) == before

    assert (await driver.click("alice", question, label=BUTTON)).ok
    answer = await confirmed(table, question)
    assert "You left 1 running game" in answer and "1 lobby you opened was closed" in answer
    for word in ("1 rating", "1 reaction time", "1 daily challenge try", "settings"):
        assert word in answer, (word, answer)
    await table.idle()

    # Gone from every table.
    assert await rows_naming(table, alice) == dict.fromkeys(before, 0)
    # The lobby she opened is closed; Carol's seat there is hers still.
    assert (await table.match(lobby_id)).status == "cancelled"
    # The running game goes on: a computer has her seat, Bob plays it to the end.
    seats = await table.bot.sessions.repo.seats(running_id)
    mine = next(s for s in seats if s.user_id != bob)
    assert mine.is_computer and mine.user_id is None and mine.name.startswith("Computer")
    for _ in range(400):
        match = await table.match(running_id)
        if match.status != "active":
            break
        turn = min(RULES.active_seats(match.state))
        if seats[turn].user_id == bob:
            await move(table, "bob", running, choose({**match.state,
                                                      "version_hint": match.version}),
                       running_id)
        else:
            await table.idle()
            await asyncio.sleep(0.01)
    assert match.status == "finished"
    await table.idle()
    assert await rows_naming(table, alice) == dict.fromkeys(before, 0), "the end adds none"

    # Everyone else's results are as they were (hers stay, without her id).
    assert [r[:-1] for r in (await others_results(table, alice))[:len(results)]] == [
        r[:-1] for r in results]
    # Bob's leaderboard line is the same; Alice is on no board and in no /stats.
    after = next(r for r in await leaderboards.board(table.bot.sessions.repo, guild, "mimikri")
                 if r.user_id == bob)
    assert (after.games, after.name) == (bob_line.games + 1, "Bob")
    assert alice not in {r.user_id for r in await leaderboards.board(table.bot.sessions.repo, guild,
                                                                                "mimikri")}
    shown = await driver.slash("carol", "games", "leaderboard", game="mimikri")
    board_text = shown.followups[0].content
    assert "Bob" in board_text and "Alice" not in board_text
    stats = await driver.slash("carol", "games", "stats", user=alice)
    assert "No finished games yet" in stats.followups[0].content
    again = await driver.slash("alice", "general", "privacy show")
    assert "keeps nothing about you" in ephemeral_text(again)


@pytest.mark.asyncio
async def test_others_leaderboard_lines_stay_exactly(table):
    """Alice, Bob and Carol play; Alice deletes (pressing twice at once): Bob's and Carol's
    lines (games, wins, points, rating) on the board are unchanged, and the game's results
    keep every rank."""
    driver, world = table.driver, table.server.world
    guild, alice = world.guild.id, world.user("alice").id
    board, match_id = await open_game(table, "alice", "bob", "carol")
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob", 2: "carol"})
    await table.idle()
    repo = table.bot.sessions.repo
    lines = {r.user_id: r for r in await leaderboards.board(repo, guild, "mimikri")}
    results = await others_results(table, alice)
    question = await ask(table, "alice")
    # Pressed twice at once (a double click): it works once, the other press is told so.
    presses = await asyncio.gather(driver.click("alice", question, label=BUTTON),
                                   driver.click("alice", question, label=BUTTON))
    assert all(p.ok for p in presses)
    await confirmed(table, question)
    assert sorted(p.type for p in presses) == [ix.CHANNEL_MESSAGE, ix.DEFERRED_UPDATE]
    told = next(p for p in presses if p.type == ix.CHANNEL_MESSAGE)
    assert told.ephemeral and "expired or was used" in told.content
    after = {r.user_id: r for r in await leaderboards.board(repo, guild, "mimikri")}
    assert after == {u: r for u, r in lines.items() if u != alice}
    assert [r[:-1] for r in await others_results(table, alice)] == [r[:-1] for r in results]
    assert all(not r[-1] for r in await others_results(table, alice))


@pytest.mark.asyncio
async def test_a_refused_reply_leaves_nothing_half_deleted(table):
    """Discord refuses the answer (403): the deletion was committed before it, whole. Discord
    loses the click's acknowledgement: nothing is deleted, and the button still works."""
    driver, world = table.driver, table.server.world
    alice = world.user("alice").id
    board, match_id = await open_game(table, "alice", "bob")
    await play_to_end(table, board, match_id, {0: "alice", 1: "bob"})
    await table.idle()
    assert (await driver.slash("alice", "games", "settings me", pings="off")).ok
    before = await rows_naming(table, alice)
    question = await ask(table, "alice")

    table.server.fail("POST /interactions/*/callback", status=404, code=10062,
                      message="Unknown interaction")
    lost = await driver.click("alice", question, label=BUTTON)
    assert not lost.ok
    await asyncio.sleep(0.2)
    assert await rows_naming(table, alice) == before, "not acknowledged: nothing done"

    table.server.fail("PATCH /webhooks/*", status=403, times=-1)
    table.server.fail("POST /webhooks/*", status=403, times=-1)
    refused = await driver.click("alice", question, label=BUTTON)
    assert refused.ok

    async def erased() -> bool:
        return not any((await rows_naming(table, alice)).values())
    await until(erased)
    assert (await table.match(match_id)).status == "finished"
    assert "Delete everything" in driver.latest(question).content, "the answer was refused"


@pytest.mark.asyncio
async def test_a_long_list_comes_as_a_file(table):
    """Too much for one message: the counts in the message, every line in an attached file,
    still only for the asker."""
    driver, world = table.driver, table.server.world
    alice = world.user("alice").id
    repo = table.bot.sessions.repo
    channel = driver.channel("lobby").id
    for number in range(40):
        match_id = await repo.create_match(
            game="mimikri", guild_id=world.guild.id, channel_id=channel, host_id=alice,
            host_name=f"Alice {number}", seed="s", options={}, now=1_764_000_000.0)
        await repo.set_status(match_id, "cancelled", 1_764_000_000.0)
    shown = await driver.slash("alice", "general", "privacy show")
    [message] = [m for m in shown.messages if m.attachments]
    assert message.ephemeral_for == alice
    assert "40 games" in message.content and "attached file" in message.content
    listing = message.attachments[0].data.decode("utf-8")
    assert all(f"“Alice {n}”" in listing for n in range(40)) and "Never stored" in listing
