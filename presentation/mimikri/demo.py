"""Mimikri's demo (`make demo`): a game with all five subject cards between computer players,
the board after every move, the camera holder's first preview, the rules card and the log."""

from __future__ import annotations

from pathlib import Path

from bot.autoplay import autoplay
from bot.games.core import Event
from bot.games.mimikri import RULES as MIMIKRI
from bot.i18n import words
from presentation.demo import NAMES, ended, final, transcript
from presentation.mimikri import words as mimikri_texts
from rendering import mimikri as mimikri_art


def play(out: Path, seed: str = "demo", players: int = 3) -> list[str]:
    """Play Mimikri with all five subject cards; return the transcript lines."""
    rules, names = MIMIKRI, NAMES[:players]
    w = words("en")  # the transcript is in English
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.png").write_bytes(mimikri_art.render_rules(w))
    lines = [f"# Mimikri — {players} computer players, seed {seed!r}", ""]
    lines.append(mimikri_texts.describe(Event("started"), names, w) or "")
    first, state = True, None
    for move in autoplay(rules, seed, players, {"subjects": 5}):
        if first:
            view = rules.view(move.state, None)
            (out / "preview.png").write_bytes(
                mimikri_art.render_preview(view["subject"] or "frog", view["tried"],
                                           w("mimikri.preview.own_title"), w))
            first = False
        for event in move.events:
            text = mimikri_texts.describe(event, names, w)
            if text:
                lines.append(f"{move.version:3d}. {text}")
        state = move.state
        (out / f"board-{move.version:03d}.png").write_bytes(
            mimikri_art.render_board(rules.view(state, None), names, w))
    outcome = ended(rules, state)
    lines += ["", *final(outcome, "Scores")]
    return transcript(out, lines)
