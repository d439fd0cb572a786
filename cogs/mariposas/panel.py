"""Mariposas' private turn panel: what the active player sees and presses to make a turn.

The panel is built from the seat's view and legal actions alone (`build`, pure): a prompt,
the spaces to highlight on the private map (labelled as the options name them), and the
controls — select menus for cards, moves, landings, payments (split into menus of 25, as many
as the message's five rows leave beside the buttons), buttons for flowers, confirm, trade-in
and Undo. Every legal choice is in the panel: when there are more than the menus hold (a
hatch paid from a big flower stock, a long move's landings), the first menu picks a group —
the first flower of a payment, a range of space numbers — and the other menus show that
group's choices (`narrow`); choices that stand alone ("Do not hatch") come first in it.

Every control carries the match and the version it was drawn at (``mpb:``/``mps:`` ids), so a
stale panel is refused by the session's version check, and the same panel message is edited
to the next step after each accepted choice. The public board is redrawn only at the end of a
turn (`MariposasUI.quiet`).
"""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.db.rows import MatchRow, SeatRow
from bot.games.core import RuleError, StaleAction
from bot.games.mariposas.rules import RULES
from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from cogs._custom_ids import DIGIT, ID, known_template
from cogs._replies import alt_text, apologise, png_file, reader, reason, tell
from cogs._ui import seat_names
from presentation.mariposas import words
from presentation.mariposas.marks import BUTTON_VERBS, highlights
from presentation.mariposas.prompt import K, prompt, step_of

if TYPE_CHECKING:
    from cogs._bot import GameBot

MENU = 25  # options per select menu (Discord's limit)
ROWS = 5  # action rows per message (Discord's limit): menus take one each, buttons five a row
BUTTONS = 10  # at most two rows of buttons
GROUP = "~"  # a chooser option's value that shows a group instead of making a move
CHOOSER = 25  # options of the group chooser (a menu; groups are far fewer)
STYLES = {"confirm": discord.ButtonStyle.success, "undo": discord.ButtonStyle.danger,
          "keep": discord.ButtonStyle.secondary}

PANEL_BUTTON = known_template(
    rf"mpb:(?P<m>{ID}):(?P<v>[0-9]{{1,9}}):(?P<a>(?:[A-Za-z_.:=+@-]|{DIGIT}){{1,70}})")
PANEL_SELECT = known_template(rf"mps:(?P<m>{ID}):(?P<v>[0-9]{{1,9}}):(?P<n>[0-9])")


@dataclass(slots=True)
class Control:
    """One select menu (``options``: label, code) or one button (a single option)."""

    kind: str
    options: list[tuple[str, str]]
    placeholder: str = ""


@dataclass(slots=True)
class Panel:
    """What the panel shows: its text, the map's highlights and the controls."""

    text: str
    highlights: dict[int, str] = field(default_factory=dict)
    controls: list[Control] = field(default_factory=list)


def build(view: MariposasView, legal: Sequence[str], w: Words,
          narrowed: str = "") -> Panel:
    """The panel of a seat whose turn is open (``legal`` non-empty), in the reader's words;
    ``narrowed``: the group of choices the player picked, when they do not all fit."""
    step = step_of(legal)
    if not legal:
        return Panel(w(f"{K}panel.wait"))
    lines = prompt(view, legal, w)
    panel = Panel("", highlights=highlights(view, legal))
    chosen = [c for c in legal if c.partition(":")[0] not in BUTTON_VERBS]
    pressed = [c for c in legal if c.partition(":")[0] in BUTTON_VERBS][:BUTTONS]
    seen: set[str] = set()
    options = []
    for code in chosen:  # two cards of one kind read the same: offer it once
        label = words.option(code, view, w)
        if label not in seen:
            seen.add(label)
            options.append((label, code))
    # Declining a hatch first, always; a card that gives no moves (a reuse with nothing to
    # copy) last, where it does not pass for a move.
    options.sort(key=lambda option: (option[1] != "hatch:none", _no_moves(option[1])))
    menus = ROWS - -(-len(pressed) // 5)
    placeholder = w(f"{K}pick.{step}")
    if len(options) > menus * MENU:
        chooser, options = narrow(step, options, (menus - 1) * MENU, narrowed, w)
        panel.controls.append(Control("select", chooser, w(f"{K}pick.group")[:150]))
    for start in range(0, len(options), MENU):
        part = options[start:start + MENU]
        shown = placeholder
        if step == "land" and len(options) > MENU:  # which numbers this menu holds
            shown = f"{placeholder} {part[0][1][5:]}–{part[-1][1][5:]}"
        panel.controls.append(Control("select", part, shown[:150]))
    for code in pressed:
        panel.controls.append(Control("button", [(words.option(code, view, w)[:80], code)]))
    panel.text = "\n".join(lines)
    return panel


def _no_moves(code: str) -> bool:
    """A reuse card played with nothing to copy (``card:reuse_own-1``, no ``=`` target)."""
    verb, _, body = code.partition(":")
    return verb == "card" and body.startswith("reuse_") and "=" not in body.partition("+")[0]


def narrow(step: str, options: list[tuple[str, str]], room: int, narrowed: str,
           w: Words) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Too many choices for the menus: a chooser (choices that stand alone first, then one
    option per group) and the chosen group's choices (the first group until one is chosen).
    A payment is grouped by its first flowers, a landing by runs of space numbers."""
    alone = [option for option in options if option[1] == "hatch:none"]
    rest = [option for option in options if option[1] != "hatch:none"]
    if step == "hatch":
        groups = _by_first_flowers(rest, room)
        labels = [w(f"{K}hatch_group", flowers=", ".join(
            words.flower(f, w) for f in key.split("."))) for key in groups]
    else:
        groups = _runs(rest, room)
        labels = [w(f"{K}space_group", first=run[0][1].partition(":")[2],
                    last=run[-1][1].partition(":")[2]) for run in groups.values()]
    chooser = alone + [(label, GROUP + key) for label, key in zip(labels, groups, strict=True)]
    picked = groups.get(narrowed) or next(iter(groups.values()))
    return chooser[:CHOOSER], picked


def _by_first_flowers(options: list[tuple[str, str]], room: int
                      ) -> dict[str, list[tuple[str, str]]]:
    """Payments grouped by their first flowers: as few as make every group fit ``room``."""
    for depth in range(1, 6):
        groups: dict[str, list[tuple[str, str]]] = {}
        for option in options:
            key = ".".join(option[1].partition(":")[2].split(".")[:depth])
            groups.setdefault(key, []).append(option)
        if max(len(group) for group in groups.values()) <= room:
            break
    return groups


def _runs(options: list[tuple[str, str]], room: int) -> dict[str, list[tuple[str, str]]]:
    """Options in as few runs as fit ``room`` each, of even length, keyed by where they start."""
    size = math.ceil(len(options) / math.ceil(len(options) / room))
    return {str(at): options[at:at + size] for at in range(0, len(options), size)}


def items(panel: Panel, match_id: int, version: int) -> list[discord.ui.Item[Any]]:
    """The panel's controls as restart-proof Discord items for this version."""
    out: list[discord.ui.Item[Any]] = []
    buttons = 0
    selects = [c for c in panel.controls if c.kind == "select"]
    for n, control in enumerate(selects):
        out.append(PanelSelect(match_id, version, n, control.options, control.placeholder))
    for control in panel.controls:
        if control.kind != "button" or buttons >= BUTTONS:
            continue
        label, code = control.options[0]
        verb = code.partition(":")[0]
        out.append(PanelButton(match_id, version, code, label=label,
                               style=STYLES.get(verb, discord.ButtonStyle.primary),
                               row=len(selects) + buttons // 5))
        buttons += 1
    return out


# -- Discord ---------------------------------------------------------------------------------

async def panel_message(
    bot: GameBot, match: MatchRow, seats: Sequence[SeatRow], seat: int, w: Words,
    note: str | None = None, narrowed: str = "",
) -> dict[str, Any]:
    """The panel message's parts (content, attachments, view) for ``seat`` now."""
    rules = RULES
    if match.status != "active" or match.state is None:
        return {"content": w("lobby.error.over"), "attachments": [], "view": None}
    legal = rules.legal_actions(match.state, seat)
    if not legal:
        return {"content": "\n".join(filter(None, [note, w(f"{K}panel.wait")])),
                "attachments": [], "view": None}
    view = rules.view(match.state, seat)
    panel = build(view, legal, w, narrowed)
    from rendering import mariposas as art  # the pictures load with the game, not before

    png = await asyncio.to_thread(art.render_private_map, view, seat_names(seats, w), w,
                                  panel.highlights)
    content = "\n".join(filter(None, [note, panel.text]))
    controls = discord.ui.View(timeout=None)
    for item in items(panel, match.id, match.version):
        controls.add_item(item)
    return {"content": content, "view": controls,
            "attachments": [png_file(png, "mariposas-turn.png", alt_text(content))]}


async def send_panel(interaction: discord.Interaction[GameBot], match: MatchRow) -> None:
    """A new private panel for the asking player (the interaction is already deferred)."""
    w = reader(interaction)
    seats = await interaction.client.sessions.repo.seats(match.id)
    seat = next((s.seat for s in seats if s.user_id == interaction.user.id
                 and not s.is_computer), None)
    if seat is None:
        await tell(interaction, w("lobby.error.not_playing"))
        return
    parts = await panel_message(interaction.client, match, seats, seat, w)
    files = parts.pop("attachments")
    if parts["view"] is None:
        parts.pop("view")
    await interaction.followup.send(ephemeral=True, files=files, **parts)


async def choose(interaction: discord.Interaction[GameBot], match_id: int, version: int,
                 code: str) -> None:
    """A panel choice: submitted at the panel's version, then the panel shows the next step
    (or, refused, stays and says why)."""
    await interaction.response.defer()
    w = reader(interaction)
    sessions = interaction.client.sessions
    note, narrowed = None, ""
    try:
        try:
            if code.startswith(GROUP):  # a group of choices to show: no move is made
                narrowed = code[len(GROUP):]
            else:
                await sessions.submit(match_id, interaction.user.id, code, version,
                                      at_ms=int(interaction.created_at.timestamp() * 1000))
        except StaleAction:  # not the rules' refusal: the panel is older than the game
            note = w(f"{K}refused.stale")
            await tell(interaction, note)
        except RuleError as error:
            note = reason(error, await sessions.repo.seats(match_id), w)
            await tell(interaction, note)
        match = await sessions.repo.match(match_id)
        seats = await sessions.repo.seats(match_id)
        seat = next((s.seat for s in seats if s.user_id == interaction.user.id
                     and not s.is_computer), None)
        if match is None or seat is None:
            return
        if match.version != version:
            narrowed = ""  # the group belonged to an older panel
        await interaction.edit_original_response(
            **await panel_message(interaction.client, match, seats, seat, w, note, narrowed))
    except Exception:
        await apologise(interaction, match_id)


async def choose_typed(interaction: discord.Interaction[GameBot], match: MatchRow,
                       code: str) -> None:
    """A choice typed as a command (``/mariposas land``; deferred privately): refused with the
    reason, or accepted and answered with a fresh panel for the next step."""
    w = reader(interaction)
    sessions = interaction.client.sessions
    try:
        await sessions.submit(match.id, interaction.user.id, code, None,
                              at_ms=int(interaction.created_at.timestamp() * 1000))
    except RuleError as error:
        await tell(interaction, reason(error, await sessions.repo.seats(match.id), w))
        return
    now = await sessions.repo.match(match.id)
    if now is not None:
        await send_panel(interaction, now)


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PANEL_BUTTON):
    """A panel button: flower, confirm, trade-in, keep, undo."""

    def __init__(self, match_id: int, version: int, action: str, **button: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"mpb:{match_id}:{version}:{action}",
                                           **button))
        self.match_id, self.version, self.action = match_id, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> PanelButton:
        """Rebuild the button from its custom_id (after a restart too)."""
        return cls(int(match["m"]), int(match["v"]), match["a"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Submit the button's action."""
        await choose(interaction, self.match_id, self.version, self.action)


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PANEL_SELECT):
    """A panel menu: the picked option's value is the action code."""

    def __init__(self, match_id: int, version: int, n: int,
                 options: Sequence[tuple[str, str]] = (), placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"mps:{match_id}:{version}:{n}", placeholder=placeholder or None,
            options=[discord.SelectOption(label=label, value=code) for label, code in options]
            or [discord.SelectOption(label="-", value="-")], row=n))
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> PanelSelect:
        """Rebuild the menu from its custom_id; the picked value arrives with the click."""
        return cls(int(match["m"]), int(match["v"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Submit the picked option."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or [""]
        await choose(interaction, self.match_id, self.version, str(values[0]))


PANEL_ITEMS = (PanelButton, PanelSelect)
