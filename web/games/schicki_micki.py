"""Schicki Micki on the web board: the nine reactions as large buttons and keys 1–9, handed
to the dealer in the order the server receives them (`web.server`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import Words
from presentation.schicki_micki.words import EMOJI, says
from web.games import Choice, Panel, WebGame


def panel(view: Any, legal: Sequence[str], w: Words) -> Panel:
    """The nine reactions, always on while the game runs (the dealer judges each)."""
    made = Panel(w("web.schicki.react"), realtime=True)
    for key, (emoji, action) in enumerate(EMOJI.items(), start=1):
        made.choices.append(Choice(action, f"{emoji} {says(action, w)}", key=str(key)))
    return made


BOARD = WebGame(panel, emoji="".join(EMOJI))
