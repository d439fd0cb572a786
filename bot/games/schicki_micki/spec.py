"""Schicki Micki as the bot knows it (`bot.games.spec`): played in real time by a dealer (its
clock, rows, refusals and computers' reactions: `REAL_TIME`), so no turn timer and no brain
of the turn-based kind."""

from __future__ import annotations

from typing import Any

from bot.games.core import State
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki.ai import decide
from bot.games.spec import GameSpec, RealTime, ServerOption, Showcase

INPUTS = ("reactions", "buttons")
"""How Schicki Micki is played: reacting to the table message, or pressing buttons."""

TIMINGS = {"reveal": 2.5, "settle": 1.5, "final": 5.0, "countdown": 3.0}
"""The dealer's clock in seconds (``shared/specs/schicki-micki.md`` §Real time); a lobby may
choose its own reveal and settle."""
NOT_PLAYING = "schicki.refused.not_playing"
TOO_EARLY = "schicki.refused.too_early"
TOO_LATE = "schicki.refused.too_late"
PAST_ROW = "schicki.refused.past_row"


def row_of(state: State) -> int:
    """The row a state is in (a won row ends it: the next begins with a countdown)."""
    row: int = state["row"]
    return row


def on_table(state: State) -> bool:
    """Whether cards lie face up on the table."""
    return bool(state["table"])


REAL_TIME = RealTime(
    timings=TIMINGS, round_of=row_of, on_table=on_table, react=decide,
    refusals={"not_playing": NOT_PLAYING, "too_early": TOO_EARLY, "too_late": TOO_LATE,
              "past_row": PAST_ROW})


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
    rules=RULES, order=2, realtime=REAL_TIME, records=RULES.records,
    typical=(4, {}),
    lobby_defaults={"input": INPUTS[0]},
    server_options=(ServerOption(
        "input", "schicki_input", "How Schicki Micki is played unless its host chooses",
        dict(zip(INPUTS, ("emoji reactions", "buttons"), strict=True))),),
    table="presentation.schicki_micki.table:SchickiTable",
    demo="presentation.schicki_micki.demo:play",
    showcase=Showcase("schicki-micki", 4, "rendering.schicki_micki:render_table", row_won,
                      extra=as_resolved),
)
