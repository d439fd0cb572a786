"""Self-tests of the Discord double: a small real discord.py bot played through the driver."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.double import Driver, FakeDiscord, InteractionRejected, snowflake_time

MODES = ["classic", "chaos", "coop", "speed"]


def png(colour: str, size: tuple[int, int] = (8, 6)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, format="PNG")
    return buf.getvalue()


def png_file(colour: str, name: str = "board.png", size: tuple[int, int] = (8, 6)) -> discord.File:
    return discord.File(io.BytesIO(png(colour, size)), filename=name)


# -- the bot under test -------------------------------------------------------
class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lobby:(?P<lobby>\d+):join"
):
    def __init__(self, lobby: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"lobby:{lobby}:join"))
        self.lobby = lobby

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["lobby"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"{interaction.user.display_name} joined {self.lobby}", ephemeral=True
        )


class ModeSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"lobby:(?P<lobby>\d+):mode"
):
    def __init__(self, lobby: int) -> None:
        options = [discord.SelectOption(label=m, value=m) for m in MODES]
        super().__init__(
            discord.ui.Select(custom_id=f"lobby:{lobby}:mode", options=options, max_values=2)
        )
        self.lobby = lobby

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ModeSelect:
        return cls(int(match["lobby"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        # Type 7: the lobby message itself changes.
        await interaction.response.edit_message(
            content=f"Lobby {self.lobby}: {'+'.join(self.item.values)}"
        )


class StartButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lobby:(?P<lobby>\d+):start"
):
    def __init__(self, lobby: int) -> None:
        super().__init__(discord.ui.Button(label="Start", custom_id=f"lobby:{lobby}:start"))
        self.lobby = lobby

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> StartButton:
        return cls(int(match["lobby"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        # Type 6, then @original is the lobby message itself.
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"Lobby {self.lobby} started", view=None)


def lobby_view(lobby: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(lobby))
    view.add_item(StartButton(lobby))
    view.add_item(ModeSelect(lobby))
    return view


class ConfirmView(discord.ui.View):
    """An ordinary (non-persistent) view, tracked by discord.py per message id."""

    @discord.ui.button(label="Yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="confirmed", view=self)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}")


class MiniBot(commands.Bot):
    """Just enough of a game bot to exercise every path of the double."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.default()
        intents.members = True  # all members come with GUILD_CREATE, so no chunking round trip
        super().__init__(command_prefix="!", intents=intents)
        self.guild_id = guild_id
        self.reaction_log: list[tuple[int, str]] = []
        self.vote_message_id: int | None = None
        self.closed_cleanly = False
        self._add_commands()

    async def close(self) -> None:
        self.closed_cleanly = True
        await super().close()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        history = [m.content async for m in message.channel.history(limit=10)]
        await message.channel.send(f"heard {message.content!r} ({len(history)} in history)")

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, StartButton, ModeSelect)
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(self.guild_id))

    async def on_raw_reaction_add(self, event: discord.RawReactionActionEvent) -> None:
        if event.user_id == self.user.id or event.message_id != self.vote_message_id:  # type: ignore[union-attr]
            return
        # Append before any await: handlers start in gateway order.
        self.reaction_log.append((event.user_id, str(event.emoji)))
        count = len(self.reaction_log)
        channel = self.get_channel(event.channel_id)
        message = await channel.fetch_message(event.message_id)  # type: ignore[union-attr]
        await message.edit(content=f"votes: {count}")
        if count == 3:
            await message.clear_reactions()

    def _add_commands(self) -> None:
        tree = self.tree
        mimikri = app_commands.Group(name="mimikri", description="Mimikri")
        admin = app_commands.Group(name="admin", description="Admin", parent=mimikri)

        @mimikri.command(name="new", description="Open a lobby")
        @app_commands.describe(subjects="How many subjects")
        async def new(
            interaction: discord.Interaction,
            subjects: app_commands.Range[int, 3, 10],
            mode: str = "classic",
        ) -> None:
            lobby = interaction.id % 100_000
            await interaction.response.send_message(
                f"Lobby {lobby}: {subjects} subjects, {mode}", view=lobby_view(lobby)
            )

        @new.autocomplete("mode")
        async def mode_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [
                app_commands.Choice(name=m.title(), value=m) for m in MODES if m.startswith(current)
            ]

        @admin.command(name="reset", description="Reset a player")
        async def reset(interaction: discord.Interaction, target: discord.Member) -> None:
            await interaction.response.send_message(f"reset {target.display_name}", ephemeral=True)

        tree.add_command(mimikri)

        @tree.command(description="Think, then answer")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True, ephemeral=True)
            await asyncio.sleep(0.05)
            await interaction.followup.send("done thinking")
            await interaction.followup.send("and one more", ephemeral=True)

        @tree.command(description="A board that gets redrawn")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("board v1", file=png_file("red"))
            await interaction.edit_original_response(
                content="board v2", attachments=[png_file("blue", "b2.png")]
            )
            original = await interaction.original_response()
            await interaction.followup.send(
                f"original has {original.attachments[0].filename}", ephemeral=True
            )

        @tree.command(description="Post and redraw a channel message")
        async def post(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            msg = await channel.send("frame 1", file=png_file("green", "f1.png"))  # type: ignore[union-attr]
            again = await channel.fetch_message(msg.id)  # type: ignore[union-attr]
            data = await again.attachments[0].read()
            await msg.edit(
                content=f"frame 2 ({len(data)} bytes before)",
                attachments=[png_file("yellow", "f2.png")],
            )
            scratch = await channel.send("scratch")  # type: ignore[union-attr]
            await scratch.delete()
            await interaction.followup.send(f"posted {msg.id}")

        @tree.command(description="Open a vote")
        async def vote(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("vote opened", ephemeral=True)
            msg = await interaction.channel.send("vote!")  # type: ignore[union-attr]
            self.vote_message_id = msg.id
            await msg.add_reaction("☂️")
            await msg.add_reaction("🎲")
            await msg.remove_reaction("🎲", discord.Object(self.user.id))  # type: ignore[union-attr]

        @tree.command(description="Send to the channel")
        async def shout(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer(ephemeral=True)
            try:
                await interaction.channel.send(text)  # type: ignore[union-attr]
            except discord.Forbidden as exc:
                await interaction.followup.send(f"forbidden {exc.code}")
            else:
                await interaction.followup.send("sent")

        @tree.command(description="Call a route Discord does not have")
        async def weird(interaction: discord.Interaction) -> None:
            try:
                await self.http.request(discord.http.Route("GET", "/definitely/not/a/route"))
            except discord.NotFound:
                await interaction.response.send_message("not found", ephemeral=True)

        @tree.command(description="When was this?")
        async def when(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(interaction.created_at.isoformat())

        @tree.command(description="Ask for a name")
        async def name(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @tree.command(description="Whisper to yourself")
        async def whisper(interaction: discord.Interaction) -> None:
            await interaction.user.send("a secret", view=lobby_view(7))
            await interaction.response.send_message("check your DMs", ephemeral=True)

        @tree.command(description="Ask for confirmation")
        async def confirm(interaction: discord.Interaction, private: bool = False) -> None:
            await interaction.response.send_message("sure?", view=ConfirmView(), ephemeral=private)

        @tree.command(description="Never answers")
        async def silent(interaction: discord.Interaction) -> None:
            pass

        @tree.command(description="Guild-only command", guild=discord.Object(self.guild_id))
        async def local(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("local")


@pytest.fixture
def make_bot(fake_discord: FakeDiscord) -> Any:
    return lambda: MiniBot(fake_discord.world.guild.id)


# -- the tests ----------------------------------------------------------------
@pytest.mark.asyncio
async def test_login_ready_and_command_sync(
    fake_discord: FakeDiscord, start_bot: Any, make_bot: Any
) -> None:
    bot = make_bot()
    await start_bot(bot)
    guild = bot.get_guild(fake_discord.world.guild.id)
    assert guild is not None and guild.chunked and len(guild.members) == 11
    assert len(guild.text_channels) >= 4
    assert bot.application_id == fake_discord.world.application_id
    assert {c["name"] for c in fake_discord.world.commands[None]} >= {"mimikri", "slow", "board"}
    assert [c["name"] for c in fake_discord.world.commands[guild.id]] == ["local"]


@pytest.mark.asyncio
async def test_slash_subcommands_buttons_and_selects(
    driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    opened = await driver.slash("alice", "games", "mimikri new", subjects=5, mode="chaos")
    assert opened.ok and opened.type == 4 and not opened.ephemeral
    assert opened.message is not None
    lobby = int(re.match(r"Lobby (\d+)", opened.content)[1])  # type: ignore[index]
    assert opened.content == f"Lobby {lobby}: 5 subjects, chaos"

    joined = await driver.click("bob", opened.message, label="Join")
    assert joined.ephemeral and joined.content == "Bob joined " + str(lobby)

    picked = await driver.select(
        "carol", opened.message, ["coop", "speed"], custom_id=r"lobby:\d+:mode"
    )
    assert picked.type == 7
    assert driver.latest(opened.message).content == f"Lobby {lobby}: coop+speed"
    assert len(opened.message.versions) == 2

    started = await driver.click("alice", opened.message, label="Start")
    assert started.type == 6 and started.message is opened.message
    await started.wait_edit()
    assert started.content == f"Lobby {lobby} started" and started.components == []
    with pytest.raises(InteractionRejected):
        await driver.click("alice", opened.message, label="Start")

    reset = await driver.slash("alice", "games", "mimikri admin reset", target=driver.user("dave"))
    assert reset.ephemeral and reset.content == "reset Dave"
    local = await driver.slash("erin", "general", "local")
    assert local.content == "local"

    with pytest.raises(InteractionRejected):
        await driver.select("carol", opened.message, ["nope"], custom_id=r"lobby:\d+:mode")
    with pytest.raises(LookupError):
        await driver.slash("alice", "games", "mimikri new", subjects=5, colour="red")


@pytest.mark.asyncio
async def test_autocomplete(driver: Driver, start_bot: Any, make_bot: Any) -> None:
    await start_bot(make_bot())
    choices = await driver.autocomplete(
        "alice", "games", "mimikri new", "mode", mode="c", subjects=4
    )
    assert [c["value"] for c in choices] == ["classic", "chaos", "coop"]


@pytest.mark.asyncio
async def test_defer_followups_and_original_edits(
    driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    slow = await driver.slash("bob", "general", "slow")
    # The first follow-up after a thinking defer fills in the placeholder.
    assert slow.type == 5 and slow.ephemeral and slow.content == "done thinking"
    followups = await slow.wait_followups(2)
    assert followups[-1].content == "and one more" and followups[-1].ephemeral

    board = await driver.slash("bob", "general", "board")
    await board.wait_followups(1)
    assert board.content == "board v2"
    assert [a.filename for a in board.attachments] == ["b2.png"]
    assert [a.filename for a in board.message.versions[0].attachments] == ["board.png"]  # type: ignore[union-attr]
    assert board.followups[0].content == "original has b2.png"


@pytest.mark.asyncio
async def test_channel_png_replaced_on_edit(
    driver: Driver, start_bot: Any, make_bot: Any, tmp_path: Any
) -> None:
    await start_bot(make_bot())
    since = driver.mark()
    result = await driver.slash("carol", "lobby", "post")
    await result.wait_followups(1)
    posted = await driver.wait_for_message(
        lambda m: m.content.startswith("frame"), channel="lobby", since=since
    )
    msg = driver.latest(posted)
    assert msg.content.startswith("frame 2 (") and [a.filename for a in msg.attachments] == [
        "f2.png"
    ]
    assert msg.attachments[0].size_px() == (8, 6)
    [scratch] = [m for m in driver.messages("lobby", deleted=True) if m.deleted]
    assert scratch.content == "scratch"
    saved = driver.save_pngs(tmp_path)
    assert [p.name.split("-")[-1] for p in saved] == ["f1.png", "f2.png"]
    assert Image.open(saved[1]).getpixel((0, 0)) == (255, 255, 0)


@pytest.mark.asyncio
async def test_reactions_arrive_in_burst_order(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    bot = make_bot()
    await start_bot(bot)
    since = driver.mark()
    await driver.slash("alice", "games", "vote")
    vote = await driver.wait_for_message(lambda m: m.content == "vote!", since=since)
    await driver.wait_for(lambda a: a.kind == "reaction_remove" and a.message is vote, since=since)
    assert list(vote.reactions) == ["☂️"]

    burst = [("dave", vote, "☂️"), ("alice", vote, "☂️"), ("carol", vote, "🎲")]
    seqs = await driver.react_burst(burst)
    delivered = [seq for seq in seqs if seq is not None]
    assert delivered == seqs and delivered == sorted(delivered)
    await driver.wait_for(lambda a: a.kind == "reaction_clear" and a.message is vote, since=since)
    assert [u for u, _ in bot.reaction_log] == [
        driver.user(n).id for n in ("dave", "alice", "carol")
    ]
    assert [e for _, e in bot.reaction_log] == ["☂️", "☂️", "🎲"]
    assert vote.reactions == {}


@pytest.mark.asyncio
async def test_rate_limit_is_waited_out(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    rule = fake_discord.fail("POST /channels/*/messages", status=429, retry_after=0.3, times=1)
    loop = asyncio.get_running_loop()
    started = loop.time()
    result = await driver.slash("alice", "general", "shout", text="hi")
    await result.wait_followups(1)
    assert result.followups[0].content == "sent"
    assert loop.time() - started >= 0.3
    assert len(rule.hits) == 1
    assert [r.status for r in fake_discord.calls("POST /channels/*/messages")] == [429, 200]


@pytest.mark.asyncio
async def test_forbidden_surfaces_as_discord_forbidden(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    fake_discord.fail("POST /channels/*/messages", status=403, times=1)
    result = await driver.slash("alice", "general", "shout", text="hi")
    await result.wait_followups(1)
    assert result.followups[0].content == "forbidden 50013"


@pytest.mark.asyncio
async def test_unknown_route_is_recorded(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    result = await driver.slash("alice", "general", "weird")
    assert result.content == "not found"
    unknown = fake_discord.take_unknown_routes()  # claimed, so the fixture does not fail the test
    assert [str(r) for r in unknown] == ["GET /definitely/not/a/route -> 404"]
    [refused] = fake_discord.take_violations()  # nor is it an operation of Discord's spec
    assert refused.where == "operation" and refused.path == "/definitely/not/a/route"


@pytest.mark.asyncio
async def test_restart_keeps_old_buttons_working(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    first = await start_bot(make_bot())
    opened = await driver.slash("alice", "games", "mimikri new", subjects=3)
    await first.kill()
    assert not first.client.closed_cleanly and not first.client.is_closed()
    assert all(task.done() for task in first.tasks)

    missed = await driver.click("bob", opened.message, label="Join")  # type: ignore[arg-type]
    assert missed.status == "not_delivered"

    await start_bot(make_bot())
    joined = await driver.click("bob", opened.message, label="Join")  # type: ignore[arg-type]
    assert joined.ok and joined.content.startswith("Bob joined")
    picked = await driver.select("bob", opened.message, ["speed"], custom_id=r"lobby:\d+:mode")  # type: ignore[arg-type]
    assert picked.type == 7 and driver.latest(opened.message).content.endswith(": speed")  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_interaction_time_comes_from_the_clock(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    at = dt.datetime(2031, 3, 4, 20, 0, tzinfo=dt.UTC)
    fake_discord.world.clock.freeze(at)
    result = await driver.slash("alice", "general", "when")
    assert result.content == at.isoformat()
    assert snowflake_time(result.record.id) == at  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_modal_and_dm(driver: Driver, start_bot: Any, make_bot: Any) -> None:
    await start_bot(make_bot())
    asked = await driver.slash("frank", "general", "name")
    assert asked.type == 9 and asked.modal["title"] == "Your name"  # type: ignore[index]
    answered = await driver.submit_modal("frank", asked, {"name": "Frankie"})
    assert answered.content == "hello Frankie"

    await driver.slash("grace", "general", "whisper")
    [secret] = driver.dms("grace")
    assert secret.content == "a secret"
    joined = await driver.click("grace", secret, label="Join")
    assert joined.content == "Grace joined 7"


@pytest.mark.asyncio
async def test_unanswered_interaction_fails(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    fake_discord.interaction_deadline = 0.3
    await start_bot(make_bot())
    result = await driver.slash("alice", "general", "silent")
    assert result.status == "failed"


@pytest.mark.asyncio
async def test_server_error_is_retried(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    fake_discord.fail("POST /channels/*/messages", status=500, times=1)
    result = await driver.slash("alice", "general", "shout", text="hi")
    await result.wait_followups(1, timeout=5)
    assert result.followups[0].content == "sent"
    assert [r.status for r in fake_discord.calls("POST /channels/*/messages")] == [500, 200]


@pytest.mark.asyncio
async def test_user_messages_respect_the_content_intent(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot())
    since = driver.mark()
    await driver.say("alice", "general", "hello there")
    heard = await driver.wait_for_message(lambda m: m.content.startswith("heard"), since=since)
    # MiniBot lacks the message-content intent: Discord blanks the text.
    assert heard.content == "heard '' (1 in history)"
    since = driver.mark()
    me = fake_discord.world.bot_user
    await driver.say("bob", "general", f"{me.mention} hi")
    heard = await driver.wait_for_message(lambda m: m.content.startswith("heard"), since=since)
    assert heard.content == f"heard '{me.mention} hi' (3 in history)"
    assert bot.errors == []


@pytest.mark.asyncio
async def test_bot_reconnects_after_a_network_blip(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    fake_discord.gateway.drop()  # connection reset; the client resumes, is told to identify again
    await fake_discord.gateway.wait_identified(2)
    result = await driver.slash("alice", "general", "when")
    assert result.ok


@pytest.mark.asyncio
async def test_plain_views_on_public_and_ephemeral_messages(
    driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot())
    for private in (False, True):
        asked = await driver.slash("heidi", "general", "confirm", private=private)
        assert asked.ephemeral is private
        confirmed = await driver.click("heidi", asked.message, label="Yes")  # type: ignore[arg-type]
        assert confirmed.type == 7 and asked.content == "confirmed"
        assert driver.find_component(asked.message, label="Yes")["disabled"] is True  # type: ignore[arg-type]
    with pytest.raises(InteractionRejected):
        await driver.click("ivan", asked.message, label="Yes")  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_late_answer_is_rejected_like_discord_does(
    fake_discord: FakeDiscord, driver: Driver, start_bot: Any, make_bot: Any
) -> None:
    fake_discord.interaction_deadline = 0.3
    running = await start_bot(make_bot())
    fake_discord.slow("POST /interactions/*/callback", 0.5)
    since = driver.mark()
    result = await driver.slash("alice", "general", "when")
    assert result.status == "failed"
    await driver.wait_for(
        lambda a: a.kind == "interaction_callback" and a.interaction is result.record, since=since
    )
    # On a busy machine the driver's grace runs out first ("no response within"), and the
    # late callback's refusal follows it: the refusal is there either way.
    assert any("Unknown interaction" in error for error in result.errors), result.errors
    # discord.py raised NotFound inside the command; claim the logged error.
    await running.wait_for_error()
    assert any("Unknown interaction" in e for e in running.take_errors())
