"""Playing on the web board, on the same sessions as Discord: **Play on the web** gives each
player a private link that plays as them (a spectator's for anyone else); a move made on the web
shows in Discord and one made in Discord on the web; a player's hand goes to their own board
only; a stale or illegal move is refused with the reason and the board as it now is; a
spectator's board plays nothing; Schicki Micki's reactions from the web are judged with
Discord's, in the order the server receives them."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.games import REGISTRY
from bot.i18n import words
from bot.links import LINK_LIFE, check, sign
from presentation.mimic.words import card_name, face
from tests.e2e.table import Table, ephemeral_text
from tests.e2e.test_mimikri import choose, move
from tests.e2e.test_mimikri import open_game as open_mimikri
from tests.e2e.test_web_board import SECRET, free_port, watch_link

EN = words("en")


def web_on(table: Table) -> str:
    """Turn the web board on for ``table`` (before it starts); its address."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    table.settings = {"web_url": base, "web_secret": SECRET, "web_port": port}
    return base


async def my_link(table: Table, user: str, board: Any) -> tuple[str, str]:
    """What **Play on the web** tells ``user`` privately, and the link it gives."""
    result = await table.driver.click(user, board, label="Play on the web")
    assert result.ok and result.ephemeral, result
    assert result.message is not None
    urls = [c["url"] for c in result.message.iter_components() if c.get("url")]
    assert len(urls) == 1
    return ephemeral_text(result), urls[0]


class Socket:
    """A board's socket that keeps every frame it receives, in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.state: dict[str, Any] | None = None  # the newest state frame

    async def next(self, kind: str = "state", timeout: float = 5.0) -> dict[str, Any]:
        """The next frame of ``kind`` (frames of other kinds are kept and skipped)."""
        async def wanted() -> dict[str, Any]:
            while True:
                message = await self.ws.receive()
                assert message.type == aiohttp.WSMsgType.TEXT, message
                self.texts.append(message.data)
                frame = json.loads(message.data)
                self.frames.append(frame)
                if frame["type"] == "state":
                    self.state = frame
                if frame["type"] == kind:
                    return frame
        return await asyncio.wait_for(wanted(), timeout)

    async def until_version(self, version: int, timeout: float = 5.0) -> dict[str, Any]:
        """The newest state frame, once one shows ``version`` (or a newer one)."""
        while self.state is None or self.state["version"] < version:
            await self.next(timeout=timeout)
        return self.state

    async def send(self, **message: Any) -> None:
        await self.ws.send_str(json.dumps(message))


async def mimikri_on_the_web(table: Table) -> tuple[str, Any, int]:
    """The web board on, the bot started, Alice and Bob in a running Mimikri game: the web
    address, the board message and the match."""
    base = web_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    return base, board, match_id


async def mimikri_turns(table: Table, match_id: int) -> AsyncIterator[tuple[Any, int, str]]:
    """Each turn of a Mimikri game until it ends: the match, the seat to act and its button's
    label for a sensible move (`tests.e2e.test_mimikri.choose`)."""
    rules = REGISTRY["mimikri"]
    for _ in range(400):
        match = await table.match(match_id)
        if match.status != "active":
            return
        assert match.state is not None
        seat = min(rules.active_seats(match.state))
        yield match, seat, choose({**match.state, "version_hint": match.version})


async def connect(http: aiohttp.ClientSession, base: str, link: str) -> Socket:
    found = re.search(r"/m/(\d+)\?t=(.+)$", link)
    assert found is not None, link
    match_id, token = found.groups()
    ws = await http.ws_connect(f"{base}/m/{match_id}/ws?t={token}", headers={"Origin": base})
    return Socket(ws)


@pytest.mark.asyncio
async def test_mimikri_one_player_on_the_web_one_in_discord_to_the_end(table):
    base, board, match_id = await mimikri_on_the_web(table)
    told, alice_link = await my_link(table, "alice", board)
    assert "plays as you" in told
    _, bob_link = await my_link(table, "bob", board)
    told, carol_link = await my_link(table, "carol", board)
    assert "not playing" in told
    assert len({alice_link, bob_link, carol_link}) == 3
    async with aiohttp.ClientSession() as http:
        page = await http.get(alice_link)  # the same page as the spectators', words included
        assert page.status == 200 and 'id="panel"' in await page.text()
        alice = await connect(http, base, alice_link)
        carol = await connect(http, base, carol_link)
        first = await alice.next()
        assert first["you"]["seat"] == 0
        assert "you" not in await carol.next()
        web_moves = discord_moves = 0
        async for match, seat, label in mimikri_turns(table, match_id):
            if seat == 0:  # alice clicks on her web board
                frame = await alice.until_version(match.version)
                codes = {c["code"] for c in frame["you"]["choices"]}
                code = next(c for c in codes if c.endswith(f":{label}"))
                if code.startswith("reveal:"):  # a position is also a target on the picture
                    assert label in frame["you"]["spots"]
                await alice.send(type="move", code=code, version=match.version)
                await alice.until_version(match.version + 1)
                web_moves += 1
            else:  # bob clicks Discord's button; alice's board hears of it
                await move(table, "bob", board, label, match_id)
                await alice.until_version(match.version + 1)
                discord_moves += 1
            await table.idle()
        match = await table.match(match_id)
        assert match.status == "finished" and web_moves and discord_moves
        # Every move is stored with its time, a web move as a Discord click is.
        log = await table.bot.sessions.repo.action_log(match_id)
        assert len(log) == match.version and all(at_ms > 0 for _, _, at_ms in log)
        # The web's moves are Discord's too: the board message was drawn from the last version.
        await table.idle()
        assert (await table.match(match_id)).board_final
        await carol.until_version(match.version)
        while carol.state["status"] == "active":
            await carol.next()
        assert carol.state["status"] == "finished" and all("you" not in f for f in carol.frames)


@pytest.mark.asyncio
async def test_the_page_says_what_discords_board_says_whose_turn_and_the_last_move(table):
    """Every board is told in words what Discord's board says: the status line, names as
    written; the picture's alt text, as Discord's attachment says it; whom a waiting player
    waits for; and the newest move's log line."""
    world = table.server.world
    world.user("bob").global_name = "Bob *the* <b>Builder</b>"
    base, board, match_id = await mimikri_on_the_web(table)
    _, bob_link = await my_link(table, "bob", board)
    _, carol_link = await my_link(table, "carol", board)
    async with aiohttp.ClientSession() as http:
        bob = await connect(http, base, bob_link)
        carol = await connect(http, base, carol_link)
        said = (await carol.next())["said"]
        discord_alt = table.driver.latest(board).attachments[0].description
        assert said["alt"].split("\n")[0] == discord_alt.split("\n")[0]
        match = await table.match(match_id)
        to_act = min(REGISTRY["mimikri"].active_seats(match.state))
        names = {0: "Alice", 1: "Bob *the* <b>Builder</b>"}
        assert said["acting"] == [names[to_act]] and names[to_act] in said["status"]
        assert "<@" not in said["status"] and "**" not in said["status"]
        mine = (await bob.next())
        assert mine["said"] == said, "a seated player is told the same"
        # A move: its line is the newest, on every board.
        label = choose({**match.state, "version_hint": match.version})
        await move(table, {0: "alice", 1: "bob"}[to_act], board, label, match_id)
        after = await carol.until_version(match.version + 1)
        assert after["said"]["last"], "the move's own log line"
        # A few more: the alt text tells the newest moves as Discord's attachment does, on
        # a board open all along and on one opened now (its moves recalled from the log).
        for _ in range(3):
            match = await table.match(match_id)
            to_act = min(REGISTRY["mimikri"].active_seats(match.state))
            label = choose({**match.state, "version_hint": match.version})
            await move(table, {0: "alice", 1: "bob"}[to_act], board, label, match_id)
        await table.idle()
        match = await table.match(match_id)
        discord_alt = table.driver.latest(board).attachments[0].description
        assert len(discord_alt.split("\n")) > 3
        assert (await carol.until_version(match.version))["said"]["alt"] == discord_alt
        late = await connect(http, base, carol_link)
        assert (await late.next())["said"]["alt"] == discord_alt
        for socket in (bob, carol, late):
            await socket.ws.close()


@pytest.mark.asyncio
async def test_a_board_open_near_its_links_expiry_gets_a_fresh_link_over_its_socket(table):
    """A board whose link runs out soon is sent a fresh one (same player, same game, a whole
    link's life) before it does, and reconnects with it: a board left open for days stays
    live rather than ending in a loop of refused reconnects."""
    base, _board, match_id = await mimikri_on_the_web(table)
    alice = table.driver.user("alice").id
    soon = sign(SECRET, alice, match_id, int(time.time()) + 60)
    async with aiohttp.ClientSession() as http:
        socket = await connect(http, base, f"/m/{match_id}?t={soon}")
        fresh = (await socket.next("token"))["token"]
        allowed = check(SECRET, fresh, match_id, time.time() + LINK_LIFE - 120)
        assert allowed.user_id == alice and allowed.match_id == match_id
        await socket.ws.close()
        again = await connect(http, base, f"/m/{match_id}?t={fresh}")
        assert (await again.next())["you"] is not None, "still Alice's seat"
        await again.ws.close()


@pytest.mark.asyncio
async def test_game_web_gives_the_same_links_where_the_board_has_no_room(table):
    base, _board, match_id = await mimikri_on_the_web(table)
    said = await table.driver.slash("alice", "games", "game web")
    assert said.ephemeral and "plays as you" in said.content
    url = next(c["url"] for c in said.message.iter_components() if c.get("url"))
    allowed = check(SECRET, url.split("?t=")[1], match_id, time.time())
    assert url.startswith(f"{base}/m/{match_id}?t=")
    assert allowed.user_id == table.driver.user("alice").id
    watching = await table.driver.slash("carol", "games", "game web")
    assert "not playing" in watching.content


@pytest.mark.asyncio
async def test_game_web_says_when_there_is_no_web_board(table):
    await table.start()
    await open_mimikri(table, "alice", "bob")
    said = await table.driver.slash("alice", "games", "game web")
    assert said.ephemeral and "no web board" in said.content


@pytest.mark.asyncio
async def test_a_stale_or_illegal_move_is_refused_and_the_page_catches_up(table):
    base, board, match_id = await mimikri_on_the_web(table)
    _, alice_link = await my_link(table, "alice", board)
    _, bob_link = await my_link(table, "bob", board)
    async with aiohttp.ClientSession() as http:
        alice, bob = await connect(http, base, alice_link), await connect(http, base, bob_link)
        frame = await alice.next()
        await bob.next()
        version = frame["version"]
        code = frame["you"]["choices"][0]["code"]
        # Bob is not to move: refused with whose turn it is, and his board sent again.
        await bob.send(type="move", code=code, version=version)
        assert "Alice" in (await bob.next("refused"))["text"]
        assert (await bob.next())["version"] == version
        await alice.send(type="move", code=code, version=version)
        await alice.until_version(version + 1)
        # The same click again, from a page that had not caught up: stale.
        await alice.send(type="move", code=code, version=version)
        said = await alice.next("refused")
        assert "moved on" in said["text"]
        # A spectator's board plays nothing; nonsense gets an error frame.
        watch = await connect(http, base, watch_link(table, board))
        await watch.next()
        await watch.send(type="move", code=code, version=version + 1)
        assert (await watch.next("error"))["error"] == "read_only"
        await alice.ws.send_str("{not json")
        assert (await alice.next("error"))["error"] == "bad_message"
        await alice.send(type="move", code="x" * 500, version=version + 1)
        assert (await alice.next("error"))["error"] == "bad_message"
    assert (await table.match(match_id)).version == version + 1


@pytest.mark.asyncio
async def test_a_mimic_hand_reaches_its_owner_only(table):
    base = web_on(table)
    await table.start()
    driver = table.driver
    opened = await driver.slash("alice", "games", "mimic new")
    assert opened.ok, opened
    board = opened.message
    match_id = int(re.search(r"game #(\d+)", board.content).group(1))
    await driver.click("bob", board, label="Join")
    await driver.click("alice", board, label="Start")
    await table.idle()
    board = driver.latest(board)
    links = {name: (await my_link(table, name, board))[1] for name in ("alice", "bob")}
    rules = REGISTRY["mimic"]
    async with aiohttp.ClientSession() as http:
        sockets = {name: await connect(http, base, link) for name, link in links.items()}
        watch = await connect(http, base, watch_link(table, board))
        for _ in range(6):  # six placements from the web, whoever is to move
            match = await table.match(match_id)
            seat = min(rules.active_seats(match.state))
            mover = sockets[("alice", "bob")[seat]]
            frame = await mover.until_version(match.version)
            you = frame["you"]
            # A hand card first, then one of its cells: each cell is a target on the picture.
            cards = [g["id"] for g in you["groups"] if not g["id"].startswith("power:")]
            assert [g["id"] for g in you["groups"]][:len(cards)] == cards  # the hand first
            if cards:  # a hand card, then one of its cells, a target on the picture
                chosen = next(c for c in you["choices"] if c["group"] == cards[0])
                assert chosen["spot"] in you["spots"]
                assert all(0 <= x <= 1 for x in you["spots"][chosen["spot"]])
            else:  # nowhere to lay: end the turn or draw, as the panel's buttons offer
                chosen = next(c for c in you["choices"] if c["code"] in ("end", "draw:deck"))
            await mover.send(type="move", code=chosen["code"], version=match.version)
            for socket in (*sockets.values(), watch):
                await socket.until_version(match.version + 1)
            await table.idle()
        match = await table.match(match_id)
        for seat, name in enumerate(("alice", "bob")):
            theirs = set(match.state["hands"][1 - seat])
            seen = " ".join(sockets[name].texts)
            assert not theirs & set(re.findall(r"\bc\d+\b", seen)), name
            mine = [card_name(face(card), EN) for card in match.state["hands"][seat]]
            last = await sockets[name].until_version(match.version)
            assert last["you"]["holding"] == mine  # their hand, whoever's turn it is
        hands = {c for hand in match.state["hands"] for c in hand}
        seen = " ".join(watch.texts)
        assert not hands & set(re.findall(r"\bc\d+\b", seen))
        assert all("you" not in frame for frame in watch.frames)


@pytest.mark.asyncio
async def test_a_schicki_micki_row_won_from_the_web_while_discord_reacts_too(table):
    """Spec §Real time: the first right reaction the server receives wins the row, whichever
    surface it came from; its time counts from when the card reached that player's board."""
    from bot.games.schicki_micki.deck import cards
    from bot.games.schicki_micki.table import read_table
    from bot.links import board_url
    from tests.e2e.test_schicki_micki import SAY, open_table, seed_with, wait_cards

    base = web_on(table)
    table.time_scale = 0.3  # a card every 0.75 s: time enough to aim
    await table.start()
    seed, dealt = seed_with("call", players=2)
    match_id, row = await open_table(table, ["alice", "bob"], seed=seed)
    alice_id = table.driver.user("alice").id
    link = board_url(base, SECRET, match_id, alice_id, time.time())
    async with aiohttp.ClientSession() as http:
        alice = await connect(http, base, link)
        first = await alice.next()
        you = first["you"]
        assert you["realtime"] and [c["key"] for c in you["choices"]] == [str(k) for k in
                                                                          range(1, 10)]
        state = await wait_cards(table, match_id, dealt)
        shown = await alice.until_version((await table.match(match_id)).version)
        right = read_table(cards()[c] for c in state["table"]).correct
        await alice.send(type="seen", version=shown["version"])
        await alice.send(type="react", code=right)

        async def stored() -> None:  # the dealer has it before Bob's click is made
            while not await table.bot.sessions.repo.fetch_one(
                    "SELECT id FROM inbox WHERE match_id = ?", (match_id,)):
                await asyncio.sleep(0.005)
        await asyncio.wait_for(stored(), 5)
        await table.driver.react("bob", row, SAY[right])

        async def settled() -> None:
            while sum(len(p) for p in (await table.match(match_id)).state["won"]) == 0:
                await asyncio.sleep(0.01)
        await asyncio.wait_for(settled(), 10)
        won = (await table.match(match_id)).state["won"]
        assert len(won[0]) > 0 and not won[1]  # Alice's, from the web, before Bob's
        # A spectator's board cannot react.
        watch = await connect(http, base, board_url(base, SECRET, match_id, 0, time.time()))
        await watch.next()
        await watch.send(type="react", code=right)
        assert (await watch.next("error"))["error"] == "read_only"


@pytest.mark.asyncio
async def test_a_mariposas_turn_made_on_the_web_step_by_step(table):
    """Each step of an open turn from the board's panel (card, butterfly, landing, flowers,
    confirm), as Discord's private panel offers it; the board in Discord follows."""
    from tests.e2e.test_mariposas import HUMANS, open_game, settle

    base = web_on(table)
    await table.start()
    board, match_id = await open_game(table)
    await settle(table, match_id, HUMANS)
    rules = REGISTRY["mariposas"]
    match = await table.match(match_id)
    seat = min(rules.active_seats(match.state))
    user = HUMANS[seat]
    _, link = await my_link(table, user, table.driver.latest(board))
    async with aiohttp.ClientSession() as http:
        mine = await connect(http, base, link)
        steps = 0
        while seat in rules.active_seats(match.state) and steps < 40:
            frame = await mine.until_version(match.version)
            you = frame["you"]
            assert you["seat"] == seat and you["prompt"] and you["holding"]
            labels = [c["label"] for c in you["choices"]]
            assert len(labels) == len(set(labels))  # two cards of one kind: offered once
            codes = [c["code"] for c in you["choices"]]
            assert set(codes) <= set(rules.legal_actions(match.state, seat))
            code = "confirm" if "confirm" in codes else next(c for c in codes if c != "undo")
            await mine.send(type="move", code=code, version=match.version)
            await mine.until_version(match.version + 1)
            steps += 1
            match = await table.match(match_id)
        assert steps >= 2 and seat not in rules.active_seats(match.state)
        assert all(f["type"] != "refused" for f in mine.frames)
        ended = match.version
    await table.idle()  # the board in Discord shows the turn made on the web
    assert table.bot.publisher.shown(match_id)[0] >= ended


@pytest.mark.asyncio
@pytest.mark.parametrize(("label", "status"), [("Play on the web", 500),
                                                ("Play on the board", 503)])
async def test_a_web_button_whose_answer_discord_refuses_leaves_nothing_stuck(table, label,
                                                                                status):
    """Discord fails the button's answer again and again: the bot logs no unhandled error,
    the game is untouched, and the next press works."""
    from tests.e2e.test_web_activity import activity_on

    activity_on(table)
    await table.start()
    board, match_id = await open_mimikri(table, "alice", "bob")
    before = (await table.match(match_id)).version
    rule = table.server.fail("POST /interactions/*/callback", status=status, times=4)
    failed = await table.driver.click("alice", board, label=label)
    assert not failed.ok and rule.hits
    table.server.faults.clear()
    again = await table.driver.click("alice", board, label=label)
    assert again.ok and (await table.match(match_id)).version == before
