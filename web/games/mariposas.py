"""Mariposas on the web board: each step of the open turn as the private panel words it in
Discord (`presentation.mariposas`): the card, the butterfly and its landing (both also clicked
on the map), flowers, hatching, confirm and undo — every legal choice at once, as the page has
room for all of them; and, while a step is made at a space, the seat's private map as Discord
shows it, its landings numbered and its butterflies lettered, clicked there."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mariposas.rules import content
from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from presentation.mariposas import words
from presentation.mariposas.marks import highlights
from presentation.mariposas.prompt import prompt
from rendering.mariposas import render_private_map
from rendering.mariposas.map import MAP_BOTTOM, focus, moving_from
from rendering.mariposas.panels import SETS_H, players_height
from rendering.mariposas.parts import HALF_W, R, W, michoacan_box, space_centre
from web.games import Box, Choice, Hand, Panel, WebGame, box_of

LAST = ("confirm", "undo")  # shown after the step's choices


def panel(view: MariposasView, legal: Sequence[str], w: Words) -> Panel:
    """The open step's choices, in the panel's words and order (confirm and undo last)."""
    holding = [words.card(f"card:{card}", view, w) for card in view["hand"]]
    if view["seat"] is not None:
        holding.append(words.stock(view, w))
    if not legal:
        return Panel(holding=holding)
    # Discord's words point at the marks of the private map, which the page shows as well
    made = Panel("\n".join(prompt(view, legal, w)), holding=holding)
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
    height = MAP_BOTTOM + SETS_H + players_height(view) + 8  # as `render_board` makes it
    return {space: box_of(box, W, height) for space, box in _spaces().items()}


def hand(view: MariposasView, legal: Sequence[str], w: Words) -> Hand | None:
    """The private map of a seat whose step is made at a space, marked as Discord's panel
    marks it: each landing (or space to take from) clicked at its number, each butterfly to
    move at its letter where its space offers one move only. Only the part of the map around
    the marks (and the moving butterfly's start) is shown, so that a phone reads them."""
    marks = highlights(view, legal)
    if not legal or not marks:
        return None
    start = moving_from(view)
    part = focus([*marks, *([start] if start is not None else [])])
    x0, y0, x1, y1 = part
    spaces = _spaces()
    moving = _moving(view, legal)
    at: dict[str, Box] = {}
    for code in legal:
        verb, _, arg = code.partition(":")
        space = arg if verb in ("land", "take") else moving.get(code)
        if space is not None and space in spaces:
            left, top, right, bottom = spaces[space]
            at[code] = box_of((max(left, x0) - x0, max(top, y0) - y0, min(right, x1) - x0,
                               min(bottom, y1) - y0), x1 - x0, y1 - y0)
    alt = w("web.hand.mariposas.alt", marks=", ".join(marks[s] for s in sorted(marks)))

    def draw(names: Sequence[str]) -> bytes:
        return render_private_map(view, names, w, marks, part)
    return Hand(alt, at, draw)


def _spaces() -> dict[str, tuple[float, float, float, float]]:
    """Every space's target on the map, in px (hexes a little flatter than drawn, as their
    rows interlock)."""
    board = content().board
    found = {}
    for space in (s.id for s in board.spaces):
        if space == board.michoacan:
            found[str(space)] = michoacan_box()
        else:
            x, y = space_centre(space)
            found[str(space)] = (x - HALF_W, y - 0.75 * R, x + HALF_W, y + 0.75 * R)
    return found


BOARD = WebGame(panel, spots, hand=hand)
