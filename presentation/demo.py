"""`make demo`: a full game of every game, between computer players, into demo/.

Writes each game's board after every move, the extra pictures, and a transcript — the
newcomer's first look at the bot, no Discord needed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from bot.autoplay import autoplay
from bot.games import GAMES
from bot.games.core import SYSTEM, Event, Outcome, Rules, State, apply_checked, start
from bot.games.mariposas.rules import RULES as MARIPOSAS
from bot.games.mimic import RULES as MIMIC
from bot.games.mimic.hints import extendable_lines, hand_targets
from bot.games.mimikri import RULES as MIMIKRI
from bot.games.schicki_micki import RULES as SCHICKI_MICKI
from bot.games.schicki_micki.ai import decide
from bot.games.schicki_micki.views import Resolved, resolved
from bot.games.spec import named
from bot.i18n import words
from bot.texts import mimic as mimic_texts
from bot.texts import mimikri as mimikri_texts
from bot.texts import schicki_micki as schicki_texts
from rendering import mariposas as mariposas_art
from rendering import mimic as mimic_art
from rendering import mimikri as mimikri_art
from rendering import schicki_micki as schicki_art

NAMES = ["Ada", "Ben", "Cleo", "Dev"]
EN = words("en")  # the transcripts are in English


def ended(rules: Rules, state: State | None) -> Outcome:
    """How a demo game ended (every demo plays to the end)."""
    outcome = rules.outcome(state) if state is not None else None
    if outcome is None:
        raise RuntimeError(f"the {rules.name} demo stopped before the end")
    return outcome


def demo_mimikri(out: Path, seed: str = "demo", players: int = 3) -> list[str]:
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
    lines += ["", "Scores: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
              "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def demo_schicki(out: Path, seed: str = "demo", players: int = 4) -> list[str]:
    """Schicki Micki as the dealer plays it: a card, the computers' reactions by their delays,
    the window resolved; the table after every card, or the row's result once it is settled."""
    rules, names = SCHICKI_MICKI, NAMES[:players]
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.png").write_bytes(schicki_art.render_rules(words("en")))
    (out / "cards.png").write_bytes(schicki_art.render_card_sheet(words("en")))
    state, version, frame = start(rules, seed, players, {}), 0, 0
    lines = [f"# Schicki Micki — {players} computer players (level normal), seed {seed!r}", ""]

    def act(seat: int, action: str, at_ms: int = 0) -> list[Event]:
        nonlocal state, version
        step = apply_checked(rules, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=None, at_ms=at_ms)
        state, version = step.state, step.version
        return step.events

    while rules.outcome(state) is None:
        action = rules.legal_actions(state, SYSTEM)[0]
        if action == "deal":
            act(SYSTEM, "deal")
            view = rules.view(state, None)
            choices = [(c[1], s, c[0]) for s in range(players)
                       if (c := decide(view, "normal", random.Random(f"{seed}:{version}:{s}")))]
            for delay, seat, reaction in sorted(choices):
                if reaction in rules.legal_actions(state, seat):
                    act(seat, reaction, delay)
        told: Resolved | None = None
        if rules.legal_actions(state, SYSTEM) == ["resolve"] and (state["reactions"]
                                                                 or not state["deck"]):
            for event in act(SYSTEM, "resolve"):
                if event.kind == "resolved":
                    told = resolved(event.data)
                    lines += [schicki_texts.result_text(event.data, names, words("en")), ""]
        frame += 1
        # A settled row shows its result, as the table message does until the next card.
        (out / f"table-{frame:03d}.png").write_bytes(schicki_art.render_table(
            rules.view(state, None), names, words("en"), resolved=told))
    outcome = ended(rules, state)
    lines += ["Scores: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
              "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def demo_mimic(out: Path, seed: str = "demo", players: int = 2) -> list[str]:
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
    lines += ["", f"Ended by: {outcome.termination}",
              "Cubes: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
              "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def demo_mariposas(out: Path, seed: str = "demo", players: int = 3) -> list[str]:
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
    lines += ["", "Scores: " + ", ".join(f"{NAMES[i]} {s}" for i, s in enumerate(outcome.scores)),
              "Winners: " + ", ".join(NAMES[i] for i in sorted(outcome.winners))]
    (out / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def main(argv: list[str]) -> int:
    """Write the demo into the folder named on the command line (default demo/)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.demo",
        description="Play a whole game of every game between computer players and write each"
                    " board, the extra pictures and a transcript into FOLDER (no Discord needed).")
    parser.add_argument("folder", nargs="?", default="demo", metavar="FOLDER",
                        help="where the pictures and transcripts go (default: demo)")
    out = Path(parser.parse_args(argv[1:]).folder)
    for game in GAMES.values():  # every game whose spec names its demo
        if game.demo is not None:
            lines = named(game.demo)(out / game.id)
            print(f"{game.id}: {lines[-1]}")
    print(f"Pictures and transcripts written to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
