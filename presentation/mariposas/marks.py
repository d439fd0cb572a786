"""The spaces a seat's private map marks for its open step, labelled as its choices name them:
the landings (or the spaces to take a flower from) by their numbers, the seat's butterflies by
their letters. Discord's private panel and the web board's private map draw the same marks."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mariposas.views import MariposasView
from presentation.mariposas import words
from presentation.mariposas.prompt import step_of

BUTTON_VERBS = ("flower", "trade", "keep", "confirm", "undo")
"""The verbs of choices that are pressed, never picked at a space."""


def highlights(view: MariposasView, legal: Sequence[str]) -> dict[int, str]:
    """Each space to mark on the private map for ``legal``'s step, with its label (none: the
    step is not made at a space)."""
    step = step_of(legal)
    chosen = [c for c in legal if c.partition(":")[0] not in BUTTON_VERBS]
    if step in ("land", "take"):
        return {int(c[5:]): c[5:] for c in chosen}
    if step == "move":
        return butterflies(view)
    if step == "hatch":  # the butterfly that may hatch, by the letter the moves name it
        turn = view["turn"]
        queue = turn["queue"] if turn is not None else []
        return butterflies(view, only=queue[0].get("b") if queue else None)
    return {}


def butterflies(view: MariposasView, only: str | None = None) -> dict[int, str]:
    """The seat's butterflies on the map (or just the one named ``only``), labelled with their
    letters."""
    found: dict[int, list[str]] = {}
    for bid, letter in words.letters(view).items():
        if only is not None and bid != only:
            continue
        b = next(x for x in view["butterflies"] if x["id"] == bid)
        found.setdefault(b["space"], []).append(letter)
    return {space: ",".join(ls) for space, ls in found.items()}
