"""Position analysis for MIMIC's players: where each hand card fits, which lines it could
extend, where a Yellow move may go, and whether two placements exist at all (spec §End).

Pure, like the rules it reads: a seat's view in, cells out. The Discord table and the hand
picture use it; so could a smarter computer player.
"""

from __future__ import annotations

from bot.games.mimic.ai import board_from_view
from bot.games.mimic.geometry import order
from bot.games.mimic.sets import Board, any_placement, feasible, placements, scoring_cells
from bot.games.mimic.views import Face, MimicView


def kind(face: Face) -> tuple[str, str]:
    return (face["colour"], face["animal"])


def hand_targets(view: MimicView) -> dict[str, list[str]]:
    """For each card in the view's hand, the cells where it contributes to a set now."""
    board = board_from_view(view)
    return {face["id"]: placements(board, kind(face)) for face in view["hand"]}


def extendable_lines(view: MimicView) -> list[list[str]]:
    """Lines already begun that a hand card could extend: start card, cards, open cell."""
    board = board_from_view(view)
    kinds = {kind(f) for f in view["hand"]}
    found = []
    for line in board.lines():
        gap = next((c for c in line.cells if c not in board.cards), None)
        have = board.kinds(line)
        if gap is None or not have:
            continue
        if any(feasible([*have, k]) for k in kinds):
            found.append([line.start, *line.cells[: line.cells.index(gap) + 1]])
    return found


def move_targets(view: MimicView, origin: str) -> list[str]:
    """Where the Yellow power card could move the card at ``origin`` (legal as from hand)."""
    board = board_from_view(view)
    face = view["board"].get(origin)
    if face is None or face["cube"] is not None:
        return []
    lifted = board.without(origin)
    return [c for c in placements(lifted, kind(face)) if c != origin]


def needed(view: MimicView) -> int:
    """Cards the seat must still lay this turn (0 when not in its placement phase)."""
    if view["phase"] != "place" or view["seat"] != view["turn"]:
        return 0
    return max(0, 2 - view["step"]["placed"])


def can_lay(view: MimicView, count: int) -> bool:
    """Whether the hand can lay ``count`` (0–2) more cards, one after the other."""
    if count <= 0:
        return True
    board = board_from_view(view)
    hand = [kind(f) for f in view["hand"]]
    if count == 1:
        return any_placement(board, hand)
    for i, first in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        for cell in placements(board, first):
            if any_placement(board.with_card(cell, first), rest):
                return True
    return False


def line_facts(board: Board, cell: str, card_kind: tuple[str, str]) -> tuple[list[str], int, bool]:
    """Why ``cell`` is legal for a card: the start cards its lines come from (in grid order),
    the most cards already on one of them, and whether the card completes a set there."""
    starts = set()
    longest = 0
    for line in board.lines():
        gap = next((c for c in line.cells if c not in board.cards), None)
        have = board.kinds(line)
        if gap == cell and feasible([*have, card_kind]):
            starts.add(line.start)
            longest = max(longest, len(have))
    completes = bool(scoring_cells(board.with_card(cell, card_kind), cell))
    return sorted(starts, key=order), longest, completes
