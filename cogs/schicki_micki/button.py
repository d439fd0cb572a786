"""Schicki Micki's reaction buttons (a table opened with ``input:buttons``): one per reaction,
each naming its row, queued with the dealer at Discord's own timestamp of the click."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.dealer import Dealer
from bot.games.core import RuleError
from bot.reactions import Reaction
from cogs._custom_ids import ID, known_template
from cogs._replies import reader, reason, tell
from presentation.schicki_micki.words import SAY

if TYPE_CHECKING:
    pass

OLD_ROW = "schicki.refused.old_row"  # a click on a table message whose row is over
OLD_BUTTONS = "schicki.refused.old_buttons"  # a button posted before buttons named their row
NOT_A_REACTION = "schicki.refused.not_a_reaction"


class Table(Protocol):
    """What a button needs of the game's cog (`cogs.schicki_micki.cog.SchickiMicki`)."""

    rows: dict[int, int]
    dealer: Dealer


# The row is optional only so that buttons posted before it was added are still answered.
REACT = known_template(rf"mr:(?P<m>{ID}):(?:(?P<r>[0-9]{{1,6}}):)?"
                       r"(?P<a>[a-z]{1,8}(?::[a-z]{1,10})?)")


class ReactButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REACT):
    """A reaction in button mode. Its id names the row (a click counts in its own row only)
    but no version: inside a row, reactions race the dealer on purpose."""

    def __init__(self, match_id: int, action: str, emoji: str | None = None,
                 row: int | None = None) -> None:
        custom_id = f"mr:{match_id}:{action}" if row is None else f"mr:{match_id}:{row}:{action}"
        super().__init__(discord.ui.Button(custom_id=custom_id, emoji=emoji or SAY.get(action),
                                           style=discord.ButtonStyle.secondary))
        # not `row`: that is the button's line in the layout
        self.match_id, self.action, self.table_row = match_id, action, row

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ReactButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["m"]), match["a"], row=int(match["r"]) if match["r"] else None)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Queue the reaction at Discord's own timestamp of the click."""
        heard = time.time()  # before the defer's round trip: its time counts from here
        await interaction.response.defer()
        w = reader(interaction)  # a refusal is private: in the clicker's own language
        cog = cast("Table | None", interaction.client.get_cog("SchickiMicki"))
        if self.action not in SAY or cog is None:
            await tell(interaction, w(NOT_A_REACTION))
            return
        clicked = interaction.message.id if interaction.message is not None else 0
        if cog.rows.get(clicked) != self.match_id:
            await tell(interaction, w(OLD_ROW))  # a click belongs to its row
            return
        if self.table_row is None:
            # Posted before buttons named their row: it cannot say which row it answers, so it
            # counts in none (the next card's edit brings buttons that do).
            await tell(interaction, w(OLD_BUTTONS))
            return
        at = interaction.created_at.timestamp()

        async def refused(why: RuleError) -> None:
            await tell(interaction, reason(why, [], w))

        cog.dealer.react(self.match_id, Reaction((at, 0), at, self.action, row=self.table_row,
                                                 heard=heard, user_id=interaction.user.id,
                                                 refused=refused))
