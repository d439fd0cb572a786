"""MIMIC's table in Discord: how the board looks, its buttons, its log, and the private hand,
said from the catalogue: the board in the server's words, the hand in the reader's. A hand
card is never named in public: only cards on the table, face up, or shown in a tie.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.games.core import Event
from bot.games.mimic import RULES
from bot.games.mimic.hints import (
    can_lay,
    extendable_lines,
    hand_targets,
    needed,
)
from bot.games.mimic.views import Face, MimicView
from bot.i18n import LANGUAGES, Words, words
from cogs._buttons import GameAction, QueryButton
from cogs._replies import alt_text, png_file, reader, tell
from cogs._ui import EN, GameUI, seat_names
from presentation.mimic import words as texts
from presentation.mimic.words import card_name, power_name
from rendering import mimic as art

if TYPE_CHECKING:
    from cogs._bot import GameBot


def stuck_note(view: MimicView, w: Words) -> str | None:
    """The private warning of spec §End: no two legal placements exist from the hand."""
    need = needed(view)
    if need == 0 or view["step"]["pending"] is not None or can_lay(view, need):
        return None
    return w("mimic.stuck.two" if need == 2 else "mimic.stuck.one")


def find_card(view: MimicView, text: str) -> str:
    """A hand card from what the user typed: its id, or its name in any language
    (``red lion``, ``červený lev``)."""
    text = text.strip()
    for face in view["hand"]:
        if text.lower() == face["id"] or text.lower() in names_of(face):
            return face["id"]
    return text


def names_of(face: Face) -> set[str]:
    """A card's name in every language, lower-cased, as a player may type it."""
    return {card_name(face, w).lower() for w in (words(lang) for lang in LANGUAGES)}


def normal_cell(text: str) -> str:
    return text.strip().upper()


def own_line(event: Event, seat: int, w: Words) -> str | None:
    """The mover's own events, told to them privately (their drawn card included)."""
    data = event.data
    mine = event.seat == seat
    if event.visible_to is not None:
        if seat not in event.visible_to or "card" not in data:
            return None
        card = card_name(texts.face(data["card"]), w)
        if event.kind == "card_drawn":
            return w("mimic.own.drew", card=card)
        if event.kind == "card_given":
            return w("mimic.own.gave" if mine else "mimic.own.received", card=card)
        return None
    if not mine:
        return None
    match event.kind:
        case "card_placed":
            return w("mimic.own.laid", card=card_name(texts.face(data["card"]), w),
                     cell=data["cell"])
        case "set_completed":
            return w("mimic.own.set", cell=data["cell"])
        case "start_placed":
            return w("mimic.own.start", cell=data["cell"])
        case "power_used":
            return w("mimic.own.power_used", power=power_name(data["power"], w))
        case "power_taken":
            return w("mimic.own.power_taken", power=w(f"mimic.power_acc.{data['power']}"))
        case "showdown_picked":
            return w("mimic.own.picked")
    return None


def hand_text(view: MimicView, targets: Mapping[str, Sequence[str]], w: Words) -> str:
    """The private hand in words, with the cells each card fits."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("the public view holds no hand")
    lines = [w("mimic.hand.title")]
    for i, face in enumerate(view["hand"], 1):
        cells = targets.get(face["id"], [])
        where = ", ".join(cells[:12]) + (" …" if len(cells) > 12 else "") if cells \
            else w("mimic.hand.nowhere")
        lines.append(w("mimic.hand.card", number=i, card=card_name(face, w), cells=where))
    if not view["hand"]:
        lines.append(w("mimic.hand.empty"))
    powers = view["powers"][seat]
    active = ", ".join(power_name(p, w) for p in powers["active"]) or w("mimic.hand.no_powers")
    lines.append(w("mimic.hand.powers", powers=active))
    return "\n".join(lines)


class MimicUI(GameUI[MimicView]):
    """How a MIMIC table looks, which buttons it has, and its private hand view."""

    game = "mimic"
    solo_unit = "cubes"  # a solo game's score, on the solo leaderboard

    def controls(
        self, match: MatchRow, seats: Sequence[SeatRow], view: MimicView, w: Words = EN
    ) -> list[discord.ui.Item[Any]]:
        """Show my hand; End turn and Draw from deck (enabled when they fit); Cancel move."""
        phase = view["phase"]
        placing = phase == "place" and view["step"]["pending"] is None
        items: list[discord.ui.Item[Any]] = [
            QueryButton(match.id, "hand", label=w("mimic.button.hand"), emoji="🃏",
                        style=discord.ButtonStyle.primary),
            GameAction(match.id, match.version, "end", label=w("mimic.button.end"),
                       style=discord.ButtonStyle.secondary, disabled=not placing),
            GameAction(match.id, match.version, "draw:deck", label=w("mimic.button.draw"),
                       style=discord.ButtonStyle.secondary,
                       disabled=not (phase == "draw" and view["deck"] > 0)),
        ]
        if view["step"]["pending"] is not None:
            items.append(GameAction(match.id, match.version, "cancel",
                                    label=w("mimic.button.cancel"),
                                    style=discord.ButtonStyle.danger))
        return items

    async def query(
        self, interaction: discord.Interaction[GameBot], match: MatchRow, query: str
    ) -> None:
        """The "Show my hand" button: the seat's cards, power cards and where they fit."""
        if query != "hand":
            await tell(interaction, reader(interaction)("mimic.hand.nothing"))
            return
        await send_hand(interaction, match)


async def send_hand(interaction: discord.Interaction[GameBot], match: MatchRow) -> None:
    """The private hand picture and text (the interaction is already deferred), in the
    reader's words."""
    w = reader(interaction)
    sessions = interaction.client.sessions
    seats = await sessions.repo.seats(match.id)
    seat = next((s for s in seats if s.user_id == interaction.user.id and not s.is_computer),
                None)
    if seat is None:
        await tell(interaction, w("lobby.error.not_playing"))
        return
    view = RULES.view(match.live, seat.seat)
    targets = hand_targets(view)
    lines = extendable_lines(view)
    png = await asyncio.to_thread(art.render_hand, view, seat_names(seats, w), w, targets,
                                    lines)
    text = hand_text(view, targets, w)
    note = stuck_note(view, w)
    if note:
        text += "\n" + note
    await interaction.followup.send(
        text, file=png_file(png, "mimic-hand.png", alt_text(text)), ephemeral=True
    )
