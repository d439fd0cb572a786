"""MIMIC's demo (`make demo`): a game between computer players, the board after every move,
the first player's private hand, the rules card and the public log."""

from __future__ import annotations

from pathlib import Path

from bot.autoplay import autoplay
from bot.games.core import start
from bot.games.mimic import RULES as MIMIC
from bot.games.mimic.hints import extendable_lines, hand_targets
from bot.i18n import words
from presentation.demo import EN, NAMES, ended, final, transcript
from presentation.mimic import words as mimic_texts
from rendering import mimic as mimic_art


def play(out: Path, seed: str = "demo", players: int = 2) -> list[str]:
    """MIMIC between computer players: the board after every move, the first player's private
    hand at the start, and the public log."""
    rules, names = MIMIC, NAMES[:players]
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.png").write_bytes(mimic_art.render_rules(words("en")))
    first = rules.view(start(rules, seed, players, {}), 0)
    (out / "hand-ada.png").write_bytes(mimic_art.render_hand(
        first, names, words("en"), hand_targets(first), extendable_lines(first)))
    lines = [f"# MIMIC — {players} computer players, seed {seed!r}", ""]
    state = None
    for move in autoplay(rules, seed, players, {}):
        for event in move.events:
            text = mimic_texts.describe(event, names, EN) if event.visible_to is None else None
            if text:
                lines.append(f"{move.version:3d}. {text}")
        state = move.state
        (out / f"board-{move.version:03d}.png").write_bytes(
            mimic_art.render_board(rules.view(state, None), names, words("en")))
    outcome = ended(rules, state)
    lines += ["", f"Ended by: {outcome.termination}", *final(outcome, "Cubes")]
    return transcript(out, lines)
