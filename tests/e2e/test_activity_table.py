"""The Activity's table on the double: opened in a channel without a game it offers the games
and their options; its lobby requests go through the session service as Discord's lobby
buttons do, so the lobby's message appears in the channel and players join from either side;
a lobby's boards carry its seats; after the game the players ask for a rematch (one lobby
however often) and read the server's standings; each game's rules card is served in the
reader's language; and every request is refused, with its reason in words, where Discord's
lobby refuses it."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from tests.e2e.table import Table, czech, game_id
from tests.e2e.test_mimikri import play_to_end
from tests.e2e.test_web_activity import activity_on, opened_in, signed_in

ORIGIN_HEADER = "Origin"


async def ask(http: aiohttp.ClientSession, base: str, token: str, instance: str, op: str,
              **extra: Any) -> tuple[int, dict[str, Any]]:
    """``/api/table``'s status and answer to ``op``."""
    answer = await http.post(f"{base}/api/table", json={
        "access_token": token, "instance_id": instance, "op": op, **extra})
    body = await answer.json() if "json" in answer.headers.get("Content-Type", "") else {}
    return answer.status, body


async def frame_of(http: aiohttp.ClientSession, base: str, match_id: int, token: str
                   ) -> dict[str, Any]:
    """The first state frame the board's socket sends."""
    async with http.ws_connect(f"{base.replace('http', 'ws')}/m/{match_id}/ws?t={token}",
                               headers={ORIGIN_HEADER: base}) as socket:
        message = await socket.receive(timeout=10)
        frame: dict[str, Any] = json.loads(message.data)
        return frame


@pytest.mark.asyncio
async def test_an_empty_channels_activity_opens_a_lobby_seen_in_discord_and_starts_it(table):
    base = activity_on(table)
    await table.start()
    driver = table.driver
    alice, bob = driver.user("alice").id, driver.user("bob").id
    async with aiohttp.ClientSession() as http:
        instance = opened_in(table, "alice", "games")
        table.server.world.instances.launch(table.server.world.ids.next(),
                                            driver.user("bob"), driver.channel("games"))
        token = await signed_in(http, base, table, "alice")
        answer = await http.post(f"{base}/api/board",
                                 json={"access_token": token, "instance_id": instance})
        assert answer.status == 200
        offered = await answer.json()
        assert offered["user"] == str(alice)
        games = {g["id"]: g for g in offered["offer"]}
        assert set(games) == {"mimikri", "schicki_micki", "mimic", "mariposas"}
        assert games["mimic"]["name"] == "MIMIC" and games["mimikri"]["players"] == "2–6"
        timers = next(o for o in games["mimikri"]["options"] if o["key"] == "turn_timer")
        assert [v for v, _ in timers["choices"]][:2] == ["300", "0"], "the default first"

        # Refused before anything opens: unknown games, ops and levels; no options at all.
        assert (await ask(http, base, token, instance, "open", game="chess",
                          options={}))[0] == 400
        assert (await ask(http, base, token, instance, "dance"))[0] == 400
        assert (await ask(http, base, token, instance, "open", game="mimikri"))[0] == 400
        status, said = await ask(http, base, token, instance, "join")
        assert status == 409 and "no game" in said["error"]

        since = driver.mark()
        status, opened = await ask(http, base, token, instance, "open", game="mimikri",
                                   options={"turn_timer": "120", "thread": "maybe"})
        assert status == 200, opened
        match_id = opened["match"]
        match = await table.match(match_id)
        assert match.status == "lobby" and match.host_id == alice
        assert match.options["turn_timer"] == 120 and "thread" not in match.options
        # Its message is posted in the channel by the publisher, with Discord's lobby buttons.
        lobby = await driver.wait_for_message(
            lambda m: f"#{match_id}" in m.content or str(match_id) in m.content, since=since)
        assert game_id(lobby.content) == match_id
        await table.idle()
        assert (await table.match(match_id)).message_id == lobby.id

        # Bob joins in Discord; the board's frame shows him seated, names as written.
        await driver.click("bob", lobby, label="Join")
        frame = await frame_of(http, base, match_id, opened["token"])
        assert frame["status"] == "lobby" and frame["view"] is None
        seats = frame["lobby"]["seats"]
        assert [s["user"] for s in seats] == [str(alice), str(bob)]
        assert frame["lobby"]["host"] == str(alice) and frame["lobby"]["low"] == 2
        assert "2 min" in frame["lobby"]["options"]

        # A computer at a level, from the Activity; Bob may not start; Alice may.
        bobs = await signed_in(http, base, table, "bob")
        assert (await ask(http, base, token, instance, "computer", level="genius"))[0] == 400
        status, _ = await ask(http, base, token, instance, "computer", level="hard")
        assert status == 200
        status, said = await ask(http, base, bobs, instance, "start")
        assert status == 409 and "host" in said["error"].lower()
        status, said = await ask(http, base, token, instance, "join")
        assert status == 409 and "already" in said["error"]
        seated = await table.bot.sessions.repo.seats(match_id)
        assert [s.level for s in seated if s.is_computer] == ["hard"]
        status, started = await ask(http, base, token, instance, "start")
        assert status == 200 and started["match"] == match_id
        assert (await table.match(match_id)).status == "active"
        await table.idle()
        assert driver.latest(lobby).attachments, "the lobby's message became the board"

        # The game plays to its end; the rematch is one lobby however often it is asked.
        await play_to_end(table, driver.latest(lobby), match_id, {0: "alice", 1: "bob"})
        await table.idle()
        carol = await signed_in(http, base, table, "carol")
        table.server.world.instances.launch(table.server.world.ids.next(),
                                            driver.user("carol"), driver.channel("games"))
        status, said = await ask(http, base, carol, instance, "rematch", match=match_id)
        assert status == 409 and "Only the players" in said["error"]
        status, again = await ask(http, base, bobs, instance, "rematch", match=match_id)
        assert status == 200 and again["match"] != match_id
        status, same = await ask(http, base, token, instance, "rematch", match=match_id)
        assert status == 200 and same["match"] == again["match"]
        rematch = await table.match(again["match"])
        assert rematch.host_id == bob and rematch.options == match.options
        seated = await table.bot.sessions.repo.seats(rematch.id)
        assert [(s.user_id, s.is_computer) for s in seated] == [(bob, False), (None, True)]
        assert seated[1].level == "hard"

        # The standings of the finished game's server; a forged link reads nothing.
        answer = await http.get(f"{base}/m/{match_id}/standings?t={opened['token']}")
        standings = await answer.json()
        assert answer.status == 200 and len(standings["rows"]) == 2
        assert {r[1] for r in standings["rows"]} == {"Alice", "Bob"}
        assert standings["head"][1] == "player"
        forged = await http.get(f"{base}/m/{match_id}/standings?t=x.y")
        assert forged.status == 403


@pytest.mark.asyncio
async def test_the_rules_card_and_the_offer_speak_the_servers_language(table):
    base = activity_on(table)
    await czech(table)
    async with aiohttp.ClientSession() as http:
        for game in ("mimikri", "schicki_micki", "mimic", "mariposas"):
            for lang in ("en", "cs"):
                answer = await http.get(f"{base}/rules/{game}?l={lang}")
                assert answer.status == 200
                card = await answer.json()
                assert len(card["text"]) > 100 and "**" not in card["text"]
                picture = await http.get(f"{base}/rules/{game}.png?l={lang}")
                assert picture.status == 200 and (await picture.read())[:4] == b"\x89PNG"
        assert (await http.get(f"{base}/rules/chess?l=en")).status == 404
        assert (await http.get(f"{base}/rules/mimic?l=xx")).status == 404
        token = await signed_in(http, base, table, "alice")
        answer = await http.post(f"{base}/api/board", json={
            "access_token": token, "instance_id": opened_in(table, "alice", "lobby")})
        offered = (await answer.json())["offer"]
        timers = next(o for o in offered[0]["options"] if o["key"] == "turn_timer")
        assert timers["name"] != "turn timer" and "min" in timers["choices"][0][1]
        status, said = await ask(http, base, token, opened_in(table, "alice", "lobby"), "join")
        assert status == 409 and "žádná hra" in said["error"]


@pytest.mark.asyncio
async def test_a_server_that_keeps_games_elsewhere_refuses_the_activitys_lobby(table: Table):
    from bot.db.server_settings import allow_channel

    base = activity_on(table)
    await table.start()
    guild = table.server.world.guild.id
    await allow_channel(table.bot.sessions.repo, guild, table.driver.channel("games").id, True)
    async with aiohttp.ClientSession() as http:
        token = await signed_in(http, base, table, "alice")
        status, said = await ask(http, base, token, opened_in(table, "alice", "lobby"), "open",
                                 game="mimic", options={})
        assert status == 409 and "other channels" in said["error"]
        # Whether it is a thread of a games channel is asked of Discord: refused or not
        # found there, the channel counts as itself (refused here, never a failure).
        lobby = table.driver.channel("lobby").id
        for refusal in (403, 404):
            table.server.fail("GET /channels/*", refusal, times=-1)
            before = len(table.server.requests)
            status, said = await ask(http, base, token, opened_in(table, "alice", "lobby"),
                                     "open", game="mimic", options={})
            assert status == 409 and "other channels" in said["error"]
            assert any(r.path == f"/channels/{lobby}" for r in table.server.requests[before:])
            table.server.faults.clear()
        assert await table.bot.sessions.repo.open_match_in(
            table.driver.channel("lobby").id) is None
        status, _ = await ask(http, base, token, opened_in(table, "alice", "games"), "open",
                              game="mimic", options={})
        assert status == 200


@pytest.mark.asyncio
async def test_a_board_opened_before_joining_plays_once_the_game_starts(table):
    """Bob opens the lobby's board in the Activity, then joins: when Alice starts, his open
    board is his seat's (it looks his seat up with every frame), not a spectator's."""
    base = activity_on(table)
    await table.start()
    driver = table.driver
    instance = opened_in(table, "alice", "games")
    table.server.world.instances.launch(table.server.world.ids.next(), driver.user("bob"),
                                        driver.channel("games"))
    async with aiohttp.ClientSession() as http:
        alices = await signed_in(http, base, table, "alice")
        bobs = await signed_in(http, base, table, "bob")
        status, opened = await ask(http, base, alices, instance, "open", game="mimikri",
                                   options={})
        assert status == 200
        answer = await http.post(f"{base}/api/board",
                                 json={"access_token": bobs, "instance_id": instance})
        board = await answer.json()
        assert board["match"] == opened["match"]
        url = f"{base.replace('http', 'ws')}/m/{board['match']}/ws?t={board['token']}"
        async with http.ws_connect(url, headers={ORIGIN_HEADER: base}) as socket:
            first = json.loads((await socket.receive(timeout=10)).data)
            assert first["status"] == "lobby" and "you" not in first
            assert (await ask(http, base, bobs, instance, "join"))[0] == 200
            assert (await ask(http, base, alices, instance, "start"))[0] == 200
            while True:
                frame = json.loads((await socket.receive(timeout=10)).data)
                if frame.get("status") == "active":
                    break
            assert frame["you"]["seat"] == 1, "Bob's own board, seated"
