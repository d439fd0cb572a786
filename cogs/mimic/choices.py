"""What MIMIC's command options offer as the caller types (Discord's autocomplete): the
caller's hand cards, the legal cells for the chosen card (labelled with the start card each line
comes from, and whether it completes a set), power cards and their targets, what to draw — at
most 25 choices, in the caller's own words. A player planning while waiting is offered where
their cards would fit now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.games.mimic.ai import board_from_view
from bot.games.mimic.cards import POWER_COLOURS, components
from bot.games.mimic.hints import hand_targets, kind, move_targets
from bot.i18n import LANGUAGES, Words, words
from cogs.mimic.caller import Caller, caller_of
from cogs.mimic.table import find_card, normal_cell, stuck_note
from presentation.mimic.prompt import cell_choices, cell_notes
from presentation.mimic.words import card_name, power_name

if TYPE_CHECKING:
    from cogs._bot import GameBot

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


def choices(pairs: Sequence[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
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


def legal_cells(table: Caller) -> dict[str, list[str]]:
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


def playable_powers(table: Caller) -> set[str]:
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


async def hand_choices(interaction: discord.Interaction[GameBot], current: str,
                       ranked: bool = False) -> list[app_commands.Choice[str]]:
    """The caller's hand cards (``ranked``: the strongest in a tie showdown first)."""
    table = await caller_of(interaction)
    if table is None or table.view is None:
        return []
    faces = list(table.view["hand"])
    if ranked:
        faces.sort(key=lambda f: components().rank(f["id"]))
    return choices([(card_name(f, table.w), f["id"]) for f in faces], current)


async def place_cards(interaction: discord.Interaction[GameBot],
                      current: str) -> list[app_commands.Choice[str]]:
    """The caller's hand cards for ``/mimic place``: those that fit somewhere first,
    each with how many cells it fits."""
    table = await caller_of(interaction)
    if table is None or table.view is None:
        return []
    view, w = table.view, table.w
    targets = legal_cells(table)
    fitting: list[tuple[str, str]] = []
    stuck: list[tuple[str, str]] = []
    for face in view["hand"]:
        n = len(targets.get(face["id"], []))
        fits = w.n("mimic.choice.fits", n) if n else w("mimic.choice.nowhere")
        (fitting if n else stuck).append((f"{card_name(face, w)} — {fits}", face["id"]))
    pairs = fitting + stuck
    if stuck_note(view, w):
        pairs.insert(0, (w("mimic.choice.stuck"), "none"))
    return choices(pairs, current)


async def place_cells(interaction: discord.Interaction[GameBot],
                      current: str) -> list[app_commands.Choice[str]]:
    """The cells the chosen card may be laid on, with what each would do."""
    table = await caller_of(interaction)
    if table is None or table.view is None:
        return []
    card = find_card(table.view, str(getattr(interaction.namespace, "card", "") or ""))
    cells = legal_cells(table).get(card, [])
    return choices(cell_choices(table.view, card, cells, table.w), current)


async def power_cards(interaction: discord.Interaction[GameBot],
                      current: str) -> list[app_commands.Choice[str]]:
    """The power cards the caller may play now (or plan with, while waiting)."""
    table = await caller_of(interaction)
    if table is None or table.view is None:
        return []
    colours = playable_powers(table)
    return choices([power_choice(c, table.w) for c in POWER_COLOURS if c in colours],
                   current)


async def power_targets(interaction: discord.Interaction[GameBot],
                        current: str) -> list[app_commands.Choice[str]]:
    """The grid cards the chosen power card may be used on."""
    table = await caller_of(interaction)
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
    return choices(pairs, current)


async def power_destinations(interaction: discord.Interaction[GameBot],
                             current: str) -> list[app_commands.Choice[str]]:
    """Where Yellow may move the chosen card to."""
    table = await caller_of(interaction)
    if table is None or table.view is None:
        return []
    origin = normal_cell(str(getattr(interaction.namespace, "target", "") or ""))
    face = table.view["board"].get(origin)
    if face is None:
        return []
    cells = move_targets(table.view, origin)
    board = board_from_view(table.view).without(origin)
    pairs = [(f"{c} — {cell_notes(board, c, kind(face), table.w)}", c) for c in cells]
    return choices(pairs, current)


async def start_cells(interaction: discord.Interaction[GameBot],
                      current: str) -> list[app_commands.Choice[str]]:
    """The cells the earned yellow start card may be placed on."""
    table = await caller_of(interaction)
    if table is None:
        return []
    cells = [c[6:] for c in table.legal if c.startswith("start:")]
    return choices([(c, c) for c in cells], current)


async def draw_choices(interaction: discord.Interaction[GameBot],
                       current: str) -> list[app_commands.Choice[str]]:
    """The face-up cards, the deck and filling the hand from it."""
    table = await caller_of(interaction)
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
    return choices(pairs, current)


async def take_powers(interaction: discord.Interaction[GameBot],
                      current: str) -> list[app_commands.Choice[str]]:
    """The face-up power cards the caller may take (advanced game)."""
    table = await caller_of(interaction)
    if table is None:
        return []
    colours = [c[5:] for c in table.legal if c.startswith("take:")]
    return choices([power_choice(c, table.w) for c in colours], current)
