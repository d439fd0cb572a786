"""MIMIC in Discord: /mimic new, rules and the game's commands, the board's buttons, the log.

The grid does not fit in buttons, so moves are slash commands whose options autocomplete from
the rules: ``/mimic place`` offers the caller's hand cards, then only the legal cells for the
chosen card (labelled with the start card each line comes from, and whether it completes a
set). Every command defers privately, submits through the session service and answers
privately; the board message is redrawn by the publisher. Hands are only ever shown
ephemerally (the "Show my hand" button, ``/mimic hand``); the log never names a hand card.
Private answers and autocomplete labels are in the language of the asker's client; the
buttons they mention are named as the server's board labels them.

The position analysis is pure (``bot.games.mimic.hints``); the table's looks are in
``cogs.mimic.table``, what the options offer as the caller types in ``cogs.mimic.choices``;
every word comes from the catalogue (``bot/i18n/*/mimic.po``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.rows import MatchRow
from bot.games.core import Event, GameOver, IllegalAction, NotYourTurn, RuleError
from bot.games.mimic import RULES
from bot.games.mimic.cards import components
from cogs._cog import GameCog
from cogs._lobby import THREAD_OPTION, minutes, no_game_here, open_lobby
from cogs._replies import apologise, reader, reason, server_words, show_rules, tell
from cogs.mimic import choices
from cogs.mimic.caller import Caller, caller_of
from cogs.mimic.table import (
    MimicUI,
    find_card,
    names_of,
    normal_cell,
    own_line,
    send_hand,
    stuck_note,
)
from presentation.mimic.prompt import next_hint
from presentation.mimic.words import rules_text
from rendering import mimic as art

if TYPE_CHECKING:
    from bot.games.mimic.views import MimicView
    from cogs._bot import GameBot
    from presentation.table import Table

log = logging.getLogger(__name__)


class Mimic(GameCog, commands.GroupCog, group_name="mimic",
            group_description="MIMIC, the set-building card game"):
    """/mimic new, rules, hand, and every move of the game."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    # -- lobby and help --------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a MIMIC lobby in this channel")
    @app_commands.describe(mode="Basic, or advanced (a face-up power-card market; 2-4 players)",
                           teams="Two teams of two (4 players)",
                           solo="Play alone: the game starts at once",
                           turn_timer="Minutes a player has for a move before a computer moves"
                                      " for them (0 = no timer)",
                           thread=THREAD_OPTION)
    @app_commands.choices(
        mode=[app_commands.Choice(name="basic", value="basic"),
              app_commands.Choice(name="advanced", value="advanced")],
        teams=[app_commands.Choice(name="no", value="no"),
               app_commands.Choice(name="yes", value="yes")],
    )
    async def new(
        self, interaction: discord.Interaction[GameBot], mode: str = "basic",
        teams: str = "no", solo: bool = False,
        turn_timer: app_commands.Range[int, 0, 60] | None = None, thread: bool | None = None,
    ) -> None:
        """Post the lobby; a solo game starts at once (the host alone may also press Start).
        A timer or thread left out: the server's default."""
        w = reader(interaction)
        options = {"advanced": mode == "advanced", "teams": teams == "yes",
                   "turn_timer": minutes(turn_timer), "thread": thread}
        if solo:
            if options["advanced"] or options["teams"]:
                await tell(interaction, w("mimic.reply.solo_basic"))
                return
            options["turn_timer"] = 0
        match = await open_lobby(interaction, "mimic", options)
        if match is None or not solo:
            return
        try:
            await self.bot.sessions.start(match.id, interaction.user.id)
        except RuleError as error:
            await tell(interaction, reason(error, [], w))
        except Exception:
            await apologise(interaction, match.id)

    @app_commands.command(name="rules", description="How to play MIMIC, with a picture")
    async def rules(self, interaction: discord.Interaction[GameBot]) -> None:
        """The rules in short, privately, in the reader's words."""
        w = reader(interaction)
        board = await server_words(self.bot, interaction.guild_id) \
            if interaction.guild_id is not None else w
        await show_rules(interaction, rules_text(w, board), functools.partial(art.render_rules, w),
                         "mimic-rules.png")

    @app_commands.command(name="hand", description="Your MIMIC hand and where your cards fit")
    async def hand(self, interaction: discord.Interaction[GameBot]) -> None:
        """The same private picture as the board's "Show my hand" button."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table = await caller_of(interaction)
            if table is None:
                await no_game_here(interaction, "mimic.reply.no_game")
                return
            await send_hand(interaction, table.match)
        except Exception:
            await apologise(interaction, None)

    # -- moves -----------------------------------------------------------------------------

    async def _play(self, interaction: discord.Interaction[GameBot],
                    build: Any) -> None:
        """Defer privately, decode the move against the caller's view, submit, answer.

        ``build(table)`` returns the action codes to submit in order, or a string to tell the
        user instead (a move that cannot even be built).
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        w = reader(interaction)
        table: Caller | None = None
        try:
            table = await caller_of(interaction)
            if table is None:
                await no_game_here(interaction, "mimic.reply.no_game_start")
                return
            if table.seat is None or table.view is None:
                await tell(interaction, w("lobby.error.not_playing"))
                return
            codes = build(table)
            if isinstance(codes, str):
                await tell(interaction, codes)
                return
            await tell(interaction, await self._submit(interaction, table, codes))
        except RuleError as error:
            await tell(interaction, reason(error, table.seats if table is not None else [], w))
        except Exception:
            await apologise(interaction, table.match.id if table is not None else None)

    async def _submit(self, interaction: discord.Interaction[GameBot], table: Caller,
                      codes: Sequence[str]) -> str:
        """Submit the codes in order; the private answer: what happened and what is next, or
        why the rules refused a code.

        Repeated deck draws stop early once the draw phase is over (the rules draw the last
        cards themselves when no face-up card is left to choose).
        """
        sessions = self.bot.sessions
        at_ms = int(interaction.created_at.timestamp() * 1000)
        assert table.seat is not None  # noqa: S101 (narrows the type for mypy)
        seat = table.seat.seat
        events: list[Event] = []
        match = table.match
        for i, code in enumerate(codes):
            state = match.state or {}
            if i and code == "draw:deck" and (state.get("phase") != "draw"
                                              or state.get("turn") != seat):
                break
            try:
                transition = await sessions.submit(match.id, interaction.user.id, code, None,
                                                   at_ms)
            except IllegalAction as error:
                if isinstance(error, (NotYourTurn, GameOver)):
                    raise
                told = [line for e in events if (line := own_line(e, seat, table.w))]
                return "\n".join([*told, reason(error, table.seats, table.w)])
            events += transition.events
            match = transition.match
        return self._after(match, seat, events, table)

    def _after(self, match: MatchRow, seat: int, events: Sequence[Event], table: Caller) -> str:
        """Words for the mover: what their move did, private news, and the next step."""
        w = table.w
        lines = [line for e in events if (line := own_line(e, seat, w))]
        if match.status != "active" or match.state is None:
            lines.append(w("mimic.after.over"))
            return "\n".join(lines)
        view = RULES.view(match.state, seat)
        if seat in view["active"]:
            lines.append(next_hint(view, w, table.board))
            note = stuck_note(view, w)
            if note:
                lines.append(note)
        else:
            lines.append(w("mimic.after.done"))
        return "\n".join(lines)

    @app_commands.command(name="place", description="Lay a card from your hand on the grid")
    @app_commands.describe(card="A card from your hand", cell="A legal cell for that card")
    async def place(self, interaction: discord.Interaction[GameBot], card: str,
                    cell: str) -> None:
        """``place:<card>:<cell>``."""
        def build(table: Caller) -> list[str] | str:
            return [f"place:{find_card(table.seated_view, card)}:{normal_cell(cell)}"]
        await self._play(interaction, build)

    @place.autocomplete("card")
    async def _place_card(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        return await choices.place_cards(interaction, current)

    @place.autocomplete("cell")
    async def _place_cell(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        return await choices.place_cells(interaction, current)

    @app_commands.command(name="power", description="Use one of your power cards")
    @app_commands.describe(card="The power card", target="Yellow/Red/Blue: the card on the grid",
                           to="Yellow: where the card goes")
    async def power(self, interaction: discord.Interaction[GameBot], card: str,
                    target: str | None = None, to: str | None = None) -> None:
        """``power:green``/``power:orange``, ``red:X``, ``blue:X``, ``yellow:X`` then ``to:Y``."""
        def build(table: Caller) -> list[str] | str:
            w = table.w
            colour = choices.power_colour(card)
            if colour in ("green", "orange"):
                return [f"power:{colour}"]
            if colour not in ("yellow", "red", "blue"):
                return w("mimic.reply.power_name")
            pending = table.seated_view["step"]["pending"]
            if colour == "yellow" and pending is not None:
                if to is None:
                    return w("mimic.reply.say_to", cancel=table.board("mimic.button.cancel"))
                return [f"to:{normal_cell(to)}"]
            if target is None:
                return w("mimic.reply.target", power=w(f"mimic.power_acc.{colour}"))
            codes = [f"{colour}:{normal_cell(target)}"]
            if colour == "yellow" and to is not None:
                codes.append(f"to:{normal_cell(to)}")
            return codes
        await self._play(interaction, build)

    @power.autocomplete("card")
    async def _power_card(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        return await choices.power_cards(interaction, current)

    @power.autocomplete("target")
    async def _power_target(self, interaction: discord.Interaction[GameBot],
                            current: str) -> list[app_commands.Choice[str]]:
        return await choices.power_targets(interaction, current)

    @power.autocomplete("to")
    async def _power_to(self, interaction: discord.Interaction[GameBot],
                        current: str) -> list[app_commands.Choice[str]]:
        return await choices.power_destinations(interaction, current)

    @app_commands.command(name="start-card", description="Place the yellow start card you earned")
    @app_commands.describe(cell="Next to a MIMIC card, not next to another start card")
    async def start_card(self, interaction: discord.Interaction[GameBot], cell: str) -> None:
        """``start:<cell>``."""
        await self._play(interaction, lambda table: [f"start:{normal_cell(cell)}"])

    @start_card.autocomplete("cell")
    async def _start_cell(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        return await choices.start_cells(interaction, current)

    @app_commands.command(name="draw", description="Draw a card: a face-up one or from the deck")
    @app_commands.describe(choice="A face-up card, the top of the deck, or fill up from the deck")
    async def draw(self, interaction: discord.Interaction[GameBot], choice: str) -> None:
        """``draw:<card>`` or ``draw:deck``; "rest" draws from the deck until the hand is full."""
        def build(table: Caller) -> list[str] | str:
            wanted = choice.strip().lower()
            if wanted == "rest":
                missing = components().hand_size - len(table.seated_view["hand"])
                return ["draw:deck"] * max(1, missing)
            if wanted == "deck":
                return ["draw:deck"]
            for face in table.seated_view["faceup"]:
                if wanted == face["id"] or wanted in names_of(face):
                    return [f"draw:{face['id']}"]
            return table.w("mimic.refused.not_faceup")
        await self._play(interaction, build)

    @draw.autocomplete("choice")
    async def _draw_choice(self, interaction: discord.Interaction[GameBot],
                           current: str) -> list[app_commands.Choice[str]]:
        return await choices.draw_choices(interaction, current)

    @app_commands.command(name="give", description="Teams: give a card to your partner")
    @app_commands.describe(card="A card from your hand")
    async def give(self, interaction: discord.Interaction[GameBot], card: str) -> None:
        """``give:<card>``."""
        await self._play(interaction, lambda t: [f"give:{find_card(t.view, card)}"])

    @give.autocomplete("card")
    async def _give_card(self, interaction: discord.Interaction[GameBot],
                         current: str) -> list[app_commands.Choice[str]]:
        return await choices.hand_choices(interaction, current)

    @app_commands.command(name="pick", description="Tie showdown: the card you show")
    @app_commands.describe(card="A card from your hand (Lion highest, then Red highest)")
    async def pick(self, interaction: discord.Interaction[GameBot], card: str) -> None:
        """``pick:<card>``."""
        await self._play(interaction, lambda t: [f"pick:{find_card(t.view, card)}"])

    @pick.autocomplete("card")
    async def _pick_card(self, interaction: discord.Interaction[GameBot],
                         current: str) -> list[app_commands.Choice[str]]:
        return await choices.hand_choices(interaction, current, ranked=True)

    @app_commands.command(name="take", description="Advanced: take a face-up power card instead"
                                                   " of laying your second card")
    @app_commands.describe(power="One of the face-up power cards")
    async def take(self, interaction: discord.Interaction[GameBot], power: str) -> None:
        """``take:<colour>``."""
        await self._play(interaction, lambda t: [f"take:{choices.power_colour(power)}"])

    @take.autocomplete("power")
    async def _take_power(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        return await choices.take_powers(interaction, current)

    @app_commands.command(name="end-turn", description="End your placement phase")
    async def end_turn(self, interaction: discord.Interaction[GameBot]) -> None:
        """``end``."""
        await self._play(interaction, lambda table: ["end"])


def ui(bot: GameBot, table: Table[MimicView]) -> MimicUI:
    """How MIMIC looks in Discord, on its table (the composition root builds it)."""
    return MimicUI(table)


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Mimic(bot))
