"""The web board's Discord side: **Play on the web** under a running board (and `/game web`)
answers privately with a link to the board that plays as the one who asked (a spectator's
link for anyone not seated), when the web board is on (WEB_URL); **Play on the board** opens
the board as a Discord Activity in the presser's client (the launch-activity response), when
the Activity is on too (DISCORD_CLIENT_SECRET)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, Self

import discord

from bot.db.rows import MatchRow
from bot.i18n import Words
from bot.links import SPECTATOR, board_url
from bot.settings import Settings
from cogs._custom_ids import ID, known_template
from cogs._replies import apologise, reader, tell
from cogs._ui import EN

PLAY = known_template(rf"mw:(?P<m>{ID})")
LAUNCH = known_template(rf"ma:(?P<m>{ID})")


@dataclass(frozen=True, slots=True)
class WebButtons:
    """The web's buttons under a running board: Watch live (the spectators' link, fresh at
    every redraw), Play on the web, and Play on the board when the Activity is on."""

    settings: Settings

    @property
    def key(self) -> str:
        """Which buttons go under the boards, for their fingerprint (`cogs._board_key`): a
        restart that turns the Activity on or off redraws the boards it left."""
        return "web+activity" if self.settings.activity else "web"

    def __call__(self, match: MatchRow, w: Words) -> list[discord.ui.Item[Any]]:
        settings = self.settings
        watch = board_url(settings.web_url, settings.web_secret, match.id, SPECTATOR,
                          time.time())
        items: list[discord.ui.Item[Any]] = [
            discord.ui.Button(label=w("web.watch"), url=watch, emoji="📺"),
            PlayButton(match.id, w)]
        if settings.activity:
            items.append(LaunchButton(match.id, w))
        return items


def board_buttons(settings: Settings) -> WebButtons | None:
    """The web's buttons under a running board; None: the web board is off, and nothing goes
    under a board but its game's own buttons."""
    return WebButtons(settings) if settings.web_url else None


class _MatchButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"(?!x)x"):  # matches nothing: each button names its own
    """A board's web button: its custom_id is ``<prefix>:<match>``, rebuilt from that after a
    restart too."""

    prefix, label, emoji = "", "", ""
    style = discord.ButtonStyle.secondary

    def __init__(self, match_id: int, w: Words = EN) -> None:
        super().__init__(discord.ui.Button(custom_id=f"{self.prefix}:{match_id}",
                                           label=w(self.label), emoji=self.emoji,
                                           style=self.style))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        """Rebuild the button from its custom_id."""
        return cls(int(match["m"]))


class PlayButton(_MatchButton, template=PLAY):
    """Play on the web: the presser's own board link, privately."""

    prefix, label, emoji = "mw", "web.play", "🎮"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """The presser's link: bound to them if they play in the match, else a spectator's."""
        await send_link(interaction, self.match_id)


async def send_link(interaction: discord.Interaction[Any], match_id: int) -> None:
    """Tell the user privately their link to ``match_id``'s board: bound to them if they play
    in it, else the spectators' (`/game web` and **Play on the web**)."""
    w = reader(interaction)
    try:
        settings = interaction.client.settings
        if not settings.web_url:
            await tell(interaction, w("web.off"))
            return
        seats = await interaction.client.sessions.repo.seats(match_id)
        seated = any(s.user_id == interaction.user.id for s in seats)
        user = interaction.user.id if seated else SPECTATOR
        url = board_url(settings.web_url, settings.web_secret, match_id, user, time.time())
        link = discord.ui.View(timeout=None)
        link.add_item(discord.ui.Button(label=w("web.open"), url=url, emoji="🎮"))
        text = w("web.your_link" if seated else "web.not_playing", id=match_id)
        await tell(interaction, text, view=link)
    except Exception:
        await apologise(interaction, match_id)


class LaunchButton(_MatchButton, template=LAUNCH):
    """Play on the board: the Activity, opened in the presser's Discord client."""

    prefix, label, emoji = "ma", "web.launch", "🕹️"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Answer with the launch-activity response (the Activity finds the channel's game);
        privately that the Activity is off, when a board drawn before a restart that turned it
        off still has the button."""
        try:
            if not interaction.client.settings.activity:
                await tell(interaction, reader(interaction)("web.activity_off"))
                return
            await interaction.response.launch_activity()
        except Exception:
            await apologise(interaction, self.match_id)
