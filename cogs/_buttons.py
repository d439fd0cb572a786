"""The buttons every game shares, restart-proof: a game move (`GameAction`), the lobby's
(`LobbyButton`) and a private question to the game (`QueryButton`). Each is a `DynamicItem`
rebuilt from its custom_id (`cogs._custom_ids`), so a click on a message posted before a
restart still reaches the session service."""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import aiohttp
import discord

from bot.computers import DEFAULT_LEVEL, LEVELS
from bot.games.core import RuleError, StaleAction
from bot.i18n import Words
from cogs._custom_ids import GAME_ACTION, LOBBY_OP, QUERY
from cogs._replies import apologise, is_admin, reader, reason, tell
from presentation.seats import EN

log = logging.getLogger(__name__)


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
