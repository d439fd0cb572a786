"""Shared Discord pieces: what a game's table looks like (GameUI), and the restart-proof buttons.

Every button is a `DynamicItem` whose custom_id carries what it does, so buttons on old
messages keep working after a restart without any view kept in memory:

    ``mg:<match>:<version>:<action>``  a game action, checked against the board's version
    ``ml:<match>:<op>``                a lobby button (join, leave, computer, start, cancel)
    ``mq:<match>:<query>``             a private question to the game (e.g. a preview)
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import aiohttp
import discord

from bot.computers import DEFAULT_LEVEL, LEVELS
from bot.games.core import Event, RuleError, StaleAction
from bot.i18n import Words, words
from presentation import seats as seats_words

# Game and seat names come from the presentation layer; the cogs keep importing them from here.
from presentation.languages import game_name as game_name
from presentation.seats import EN as EN
from presentation.seats import computer_name as computer_name
from presentation.seats import seat_name as seat_name
from presentation.seats import seat_names as seat_names

if TYPE_CHECKING:
    from bot.db.repo import MatchRow, SeatRow
    from bot.sessions import Transition
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

MAX_ID = 2**63 - 1  # the largest id SQLite and PostgreSQL store (a signed 64-bit integer)


def up_to(bound: int) -> str:
    """A regular expression for the decimal numbers 0…``bound``, exactly (leading zeros allowed
    up to ``bound``'s length): a shorter number always fits; one as long must not be larger,
    digit by digit. A template that took ``[0-9]{1,19}`` for an id would let
    ``9999999999999999999`` through to the database, which cannot even look it up."""
    digits = str(bound)
    longest = [digits]
    for i, digit in enumerate(digits):
        if digit != "0":
            rest = len(digits) - i - 1
            longest.append(f"{digits[:i]}[0-{int(digit) - 1}][0-9]{{{rest}}}")
    shorter = [f"[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    return "(?:" + "|".join(shorter + longest) + ")"


ID = up_to(MAX_ID)  # a match id in a custom_id: every template names its ids with this
# A digit of an action's text, in a run of at most nine: an action names cells, spaces and
# cards, never a number past 32 bits, so a made-up 19-digit one is refused at the door like an
# id (`tests/cogs/test_custom_ids.py`).
DIGIT = "[0-9](?![0-9]{9})"
GAME_ACTION = (rf"mg:(?P<m>{ID}):(?P<v>[0-9]{{1,9}})"
               rf":(?P<a>[a-z_]{{1,20}}(?::(?:[A-Za-z_.-]|{DIGIT}){{1,20}}){{0,3}})")
# "computer" alone is the one Add computer button of lobbies posted before levels (normal).
LOBBY_OP = (rf"ml:(?P<m>{ID}):"
            r"(?P<op>join|leave|computer(?:_easy|_normal|_hard|_off)?|start|cancel)")
QUERY = rf"mq:(?P<m>{ID}):(?P<q>[a-z_]{{1,20}})"
TEMPLATES = [re.compile(t) for t in (GAME_ACTION, LOBBY_OP, QUERY)]


def known_template(pattern: str) -> str:
    """Register a game's own DynamicItem template, so its clicks are never taken for forged."""
    TEMPLATES.append(re.compile(pattern))
    return pattern


View = TypeVar("View", bound=Mapping[str, Any])


class GameUI(Generic[View]):
    """How one game appears in Discord; each game's package subclasses it, naming its view
    (``GameUI[MimicView]``: a key read wrong is a type error). The first five methods every
    game writes; the rest are optional hooks, declared here with what a game that does not
    write them gets (so a misspelt hook is a type error, not silence)."""

    game: str
    solo_unit = "points"
    """What a solo game's score counts, on the solo leaderboard (a game with solo play)."""

    @property
    def name(self) -> str:
        """The game as players call it (its spec's name)."""
        return game_name(self.game)

    def board(
        self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words
    ) -> bytes:
        """The table picture (a slow, pure render: called off the event loop)."""
        raise NotImplementedError

    def controls(
        self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words
    ) -> list[discord.ui.Item[Any]]:
        """The buttons under the board for the current version."""
        raise NotImplementedError

    def status(
        self, match: MatchRow, seats: Sequence[SeatRow], view: View, w: Words
    ) -> str:
        """One line saying whose move it is and what to do."""
        raise NotImplementedError

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words) -> str | None:
        """One log line for a public event (None: not worth a line)."""
        raise NotImplementedError

    async def query(
        self, interaction: discord.Interaction[GameBot], match: MatchRow, query: str
    ) -> None:
        """Answer a private question (always ephemerally)."""
        raise NotImplementedError

    # -- optional hooks -------------------------------------------------------------------

    async def ready(self, match: MatchRow) -> None:
        """Awaited before each picture of the board is drawn: a game may hold a picture back
        a moment (a state about to be replaced)."""

    def quiet(self, transition: Transition) -> bool:
        """Whether a change is logged without redrawing the board (a turn's sub-step)."""
        return False

    def scores(self, seats: Sequence[SeatRow], view: View, w: Words) -> str | None:
        """The scores, for the picture's alt text where the status line lacks them."""
        return None

    def forget(self, match_id: int) -> None:
        """The match is over and its last board drawn: drop what is kept for it."""




async def server_words(bot: GameBot, guild_id: int) -> Words:
    """The words of a server's public messages and pictures (`presentation.languages`)."""
    return await bot.languages.server(guild_id)


def reader(interaction: discord.Interaction[Any]) -> Words:
    """The words of a private reply: the language of the user's own Discord client."""
    return words(interaction.locale)


def plain(name: str) -> str:
    """A player's name in message text: shown as written, never as formatting or a ping."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def mention(seat: SeatRow, w: Words = EN) -> str:
    """A seat's name, as a ping for humans (edits do not notify, so this is only a highlight)."""
    if seat.is_computer or seat.user_id is None:
        return plain(seat_name(seat, w))
    return f"<@{seat.user_id}>"


def reason(error: RuleError, seats: Sequence[SeatRow], w: Words = EN) -> str:
    """The words for a rejected action (`presentation.seats.reason`), names escaped for
    Discord's markdown."""
    return seats_words.reason(error, seats, w, escape=plain)


async def tell(interaction: discord.Interaction[Any], text: str, **extra: Any) -> None:
    """Answer privately, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=True, **extra)


ALT_LIMIT = 1024  # characters Discord keeps of an attachment's description
_MENTION = re.compile(r"<@!?(\d+)>")
_MARKUP = re.compile(r"\*\*|__|`|^> ", re.MULTILINE)


def png_file(png: bytes, filename: str, description: str | None = None) -> discord.File:
    """Rendered PNG bytes as an attachment, with alt text: what the picture shows in words,
    for screen readers and search (Discord's attachment description)."""
    alt = description[:ALT_LIMIT] if description else None
    return discord.File(io.BytesIO(png), filename=filename, description=alt)


def alt_text(text: str, seats: Sequence[SeatRow] = ()) -> str:
    """Message text as alt text: mentions become the players' names, markdown goes."""
    names = {s.user_id: s.name for s in seats if s.user_id is not None}
    text = _MENTION.sub(lambda m: names.get(int(m[1]), ""), text)
    return _MARKUP.sub("", text).strip()


async def show_rules(
    interaction: discord.Interaction[Any], text: str, render: Callable[[], bytes], filename: str
) -> None:
    """A game's /… rules: "thinking…" while the picture renders off the loop, then privately.
    The picture illustrates the text, so the text is its alt text."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await asyncio.to_thread(render)
    await interaction.followup.send(text, file=png_file(png, filename, alt_text(text)),
                                    ephemeral=True)


async def apologise(
    interaction: discord.Interaction[Any], match_id: int | None,
    error: BaseException | None = None,
) -> None:
    """The answer to an unexpected error: logged with the match, a short apology to the user.

    Call it inside the ``except`` block, or pass the ``error``.
    """
    log.error("unexpected error in match %s (user %s)", match_id, interaction.user.id,
              exc_info=error if error is not None else True)
    try:
        await tell(interaction, reader(interaction)("ui.apology"))
    except discord.HTTPException:
        log.warning("could not apologise for match %s", match_id)


class GameAction(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME_ACTION):
    """A game move: the custom_id names the match, the board version and the action."""

    def __init__(self, match_id: int, version: int, action: str, **button: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"mg:{match_id}:{version}:{action}", **button))
        self.match_id, self.version, self.action = match_id, version, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameAction:
        """Rebuild the button from its custom_id (after a restart too)."""
        return cls(int(match["m"]), int(match["v"]), match["a"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge at once, then submit; the board is edited by the publisher."""
        await interaction.response.defer()
        sessions = interaction.client.sessions
        try:
            await sessions.submit(self.match_id, interaction.user.id, self.action, self.version,
                                  at_ms=int(interaction.created_at.timestamp() * 1000))
        except StaleAction:
            match = await sessions.repo.match(self.match_id)
            behind = match is not None and interaction.client.publisher.nudge(
                self.match_id, self.version, match.version)
            await tell(interaction, reader(interaction)("ui.behind" if behind else "ui.moved_on"))
        except RuleError as error:
            seats = await sessions.repo.seats(self.match_id)
            await tell(interaction, reason(error, seats, reader(interaction)))
        except Exception:
            await apologise(interaction, self.match_id)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_OP):
    """Join, Leave, Start and Cancel under a lobby message, and below them one Add computer
    button per level and Remove computer."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger}
    REPLIES: ClassVar[dict[str, str]] = {
        "join": "lobby.joined_reply", "leave": "lobby.left_reply",
        "start": "lobby.started_reply", "cancel": "lobby.cancelled_reply",
        "computer_off": "lobby.computer_off_reply"}

    def __init__(self, match_id: int, op: str, w: Words = EN) -> None:
        level = computer_level(op)
        label = (w("lobby.button.computer", level=w(f"level.{level}")) if level
                 else w(f"lobby.button.{op}"))
        super().__init__(discord.ui.Button(
            custom_id=f"ml:{match_id}:{op}", label=label, row=1 if op.startswith("computer") else 0,
            style=self.STYLES.get(op, discord.ButtonStyle.secondary)))
        self.match_id, self.op = match_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["m"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Seat changes answer with a private confirmation; the lobby message is re-drawn.

        The press is acknowledged first (privately, "thinking…"), then done: every press
        commits to the database, and Start may ask Discord for a thread and call the players
        into it, which a busy machine or a slow Discord can stretch past the 3 s Discord
        allows for the first answer. The confirmation then replaces the "thinking…"."""
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError):
            # Not acknowledged (Discord forgot the press, or failed): nothing is done, so the
            # player, told by Discord that the press failed, may simply press again.
            log.warning("a %s press on match %s was not acknowledged; nothing done", self.op,
                        self.match_id, exc_info=True)
            return
        sessions = interaction.client.sessions
        user = interaction.user
        w = reader(interaction)
        try:
            if self.op == "join":
                await sessions.join(self.match_id, user.id, user.display_name)
            elif self.op == "leave":
                await sessions.leave_lobby(self.match_id, user.id)
            elif level := computer_level(self.op):
                await sessions.add_computer(self.match_id, user.id, level)
            elif self.op == "computer_off":
                await sessions.remove_computer(self.match_id, user.id)
            elif self.op == "start":
                await sessions.start(self.match_id, user.id)  # a real-time game's dealer hears it
            else:
                await sessions.cancel(self.match_id, user.id, is_admin=is_admin(interaction))
        except RuleError as error:
            await tell(interaction, reason(error, [], w))
        except Exception:
            await apologise(interaction, self.match_id)
        else:
            level = computer_level(self.op)
            await tell(interaction, w("lobby.computer_reply", level=w(f"level.{level}"))
                       if level else w(self.REPLIES[self.op]))


def computer_level(op: str) -> str | None:
    """The level an Add computer button seats (its op ``computer_<level>``), or None."""
    if op == "computer":
        return DEFAULT_LEVEL
    level = op.removeprefix("computer_")
    return level if level in LEVELS else None


class QueryButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=QUERY):
    """A private question to the game (a preview, a hand): answered ephemerally."""

    def __init__(self, match_id: int, query: str, **button: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"mq:{match_id}:{query}", **button))
        self.match_id, self.query = match_id, query

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> QueryButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["m"]), match["q"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Ask the game's UI; it answers privately."""
        bot = interaction.client
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match = await bot.sessions.repo.match(self.match_id)
            ui = bot.uis.get(match.game) if match else None
            if match is None or ui is None or match.status != "active":
                await tell(interaction, reader(interaction)("ui.not_running"))
                return
            await ui.query(interaction, match, self.query)
        except RuleError as error:
            await tell(interaction, reason(error, [], reader(interaction)))
        except Exception:
            await apologise(interaction, self.match_id)


DYNAMIC_ITEMS = (GameAction, LobbyButton, QueryButton)


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the server (and so cancel any game)."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def decode(custom_id: str) -> re.Match[str] | None:
    """The template of ours a custom_id fits, with its fields (None: no button of ours).

    The one reading of a custom_id outside discord.py's own routing, which uses the same
    templates: whatever this accepts names ids the database can hold."""
    if len(custom_id) > CUSTOM_ID_LIMIT:
        return None
    for template in TEMPLATES:
        found = template.fullmatch(custom_id)
        if found is not None:
            return found
    return None


CUSTOM_ID_LIMIT = 100  # characters Discord allows in a custom_id


def match_of(custom_id: str) -> int | None:
    """The match a custom_id of ours names, if any."""
    found = decode(custom_id)
    if found is not None and "m" in found.groupdict():
        return int(found["m"])
    return None


def unhandled_reason(
    custom_id: str, message: discord.Message | None, component_type: int | None = None
) -> str | None:
    """Why discord.py will not route this click to one of our dynamic items, as a catalogue key
    (None: it will).

    It routes a click only when the custom_id matches a template *and* a component of the
    same kind (button, select) with that id stands on the clicked message; anything else would
    be dropped without an answer, which users see as a failure.
    """
    if decode(custom_id) is None:
        return "ui.unknown_button"
    for row in message.components if message is not None else ():
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                # A button's id sent as a select's (or back) comes from no client of ours.
                same_kind = component_type is None or child.type.value == component_type
                return None if same_kind else "ui.unknown_button"
    return "ui.moved_on"
