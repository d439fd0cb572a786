"""The rule text's examples 3–9 and its fault rules, as scenarios on hand-built tables.

Sections are those of ``shared/rules/schicki-micki.cs.txt``; seats are the examples' players:
Dana 0, Tereza 1, Michal 2, Kristýna 3. Colours follow the example where the shipped deck
has such cards, otherwise any colour with the same shape of pairs.
"""

from __future__ import annotations

from bot.games.core import SYSTEM
from bot.games.schicki_micki import RULES
from tests.games.refusals import said
from tests.games.schicki_micki.helpers import (
    DANA,
    KRISTYNA,
    MICHAL,
    TEREZA,
    act,
    find_table,
    make_state,
    reading,
    result_of,
    settle,
    shown,
    twins,
    with_piles,
)


def test_example_3_first_correct_call_takes_all_wrong_call_gives_back():
    """§Zvolání, Příklad 3: two red hats. Dana and Tereza call "hat", Dana first: she takes
    all laid cards, Tereza nothing. Michal wrongly calls "scarf" and gives back one card."""
    table = find_table(2, ["hat"], where=lambda ids: shown(ids, "hat")["red"] == 2)
    state = with_piles(4, table)
    michal_pile = list(state["won"][MICHAL])
    state, resolved = settle(
        state, (DANA, "call:hat", 610), (TEREZA, "call:hat", 730), (MICHAL, "call:scarf", 900)
    )
    assert result_of(resolved, DANA)["result"] == "won_all"
    assert result_of(resolved, DANA)["cards"] == table
    assert result_of(resolved, TEREZA)["result"] == "not_first"
    assert result_of(resolved, MICHAL)["result"] == "gave_back"
    assert state["won"][MICHAL] == michal_pile[:-1]
    assert state["deck"][-1] == michal_pile[-1]  # "Vrácené karty … dospodu hracího balíčku"
    assert resolved["given_back"] == [{"seat": MICHAL, "card": michal_pile[-1]}]
    assert [r["at_ms"] for r in resolved["reactions"]] == [610, 730, 900]


def test_example_4_grab_replaces_call_and_leftover_goes_under_the_deck():
    """§Sebrání modré figurky, Příklad 4: Dana and Tereza call "scarf"; Dana then sees the
    green tail feathers and grabs a blue figure, as do Michal and Kristýna. Dana, Michal and
    Kristýna get one laid card each; the remaining card goes face down under the deck."""
    table = find_table(4, ["scarf", "feathers"],
                       where=lambda ids: shown(ids, "feathers")["green"] == 2)
    state = with_piles(4, table)
    deck_before = list(state["deck"])
    state, resolved = settle(
        state, (DANA, "call:scarf"), (TEREZA, "call:scarf"), (DANA, "grab:blue"),
        (MICHAL, "grab:blue"), (KRISTYNA, "grab:blue"),
    )
    assert [r["result"] for r in resolved["reactions"]] == [
        "replaced", "nothing", "won_one", "won_one", "won_one",
    ]
    assert result_of(resolved, DANA)["cards"] == table[:1]
    assert result_of(resolved, MICHAL)["cards"] == table[1:2]
    assert result_of(resolved, KRISTYNA)["cards"] == table[2:3]
    assert resolved["under_deck"] == table[3:]
    assert state["deck"] == deck_before + table[3:]
    assert state["table"] == []


def test_example_5_more_grabbers_than_laid_cards_take_the_top_of_the_deck():
    """§Sebrání modré figurky, Příklad 5: two hens share tail feathers and scarves; Dana,
    Michal and Kristýna grab the three blue figures. Only two cards are laid, so the third
    grabber takes the top card of the deck."""
    table = find_table(2, ["scarf", "feathers"])
    state = with_piles(4, table)
    top = state["deck"][0]
    state, resolved = settle(state, (DANA, "grab:blue"), (MICHAL, "grab:blue"),
                             (KRISTYNA, "grab:blue"))
    assert [r["cards"] for r in resolved["reactions"]] == [table[:1], table[1:], [top]]
    assert top in state["won"][KRISTYNA] and state["deck"][0] != top


def test_example_6_blue_and_red_on_a_single_pair_give_back():
    """§Sebrání modré figurky, Chybný tah, Příklad 6: only one pair (beak). Kristýna grabs a
    blue figure and Tereza the red one: both give back one of their cards."""
    table = find_table(2, ["beak"])
    state = with_piles(4, table)
    state, resolved = settle(state, (KRISTYNA, "grab:blue"), (TEREZA, "grab:red"))
    assert result_of(resolved, KRISTYNA)["result"] == "gave_back"
    assert result_of(resolved, TEREZA)["result"] == "gave_back"
    assert len(state["won"][KRISTYNA]) == len(state["won"][TEREZA]) == 1
    assert state["table"] == table and state["dealer"] == 0  # nobody won: the row goes on


def test_example_7_red_takes_all_blue_and_knock_give_back():
    """§Sebrání červené figurky, Příklad 7: two identical cards. Kristýna grabs the red
    figure first and takes all laid cards. Michal and Tereza grabbed blue figures, Dana
    knocked: each gives back one card. Blue grabbers may not change to red or a knock."""
    table = list(twins()[0])
    state = with_piles(4, table)
    piles = [list(p) for p in state["won"]]
    for seat, action in ((KRISTYNA, "grab:red"), (MICHAL, "grab:blue"),
                         (TEREZA, "grab:blue"), (DANA, "knock")):
        state, _ = act(state, seat, action)
    assert RULES.legal_actions(state, MICHAL) == []  # "Hráč již nesmí změnit svoji akci"
    state, resolved = act(state, SYSTEM, "resolve")
    resolved = resolved[0].data
    assert result_of(resolved, KRISTYNA)["result"] == "won_all"
    assert state["won"][KRISTYNA] == piles[KRISTYNA] + table
    for seat in (MICHAL, TEREZA, DANA):
        assert result_of(resolved, seat)["result"] == "gave_back"
        assert state["won"][seat] == piles[seat][:-1]


def test_example_8_knock_beats_a_correct_call():
    """§Klepání na stůl, Příklad 8: one pair (scarf) and a card with two worms. Dana calls
    "scarf", a correct call; Kristýna knocks and takes all laid cards. Dana gets nothing
    (and gives nothing back)."""
    table = find_table(2, ["scarf"], two_worms=True)
    state = with_piles(4, table)
    dana_pile = list(state["won"][DANA])
    state, resolved = settle(state, (DANA, "call:scarf"), (KRISTYNA, "knock"))
    assert result_of(resolved, KRISTYNA)["result"] == "won_all"
    assert result_of(resolved, DANA)["result"] == "nothing"
    assert state["won"][DANA] == dana_pile


def test_example_9_knock_beats_correct_blue_grabs():
    """§Klepání na stůl, Příklad 9: pairs of scarves, worms and beaks, three hats, and a
    card with two worms. Kristýna and Michal grab blue figures (correct, but) Dana knocks
    and takes all laid cards; Kristýna and Michal get nothing."""
    table = find_table(3, ["scarf", "worm", "beak", "hat"], two_worms=True,
                       where=lambda ids: 3 in shown(ids, "hat").values())
    state = with_piles(4, table)
    state, resolved = settle(state, (KRISTYNA, "grab:blue"), (MICHAL, "grab:blue"),
                             (DANA, "knock"))
    assert result_of(resolved, DANA)["result"] == "won_all"
    assert result_of(resolved, DANA)["cards"] == table
    assert result_of(resolved, KRISTYNA)["result"] == "nothing"
    assert result_of(resolved, MICHAL)["result"] == "nothing"
    assert [len(p) for p in state["won"]] == [2 + 3, 2, 2, 2]


# -- the fault rules ----------------------------------------------------------------------


def test_calling_one_accessory_among_several_pairs_gets_nothing_gives_nothing():
    """§Zvolání, Chybný tah, bullet 2: a call although several pairs lie on the table."""
    table = find_table(3, ["scarf", "feathers"])
    state, resolved = settle(with_piles(3, table), (0, "call:scarf"))
    assert result_of(resolved, 0)["result"] == "nothing"
    assert len(state["won"][0]) == 2


def test_correct_call_beside_two_worms_gets_nothing_gives_nothing():
    """§Zvolání, Pozor and Chybný tah, bullet 3: two worms on one of the laid cards."""
    table = find_table(2, ["scarf"], two_worms=True)
    state, resolved = settle(with_piles(3, table), (0, "call:scarf"))
    assert result_of(resolved, 0)["result"] == "nothing"
    assert len(state["won"][0]) == 2


def test_a_knock_replaces_an_earlier_call():
    """§Zvolání, Chybný tah, bullet 4: "Pozdější akce se považují za zrušení akce
    předchozí" — a wrong call followed by a knock counts as the knock only."""
    table = find_table(2, ["scarf"], two_worms=True)
    _state, resolved = settle(with_piles(3, table), (1, "call:umbrella"), (1, "knock"))
    assert [r["result"] for r in resolved["reactions"]] == ["replaced", "won_all"]


def test_after_a_call_only_a_grab_or_knock_and_after_a_grab_nothing():
    """§Zvolání, Chybný tah, bullet 4 and §Sebrání modré figurky, Chybný tah, bullet 2."""
    state = with_piles(3, find_table(2, ["hat"]))
    state, _ = act(state, 0, "call:hat")
    assert RULES.legal_actions(state, 0) == ["grab:blue", "grab:red", "knock"]
    assert said(RULES.explain_illegal(state, 0, "call:scarf")) == (
        "You already called: only a grab or a knock can replace a call.",
        "Už jsi zvolal(a): zvolání nahradí jen sebrání figurky nebo zaklepání.")
    state, _ = act(state, 0, "grab:blue")
    assert RULES.legal_actions(state, 0) == []
    assert said(RULES.explain_illegal(state, 0, "knock")) == (
        "You already grabbed a figure: a grab is final.",
        "Už jsi sebral(a) figurku: to už nejde vzít zpět.")
    state, _ = act(state, 1, "knock")
    assert RULES.legal_actions(state, 1) == []


def test_blue_beside_identical_cards_gives_back():
    """§Sebrání modré figurky, Chybný tah, bullet 2 (Příklad 7): identical cards show many
    pairs, yet a blue grab gives back one card."""
    _state, resolved = settle(with_piles(2, list(twins()[1])), (1, "grab:blue"))
    assert result_of(resolved, 1)["result"] == "gave_back"


def test_red_without_identical_cards_gives_back():
    """§Sebrání červené figurky, Chybný tah."""
    state, resolved = settle(with_piles(2, find_table(2, ["scarf", "feathers"])), (0, "grab:red"))
    assert result_of(resolved, 0)["result"] == "gave_back"
    assert len(state["won"][0]) == 1


def test_knock_without_two_worms_gives_back():
    """§Klepání na stůl, Chybný tah."""
    state, resolved = settle(with_piles(2, find_table(2, ["hat"])), (1, "knock"))
    assert result_of(resolved, 1)["result"] == "gave_back"
    assert len(state["won"][1]) == 1


def test_a_player_without_cards_gives_nothing_and_owes_nothing_later():
    """§Zvolání, Chybný tah: "Pokud hráč zatím nezískal žádnou kartu, povinnost vracet
    karty se na něj nevztahuje, ani se neprojeví v dalších kolech hry." """
    table = find_table(2, ["hat"])
    state = make_state(3, table)
    deck_before = list(state["deck"])
    state, resolved = settle(state, (2, "knock"))
    assert result_of(resolved, 2)["result"] == "had_none"
    assert state["deck"] == deck_before and resolved["given_back"] == []
    state, resolved = settle(state, (2, "call:hat"))
    assert state["won"][2] == table  # nothing is taken off the later win


def test_each_fault_gives_back_the_last_won_card_in_order_of_arrival():
    """§Zvolání, Chybný tah: given-back cards go under the deck (faults in arrival order)."""
    state = with_piles(3, find_table(2, []))
    piles = [list(p) for p in state["won"]]
    deck_before = list(state["deck"])
    state, resolved = settle(state, (2, "knock"), (0, "grab:red"), (1, "call:hat"))
    assert state["deck"] == [*deck_before, piles[2][-1], piles[0][-1], piles[1][-1]]
    assert [g["seat"] for g in resolved["given_back"]] == [2, 0, 1]


def test_knock_counts_a_two_worm_card_that_is_not_the_last_one():
    """§Klepání na stůl says "the last card turned"; its fault rule says "none of the laid
    cards": the spec makes any face-up two-worm card a knock situation."""
    two_worm = find_table(1, [], two_worms=True)
    table = two_worm + find_table(1, [], avoid=two_worm)
    assert reading(table).situation == "knock"
    _state, resolved = settle(with_piles(2, table), (0, "knock"))
    assert result_of(resolved, 0)["result"] == "won_all"
