"""MIMIC on the web board: a hand card, then one of its highlighted cells; power cards, then
their target cell; the turn's buttons (end, draw, cancel) as in Discord."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mimic.views import MimicView
from bot.i18n import Words
from presentation.mimic.prompt import cell_choices, next_hint
from presentation.mimic.words import card_name, face, power_name
from rendering import mimic as art
from rendering.mimic.parts import all_cells
from web.games import Box, Choice, Group, Panel, WebGame, box_of

BUTTONS = {"end": "mimic.button.end", "draw:deck": "mimic.button.draw",
           "cancel": "mimic.button.cancel"}
TARGETED = ("yellow", "red", "blue")  # a power card used on a cell: the card, then the cell


def panel(view: MimicView, legal: Sequence[str], w: Words) -> Panel:
    """The choices of ``legal``: hand cards and power cards open their highlighted cells."""
    made = Panel(next_hint(view, w, w, keys="web.mimic") if legal else "")
    hand = {f["id"]: f for f in view["hand"]}
    made.holding = [card_name(f, w) for f in view["hand"]]
    placing: dict[str, list[str]] = {}
    for code in legal:
        verb, _, rest = code.partition(":")
        if verb == "place":
            card, _, cell = rest.partition(":")
            placing.setdefault(card, []).append(cell)
        elif code in BUTTONS:
            made.choices.append(Choice(code, w(BUTTONS[code])))
        elif verb in TARGETED:
            group = f"power:{verb}"
            if all(g.id != group for g in made.groups):
                made.groups.append(Group(group, power_name(verb, w)))
            made.choices.append(Choice(code, rest, group=group, spot=rest))
        elif verb in ("to", "start"):
            made.choices.append(Choice(code, rest, spot=rest))
        elif verb in ("power", "take"):
            made.choices.append(Choice(code, power_name(rest, w)))
        elif verb in ("give", "pick", "draw"):
            made.choices.append(Choice(code, card_name(hand.get(rest) or face(rest), w)))
        else:
            made.choices.append(Choice(code, code))
    cards = []  # the hand first, then the power cards
    for card, cells in placing.items():
        cards.append(Group(card, card_name(hand.get(card) or face(card), w)))
        for label, cell in cell_choices(view, card, cells, w):
            made.choices.append(Choice(f"place:{card}:{cell}", label, group=card, spot=cell))
    made.groups[:0] = cards
    return made


def spots(view: MimicView) -> dict[str, Box]:
    """Every cell of the public board's grid."""
    return {cell: box_of(art.cell_box(cell), art.W, art.BOARD_H) for cell in all_cells()}


BOARD = WebGame(panel, spots)
