"""Mariposas' demo (`make demo`): a game between computer players, the board after every turn
and season end, the first landing's private map, the rules card and the season scores."""

from __future__ import annotations

from pathlib import Path

from bot.autoplay import autoplay
from bot.games.mariposas.rules import RULES as MARIPOSAS
from bot.i18n import words
from presentation.demo import NAMES, ended, final, transcript
from rendering import mariposas as mariposas_art


def play(out: Path, seed: str = "demo", players: int = 3) -> list[str]:
    """Mariposas between computer players: the board after every turn and season end (a turn
    is several sub-steps; the public board changes once per confirmed turn, as in Discord),
    the first landing's private map with its choices labelled, the rules card, the scores."""
    rules, names = MARIPOSAS, NAMES[:players]
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.png").write_bytes(mariposas_art.render_rules(words("en")))
    lines = [f"# Mariposas — {players} computer players (level normal), seed {seed!r}", ""]
    state, frame, shown_choice = None, 0, False
    for move in autoplay(rules, seed, players, {}):
        state = move.state
        if not shown_choice and move.action.startswith("move:"):
            view = rules.view(state, move.seat)
            landings = [a.split(":")[1] for a in rules.legal_actions(state, move.seat)
                        if a.startswith("land:")]
            (out / "landing-choices.png").write_bytes(mariposas_art.render_private_map(
                view, names, words("en"), {int(s): str(i + 1) for i, s in enumerate(landings)}))
            shown_choice = True
        kinds = {event.kind for event in move.events}
        if move.action == "confirm" or kinds & {"season_scored", "game_over"}:
            frame += 1
            (out / f"board-{frame:03d}.png").write_bytes(
                mariposas_art.render_board(rules.view(state, None), names, words("en")))
        if "season_scored" in kinds:
            lines.append(f"{move.version:4d}. season scored: " + ", ".join(
                f"{NAMES[i]} {s}" for i, s in enumerate(state["scores"])))
    outcome = ended(rules, state)
    lines += ["", *final(outcome, "Scores")]
    return transcript(out, lines)
