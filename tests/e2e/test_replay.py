"""Replays end to end: /game history lists the server's finished games (newest first, paged,
never a cancelled or running one); /game replay steps through a game privately, each step's
picture the public board of the state rebuilt from the log; a hand only to its own player;
Export sends an animation with one frame per step; a refused picture is apologised for and
nothing stays stuck; another server's game is refused; the buttons work after a restart."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
import time

import pytest
from PIL import Image

from bot.daily import day_of, seed_for
from bot.games import REGISTRY
from bot.games.core import replay as replay_log
from bot.i18n import words
from cogs._ui import seat_names
from rendering.mariposas.panels import card_words
from rendering.mimic import render_board
from rendering.mimic.hand import render_hand
from tests.double import commands
from tests.double import interactions as ix
from tests.replays import store_finished

pytestmark = pytest.mark.started  # the shared table, started (tests/e2e/conftest.py)

EN = words("en")
OTHER_GUILD = 987_654_321


async def finished(table, game="mimic", seed="e2e", players=("alice", "bob"), **extra) -> int:
    """A game the computers played for these users, stored as finished in the games channel."""
    world = table.server.world
    seated = [(world.user(p).id, p.title(), False) for p in players]
    extra.setdefault("guild_id", world.guild.id)
    extra.setdefault("channel_id", table.driver.channel("games").id)
    return await store_finished(table.bot.sessions.repo, game, seated, seed=seed, **extra)


def reply(result):
    """The private answer after a "thinking" defer: the filled-in placeholder."""
    assert result.ok, result
    [message] = [m for m in result.messages if not m.loading]
    assert message.ephemeral
    return message


async def press(driver, user, message, label):
    """Click a step button and wait until the message shows the step it asked for."""
    result = await driver.click(user, message, label=label)
    assert result.ok, result
    await result.wait_edit(10)
    return driver.latest(message)


def head(message) -> tuple[int, int]:
    found = re.search(r"step (\d+) of (\d+)", message.content)
    assert found, message.content
    return int(found[1]), int(found[2])


async def states(table, match_id):
    """Every state of the match, rebuilt here from the stored log (independently of the bot)."""
    repo = table.bot.sessions.repo
    match, seats = await table.match(match_id), await repo.seats(match_id)
    log = await repo.action_log(match_id)
    rules = REGISTRY[match.game]
    return [replay_log(rules, match.seed, len(seats), match.options, log[:k])[0]
            for k in range(len(log) + 1)], seats


@pytest.mark.asyncio
async def test_history_lists_finished_games_newest_first_in_pages(table):
    driver, repo = table.driver, table.bot.sessions.repo
    ids = [await finished(table, "mimikri", seed=f"h{i}", now=1_800_000_000.0 + 1000 * i)
           for i in range(10)]
    # Neither a cancelled game nor a running one, nor another server's, is listed.
    cancelled = await repo.create_match(
        game="mimikri", guild_id=table.server.world.guild.id, channel_id=1, host_id=1,
        host_name="X", seed="c", options={}, now=1_900_000_000.0)
    await repo.set_status(cancelled, "cancelled", 1_900_000_000.0)
    running = await finished(table, "mimikri", seed="r", max_moves=3, now=1_900_000_000.0,
                             channel_id=2)
    elsewhere = await finished(table, "mimikri", seed="o", guild_id=OTHER_GUILD)
    assert (await table.match(running)).status == "active"

    first = await driver.slash("alice", "games", "game history")
    assert first.ephemeral, first
    listed = [int(i) for i in re.findall(r"`#(\d+)`", first.content)]
    assert listed == ids[::-1][:8], first.content
    assert "page 1 of 2" in first.content
    assert f"<t:{1_800_009_000 + (await table.match(ids[-1])).version}:f>" in first.content
    assert "Alice" in first.content and "🏆" in first.content
    for hidden in (cancelled, running, elsewhere):
        assert f"`#{hidden}`" not in first.content

    older = await driver.click("alice", first.message, label="Older")
    assert older.ok
    page2 = driver.latest(first.message).content
    assert [int(i) for i in re.findall(r"`#(\d+)`", page2)] == ids[::-1][8:]
    assert "page 2 of 2" in page2
    await driver.click("alice", first.message, label="Newer")
    assert "page 1 of 2" in driver.latest(first.message).content

    by_option = await driver.slash("alice", "games", "game history", page=2)
    assert [int(i) for i in re.findall(r"`#(\d+)`", by_option.content)] == ids[::-1][8:]


@pytest.mark.asyncio
async def test_replay_steps_are_the_states_rebuilt_from_the_log(table):
    driver = table.driver
    match_id = await finished(table)
    every, seats = await states(table, match_id)
    names = seat_names(seats, EN)
    rules = REGISTRY["mimic"]

    def expected(k: int) -> bytes:
        return render_board(rules.view(every[k], None), names, EN)

    shown = reply(await driver.slash("carol", "games", "game replay", id=match_id))
    assert head(shown) == (0, len(every) - 1)
    assert shown.pngs()[0].data == expected(0)
    await press(driver, "carol", shown, "Next")
    assert head(driver.latest(shown)) == (1, len(every) - 1)
    assert driver.latest(shown).pngs()[0].data == expected(1)
    await press(driver, "carol", shown, "End")
    assert driver.latest(shown).pngs()[0].data == expected(len(every) - 1)
    stored = await table.match(match_id)
    assert expected(len(every) - 1) == render_board(rules.view(stored.state, None), names, EN)
    await press(driver, "carol", shown, "Back")
    assert head(driver.latest(shown))[0] == len(every) - 2
    assert driver.latest(shown).pngs()[0].data == expected(len(every) - 2)

    # `step:` opens the replay there; past the end, at the end.
    there = reply(await driver.slash("carol", "games", "game replay", id=match_id, step=5))
    assert head(there)[0] == 5 and there.pngs()[0].data == expected(5)
    there = reply(await driver.slash("carol", "games", "game replay", id=match_id, step=9999))
    assert head(there)[0] == len(every) - 1

    # After a restart, the same message keeps stepping (its buttons carry what they need).
    await table.kill()
    await table.start()
    await press(driver, "carol", shown, "Deal")
    assert head(driver.latest(shown))[0] == 0
    assert driver.latest(shown).pngs()[0].data == expected(0)


@pytest.mark.asyncio
async def test_a_hand_is_shown_only_to_its_own_player(table):
    driver = table.driver
    match_id = await finished(table)
    every, seats = await states(table, match_id)
    names = seat_names(seats, EN)
    rules = REGISTRY["mimic"]

    # Carol did not play: she sees the public board and no hand button at all.
    carol = reply(await driver.slash("carol", "games", "game replay", id=match_id))
    labels = {c.get("label") for c in carol.iter_components()}
    assert "Show my hand" not in labels and len(carol.pngs()) == 1

    for user, seat in (("alice", 0), ("bob", 1)):
        mine = reply(await driver.slash(user, "games", "game replay", id=match_id))
        await press(driver, user, mine, "Next")
        await press(driver, user, mine, "Show my hand")
        shown = driver.latest(mine)
        assert len(shown.pngs()) == 2, "the board and the reader's hand"
        hand = shown.pngs()[1].data
        assert hand == render_hand(rules.view(every[1], seat), names, EN)
        assert hand != render_hand(rules.view(every[1], 1 - seat), names, EN)
        # The hand stays on while stepping, and goes again when asked.
        await press(driver, user, mine, "Next")
        assert driver.latest(mine).pngs()[1].data == render_hand(
            rules.view(every[2], seat), names, EN)
        await press(driver, user, mine, "Hide my hand")
        assert len(driver.latest(mine).pngs()) == 1


@pytest.mark.asyncio
async def test_export_sends_an_animation_with_a_frame_per_step(table):
    driver = table.driver
    match_id = await finished(table, "mimikri")
    every, _ = await states(table, match_id)
    shown = reply(await driver.slash("alice", "games", "game replay", id=match_id))
    other = reply(await driver.slash("bob", "games", "game replay", id=match_id))
    # Two at once: one is drawn, the other told to try again in a moment (not queued).
    both = await asyncio.gather(driver.click("alice", shown, label="Export GIF"),
                                driver.click("bob", other, label="Export GIF"))
    for pressed in both:
        await pressed.wait_settled(60)
    [busy] = [p for p in both if "being drawn right now" in p.messages[0].content]
    [exported] = [p for p in both if p is not busy]
    assert not busy.messages[0].attachments
    [message] = [m for m in exported.messages if not m.loading]
    assert message.ephemeral
    [file] = message.attachments
    assert file.filename == f"game-{match_id}.gif"
    img = Image.open(io.BytesIO(file.data))
    assert img.format == "GIF" and img.n_frames == len(every)
    assert len(file.data) <= 10 * 1024 * 1024, "the test server has no boosts"
    # The option sends the file at once, WebP as well.
    direct = await driver.slash("alice", "games", "game replay", id=match_id, format="webp")
    [file] = reply(await direct.wait_settled(60)).attachments
    assert file.filename == f"game-{match_id}.webp"
    img = Image.open(io.BytesIO(file.data))
    assert img.format == "WEBP" and img.n_frames == len(every)


@pytest.mark.asyncio
@pytest.mark.parametrize("mib", [4, 25])
async def test_export_is_sized_for_the_upload_limit_of_its_server(table, mib):
    """Each interaction says how large a file its server takes (its boosts): Schicki Micki's
    120 frames make about 7 MiB at full width, so a server allowing 25 MiB gets them so, and
    one allowing less (as 4 MiB here) a file that fits rather than Discord's refusal."""
    table.server.world.guild.attachment_size_limit = mib * 1024 * 1024
    match_id = await finished(table, "schicki_micki")
    direct = await table.driver.slash("alice", "games", "game replay", id=match_id,
                                      format="gif")
    message = reply(await direct.wait_settled(120))
    [file] = message.attachments
    assert len(file.data) <= mib * 1024 * 1024
    img = Image.open(io.BytesIO(file.data))
    assert f"in {img.n_frames} pictures" in message.content
    if mib == 25:
        assert img.size[0] == 560 and img.n_frames == 120
    else:
        assert img.size[0] < 560 and img.n_frames >= 60


@pytest.mark.asyncio
async def test_another_servers_game_and_unfinished_ones_are_refused(table):
    driver = table.driver
    elsewhere = await finished(table, "mimikri", seed="o", guild_id=OTHER_GUILD)
    running = await finished(table, "mimikri", seed="r", max_moves=3, channel_id=2)
    told = reply(await driver.slash("alice", "games", "game replay", id=elsewhere))
    assert f"no finished game #{elsewhere} on this server" in told.content and not told.pngs()
    told = reply(await driver.slash("alice", "games", "game replay", id=running))
    assert "not over yet" in told.content and not told.pngs()
    told = reply(await driver.slash("alice", "games", "game replay", id=99_999))
    assert "no finished game #99999" in told.content
    repo = table.bot.sessions.repo
    cancelled = await repo.create_match(
        game="mimikri", guild_id=table.server.world.guild.id, channel_id=3, host_id=1,
        host_name="X", seed="c", options={}, now=1_900_000_000.0)
    await repo.set_status(cancelled, "cancelled", 1_900_000_000.0)
    told = reply(await driver.slash("alice", "games", "game replay", id=cancelled))
    assert f"no finished game #{cancelled}" in told.content


async def forged(driver, command: str, option: str, allowed: int, sent: int):
    """`/command` by Alice with ``option`` set to ``sent`` (built with an allowed value)."""
    channel = driver.channel("games")
    data = commands.build_data(driver.world, command, {option: allowed},
                               guild_id=channel.guild_id)
    invoked = data["options"][0]
    for entry in invoked["options"]:
        if entry["name"] == option:
            entry["value"] = sent
    return await driver._interact(ix.APPLICATION_COMMAND, "alice", channel, data)


@pytest.mark.asyncio
async def test_option_values_outside_their_limits_are_refused(table):
    """Sent raw, as a modified client could (Discord's own client keeps to the limits)."""
    driver = table.driver
    told = await forged(driver, "game history", "page", 1, 0)
    assert told.ephemeral and "`page` must be" in told.content
    told = await forged(driver, "game replay", "id", 1, -4)
    assert told.ephemeral and "`id` must be" in told.content


@pytest.mark.asyncio
async def test_a_refused_picture_is_apologised_for_and_nothing_sticks(table):
    driver, server = table.driver, table.server
    match_id = await finished(table, "mimikri")
    server.fail("POST /webhooks/*", status=404, times=1)
    failed = await driver.slash("alice", "games", "game replay", id=match_id)
    assert "did not take the replay's picture" in " ".join(m.content for m in failed.messages)
    # The next try works.
    shown = reply(await driver.slash("alice", "games", "game replay", id=match_id))
    assert head(shown)[0] == 0 and shown.pngs()

    # A step Discord refuses: an apology, the message still shows the step before, and the
    # next click works.
    server.fail("PATCH /webhooks/*", status=404, times=1)
    clicked = await driver.click("alice", shown, label="Next")
    await clicked.wait_followups(1, timeout=10)
    assert any("did not take" in m.content for m in clicked.followups)
    assert head(driver.latest(shown))[0] == 0
    assert head(await press(driver, "alice", shown, "Next"))[0] == 1


@pytest.mark.asyncio
async def test_a_server_error_is_tried_again_and_the_step_arrives(table):
    driver, server = table.driver, table.server
    match_id = await finished(table, "mimikri")
    shown = reply(await driver.slash("alice", "games", "game replay", id=match_id))
    # discord.py tries a 5xx again by itself (a lasting one ends in the apology above).
    rule = server.fail("PATCH /webhooks/*", status=503, times=1)
    assert head(await press(driver, "alice", shown, "Next"))[0] == 1
    assert rule.hits and driver.latest(shown).pngs()


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["mimikri", "schicki_micki", "mariposas"])
async def test_every_game_replays_from_its_deal_to_its_end(table, game):
    driver = table.driver
    match_id = await finished(table, game, seed="s2")
    rules = REGISTRY[game]
    stored = await table.match(match_id)
    shown = reply(await driver.slash("alice", "games", "game replay", id=match_id))
    first, last = head(shown)
    assert first == 0 and 0 < last <= stored.version
    assert shown.pngs()[0].size_px()[0] >= 800, "the board as the channel showed it"
    end = await press(driver, "alice", shown, "End")
    assert head(end) == (last, last)
    # The end's status line is the board's: the game is over and its winner named.
    view = rules.view(stored.state, None)
    ui = table.bot.uis[game]
    seats = await table.bot.sessions.repo.seats(match_id)
    assert ui.status(stored, seats, view, EN).split("\n")[0] in end.content
    labels = {c.get("label") for c in end.iter_components()}
    if game != "mariposas":
        assert "Show my hand" not in labels, "no hand button where a game has no hand"
        return
    # Mariposas: Alice's own cards at the deal, in words under the step; never Bob's.
    await press(driver, "alice", shown, "Show my hand")
    deal = await press(driver, "alice", shown, "Deal")
    [line] = [x for x in deal.content.split("\n") if x.startswith("🃏")]
    every, _ = await states(table, match_id)

    def said(seat: int) -> str:
        cards = rules.view(every[0], seat)["hand"]
        return "🃏 Your hand (only you see it): " + " · ".join(card_words(c, EN) for c in cards)

    assert line == said(0) and said(0) != said(1)


@pytest.mark.asyncio
async def test_a_czech_reader_gets_the_replay_in_czech(table):
    driver = table.driver
    table.server.world.user("alice").locale = "cs"
    match_id = await finished(table, "mimikri")
    shown = reply(await driver.slash("alice", "games", "game replay", id=match_id))
    assert f"hra č. {match_id} · záznam, krok 0 z" in shown.content
    assert "Dál" in {c.get("label") for c in shown.iter_components()}
    listed = await driver.slash("alice", "games", "game history")
    assert "Dohrané hry na tomto serveru" in listed.content


@pytest.mark.asyncio
async def test_todays_daily_deal_replays_only_once_the_day_is_over(table):
    driver = table.driver
    today = day_of(time.time())
    deal = await finished(table, "mimic", seed=seed_for(today), players=("alice",))
    told = reply(await driver.slash("bob", "games", "game replay", id=deal))
    assert "today's daily challenge" in told.content and not told.pngs()
    yesterday = await finished(table, "mimic", seed=seed_for(today - dt.timedelta(days=1)),
                               players=("alice",))
    shown = reply(await driver.slash("bob", "games", "game replay", id=yesterday))
    assert head(shown)[0] == 0 and shown.pngs()
