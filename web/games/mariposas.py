"""Mariposas on the web board: each step of the open turn as the private panel words it in
Discord (`presentation.mariposas`): the card, the butterfly and its landing (both also clicked
on the map), flowers, hatching, confirm and undo — every legal choice at once, as the page has
room for all of them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mariposas.rules import content
from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from presentation.mariposas import words
from presentation.mariposas.prompt import prompt, step_of
from rendering.mariposas.map import MAP_BOTTOM
from rendering.mariposas.panels import SETS_H, players_height
from rendering.mariposas.parts import HALF_W, R, W, michoacan_box, space_centre
from web.games import Box, Choice, Panel, WebGame

LAST = ("confirm", "undo")  # shown after the step's choices


def panel(view: MariposasView, legal: Sequence[str], w: Words) -> Panel:
    """The open step's choices, in the panel's words and order (confirm and undo last)."""
    holding = [words.card(f"card:{card}", view, w) for card in view["hand"]]
    if view["seat"] is not None:
        holding.append(words.stock(view, w))
    if not legal:
        return Panel(holding=holding)
    lines = prompt(view, legal, w)
    if step_of(legal) in ("land", "move"):  # Discord's point at marks the public map lacks
        lines[0] = w(f"web.mariposas.{step_of(legal)}")
    made = Panel("\n".join(lines), holding=holding)
    moving = _moving(view, legal)
    seen: set[str] = set()
    for code in sorted(legal, key=lambda c: (c.partition(":")[0] in LAST, c == "undo")):
        label = words.option(code, view, w)
        if label not in seen:  # two cards of one kind read the same: offer it once
            seen.add(label)
            verb, _, arg = code.partition(":")
            spot = arg if verb in ("land", "take") else moving.get(code)  # a space of the map
            made.choices.append(Choice(code, label, spot=spot))
    return made


def _moving(view: MariposasView, legal: Sequence[str]) -> dict[str, str]:
    """The butterfly to move, clicked where it sits: ``move:`` codes by their butterfly's
    space, where that space offers one move only (else its buttons tell them apart)."""
    spaces = {b["id"]: str(b["space"]) for b in view["butterflies"]}
    found: dict[str, str] = {}
    for code in legal:
        verb, _, rest = code.partition(":")
        butterfly = rest.partition(":")[0]
        if verb == "move" and butterfly in spaces:
            found[code] = spaces[butterfly]
    crowded = {space for space in found.values() if list(found.values()).count(space) > 1}
    return {code: space for code, space in found.items() if space not in crowded}


def spots(view: MariposasView) -> dict[str, Box]:
    """Every space of the map on the public board (drawn at its top while the game runs)."""
    board = content().board
    height = MAP_BOTTOM + SETS_H + players_height(view) + 8  # as `render_board` makes it
    found: dict[str, Box] = {}
    for space in (s.id for s in board.spaces):
        if space == board.michoacan:
            box = michoacan_box()
        else:
            x, y = space_centre(space)
            box = (x - HALF_W, y - 0.75 * R, x + HALF_W, y + 0.75 * R)  # rows interlock
        found[str(space)] = (box[0] / W, box[1] / height, box[2] / W, box[3] / height)
    return found


BOARD = WebGame(panel, spots)
