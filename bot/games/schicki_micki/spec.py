"""Schicki Micki as the bot knows it (`bot.games.spec`): played in real time by a dealer, so
no turn timer and no brain of the turn-based kind (its computers react through `ai.decide`)."""

from __future__ import annotations

from typing import Any

from bot.games.schicki_micki import RULES
from bot.games.spec import GameSpec, ServerOption, Showcase

INPUTS = ("reactions", "buttons")
"""How Schicki Micki is played: reacting to the table message, or pressing buttons."""


def resolved(move: Any, won: bool = False) -> dict[str, Any] | None:
    """The data of the row ``move`` settled (only a won row's if ``won``), else None."""
    return next((e.data for e in move.events if e.kind == "resolved"
                 and (e.data["table_cleared"] or not won)), None)


def row_won(moves: list[Any]) -> Any:
    """The first row won after the game's middle: a table with reactions and a winner."""
    half = len(moves) // 2
    return next((m for m in moves[half:] if resolved(m, won=True)), moves[half])


def as_resolved(move: Any) -> dict[str, Any]:
    """The table as it shows a row's result: the row as it stood, who reacted how."""
    return {"resolved": resolved(move)}


GAME = GameSpec(
    rules=RULES, order=2, realtime=True, records=RULES.records,
    typical=(4, {}),
    lobby_defaults={"input": INPUTS[0]},
    server_options=(ServerOption(
        "input", "schicki_input", "How Schicki Micki is played unless its host chooses",
        dict(zip(INPUTS, ("emoji reactions", "buttons"), strict=True))),),
    demo="presentation.schicki_micki.demo:play",
    showcase=Showcase("schicki-micki", 4, "rendering.schicki_micki:render_table", row_won,
                      extra=as_resolved),
)
