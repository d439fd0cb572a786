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
``cogs.mimic.table``; every word comes from the catalogue (``bot/i18n/*/mimic.po``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.repo import MatchRow, SeatRow
from bot.games.core import Event, GameOver, IllegalAction, NotYourTurn, RuleError
from bot.games.mimic import RULES
from bot.games.mimic.ai import board_from_view
from bot.games.mimic.cards import POWER_COLOURS, components
from bot.games.mimic.hints import hand_targets, kind, move_targets
from bot.games.mimic.views import MimicView
from bot.i18n import LANGUAGES, Words, words
from bot.texts.mimic import card_name, power_name
from cogs._cog import GameCog
from cogs._lobby import THREAD_OPTION, minutes, no_game_here, open_lobby
from cogs._ui import apologise, reader, reason, server_words, show_rules, tell
from cogs.mimic.table import (
    MimicUI,
    find_card,
    names_of,
    normal_cell,
    own_line,
    rules_text,
    send_hand,
    stuck_note,
)
from presentation.mimic import cell_choices, cell_notes, next_hint
from rendering import mimic as art

if TYPE_CHECKING:
    from cogs._bot import GameBot

log = logging.getLogger(__name__)

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices


def power_choice(colour: str, w: Words) -> tuple[str, str]:
    """A power card as an autocomplete choice: what it does, in the typing user's words."""
    return (w(f"mimic.power_label.{colour}"), colour)


def power_colour(text: str) -> str:
    """A power card from what the user typed: its colour code, or its name in any language
    (``Zelená``)."""
    typed = text.strip().lower()
    for colour in POWER_COLOURS:
        if typed in {colour} | {power_name(colour, words(lang)).lower() for lang in LANGUAGES}:
            return colour
    return typed


# -- the commands --------------------------------------------------------------------------

class Caller:
    """What a command needs to know about the caller's game: match, seats, the caller's view,
    and the words to answer in (``w``, the caller's own; ``board``, the server's, which the
    board's buttons are labelled in)."""

    def __init__(self, match: MatchRow, seats: list[SeatRow], seat: SeatRow | None,
                 view: MimicView | None, legal: list[str], w: Words,
                 board: Words) -> None:
        self.match, self.seats, self.seat, self.view, self.legal = match, seats, seat, view, legal
        self.w, self.board = w, board

    @property
    def seated_view(self) -> MimicView:
        """The caller's view of the table (only a seated caller's moves get this far)."""
        if self.view is None:
            raise LookupError("a caller who is not playing has no view of their own")
        return self.view


async def _table(interaction: discord.Interaction[GameBot]) -> Caller | None:
    """The running MIMIC game in this channel and the caller's place in it (None: none)."""
    sessions = interaction.client.sessions
    match = await sessions.repo.open_match_in(interaction.channel_id or 0)
    if match is None or match.game != "mimic" or match.status != "active":
        return None
    seats = await sessions.repo.seats(match.id)
    w = reader(interaction)
    board = await server_words(interaction.client, match.guild_id)
    seat = next((s for s in seats if s.user_id == interaction.user.id and not s.is_computer),
                None)
    if seat is None:
        return Caller(match, seats, None, None, [], w, board)
    view = RULES.view(match.live, seat.seat)
    return Caller(match, seats, seat, view, list(RULES.legal_actions(match.live, seat.seat)),
                  w, board)


def _choices(pairs: Sequence[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """At most 25 choices matching what the user typed: values starting with it first (typing
    "F" lists the F column), then labels starting with it, then any label containing it."""
    typed = current.strip().lower()

    def rank(pair: tuple[str, str]) -> int:
        name, value = pair[0].lower(), pair[1].lower()
        if value.startswith(typed):
            return 0
        if name.startswith(typed):
            return 1
        return 2 if typed in name else 3

    hits = sorted((p for p in pairs if rank(p) < 3), key=rank)  # stable: keeps list order
    return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in hits[:MAX_CHOICES]]


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
            table = await _table(interaction)
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
            table = await _table(interaction)
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
        table = await _table(interaction)
        if table is None or table.view is None:
            return []
        view, w = table.view, table.w
        targets = _legal_cells(table)
        fitting: list[tuple[str, str]] = []
        stuck: list[tuple[str, str]] = []
        for face in view["hand"]:
            n = len(targets.get(face["id"], []))
            fits = w.n("mimic.choice.fits", n) if n else w("mimic.choice.nowhere")
            (fitting if n else stuck).append((f"{card_name(face, w)} — {fits}", face["id"]))
        pairs = fitting + stuck
        if stuck_note(view, w):
            pairs.insert(0, (w("mimic.choice.stuck"), "none"))
        return _choices(pairs, current)

    @place.autocomplete("cell")
    async def _place_cell(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        table = await _table(interaction)
        if table is None or table.view is None:
            return []
        card = find_card(table.view, str(getattr(interaction.namespace, "card", "") or ""))
        cells = _legal_cells(table).get(card, [])
        return _choices(cell_choices(table.view, card, cells, table.w), current)

    @app_commands.command(name="power", description="Use one of your power cards")
    @app_commands.describe(card="The power card", target="Yellow/Red/Blue: the card on the grid",
                           to="Yellow: where the card goes")
    async def power(self, interaction: discord.Interaction[GameBot], card: str,
                    target: str | None = None, to: str | None = None) -> None:
        """``power:green``/``power:orange``, ``red:X``, ``blue:X``, ``yellow:X`` then ``to:Y``."""
        def build(table: Caller) -> list[str] | str:
            w = table.w
            colour = power_colour(card)
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
        table = await _table(interaction)
        if table is None or table.view is None:
            return []
        colours = _playable_powers(table)
        return _choices([power_choice(c, table.w) for c in POWER_COLOURS if c in colours],
                        current)

    @power.autocomplete("target")
    async def _power_target(self, interaction: discord.Interaction[GameBot],
                            current: str) -> list[app_commands.Choice[str]]:
        table = await _table(interaction)
        if table is None or table.view is None:
            return []
        colour = power_colour(str(getattr(interaction.namespace, "card", "") or ""))
        if colour not in ("yellow", "red", "blue"):
            return []
        board = table.view["board"]
        pending = table.view["step"]["pending"]
        if colour == "yellow" and pending is not None:
            cells = [pending["from"]]
        else:
            cells = [code.split(":", 1)[1] for code in table.legal
                     if code.startswith(f"{colour}:")]
        pairs = [(f"{c} — {card_name(board[c], table.w)}", c) for c in cells if c in board]
        return _choices(pairs, current)

    @power.autocomplete("to")
    async def _power_to(self, interaction: discord.Interaction[GameBot],
                        current: str) -> list[app_commands.Choice[str]]:
        table = await _table(interaction)
        if table is None or table.view is None:
            return []
        origin = normal_cell(str(getattr(interaction.namespace, "target", "") or ""))
        face = table.view["board"].get(origin)
        if face is None:
            return []
        cells = move_targets(table.view, origin)
        board = board_from_view(table.view).without(origin)
        pairs = [(f"{c} — {cell_notes(board, c, kind(face), table.w)}", c) for c in cells]
        return _choices(pairs, current)

    @app_commands.command(name="start-card", description="Place the yellow start card you earned")
    @app_commands.describe(cell="Next to a MIMIC card, not next to another start card")
    async def start_card(self, interaction: discord.Interaction[GameBot], cell: str) -> None:
        """``start:<cell>``."""
        await self._play(interaction, lambda table: [f"start:{normal_cell(cell)}"])

    @start_card.autocomplete("cell")
    async def _start_cell(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        table = await _table(interaction)
        if table is None:
            return []
        cells = [c[6:] for c in table.legal if c.startswith("start:")]
        return _choices([(c, c) for c in cells], current)

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
        table = await _table(interaction)
        if table is None or table.view is None:
            return []
        view, w = table.view, table.w
        pairs = [(w("mimic.choice.faceup", card=card_name(f, w)), f["id"])
                 for f in view["faceup"]]
        if view["deck"]:
            missing = components().hand_size - len(view["hand"])
            pairs.append((w("mimic.choice.deck"), "deck"))
            if missing > 1:
                pairs.append((w("mimic.choice.fill", cards=w.n("unit.cards", missing)), "rest"))
        return _choices(pairs, current)

    @app_commands.command(name="give", description="Teams: give a card to your partner")
    @app_commands.describe(card="A card from your hand")
    async def give(self, interaction: discord.Interaction[GameBot], card: str) -> None:
        """``give:<card>``."""
        await self._play(interaction, lambda t: [f"give:{find_card(t.view, card)}"])

    @give.autocomplete("card")
    async def _give_card(self, interaction: discord.Interaction[GameBot],
                         current: str) -> list[app_commands.Choice[str]]:
        return await _hand_choices(interaction, current)

    @app_commands.command(name="pick", description="Tie showdown: the card you show")
    @app_commands.describe(card="A card from your hand (Lion highest, then Red highest)")
    async def pick(self, interaction: discord.Interaction[GameBot], card: str) -> None:
        """``pick:<card>``."""
        await self._play(interaction, lambda t: [f"pick:{find_card(t.view, card)}"])

    @pick.autocomplete("card")
    async def _pick_card(self, interaction: discord.Interaction[GameBot],
                         current: str) -> list[app_commands.Choice[str]]:
        return await _hand_choices(interaction, current, ranked=True)

    @app_commands.command(name="take", description="Advanced: take a face-up power card instead"
                                                   " of laying your second card")
    @app_commands.describe(power="One of the face-up power cards")
    async def take(self, interaction: discord.Interaction[GameBot], power: str) -> None:
        """``take:<colour>``."""
        await self._play(interaction, lambda t: [f"take:{power_colour(power)}"])

    @take.autocomplete("power")
    async def _take_power(self, interaction: discord.Interaction[GameBot],
                          current: str) -> list[app_commands.Choice[str]]:
        table = await _table(interaction)
        if table is None:
            return []
        colours = [c[5:] for c in table.legal if c.startswith("take:")]
        return _choices([power_choice(c, table.w) for c in colours], current)

    @app_commands.command(name="end-turn", description="End your placement phase")
    async def end_turn(self, interaction: discord.Interaction[GameBot]) -> None:
        """``end``."""
        await self._play(interaction, lambda table: ["end"])


def _legal_cells(table: Caller) -> dict[str, list[str]]:
    """Each hand card's cells: in the caller's own placement phase exactly the legal
    ``place:`` actions; otherwise where it would fit now (so a player can plan while waiting)."""
    view = table.seated_view
    if view["phase"] == "place" and view["seat"] == view["turn"]:
        found: dict[str, list[str]] = {}
        for code in table.legal:
            if code.startswith("place:"):
                _, card, cell = code.split(":")
                found.setdefault(card, []).append(cell)
        return found
    return hand_targets(view)


def _playable_powers(table: Caller) -> set[str]:
    """The power cards to offer: in the caller's own placement phase exactly those a legal
    action plays (so never one the rules refuse, such as Green in solo); otherwise the active
    ones, so a player can plan while waiting."""
    view, seat = table.seated_view, table.seat
    if seat is None:
        return set()
    if view["phase"] == "place" and view["seat"] == view["turn"]:
        found: set[str] = set()
        for code in table.legal:
            verb, _, arg = code.partition(":")
            if verb == "power":
                found.add(arg)
            elif verb in ("yellow", "red", "blue"):
                found.add(verb)
            elif verb in ("to", "cancel"):  # a Yellow move under way
                found.add("yellow")
        return found
    return set(view["powers"][seat.seat]["active"])


async def _hand_choices(interaction: discord.Interaction[GameBot], current: str,
                        ranked: bool = False) -> list[app_commands.Choice[str]]:
    table = await _table(interaction)
    if table is None or table.view is None:
        return []
    faces = list(table.view["hand"])
    if ranked:
        faces.sort(key=lambda f: components().rank(f["id"]))
    return _choices([(card_name(f, table.w), f["id"]) for f in faces], current)


def ui(bot: GameBot) -> MimicUI:
    """How MIMIC looks in Discord (the composition root builds it)."""
    return MimicUI()


async def setup(bot: GameBot) -> None:
    """Load the cog."""
    await bot.add_cog(Mimic(bot))
