"""MIMIC end to end: the real bot through the fake Discord, driven only by slash commands, their
autocomplete and the board's buttons — a whole game against the computer, a solo game, and bad
input answered privately."""

from __future__ import annotations

import asyncio
import io
import random
import re

import pytest
from PIL import Image

from bot.db import leaderboards
from bot.games import REGISTRY
from bot.games.core import apply_checked
from bot.games.mimic import ai
from bot.games.mimic.cards import components
from bot.games.mimic.geometry import ALL_CELLS
from rendering import mimic as art
from tests.e2e.table import Table, ephemeral_text, game_id

RULES = REGISTRY["mimic"]
CARD_TITLES = sorted({c.title for c in components().cards.values()})
# The only public lines that may name a card: cards on the table, face up, or shown in a tie.
PUBLIC_CARD_LINE = re.compile(r"lays a|face-up|leaves play|Cards shown")


async def told(result) -> str:
    """What the user was told privately (after a thinking defer: the follow-up)."""
    if not ephemeral_text(result):
        await result.wait_followups(1)
    assert result.ephemeral or all(m.ephemeral_for for m in result.followups), result
    return ephemeral_text(result)


async def offered(table: Table, user: str, command: str, focused: str, **options) -> list[str]:
    """The values autocomplete offers for ``focused`` (typed text empty unless given)."""
    options.setdefault(focused, "")
    choices = await table.driver.autocomplete(user, "games", command, focused, **options)
    assert len(choices) <= 25
    return [c["value"] for c in choices]


async def perform(table: Table, user: str, board, code: str,
                  draw_label: str = "Draw from deck") -> str:
    """Make one move the way a player does: autocomplete, then the command (or a button,
    labelled in the server's words: ``draw_label``)."""
    driver = table.driver
    verb, _, arg = code.partition(":")
    if verb == "place":
        card, cell = arg.split(":")
        assert card in await offered(table, user, "mimic place", "card")
        # A player types the column letter to narrow a long list (25 choices at most).
        assert cell in await offered(table, user, "mimic place", "cell", card=card,
                                     cell=cell[0])
        return await told(await driver.slash(user, "games", "mimic place", card=card, cell=cell))
    if verb in ("give", "pick"):
        assert arg in await offered(table, user, f"mimic {verb}", "card")
        return await told(await driver.slash(user, "games", f"mimic {verb}", card=arg))
    if verb == "start":
        assert arg in await offered(table, user, "mimic start-card", "cell", cell=arg[0])
        return await told(await driver.slash(user, "games", "mimic start-card", cell=arg))
    if verb == "draw":
        choices = await offered(table, user, "mimic draw", "choice")
        if arg == "deck" and "rest" in choices:
            return await told(await driver.slash(user, "games", "mimic draw", choice="rest"))
        if arg == "deck":
            await table.idle()  # a player clicks the board they see: wait for its redraw
            result = await driver.click(user, board, label=draw_label)
            assert result.ok
            return ""
        assert arg in choices
        return await told(await driver.slash(user, "games", "mimic draw", choice=arg))
    if verb == "end":
        return await told(await driver.slash(user, "games", "mimic end-turn"))
    if verb == "take":
        assert arg in await offered(table, user, "mimic take", "power")
        return await told(await driver.slash(user, "games", "mimic take", power=arg))
    if verb == "power":
        assert arg in await offered(table, user, "mimic power", "card")
        return await told(await driver.slash(user, "games", "mimic power", card=arg))
    if verb == "yellow":
        origin, _, to = arg.partition(">to:")
        assert origin in await offered(table, user, "mimic power", "target", card="yellow",
                                       target=origin[0])
        assert to in await offered(table, user, "mimic power", "to", card="yellow",
                                   target=origin, to=to[0])
        return await told(await driver.slash(user, "games", "mimic power", card="yellow",
                                             target=origin, to=to))
    if verb in ("red", "blue"):
        assert verb in await offered(table, user, "mimic power", "card")
        assert arg in await offered(table, user, "mimic power", "target", card=verb,
                                    target=arg[0])
        return await told(await driver.slash(user, "games", "mimic power", card=verb,
                                             target=arg))
    raise AssertionError(f"no command for {code}")


def decide(state: dict, seat: int, rng: random.Random, yellow: bool = False) -> str:
    """The MIMIC computer player's choice for a human seat. With ``yellow`` a Yellow move is
    made whenever one is legal; it takes one command with two parts, so it is returned as
    ``yellow:X>to:Y``."""
    legal = RULES.legal_actions(state, seat)
    moves = [a for a in legal if a.startswith("yellow:")]
    for move in moves if yellow else []:
        after = apply_checked(RULES, state, seed="plan", version=0, seat=seat, action=move,
                              seen_version=None).state
        to = [a for a in RULES.legal_actions(after, seat) if a.startswith("to:")]
        if to:
            return f"{move}>{to[0]}"
    return ai.choose(RULES.view(state, seat), [a for a in legal if a not in moves], rng)


async def settle(table: Table, match_id: int, humans: dict[int, str]):
    """Wait until the game has ended or a human is to act; return the stored match."""
    for _ in range(2000):
        match = await table.match(match_id)
        if match.status != "active":
            return match
        assert match.state is not None
        active = RULES.active_seats(match.state)
        if (any(s in humans for s in active)
                and match_id not in table.bot.sessions.scheduled("computer")):
            return match
        await asyncio.sleep(0.005)
    raise AssertionError("the computer never handed the turn back")


async def moved_on(table: Table, match_id: int, version: int, what) -> None:
    """The move was accepted: the stored version went up (a button answers before it does)."""
    async def wait() -> None:
        while (await table.match(match_id)).version == version:
            await asyncio.sleep(0.005)
    try:
        await asyncio.wait_for(wait(), 5)
    except TimeoutError:
        raise AssertionError(f"the move was not accepted: {what}") from None


async def open_game(table: Table, host: str, *, computers: int = 0, **options):
    driver = table.driver
    opened = await driver.slash(host, "games", "mimic new", turn_timer=0, **options)
    assert opened.ok and not opened.ephemeral, opened
    board = opened.message
    assert board is not None
    match_id = game_id(board.content)
    for _ in range(computers):
        await driver.click(host, board, label="Add computer (normal)")
    started = await driver.click(host, board, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    return board, match_id


@pytest.mark.asyncio
async def test_a_whole_game_against_the_computer(table):
    await table.start()
    driver = table.driver
    board, match_id = await open_game(table, "alice", computers=1)
    humans = {0: "alice"}
    rng = random.Random(5)

    # The hand, privately: picture and words, only for the player who asked.
    shown = await driver.click("alice", board, label="Show my hand")
    await shown.wait_followups(1)
    hand = shown.followups[0]
    assert hand.ephemeral_for == driver.user("alice").id
    assert "Your hand" in hand.content and hand.attachments[0].is_png
    assert Image.open(io.BytesIO(hand.attachments[0].data)).size == (art.W, art.HAND_H)
    stranger = await driver.click("carol", board, label="Show my hand")
    assert "not playing" in await told(stranger)

    moves, moved = 0, []
    for _ in range(300):
        match = await settle(table, match_id, humans)
        if match.status != "active":
            break
        seat = min(s for s in RULES.active_seats(match.state) if s in humans)
        code = decide(match.state, seat, rng, yellow=not moved)
        answer = await perform(table, humans[seat], board, code)
        await moved_on(table, match_id, match.version, (code, answer))
        if code.startswith("yellow:"):
            moved.append(code)
            after = await table.match(match_id)
            origin, to = code[len("yellow:"):].split(">to:")
            assert origin not in after.state["cards"] and to in after.state["cards"], code
        moves += 1
    else:
        raise AssertionError("the game did not end")
    assert moves > 10
    assert moved, "a Yellow move was played through /mimic power"
    await table.idle()

    final = driver.latest(board)
    assert "game over" in final.content
    assert not list(final.iter_components()), "a finished board keeps no buttons"
    pngs = [v.attachments[0].data for v in final.versions if v.attachments]
    assert len(set(pngs)) >= 5, "the board picture is redrawn as the game goes"
    assert Image.open(io.BytesIO(pngs[-2])).size == (art.W, art.BOARD_H)
    # The final picture is the result card: as wide as the board, as tall as it needs.
    final_w, final_h = Image.open(io.BytesIO(pngs[-1])).size
    assert final_w == art.W and final_h < art.BOARD_H
    news = driver.messages("games")
    assert news[0].id == board.id and len(news) == 2, "the end is announced in a new message"
    assert "game over" in news[1].content

    # Hands never in public: every hand picture is ephemeral, and public log lines name cards
    # only when they lie on the table, face up, or are shown in a tie.
    hand_pictures = [m for m in driver.messages(ephemeral=True)
                     for v in m.versions for a in v.attachments if a.filename == "mimic-hand.png"]
    assert hand_pictures and all(m.ephemeral_for for m in hand_pictures)
    for message in driver.messages("games"):
        for version in message.versions:
            for line in version.content.splitlines():
                if any(t in line for t in CARD_TITLES):
                    assert PUBLIC_CARD_LINE.search(line), line
                assert "You drew" not in line and "Your hand" not in line

    rows = await leaderboards.board(table.bot.sessions.repo, table.server.world.guild.id, "mimic")
    assert {r.name for r in rows} == {"Alice"}


@pytest.mark.asyncio
async def test_solo_starts_at_once_and_plays(table):
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimic new", solo=True)
    board = opened.message
    match_id = game_id(board.content)
    # The lobby message turns into the board as soon as the game has started.
    await driver.wait_for_message(lambda m: m.id == board.id and "lay cards" in m.content,
                                  edits=True)
    await table.idle()
    match = await table.match(match_id)
    assert match.status == "active" and len(match.state["hands"]) == 1
    assert "lay cards" in driver.latest(board).content
    # Two placements from the first autocomplete choices, then the turn ends.
    for _ in range(2):
        card = (await offered(table, "alice", "mimic place", "card"))[0]
        cell = (await offered(table, "alice", "mimic place", "cell", card=card))[0]
        answer = await told(await driver.slash("alice", "games", "mimic place", card=card,
                                               cell=cell))
        assert answer.startswith("You laid a"), answer
    assert "Your hand" in await told(await driver.slash("alice", "games", "mimic hand"))
    await table.idle()
    version = (await table.match(match_id)).version
    ended = await driver.click("alice", board, label="End turn")
    assert ended.ok
    await moved_on(table, match_id, version, "End turn")
    await table.idle()
    match = await table.match(match_id)
    assert match.state["turns"] == 1 and len(match.state["hands"][0]) == 5
    cancelled = await driver.slash("alice", "games", "game cancel")
    assert "cancelled" in cancelled.content

    # The host alone may also start a lobby as a solo game.
    board, match_id = await open_game(table, "bob")
    assert (await table.match(match_id)).state["mode"] == "solo"


@pytest.mark.asyncio
async def test_solo_never_offers_the_green_power_card(table):
    """Solo may lay a whole hand anyway, so Green (a third card) is neither offered by
    `/mimic power` nor listed with the hand; the powers offered are the legal ones."""
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimic new", solo=True)
    match_id = game_id(opened.message.content)
    await table.idle()

    async def check() -> None:
        legal = RULES.legal_actions((await table.match(match_id)).state, 0)
        playable = {c for c in ("green", "yellow", "red", "blue", "orange")
                    if any(a == f"power:{c}" or a.startswith(f"{c}:") for a in legal)}
        powers = await offered(table, "alice", "mimic power", "card")
        assert "green" not in powers and set(powers) == playable, (powers, legal)
        hand = await told(await driver.slash("alice", "games", "mimic hand"))
        listed = next(line for line in hand.splitlines() if line.startswith("Power cards"))
        assert "Green" not in listed and "Yellow" in listed, listed

    await check()
    for _ in range(2):
        card = (await offered(table, "alice", "mimic place", "card"))[0]
        cell = (await offered(table, "alice", "mimic place", "cell", card=card))[0]
        await told(await driver.slash("alice", "games", "mimic place", card=card, cell=cell))
        await table.idle()
        await check()


async def shown_as_text(table: Table, user: str, command: str, **options) -> str:
    """What a /leaderboard or /stats says when the picture cannot be sent (no Attach Files)."""
    table.server.fail("POST /webhooks/*", status=403, times=1)
    shown = await table.driver.slash(user, "games", command, **options)
    await shown.wait_until(lambda r: any(m.content.startswith("**") for m in r.messages))
    return next(m.content for m in shown.messages if m.content.startswith("**"))


@pytest.mark.asyncio
async def test_a_solo_game_goes_on_the_solo_board_not_the_game_board(table):
    """Spec §End: a solo score is a personal best with a leaderboard of its own; it never
    counts in MIMIC's games, wins, points or rating."""
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimic new", solo=True)
    board, match_id = opened.message, game_id(opened.message.content)
    await table.idle()
    rng = random.Random(11)
    for _ in range(300):
        match = await settle(table, match_id, {0: "alice"})
        if match.status != "active":
            break
        code = decide(match.state, 0, rng)
        answer = await perform(table, "alice", board, code)
        await moved_on(table, match_id, match.version, (code, answer))
    else:
        raise AssertionError("the solo game did not end")
    await table.idle()
    best = RULES.outcome(match.state).scores[0]

    offered_boards = await offered(table, "alice", "leaderboard", "game", game="mim")
    assert {"mimic", "mimic:solo"} <= set(offered_boards)
    shown = await driver.slash("alice", "games", "leaderboard", game="mimic:solo")
    await shown.wait_followups(1)
    assert shown.followups[0].attachments[0].is_png

    solo = await shown_as_text(table, "alice", "leaderboard", game="mimic:solo")
    assert "MIMIC solo" in solo and "most cubes in one game" in solo
    rows = solo.split("```")[1].strip().splitlines()
    assert rows[1].split() == ["1", "Alice", str(best), "1"], rows
    multiplayer = await shown_as_text(table, "alice", "leaderboard", game="mimic")
    assert "No finished games yet" in multiplayer and "Alice" not in multiplayer
    stats = await shown_as_text(table, "alice", "stats")
    cubes = f"{best} cube" if best == 1 else f"{best} cubes"  # the game's own count decides
    assert f"**MIMIC solo**: #1 of 1 · best {cubes} · 1 game" in stats, stats
    assert "**MIMIC**:" not in stats and "rating" not in stats


@pytest.mark.asyncio
async def test_bad_commands_get_a_private_reason_and_change_nothing(table):
    await table.start()
    driver = table.driver
    _board, match_id = await open_game(table, "alice", computers=1)
    before = await table.match(match_id)
    card = before.state["hands"][0][0]
    legal = {c.split(":")[2] for c in RULES.legal_actions(before.state, 0)
             if c.startswith(f"place:{card}:")}
    empty = [c for c in ALL_CELLS if c not in before.state["cards"]
             and c not in before.state["starts"]]
    illegal = next(c for c in empty if c not in legal)

    answer = await told(await driver.slash("alice", "games", "mimic place", card=card,
                                           cell=illegal.lower()))
    assert f"at {illegal} does not continue any set line" in answer, answer
    answer = await told(await driver.slash("alice", "games", "mimic place", card=card,
                                           cell="Z9"))
    assert "A1 to G7" in answer
    other = before.state["hands"][1][0]
    answer = await told(await driver.slash("alice", "games", "mimic place", card=other,
                                           cell=illegal))
    assert "not in your hand" in answer
    answer = await told(await driver.slash("bob", "games", "mimic end-turn"))
    assert "not playing" in answer
    answer = await told(await driver.slash("alice", "games", "mimic draw", choice="deck"))
    assert "placement phase" in answer
    answer = await told(await driver.slash("alice", "games", "mimic end-turn"))
    assert "Lay 2 cards" in answer
    # Autocomplete only offers what is legal: the illegal cell is not among the choices.
    assert illegal not in await offered(table, "alice", "mimic place", "cell", card=card)
    rules = await driver.slash("bob", "games", "mimic rules")
    assert rules.followups[0].ephemeral_for and rules.followups[0].attachments[0].is_png
    after = await table.match(match_id)
    assert (after.version, after.state) == (before.version, before.state)


@pytest.mark.asyncio
async def test_teams_with_the_card_exchange_and_advanced_market(table):
    """Alice and three computers in teams (the exchange through /mimic give); then a 2-player
    advanced game, where the face-up power cards are taken with /mimic take."""
    await table.start()
    driver = table.driver
    for options, computers in (({"teams": "yes"}, 3), ({"mode": "advanced"}, 1)):
        board, match_id = await open_game(table, "alice", computers=computers, **options)
        rng = random.Random(7)
        verbs: set[str] = set()
        for _ in range(40):
            match = await settle(table, match_id, {0: "alice"})
            if match.status != "active":
                break
            code = decide(match.state, 0, rng)
            await perform(table, "alice", board, code)
            await moved_on(table, match_id, match.version, code)
            verbs.add(code.split(":")[0])
        assert {"place", "draw"} <= verbs
        if "teams" in options:
            assert "give" in verbs
        await table.idle()
        if (await table.match(match_id)).status == "active":
            cancelled = await driver.slash("alice", "games", "game cancel")
            assert "cancelled" in cancelled.content
