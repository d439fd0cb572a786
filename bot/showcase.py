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
from bot.i18n import words
from rendering import mimic, mimikri, schicki_micki

NAMES = ["Kristýna", "Ben", "Дмитрий", "🦊 Foxy"]
"""The players drawn on the README's boards: names as players write them, accents and all."""

W = words("en")


def _middle(moves: list[Move]) -> Move:
    """A move halfway through the game: the board has filled up but is not yet decided."""
    return moves[len(moves) // 2]


def _schicki_result(moves: list[Move]) -> Move:
    """The first row decided after the game's middle: a table with reactions and a winner."""
    half = len(moves) // 2
    return next((m for m in moves[half:] if any(e.kind == "resolved" for e in m.events)),
                moves[half])


BOARDS: dict[str, tuple[str, int, dict[str, Any], Callable[[list[Move]], Move], Callable]] = {
    "mimikri": ("mimikri", 3, {"subjects": 5}, _middle, mimikri.render_board),
    "schicki-micki": ("schicki_micki", 4, {}, _schicki_result, schicki_micki.render_table),
    "mimic": ("mimic", 2, {}, _middle, mimic.render_board),
}
"""Picture file name → (game, players, options, which move to show, renderer)."""


def board(name: str, seed: str = "demo") -> bytes:
    """The README's picture ``name`` (a key of BOARDS), drawn afresh."""
    game, players, options, pick, render = BOARDS[name]
    rules = REGISTRY[game]
    moves = list(autoplay(rules, seed, players, options))
    return render(rules.view(pick(moves).state, None), NAMES[:players], W)


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
