"""`make demo`: a full game of every game, between computer players, into demo/.

Each game's spec names its own demo (``presentation/<game>/demo.py``), which writes its board
after every move, its extra pictures and a transcript — the newcomer's first look at the bot,
no Discord needed. Here: what they share, and the command that plays every one.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.games.core import Outcome, Rules, State
from bot.games.spec import named
from bot.i18n import words

NAMES = ["Ada", "Ben", "Cleo", "Dev"]
EN = words("en")  # the transcripts are in English


def ended(rules: Rules[Any], state: State | None) -> Outcome:
    """How a demo game ended (every demo plays to the end)."""
    outcome = rules.outcome(state) if state is not None else None
    if outcome is None:
        raise RuntimeError(f"the {rules.name} demo stopped before the end")
    return outcome


def final(outcome: Outcome, counted: str = "Scores") -> list[str]:
    """A transcript's last lines: what each player ended with, and who won."""
    return [f"{counted}: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
            "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]


def transcript(out: Path, lines: list[str]) -> list[str]:
    """Write a game's transcript into its folder; return its lines."""
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def main(argv: list[str]) -> int:
    """Write the demo into the folder named on the command line (default demo/)."""
    parser = argparse.ArgumentParser(
        prog="python -m presentation.demo",
        description="Play a whole game of every game between computer players and write each"
                    " board, the extra pictures and a transcript into FOLDER (no Discord needed).")
    parser.add_argument("folder", nargs="?", default="demo", metavar="FOLDER",
                        help="where the pictures and transcripts go (default: demo)")
    shown = [game.id for game in GAMES.values() if game.demo is not None]
    parser.add_argument("--game", action="append", choices=shown, metavar="GAME",
                        help=f"play only this game (again for more): {', '.join(shown)}")
    args = parser.parse_args(argv[1:])
    out = Path(args.folder)
    for game in GAMES.values():  # every game whose spec names its demo
        if game.demo is not None and (not args.game or game.id in args.game):
            lines = named(game.demo)(out / game.id)
            print(f"{game.id}: {lines[-1]}")
    print(f"Pictures and transcripts written to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
