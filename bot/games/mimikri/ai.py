"""A Mimikri computer player: it remembers the cards it saw turned up, and forgets some.

Its memory is built only from public events (a card is face up for everyone when revealed),
so it never peeks. Levels differ only by memory: ``hard`` recalls every card it saw, exactly;
``normal`` forgets a little more each round; ``easy`` forgets most cards within a round or two.
Forgetting is drawn from the RNG it is given, so a replay chooses alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from bot.games.core import JSON, Event
from bot.games.mimikri.rules import butterfly

# How likely the computer still recalls a card it saw ``age`` rounds ago, by level:
# (chance right after seeing it, factor per round since).
RECALL = {"easy": (0.6, 0.5), "normal": (0.97, 0.85), "hard": (1.0, 1.0)}


class Memory:
    """What a computer player has seen: position → (butterfly, round it was seen)."""

    def __init__(self, level: str = "normal") -> None:
        self.seen: dict[str, tuple[str, int]] = {}
        self.base, self.decay = RECALL[level]

    def observe(self, events: Iterable[Event]) -> None:
        """Note revealed cards; drop positions whose card has been collected."""
        for event in events:
            if event.kind == "revealed" and "butterfly" in event.data:
                self.seen[event.data["pos"]] = (event.data["butterfly"], event.data["round"])
            if event.kind == "revealed" and event.data.get("found"):
                self.seen.pop(event.data["pos"], None)

    def recall(self, now_round: int, rng: random.Random) -> dict[str, str]:
        """The positions it remembers right now; older sightings fade."""
        return {
            pos: key
            for pos, (key, seen_round) in sorted(self.seen.items())
            if rng.random() < self.base * self.decay ** max(0, now_round - seen_round)
        }


def choose(view: Mapping[str, JSON], legal: list[str], memory: Memory, rng: random.Random) -> str:
    """Pick an action for the seat to act, from its legal actions."""
    recalled = memory.recall(view["rounds"], rng)
    face_down = {cell["pos"] for cell in view["grid"] if cell["face"] == "down"}
    if view["phase"] == "orient":
        collected = {key for pile in view["collected"] for key in pile}
        options = [a for a in legal if butterfly(view["subject"], a[7:]) not in collected]
        # Show a butterfly it knows the place of, if it can.
        for action in options:
            if butterfly(view["subject"], action[7:]) in {
                key for pos, key in recalled.items() if pos in face_down
            }:
                return action
        return rng.choice(options or legal)
    for pos, key in recalled.items():
        if key == view["wanted"] and f"reveal:{pos}" in legal:
            return f"reveal:{pos}"
    known_wrong = {pos for pos, key in recalled.items() if key != view["wanted"]}
    unknown = [a for a in legal if a[7:] not in known_wrong]
    return rng.choice(unknown or legal)

