"""The Mimikri computer player (bot/games/mimikri/ai.py): memory built from public events.

Rule text §Course of the Game 2, "A little hint": a player who remembers where a butterfly
hides inserts the subject card to show that very butterfly and reveals it at once.
"""

from __future__ import annotations

import random
import statistics

from bot.games.core import Event, apply_checked, start
from bot.games.mimikri import RULES
from bot.games.mimikri.ai import Memory, choose
from bot.games.mimikri.rules import butterfly

from .helpers import Table, position, where

TRIALS = 100


def sighting(pos: str, key: str, round_no: int, found: bool = False) -> Event:
    """A ``revealed`` event shaped as the rules emit it."""
    return Event("revealed", 1, {"pos": pos, "butterfly": key, "round": round_no, "found": found})


def test_sighting_has_the_shape_the_rules_emit():
    table = Table(start(RULES, "shape", 2, {}))
    table.play(0, "orient:N")
    wrong = next(p for p, k in table.state["layout"].items()
                 if k != butterfly(table.state["subject"], "N"))
    (event,) = table.play(0, f"reveal:{wrong}")
    made = sighting(wrong, table.state["layout"][wrong], 0)
    assert (event.kind, dict(event.data)) == (made.kind, dict(made.data))


def searching_table(seed: str) -> Table:
    table = Table(start(RULES, seed, 4, {}))
    table.play(0, "orient:E")
    return table


def test_it_reveals_the_position_where_it_saw_the_wanted_butterfly():
    table = searching_table("ai-search")
    wanted = table.view(0)["wanted"]
    pos = where(table.state, wanted)
    memory = Memory()
    memory.observe([sighting(pos, wanted, table.state["rounds"])])
    legal = RULES.legal_actions(table.state, 0)
    picks = [choose(table.view(0), legal, memory, random.Random(k)) for k in range(TRIALS)]
    assert all(p in legal for p in picks)
    assert picks.count(f"reveal:{pos}") >= 0.9 * TRIALS  # it forgets now and then
    blank = [choose(table.view(0), legal, Memory(), random.Random(k)) for k in range(TRIALS)]
    assert blank.count(f"reveal:{pos}") < 0.3 * TRIALS


def test_it_avoids_cards_it_knows_are_wrong():
    table = searching_table("ai-avoid")
    wanted = table.view(0)["wanted"]
    wrong = {p: k for p, k in table.state["layout"].items() if k != wanted}
    known = dict(list(wrong.items())[:10])
    memory = Memory()
    memory.observe([sighting(p, k, table.state["rounds"]) for p, k in known.items()])
    legal = RULES.legal_actions(table.state, 0)
    picks = [choose(table.view(0), legal, memory, random.Random(k)) for k in range(TRIALS)]
    hits_on_known = sum(p[len("reveal:"):] in known for p in picks)
    assert hits_on_known < 0.4 * TRIALS  # ten of fifteen cards: blind picks hit them 2/3


def test_a_found_butterfly_is_forgotten():
    memory = Memory()
    memory.observe([sighting("B2", "frog:S", 0), sighting("B2", "frog:S", 1, found=True)])
    assert memory.seen == {}


def test_when_orienting_it_shows_a_butterfly_it_remembers_face_down():
    table = Table(start(RULES, "ai-orient", 3, {}))
    subject = table.state["subject"]
    for orientation in ("E", "W"):  # not the first legal one, so luck cannot pass the test
        key = butterfly(subject, orientation)
        memory = Memory()
        memory.observe([sighting(where(table.state, key), key, 0)])
        legal = RULES.legal_actions(table.state, 0)
        picks = [choose(table.view(0), legal, memory, random.Random(k)) for k in range(TRIALS)]
        assert picks.count(f"orient:{orientation}") >= 0.9 * TRIALS


def test_when_orienting_it_ignores_a_remembered_card_that_is_face_up_now():
    table = Table(start(RULES, "ai-faceup", 3, {}))
    subject = table.state["subject"]
    key = butterfly(subject, "W")
    pos = where(table.state, key)
    table.state["face_up"] = [pos]  # e.g. revealed earlier this round; not a hidden place
    memory = Memory()
    memory.observe([sighting(pos, key, 0)])
    legal = RULES.legal_actions(table.state, 0)
    picks = [choose(table.view(0), legal, memory, random.Random(k)) for k in range(TRIALS)]
    assert picks.count("orient:W") < 0.5 * TRIALS


def test_in_later_passes_it_never_shows_a_collected_butterfly():
    """§Course of the Game, after the reshuffle: the camera must show an uncollected one."""
    table = Table(position(
        3, collected=[["frog:N", "frog:S"], [], []], pile=["snake"], aside=["chameleon", "sloth"],
        pass_no=2, holder=1, turn=1, subject="frog", orientation=None, tried=[],
        phase="orient",
    ))
    legal = RULES.legal_actions(table.state, 1)
    picks = {choose(table.view(1), legal, Memory(), random.Random(k)) for k in range(TRIALS)}
    assert picks == {"orient:E", "orient:W"}


class Amnesiac(Memory):
    """A computer that never remembers anything."""

    def observe(self, events):
        return None


def reveals_to_finish(seed: str, memory_type: type[Memory]) -> int:
    """Play a 4-computer game to the end; return the number of cards turned up."""
    state = start(RULES, seed, 4, {})
    memories = [memory_type() for _ in range(4)]
    version = reveals = 0
    while RULES.outcome(state) is None:
        (seat,) = RULES.active_seats(state)
        action = choose(RULES.view(state, seat), RULES.legal_actions(state, seat),
                        memories[seat], random.Random(f"{seed}:{version}:{seat}"))
        step = apply_checked(RULES, state, seed=seed, version=version, seat=seat,
                             action=action, seen_version=version)
        for memory in memories:  # every event is public
            memory.observe(step.events)
        reveals += action.startswith("reveal:")
        state, version = step.state, step.version
        assert version < 1000
    return reveals


def test_memory_makes_it_finish_in_fewer_reveals():
    """Measured over these 20 seeds: about 34 reveals with memory, about 76 without (16 is
    the minimum). The threshold sits between, far from both."""
    seeds = [f"memory-{k}" for k in range(20)]
    remembering = statistics.mean(reveals_to_finish(s, Memory) for s in seeds)
    forgetting = statistics.mean(reveals_to_finish(s, Amnesiac) for s in seeds)
    assert remembering < 0.7 * forgetting, (remembering, forgetting)
    assert remembering < 50 < forgetting, (remembering, forgetting)
