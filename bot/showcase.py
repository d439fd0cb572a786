"""`make boards`: the README's pictures — one board of each game, as players see it mid-game.

Each comes from a seeded game between computer players (the demo's seeds), so running it again
draws the same boards; they are committed under docs/boards/ for the README to show.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.autoplay import Move, autoplay
from bot.games import REGISTRY
from bot.i18n import Words, words
from rendering import mariposas, mimic, mimikri, schicki_micki

NAMES = ["Kristýna", "Ben", "Дмитрий", "🦊 Foxy"]
"""The players drawn on the README's boards: names as players write them, accents and all."""

W = words("en")


def _middle(moves: list[Move]) -> Move:
    """A move halfway through the game: the board has filled up but is not yet decided."""
    return moves[len(moves) // 2]


def _turn_start(moves: list[Move]) -> Move:
    """Mariposas: the first turn's start after the game's middle, as the public board shows
    it (the board is redrawn once per turn, never mid-turn)."""
    half = len(moves) // 2
    return next((m for m in moves[half:] if m.state["phase"] == "turn"
                 and m.state["turn"]["card"] is None), moves[half])


def _schicki_result(moves: list[Move]) -> Move:
    """The first row won after the game's middle: a table with reactions and a winner."""
    half = len(moves) // 2
    return next((m for m in moves[half:] if _resolved(m, won=True)), moves[half])


def _resolved(move: Move, won: bool = False) -> dict[str, Any] | None:
    """The data of the row ``move`` settled (only a won row's if ``won``), else None."""
    return next((e.data for e in move.events if e.kind == "resolved"
                 and (e.data["table_cleared"] or not won)), None)


def _schicki_table(move: Move, view: dict, names: list[str], w: Words) -> bytes:
    """The table message as it shows a row's result: the row as it stood, who reacted how."""
    return schicki_micki.render_table(view, names, w, resolved=_resolved(move))


def _board_only(render: Callable[[dict, list[str], Words], bytes]) -> Callable:
    """A renderer that needs only the view, taking the move it is shown after too."""
    return lambda move, view, names, w: render(view, names, w)


BOARDS: dict[str, tuple[str, int, dict[str, Any], Callable[[list[Move]], Move], Callable]] = {
    "mimikri": ("mimikri", 3, {"subjects": 5}, _middle, _board_only(mimikri.render_board)),
    "schicki-micki": ("schicki_micki", 4, {}, _schicki_result, _schicki_table),
    "mimic": ("mimic", 2, {}, _middle, _board_only(mimic.render_board)),
    "mariposas": ("mariposas", 3, {}, _turn_start, _board_only(mariposas.render_board)),
}
"""Picture file name → (game, players, options, which move to show, renderer of that move)."""


def board(name: str, seed: str = "demo") -> bytes:
    """The README's picture ``name`` (a key of BOARDS), drawn afresh."""
    game, players, options, pick, render = BOARDS[name]
    rules = REGISTRY[game]
    moves = list(autoplay(rules, seed, players, options))
    move = pick(moves)
    return render(move, rules.view(move.state, None), NAMES[:players], W)


def main(argv: list[str]) -> int:
    """Write every README picture into the folder named on the command line."""
    out = Path(argv[1] if len(argv) > 1 else "docs/boards")
    out.mkdir(parents=True, exist_ok=True)
    for name in BOARDS:
        path = out / f"{name}.png"
        path.write_bytes(board(name))
        print(f"{path} ({path.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
