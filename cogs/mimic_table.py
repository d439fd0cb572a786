"""MIMIC's table in Discord: how the board looks, its buttons, its log, and the words of the
private hand. A hand card is never named in public: only cards on the table, face up, or
shown in a tie.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.repo import MatchRow, SeatRow
from bot.i18n import Words
from bot.games.core import Event
from bot.games.mimic.ai import board_from_view
from bot.games.mimic.geometry import order
from bot.games.mimic.rules import side_of
from bot.games.mimic.hints import (
    can_lay,
    extendable_lines,
    hand_targets,
    kind,
    line_facts,
    needed,
)
from bot.games.mimic.sets import Board
from bot.texts import mimic as texts
from bot.texts.mimic import title
from cogs._ui import (
    EN,
    GameAction,
    QueryButton,
    mention,
    plain,
    png_file,
    seat_name,
    seat_names,
    tell,
)
from rendering import mimic as art

if TYPE_CHECKING:
    from cogs._bot import GameBot

View = Mapping[str, Any]
RULES_TEXT = """\
**MIMIC** — build sets of **two pairs of animals in one colour** (AABB, ABAB, ABBA…) in a \
line of four cards running from a start card. A line goes straight and turns only at an \
obstruction: the border, another start card, or a card with a cube.
• Each turn lay **two** cards from your hand (`/mimic place` — the cell list shows only legal \
cells), then draw back to five (`/mimic draw`, or **Draw from deck**). Solo: 2–5 cards a turn.
• A completed set puts one of your cubes on its 4th card (it becomes an obstruction), and you \
place a yellow start card (`/mimic start-card`).
• Power cards (`/mimic power`), once each: **Green** a third card (not in solo) · \
**Yellow** move a card · \
**Red** remove a card · **Blue** cube on 1.5 pairs · **Orange** jump one cube or start card.
• Teams: first the partner gives you a card and you give one back (`/mimic give`). Advanced: \
after one card you may take a face-up power card instead of the second (`/mimic take`).
• First to place all cubes wins; if someone can't lay two cards, most cubes wins; a tie is \
settled by each tied player showing a card (`/mimic pick`): Lion > Elephant > Giraffe > Zebra > \
Ostrich, then Red > Green > Blue.
**Show my hand** under the board (or `/mimic hand`) shows your cards and where they fit."""


def cell_notes(board: Board, cell: str, card_kind: tuple[str, str]) -> str:
    """Why a cell is legal for a card: the start cards its lines come from, and a completion."""
    starts, longest, completes = line_facts(board, cell, card_kind)
    where = ", ".join(starts)
    parts = [f"line from start {where}" if len(starts) == 1 else f"lines from starts {where}"]
    if longest:
        parts.append(f"{longest} card{'s' if longest > 1 else ''} on it")
    if completes:
        parts.insert(0, "completes a set!")
    return " · ".join(parts)


def cell_choices(view: View, card: str, cells: Sequence[str]) -> list[tuple[str, str]]:
    """``(label, cell)`` for each legal cell of a hand card; set-completing cells first."""
    face = next((f for f in view["hand"] if f["id"] == card), None)
    if face is None:
        return []
    board = board_from_view(view)
    labelled = [(f"{cell} — {cell_notes(board, cell, kind(face))}", cell) for cell in cells]
    return sorted(labelled, key=lambda lc: (not lc[0].split(" — ")[1].startswith("completes"),
                                            order(lc[1])))


def stuck_note(view: View) -> str | None:
    """The private warning of spec §End: no two legal placements exist from the hand."""
    need = needed(view)
    if need == 0 or view["step"]["pending"] is not None or can_lay(view, need):
        return None
    what = "two legal placements exist" if need == 2 else "legal placement exists"
    return (f"⚠️ No {what} from your hand. You may still use a power card to make room; "
            "if you end your turn without laying two cards, **the game ends**.")


def find_card(view: View, text: str) -> str:
    """A hand card from what the user typed: its id, or its name (``red lion``)."""
    text = text.strip()
    for face in view["hand"]:
        if text.lower() in (face["id"], title(face).lower()):
            return face["id"]
    return text


def normal_cell(text: str) -> str:
    return text.strip().upper()


def own_line(event: Event, seat: int) -> str | None:
    """The mover's own events, told to them privately (their drawn card included)."""
    data = event.data
    mine = event.seat == seat
    if event.visible_to is not None:
        if seat not in event.visible_to or "card" not in data:
            return None
        if event.kind == "card_drawn":
            return f"You drew a {title(texts.face(data['card']))}."
        if event.kind == "card_given":
            verb = "You gave" if mine else "You received"
            return f"{verb} a {title(texts.face(data['card']))}."
        return None
    if not mine:
        return None
    match event.kind:
        case "card_placed":
            return f"You laid a {title(texts.face(data['card']))} on {data['cell']}."
        case "set_completed":
            return f"✅ Set completed — your cube goes on {data['cell']}!"
        case "start_placed":
            return f"Start card placed on {data['cell']}."
        case "power_used":
            return f"{data['power'].title()} power card used."
        case "power_taken":
            return f"You took the {data['power']} power card."
        case "showdown_picked":
            return "Your card is picked; all picks are revealed together."
    return None


def hand_text(view: View, targets: Mapping[str, Sequence[str]]) -> str:
    """The private hand in words, with the cells each card fits."""
    lines = ["**Your hand**"]
    for i, face in enumerate(view["hand"], 1):
        cells = targets.get(face["id"], [])
        where = ", ".join(cells[:12]) + (" …" if len(cells) > 12 else "") if cells else "no cell"
        lines.append(f"{i}. {title(face)} — fits: {where}")
    if not view["hand"]:
        lines.append("(empty)")
    powers = view["powers"][view["seat"]]
    active = ", ".join(p.title() for p in powers["active"]) or "none"
    lines.append(f"Power cards: {active}")
    return "\n".join(lines)


class MimicUI:
    """How a MIMIC table looks, which buttons it has, and its private hand view."""

    game = "mimic"
    name = "MIMIC"
    solo_unit = "cubes"  # a solo game's score, on the solo leaderboard

    def board(
        self, match: MatchRow, seats: Sequence[SeatRow], view: dict[str, Any], w: Words = EN
    ) -> bytes:
        """The table picture."""
        return art.render_board(view, seat_names(seats, w))

    def controls(
        self, match: MatchRow, seats: Sequence[SeatRow], view: dict[str, Any], w: Words = EN
    ) -> list[discord.ui.Item[Any]]:
        """Show my hand; End turn and Draw from deck (enabled when they fit); Cancel move."""
        phase = view["phase"]
        placing = phase == "place" and view["step"]["pending"] is None
        items: list[discord.ui.Item[Any]] = [
            QueryButton(match.id, "hand", label="Show my hand", emoji="🃏",
                        style=discord.ButtonStyle.primary),
            GameAction(match.id, match.version, "end", label="End turn",
                       style=discord.ButtonStyle.secondary, disabled=not placing),
            GameAction(match.id, match.version, "draw:deck", label="Draw from deck",
                       style=discord.ButtonStyle.secondary,
                       disabled=not (phase == "draw" and view["deck"] > 0)),
        ]
        if view["step"]["pending"] is not None:
            items.append(GameAction(match.id, match.version, "cancel", label="Cancel move",
                                    style=discord.ButtonStyle.danger))
        return items

    def status(
        self, match: MatchRow, seats: Sequence[SeatRow], view: dict[str, Any], w: Words = EN
    ) -> str:
        """Whose move it is and which command makes it."""
        phase = view["phase"]
        if phase == "over":
            return self._result(seats, view, w)
        who = mention(seats[view["turn"]])
        step = view["step"]
        if phase == "place":
            if step["pending"] is not None:
                return (f"{who}: move the card from {step['pending']['from']} — "
                        "`/mimic power card:yellow … to:` or **Cancel move**.")
            laid = f"{step['placed']} laid"
            return f"{who}: lay cards with `/mimic place` ({laid}), then **End turn**."
        if phase == "start":
            return f"{who} completed a set: place a yellow start card with `/mimic start-card`."
        if phase == "draw":
            return f"{who}: draw back to five — `/mimic draw` or **Draw from deck**."
        if phase == "exchange":
            if view["exchange"]["stage"] == "partner":
                mate = next(s for s in view["sides"][side_of(view, view["turn"])]
                            if s != view["turn"])
                return f"{mention(seats[mate], w)}: give {who} a card with `/mimic give`."
            return f"{who}: give your partner a card back with `/mimic give`."
        waiting = ", ".join(mention(seats[s], w) for s in view["active"])
        return f"Tie! {waiting}: pick a card to show with `/mimic pick` (revealed together)."

    @staticmethod
    def _result(seats: Sequence[SeatRow], view: dict[str, Any], w: Words) -> str:
        placed = view["cubes_placed"]
        if view["mode"] == "solo":
            total = placed[0] + view["cubes_left"][0]
            return f"🏁 game over — {mention(seats[0], w)} placed {placed[0]} of {total} cubes."
        winners = (view["result"] or {}).get("winners", [])
        if not winners:
            return "🏁 game over — nobody wins."
        best = placed[side_of(view, winners[0])]
        names = " and ".join(mention(seats[s], w) for s in winners)
        verb = "win" if len(winners) > 1 else "wins"
        return f"🏆 game over — {names} {verb} with {best} cube{'s' if best != 1 else ''}!"

    def describe(self, event: Event, seats: Sequence[SeatRow], w: Words = EN) -> str | None:
        """One line per public event; a hand card is never named (only cards on the table)."""
        return texts.describe(event, [plain(seat_name(s, w)) for s in seats], quote=plain)

    async def query(
        self, interaction: discord.Interaction[GameBot], match: MatchRow, query: str
    ) -> None:
        """The "Show my hand" button: the seat's cards, power cards and where they fit."""
        if query != "hand":
            await interaction.followup.send("Nothing to show.", ephemeral=True)
            return
        await send_hand(interaction, match)


async def send_hand(interaction: discord.Interaction[GameBot], match: MatchRow) -> None:
    """The private hand picture and text (the interaction is already deferred)."""
    sessions = interaction.client.sessions
    seats = await sessions.repo.seats(match.id)
    seat = next((s for s in seats if s.user_id == interaction.user.id and not s.is_computer),
                None)
    if seat is None:
        await tell(interaction, "You're not playing in this game.")
        return
    view = sessions.rules(match.game).view(match.state, seat.seat)
    targets = hand_targets(view)
    lines = extendable_lines(view)
    png = await asyncio.to_thread(art.render_hand, view, seat_names(seats), targets, lines)
    text = hand_text(view, targets)
    note = stuck_note(view)
    if note:
        text += "\n" + note
    await interaction.followup.send(
        text, file=png_file(png, "mimic-hand.png"), ephemeral=True
    )
