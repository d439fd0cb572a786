"""The Schicki Micki computer (bot.games.schicki_micki.ai) and the dealer's clock it is measured
on (tools.schicki_sim): it reads only the public table, its levels differ in speed and accuracy
as they say, and on the simulated clock hard beats easy.

Sections cited are those of ``shared/rules/schicki-micki.en.md``.
"""

from __future__ import annotations

import random
import statistics

import pytest

from bot.games.core import SYSTEM, apply_checked, start
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki.ai import LEVELS, decide
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import GRAB_BLUE, KNOCK, REACTIONS, read_table
from tests.games.schicki_micki.helpers import find_table, make_state
from tests.games.test_contract import SECRET_SHUFFLERS
from tools.schicki_sim import DEFAULTS, play_schicki

SAMPLES = 2000


def decisions(table: list[int], level: str, n: int = SAMPLES) -> list[tuple[str, int] | None]:
    view = RULES.view(make_state(2, table), None)
    return [decide(view, level, random.Random(f"sample:{k}")) for k in range(n)]


def test_with_no_card_face_up_nobody_reacts():
    view = RULES.view(start(RULES, "empty", 2, {}), None)
    assert all(decide(view, level, random.Random(k)) is None
               for level in LEVELS for k in range(50))


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_computer_decides_on_the_face_up_cards_only_never_the_deck(level):
    """The deck's order is the game's one secret (§Set-up and goal: a face-down deck): the same
    table with the deck shuffled anew gives the same decision, at every moment of a game."""
    game = play_schicki("secret", ["normal", "normal"])
    state = start(RULES, "secret", 2, {})
    checked = 0
    for version, (seat, action, at_ms) in enumerate(game.actions):
        if state["table"]:
            scrambled = SECRET_SHUFFLERS["schicki_micki"](
                {**state, "deck": list(state["deck"])}, None, random.Random(version))
            checked += scrambled["deck"] != state["deck"]
            for k in range(3):
                assert decide(RULES.view(scrambled, None), level, random.Random(k)) == \
                    decide(RULES.view(state, None), level, random.Random(k))
        state = apply_checked(RULES, state, seed="secret", version=version, seat=seat,
                              action=action, seen_version=version, at_ms=at_ms).state
    assert checked > 50  # positions where the scrambled deck really differs


def test_what_the_table_shows_decides_the_reaction():
    """The same seed on different tables: two worms → knock (§Knocking), two pairs → grab blue
    (§Grabbing a blue figure), one pair of hats → call the hat (§Calling)."""
    worms = find_table(3, [], two_worms=True)
    blue = find_table(4, ["hat", "scarf"])
    hat = find_table(3, ["hat"])
    assert read_table(cards()[c] for c in hat).correct == "call:hat"
    for table, expected in ((worms, KNOCK), (blue, GRAB_BLUE), (hat, "call:hat")):
        chosen = [d[0] for d in decisions(table, "hard", 200) if d is not None]
        assert statistics.mode(chosen) == expected


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_errs_as_often_as_it_says_half_missing_half_wrong(level):
    table = find_table(3, ["beak"])
    made = decisions(table, level)
    right = sum(d is not None and d[0] == "call:beak" for d in made) / SAMPLES
    missed = sum(d is None for d in made) / SAMPLES
    wrong = 1 - right - missed
    rate = LEVELS[level].error_rate
    assert right == pytest.approx(1 - rate, abs=0.03)
    assert missed == pytest.approx(rate / 2, abs=0.03)
    assert wrong == pytest.approx(rate / 2, abs=0.03)
    assert all(d[0] in REACTIONS for d in made if d is not None)


def test_harder_levels_react_faster_and_err_less_but_nobody_faster_than_a_person():
    table = find_table(3, ["scarf"])
    delays = {level: [d[1] for d in decisions(table, level) if d] for level in LEVELS}
    means = [statistics.mean(delays[level]) for level in ("easy", "normal", "hard")]
    assert means[0] > means[1] > means[2]
    assert min(min(d) for d in delays.values()) >= 250
    errors = [LEVELS[level].error_rate for level in ("easy", "normal", "hard")]
    assert errors[0] > errors[1] > errors[2]


def test_without_a_pair_a_computer_mostly_keeps_its_hands_still():
    """§Calling, Mistakes: a reaction without a pair is a fault; only an error makes one."""
    table = find_table(2, [])
    for level in LEVELS:
        reacted = sum(d is not None for d in decisions(table, level)) / SAMPLES
        assert reacted == pytest.approx(LEVELS[level].error_rate / 2, abs=0.03)


# -- the simulated dealer -------------------------------------------------------------------

def _replay_checking(game, seed: str, n: int) -> None:
    """Replay a simulated game's actions, each one checked legal before it is applied, and
    check the dealer's timing: a window opens before the next card and closes after settle."""
    from bot.games.core import apply_checked
    state = start(RULES, seed, n, {})
    window_opened = None
    for version, (seat, action, at_ms) in enumerate(game.actions):
        assert action in RULES.legal_actions(state, seat), (version, seat, action)
        if seat == SYSTEM:
            window_opened = None
        else:
            limit = DEFAULTS["reveal"] if state["deck"] else DEFAULTS["final"]
            if window_opened is None:
                window_opened = at_ms
                assert at_ms < 1000 * limit
            assert window_opened <= at_ms <= window_opened + 1000 * DEFAULTS["settle"]
        state = apply_checked(RULES, state, seed=seed, version=version, seat=seat,
                              action=action, seen_version=version, at_ms=at_ms).state
    assert RULES.outcome(state) == game.outcome


@pytest.mark.parametrize("levels", [("easy", "hard"), ("normal", "normal", "easy"),
                                    ("hard", "easy", "normal", "easy")])
def test_the_simulation_applies_only_legal_reactions_and_ends_every_game(levels):
    for k in range(2):
        seed = f"sim:{len(levels)}:{k}"
        game = play_schicki(seed, levels)
        assert game.outcome is not None and game.outcome.termination == "deck_empty"
        assert sum(game.outcome.scores) <= 64  # won and owed cards, never invented ones
        _replay_checking(game, seed, len(levels))


def test_a_wild_computer_that_reacts_to_anything_still_ends_the_game():
    """Faults put cards back under the deck (§Calling, Mistakes), so the deck outlasts 64
    deals; the game still ends after the last card."""
    def wild(view, level, rng):
        return rng.choice(REACTIONS), rng.randrange(250, 4000)

    game = play_schicki("wild", ["easy", "easy", "easy"], decide=wild)
    assert game.deals > 64
    _replay_checking(game, "wild", 3)


def test_a_thought_slower_than_the_next_card_comes_too_late_but_the_last_card_waits():
    """bot.dealer: a new card voids a pending computer reaction; the last card gets the final
    window, longer than the reveal interval."""
    def slow(view, level, rng):
        correct = read_table(cards()[c["id"]] for c in view["table"]).correct
        return (correct, 3000) if correct and level == "hard" else None

    game = play_schicki("slow", ["hard", "easy"], decide=slow)
    reactions = [(seat, at) for seat, action, at in game.actions if seat != SYSTEM]
    assert reactions and all(at == 3000 for _, at in reactions)
    assert len(reactions) == 1  # only the last card waited long enough


def test_a_reaction_within_the_settle_window_counts_and_one_after_it_does_not():
    def timed(view, level, rng):
        return ("call:hat", {"easy": 1000, "normal": 2500, "hard": 2600}[level])

    game = play_schicki("settle", ["easy", "normal", "hard"], decide=timed)
    seats = {seat for seat, action, _ in game.actions if seat != SYSTEM}
    assert seats == {0, 1}  # 2500 ≤ 1000 + 1500; 2600 is past it


def test_hard_beats_easy_on_the_dealers_clock():
    wins = 0.0
    margins = []
    for k in range(6):
        levels = ["hard", "easy"] if k % 2 == 0 else ["easy", "hard"]
        outcome = play_schicki(f"duel:{k // 2}", levels).outcome
        hard = levels.index("hard")
        wins += 1.0 if outcome.winners == {hard} else 0.5 if hard in outcome.winners else 0.0
        margins.append(outcome.scores[hard] - outcome.scores[1 - hard])
    assert wins >= 5
    assert statistics.mean(margins) > 10
