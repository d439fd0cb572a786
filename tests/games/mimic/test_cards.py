"""The MIMIC component file against shared/rules/mimic.txt §Contents and Cards."""

from collections import Counter

from bot.games.mimic.cards import POWER_COLOURS, components


def test_sixty_cards_four_of_each_animal_and_colour():
    """§Contents: 60 MIMIC cards, 4 red, 4 blue and 4 green of each of 5 animals."""
    comp = components()
    assert len(comp.cards) == 60
    assert comp.animals == ("lion", "elephant", "giraffe", "zebra", "ostrich")
    assert comp.colours == ("red", "green", "blue")
    kinds = Counter(card.kind for card in comp.cards.values())
    assert set(kinds.values()) == {4} and len(kinds) == 15
    assert all(card.id == f"c{i}" for i, card in enumerate(comp.cards.values(), start=1))


def test_small_games_remove_one_of_each_kind():
    """§Preparation 4: 1–3 players remove one card of every animal × colour (45 left)."""
    comp = components()
    for n in (1, 2, 3):
        deck = comp.deck_for(n)
        assert len(deck) == 45
        assert set(Counter(comp.card(c).kind for c in deck).values()) == {3}
    assert len(comp.deck_for(4)) == 60


def test_start_power_cards_and_cubes():
    """§Contents and §Preparation 1: 5 yellow start cards, 24 power cards, the cube split."""
    comp = components()
    assert comp.yellow_start_cards == 5
    assert comp.power_cards == {"green": 4, "yellow": 4, "red": 8, "blue": 4, "orange": 4}
    assert sum(comp.power_cards.values()) == 24 and set(comp.power_titles) == set(POWER_COLOURS)
    assert comp.cubes == {"1": 15, "2": 6, "3": 5, "4": 5, "team": 8}
    assert (comp.hand_size, comp.face_up, comp.power_line) == (5, 3, 3)


def test_hierarchy_for_ties():
    """§Ties: Lion > Elephant > Giraffe > Zebra > Ostrich, then Red > Green > Blue."""
    comp = components()
    by_rank = sorted(comp.cards, key=comp.rank)
    titles = [comp.card(c).title for c in by_rank[::4]]
    assert titles[:4] == ["Red Lion", "Green Lion", "Blue Lion", "Red Elephant"]
    assert titles[-1] == "Blue Ostrich"
