"""A fifth game added as packages of its own, one per layer, in folders of their own, reaches
everything without an edit to shared code: the registry, computer players, lobby defaults and
a server option of its own in `/settings server`, the contract test's checks, the command tree
and the board publisher, the web board, replays and the demo. The toy is a race to five: each
player in turn adds 1 or 2 to a counter, and whoever reaches five wins."""

from __future__ import annotations

import io
import sys
import textwrap
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest
from PIL import Image

import bot.games
import cogs
import presentation
from bot.computers import RandomBrain, new_brain
from bot.defaults import ServerSettings, lobby_options, timed_games
from bot.games.core import IllegalAction, apply_checked, replay, start
from presentation.demo import main as demo
from tests.e2e.table import ephemeral_text, game_id
from tests.e2e.test_help import synced_commands
from tests.e2e.test_replay import reply
from tests.e2e.test_web_play import connect, my_link, web_on
from tests.games.test_contract import playout

RULES = '''
    """A race to five: the toy game of the registry's test."""

    from __future__ import annotations

    from typing import ClassVar

    from bot.games.core import Event, IllegalAction, Outcome

    TARGET = 5


    class ToyRules:
        id: ClassVar[str] = "toy"
        name: ClassVar[str] = "Toy"
        min_players: ClassVar[int] = 2
        max_players: ClassVar[int] = 3
        schema: ClassVar[int] = 1

        def setup(self, n_players, options, rng):
            return {"schema": 1, "count": 0, "turn": 0, "players": n_players, "winner": None}

        def active_seats(self, state):
            return frozenset() if state["winner"] is not None else frozenset({state["turn"]})

        def legal_actions(self, state, seat):
            return ["add:1", "add:2"] if seat in self.active_seats(state) else []

        def explain_illegal(self, state, seat, action):
            # A refusal names its message; a real game's words are in bot/i18n/<language>/
            return IllegalAction("toy.refused.add")

        def apply(self, state, seat, action, *, rng, at_ms):
            added = int(action.split(":")[1])
            state = dict(state, count=state["count"] + added)
            if state["count"] >= TARGET:
                state["winner"] = seat
            else:
                state["turn"] = (seat + 1) % state["players"]
            return state, [Event("added", seat, {"by": added})]

        def view(self, state, seat):
            return dict(state)

        def outcome(self, state):
            if state["winner"] is None:
                return None
            scores = tuple(int(s == state["winner"]) for s in range(state["players"]))
            return Outcome("reached", scores, frozenset({state["winner"]}))

        def load(self, data):
            if data.get("schema") != 1:
                raise ValueError("not a toy state")
            return dict(data)


    RULES = ToyRules()
'''

SPEC = '''
    """The toy game as the bot knows it."""

    from bot.games.spec import GameSpec, ServerOption
    from bot.games.toy.rules import RULES


    def test_options(n_players):
        return [{"fast": True}] if n_players == 3 else []


    GAME = GameSpec(rules=RULES, order=99, turn_timer=120,
                    timer_text="Toy's turn timer in minutes unless its host chooses (0 = none)",
                    test_options=test_options, lobby_defaults={"colour": "orange"},
                    server_options=(ServerOption("colour", "toy_colour", "The toy's colour",
                                                 {"orange": "orange", "teal": "teal"}),),
                    table="presentation.toy.table:ToyTable", demo="presentation.toy.demo:play")
'''

TABLE = '''
    """The toy's table picture, for Discord and the web alike: a bar as long as the count."""

    import io

    from PIL import Image

    from presentation.table import Table


    class ToyTable(Table):
        def picture(self, match, seats, view, w):
            out = io.BytesIO()
            Image.new("RGB", (40 + 40 * view["count"], 40), "orange").save(out, "PNG")
            return out.getvalue()
'''

DEMO = '''
    """The toy's demo: a game between computers, its board after every move, a transcript."""

    import io

    from PIL import Image

    from bot.autoplay import autoplay
    from bot.games.toy.rules import RULES
    from presentation.demo import ended, final, transcript


    def play(out, seed="demo", players=2):
        out.mkdir(parents=True, exist_ok=True)
        lines, state = ["# Toy", ""], None
        for move in autoplay(RULES, seed, players, {}):
            state = move.state
            lines.append(f"{move.version}. {move.action}")
            picture = io.BytesIO()
            Image.new("RGB", (40 + 40 * state["count"], 40), "orange").save(picture, "PNG")
            (out / f"board-{move.version:03d}.png").write_bytes(picture.getvalue())
        return transcript(out, [*lines, "", *final(ended(RULES, state))])
'''

COG = '''
    """The toy game in Discord: /toy new, a counter on the board, +1 and +2 buttons."""

    from __future__ import annotations

    import discord
    from discord import app_commands
    from discord.ext import commands

    from cogs._cog import GameCog
    from cogs._lobby import minutes, open_lobby
    from cogs._buttons import GameAction
    from cogs._ui import GameUI


    class ToyUI(GameUI):
        game = "toy"

        def controls(self, match, seats, view, w):
            return [GameAction(match.id, match.version, f"add:{n}", label=f"+{n}")
                    for n in (1, 2)]

        def status(self, match, seats, view, w):
            return f"count {view['count']}"

        def describe(self, event, seats, w):
            return f"+{event.data['by']}" if event.kind == "added" else None

        async def query(self, interaction, match, query):
            await interaction.response.send_message("nothing to ask", ephemeral=True)


    class Toy(GameCog, commands.GroupCog, group_name="toy", group_description="The toy game"):
        def __init__(self, bot) -> None:
            self.bot = bot

        @app_commands.command(name="new", description="Open a toy lobby")
        async def new(self, interaction: discord.Interaction,
                      turn_timer: app_commands.Range[int, 0, 60] | None = None) -> None:
            await open_lobby(interaction, "toy", {"turn_timer": minutes(turn_timer)})


    def ui(bot, table):
        return ToyUI(table)


    async def setup(bot) -> None:
        await bot.add_cog(Toy(bot))
'''


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy's two packages, in a folder of their own that joins the games' and the Discord
    layer's package paths (as an installed plug-in's would): shared code is not touched."""
    write(tmp_path / "games" / "toy" / "__init__.py", '"""The toy game."""\n')
    write(tmp_path / "games" / "toy" / "rules.py", RULES)
    write(tmp_path / "games" / "toy" / "spec.py", SPEC)
    write(tmp_path / "discord" / "toy" / "__init__.py", '"""The toy game in Discord."""\n')
    write(tmp_path / "discord" / "toy" / "cog.py", COG)
    write(tmp_path / "words" / "toy" / "__init__.py", '"""The toy game in words."""\n')
    write(tmp_path / "words" / "toy" / "demo.py", DEMO)
    write(tmp_path / "words" / "toy" / "table.py", TABLE)
    monkeypatch.setattr(bot.games, "__path__", [*bot.games.__path__, str(tmp_path / "games")])
    monkeypatch.setattr(cogs, "__path__", [*cogs.__path__, str(tmp_path / "discord")])
    monkeypatch.setattr(presentation, "__path__",
                        [*presentation.__path__, str(tmp_path / "words")])
    bot.games.discover()
    yield bot.games.GAMES["toy"]
    monkeypatch.undo()
    for name in [m for m in sys.modules
                 if m.startswith(("bot.games.toy", "cogs.toy", "presentation.toy"))]:
        del sys.modules[name]
    bot.games.discover()
    assert "toy" not in bot.games.REGISTRY


def test_the_toy_is_registered_everywhere_the_engine_looks(toy):
    assert list(bot.games.REGISTRY)[-1] == "toy" and bot.games.REGISTRY["toy"] is toy.rules
    assert isinstance(new_brain("toy", "hard"), RandomBrain)  # it has no computer of its own
    assert timed_games()[-1] == "toy"
    assert lobby_options("toy", {"turn_timer": None}, ServerSettings()) == {
        "turn_timer": 120, "colour": "orange"}
    assert lobby_options("toy", {}, ServerSettings(timers={"toy": 60})) == {
        "turn_timer": 60, "colour": "orange"}
    chosen = ServerSettings(options={("toy", "colour"): "teal"})
    assert lobby_options("toy", {}, chosen)["colour"] == "teal"
    # The contract test's checks play it to the end at each player count and option set.
    for n in range(toy.rules.min_players, toy.rules.max_players + 1):
        for options in [{}, *toy.test_options(n)]:
            state, log, _ = playout(toy.rules, n, options, f"toy-{n}")
            assert toy.rules.outcome(state) is not None
            assert replay(toy.rules, f"toy-{n}", n, options, log)[0] == state
    with pytest.raises(IllegalAction, match=r"toy\.refused\.add"):  # the contract's refusal
        apply_checked(toy.rules, start(toy.rules, "toy", 2, {}), seed="toy", version=0, seat=0,
                      action="add:3", seen_version=None)


@pytest.mark.asyncio
async def test_the_toy_is_played_in_discord_on_the_web_and_replayed(toy, table):
    base = web_on(table)
    await table.start()
    assert "cogs.toy.cog" in table.bot.extensions
    commands = synced_commands(table.driver.world)
    assert "/toy new" in commands
    driver = table.driver
    settings = await driver.slash("alice", "games", "settings server", toy_colour="teal")
    assert "Toy" in ephemeral_text(settings), "the server's timers name the new game"

    opened = await driver.slash("alice", "games", "toy new")
    board = opened.message
    match_id = game_id(board.content)
    assert "Toy" in board.content
    assert (await table.match(match_id)).options["colour"] == "teal", "the server's choice"
    await driver.click("bob", board, label="Join")
    started = await driver.click("alice", board, label="Start")
    assert ephemeral_text(started) == "The game is on!"
    await table.idle()
    # Alice plays on the web board (the toy has no web module: its actions are buttons).
    _, link = await my_link(table, "alice", board)
    async with aiohttp.ClientSession() as http:
        alice = await connect(http, base, link)
        shown = await alice.next()
        assert shown["game"] == "toy"
        assert {c["code"] for c in shown["you"]["choices"]} == {"add:1", "add:2"}
        await alice.send(type="move", code="add:2", version=shown["version"])
        await alice.until_version(shown["version"] + 1)
        await table.idle()
        assert (await table.match(match_id)).state["count"] == 2
        # The web's picture is the toy's table, the very one Discord's board shows.
        token = parse_qs(urlsplit(link).query)["t"][0]
        picture = f"{base}/m/{match_id}/board.png?t={token}&v={shown['version'] + 1}"
        async with http.get(picture) as response:
            assert response.status == 200
            web_png = await response.read()
        assert driver.latest(board).pngs()[0].data == web_png
        assert Image.open(io.BytesIO(web_png)).size == (40 + 40 * 2, 40)
        await alice.ws.close()
    users = {0: "alice", 1: "bob"}
    for _ in range(5):
        match = await table.match(match_id)
        if match.status != "active":
            break
        await driver.click(users[match.state["turn"]], board, label="+2")
        await table.idle()
    match = await table.match(match_id)
    assert match.status == "finished" and match.state["count"] == 6
    assert "+2" in driver.latest(board).content or any(
        "+2" in version.content for version in driver.latest(board).versions)
    # Replayed, step by step, from its log: the first step's board is the empty counter.
    replayed = reply(await driver.slash("carol", "games", "game replay", id=match_id))
    assert "Toy" in replayed.content and replayed.pngs()


def test_the_toy_is_in_the_demo(toy, tmp_path, capsys):
    assert demo(["demo", str(tmp_path), "--game", "toy"]) == 0
    transcript = (tmp_path / "toy" / "transcript.md").read_text(encoding="utf-8")
    assert transcript.startswith("# Toy") and "Winners: " in transcript
    assert list((tmp_path / "toy").glob("board-*.png"))
    assert capsys.readouterr().out.startswith("toy: Winners: ")
