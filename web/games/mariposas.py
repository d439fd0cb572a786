"""Mariposas on the web board: each step of the open turn as the private panel words it in
Discord (`cogs.mariposas.panel`): the card, the butterfly, its landing (numbered as the map
numbers them), flowers, hatching, confirm and undo — every legal choice at once, as the page
has room for all of them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from cogs.mariposas import words
from cogs.mariposas.panel import build
from web.games import Choice, Panel

LAST = ("confirm", "undo")  # shown after the step's choices


def panel(view: MariposasView, legal: Sequence[str], w: Words) -> Panel:
    """The open step's choices, in the panel's words and order (confirm and undo last)."""
    holding = [words.card(f"card:{card}", view, w) for card in view["hand"]]
    if view["seat"] is not None:
        holding.append(words.stock(view, w))
    if not legal:
        return Panel(holding=holding)
    made = Panel(build(view, legal, w).text, holding=holding)
    seen: set[str] = set()
    for code in sorted(legal, key=lambda c: (c.partition(":")[0] in LAST, c == "undo")):
        label = words.option(code, view, w)
        if label not in seen:  # two cards of one kind read the same: offer it once
            seen.add(label)
            made.choices.append(Choice(code, label))
    return made
