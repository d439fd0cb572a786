"""Schicki Micki's demo (`make demo`): a game as the dealer plays it between computer players,
the table after every card or the row's result, the rules and card sheet, and the log."""

from __future__ import annotations

import random
from pathlib import Path

from bot.games.core import SYSTEM, Event, apply_checked, start
from bot.games.schicki_micki import RULES as SCHICKI_MICKI
from bot.games.schicki_micki.ai import decide
from bot.games.schicki_micki.views import Resolved, resolved
from bot.i18n import words
from presentation.demo import NAMES, ended, final, transcript
from presentation.schicki_micki import words as schicki_texts
from rendering import schicki_micki as schicki_art


def play(out: Path, seed: str = "demo", players: int = 4) -> list[str]:
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
    lines += [*final(outcome, "Scores")]
    return transcript(out, lines)
