"""MIMIC on the web board: a hand card, then one of its highlighted cells; power cards, then
their target cell; the turn's buttons (end, draw, cancel) as in Discord. The hand is the seat's
private picture, its cards and power cards as `/mimic hand` draws them (each card says how many
cells it fits), clicked there; the board beside it lights the picked card's cells."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mimic.hints import hand_targets
from bot.games.mimic.views import MimicView
from bot.i18n import Words
from presentation.mimic.prompt import cell_choices, next_hint
from presentation.mimic.words import card_name, face, power_name
from rendering import mimic as art
from rendering.mimic.hand import CARDS_H, HAND_SLOTS, card_box, power_chips
from rendering.mimic.parts import all_cells
from web.games import Box, Choice, Group, Hand, Panel, WebGame, box_of

BUTTONS = {"end": "mimic.button.end", "draw:deck": "mimic.button.draw",
           "cancel": "mimic.button.cancel"}
TARGETED = ("yellow", "red", "blue")  # a power card used on a cell: the card, then the cell


def placements(legal: Sequence[str]) -> dict[str, list[str]]:
    """The cells each hand card may be laid on now, from the ``place:<card>:<cell>`` codes."""
    found: dict[str, list[str]] = {}
    for code in legal:
        verb, _, rest = code.partition(":")
        if verb == "place":
            card, _, cell = rest.partition(":")
            found.setdefault(card, []).append(cell)
    return found


def panel(view: MimicView, legal: Sequence[str], w: Words) -> Panel:
    """The choices of ``legal``: hand cards and power cards open their highlighted cells."""
    made = Panel(next_hint(view, w, w, keys="web.mimic") if legal else "")
    hand = {f["id"]: f for f in view["hand"]}
    made.holding = [card_name(f, w) for f in view["hand"]]
    placing = placements(legal)
    for code in legal:
        verb, _, rest = code.partition(":")
        if verb == "place":
            continue  # a hand card's group, below
        if code in BUTTONS:
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


def hand(view: MimicView, legal: Sequence[str], w: Words) -> Hand | None:
    """The seat's hand cards and power cards, each card with the cells it fits: where its
    legal ``place:`` actions put it in its own turn, else where it would fit now (as `/mimic
    hand` counts them, so a waiting player can plan); cards and power cards clicked there."""
    if view["seat"] is None:
        return None
    cards = view["hand"]
    at: dict[str, Box] = {f["id"]: box_of(card_box(i, len(cards)), art.W, CARDS_H)
                          for i, f in enumerate(cards[:HAND_SLOTS])}
    chips = power_chips(view["powers"][view["seat"]], w)
    for i, chip in enumerate(chips):
        group = f"power:{chip.colour}"
        if chip.used or group in at:
            continue
        box = chip.box  # two chips of one colour side by side are one target
        for after in chips[i + 1:]:
            if after.colour != chip.colour or after.used:
                break
            box = (box[0], box[1], after.box[2], box[3])
        at[group] = box_of(box, art.W, CARDS_H)
    picking = any(code.startswith("place:") for code in legal)
    heading = w("web.hand.mimic.pick" if picking else "web.hand.mimic.cards")
    powers = [power_name(c, w) for c in view["powers"][view["seat"]]["active"]]
    alt = w("web.hand.mimic.alt", cards=", ".join(card_name(f, w) for f in cards) or "—",
            powers=", ".join(powers) or w("mimic.picture.hand.none"))

    def draw(names: Sequence[str]) -> bytes:  # the cells worked out only when it is drawn
        return art.render_hand(view, names, w, placements(legal) or hand_targets(view),
                               board=False, heading=heading)
    return Hand(alt, at, draw)


def spots(view: MimicView) -> dict[str, Box]:
    """Every cell of the public board's grid."""
    return {cell: box_of(art.cell_box(cell), art.W, art.BOARD_H) for cell in all_cells()}


BOARD = WebGame(panel, spots, hand=hand)
