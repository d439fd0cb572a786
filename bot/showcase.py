"""`make boards`: the README's pictures — one board of each game, as players see it mid-game.

Each comes from a seeded game between computer players (the demo's seeds), set up as its game's
spec says (`bot.games.spec.Showcase`), so running it again draws the same boards; they are
committed under docs/boards/ for the README to show.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.autoplay import autoplay
from bot.games import GAMES
from bot.games.spec import GameSpec, named
from bot.i18n import words

NAMES = ["Kristýna", "Ben", "Дмитрий", "🦊 Foxy"]
"""The players drawn on the README's boards: names as players write them, accents and all."""

W = words("en")


def boards() -> dict[str, GameSpec]:
    """Picture file name → the game it shows (every game with a `Showcase` in its spec)."""
    return {game.showcase.file: game for game in GAMES.values() if game.showcase is not None}


def board(name: str, seed: str = "demo") -> bytes:
    """The README's picture ``name`` (a key of `boards`), drawn afresh."""
    game = boards()[name]
    show = game.showcase
    assert show is not None  # noqa: S101 (narrows the type for mypy)
    moves = list(autoplay(game.rules, seed, show.players, dict(show.options)))
    move = show.pick(moves)
    extra = show.extra(move) if show.extra is not None else {}  # noqa: S610 (no Django)
    png: bytes = named(show.render)(game.rules.view(move.state, None), NAMES[:show.players], W,
                                    **extra)
    return png


def main(argv: list[str]) -> int:
    """Write every README picture into the folder named on the command line."""
    out = Path(argv[1] if len(argv) > 1 else "docs/boards")
    out.mkdir(parents=True, exist_ok=True)
    for name in boards():
        path = out / f"{name}.png"
        path.write_bytes(board(name))
        print(f"{path} ({path.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
