"""`make demo`: a full game of every game with a table, between computer players, into demo/.

Writes each game's board after every move, the extra pictures, and a transcript — the
newcomer's first look at the bot, no Discord needed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.autoplay import autoplay
from bot.db.repo import SeatRow
from bot.games import REGISTRY
from bot.games.core import Event
from cogs.mimikri import MimikriUI
from rendering import mimikri as mimikri_art

NAMES = ["Ada", "Ben", "Cleo", "Dev"]


def demo_mimikri(out: Path, seed: str = "demo", players: int = 3) -> list[str]:
    """Play Mimikri with all five subject cards; return the transcript lines."""
    rules, ui = REGISTRY["mimikri"], MimikriUI()
    seats = [SeatRow(i, None, NAMES[i], True, 0) for i in range(players)]
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.png").write_bytes(mimikri_art.render_rules())
    lines = [f"# Mimikri — {players} computer players, seed {seed!r}", ""]
    lines.append(ui.describe(Event("started"), seats) or "")
    first, state = True, None
    for move in autoplay(rules, seed, players, {"subjects": 5}):
        if first:
            view = rules.view(move.state, None)
            (out / "preview.png").write_bytes(
                mimikri_art.render_preview(view["subject"] or "frog", view["tried"]))
            first = False
        for event in move.events:
            text = ui.describe(event, seats)
            if text:
                lines.append(f"{move.version:3d}. {text}")
        state = move.state
        (out / f"board-{move.version:03d}.png").write_bytes(
            mimikri_art.render_board(rules.view(state, None), [s.name for s in seats]))
    outcome = rules.outcome(state)
    lines += ["", "Scores: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
              "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def demo_rules_only(game: str, out: Path, players: int, seed: str = "demo") -> list[str]:
    """A game whose Discord table is not built yet: its action log and result, as text."""
    rules = REGISTRY[game]
    out.mkdir(parents=True, exist_ok=True)
    lines = [f"# {rules.name} — {players} computer players (random legal moves), seed {seed!r}",
             "", "No pictures yet: this game's rules engine is done, its Discord table is not.", ""]
    state = None
    for move in autoplay(rules, seed, players, {}):
        who = "system" if move.seat < 0 else NAMES[move.seat]
        lines.append(f"{move.version:4d}. {who}: {move.action}")
        state = move.state
    outcome = rules.outcome(state)
    lines += ["", f"Ended by: {outcome.termination}",
              "Scores: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
              "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def main(argv: list[str]) -> int:
    """Write the demo into the folder named on the command line (default demo/)."""
    out = Path(argv[1] if len(argv) > 1 else "demo")
    for name, lines in [
        ("mimikri", demo_mimikri(out / "mimikri")),
        ("schicki_micki", demo_rules_only("schicki_micki", out / "schicki_micki", 4)),
        ("mimic", demo_rules_only("mimic", out / "mimic", 2)),
    ]:
        print(f"{name}: {lines[-1]}")
    print(f"Pictures and transcripts written to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
