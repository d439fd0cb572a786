"""The open step of a Mariposas turn, said for any front end: which sub-step the legal actions
ask for, and the prompt's lines (the step, the moves left of the card, the flowers in stock),
as Discord's private panel and the web board both show them above their choices."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mariposas.views import MariposasView
from bot.i18n import Words
from presentation.mariposas import words

K = words.K  # the catalogue's panel messages


def step_of(legal: Sequence[str]) -> str:
    """The sub-step the legal actions ask for: the verb of the first one that is not Undo."""
    verbs = [code.partition(":")[0] for code in legal if code != "undo"]
    return verbs[0] if verbs else "none"


def prompt(view: MariposasView, legal: Sequence[str], w: Words) -> list[str]:
    """The lines above the choices of a seat whose turn is open (``legal`` non-empty)."""
    step = step_of(legal)
    lines = [w(f"{K}step.{step}")]
    turn = view["turn"]
    if turn is not None and turn["card"] and step in ("move", "land", "confirm"):
        left = [str(g["steps"]) for g in turn["groups"] if not g["used"]]
        lines.append(w(f"{K}moves_left", moves=", ".join(left) if left else "—"))
    if view["seat"] is not None:
        lines.append(w(f"{K}stock", flowers=words.stock(view, w)))
    return lines
