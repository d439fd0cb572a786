"""The shipped deck equals the generated one and has the properties the spec asks for
(``shared/specs/schicki-micki.md`` §The deck; rule text §Herní materiál)."""

from __future__ import annotations

import json
from collections import Counter

from bot.games.schicki_micki.deck import (
    COLOURS,
    DECK_PATH,
    FEATURES,
    Card,
    build_deck,
    cards,
    deck_text,
)


def test_shipped_file_is_the_generated_deck():
    assert DECK_PATH.read_text(encoding="utf-8") == deck_text(build_deck())
    assert list(cards()) == build_deck()


def test_card_json_round_trip():
    for card in cards():
        assert Card.from_json(json.loads(json.dumps(card.to_json()))) == card


def test_counts_46_one_worm_6_two_worm_12_closeups():
    kinds = Counter((c.kind, c.worms) for c in cards())
    assert kinds == {("hen", 1): 46, ("hen", 2): 6, ("closeup", 0): 12}
    assert [c.id for c in cards()] == list(range(64))


def test_every_hen_is_a_permutation_of_the_six_colours():
    for card in cards():
        if card.kind == "hen":
            assert [f for f, _ in card.items] == list(FEATURES)
            assert sorted(c for _, c in card.items) == sorted(COLOURS)


def test_exactly_four_twin_pairs_of_one_worm_hens_and_no_other_duplicates():
    designs = Counter(c.design for c in cards() if c.kind == "hen")
    twins = [design for design, count in designs.items() if count > 1]
    assert len(twins) == 4
    assert all(designs[d] == 2 and d[0] == 1 for d in twins)
    assert len(designs) == 42 + 6


def test_two_worm_hens_are_distinct_from_every_other_design():
    colours_of = Counter(c.items for c in cards() if c.kind == "hen")
    for card in cards():
        if card.worms == 2:
            assert colours_of[card.items] == 1
    worm_colours = {dict(c.items)["worm"] for c in cards() if c.worms == 2}
    assert len(worm_colours) == 6


def test_closeups_each_feature_twice_in_two_colours_none_identical():
    closeups = [c.items[0] for c in cards() if c.kind == "closeup"]
    assert len(set(closeups)) == 12
    per_feature = Counter(f for f, _ in closeups)
    assert per_feature == {f: 2 for f in FEATURES}
    assert all(c.design is None for c in cards() if c.kind == "closeup")


def test_one_worm_designs_show_every_feature_colour_equally_often():
    distinct = {c.items for c in cards() if c.kind == "hen" and c.worms == 1}
    counts = Counter(item for design in distinct for item in design)
    assert set(counts.values()) == {7}
