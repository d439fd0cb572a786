"""MIMIC in English and Czech: every reply of its cogs comes from the catalogue, the English of a
refusal is the rules' own, every line of a whole game is said in both languages, and the Czech
reads right (card names that agree with their animal, plurals, what a player may type)."""

from __future__ import annotations

import pytest

from bot.games import REGISTRY
from bot.games.core import Event
from bot.games.mimic import hints
from bot.games.mimic.cards import POWER_COLOURS, components
from bot.games.mimic.geometry import ALL_CELLS
from bot.i18n import words
from cogs.mimic import choices, table
from presentation.mimic import prompt as presentation_mimic
from presentation.mimic import words as mimic_words
from presentation.mimic import words as texts
from presentation.mimic.table import MimicTable
from tests.cogs.test_mimic_table import SEATS, blocked_view, playout
from tests.test_i18n import ROOT, literal_replies

RULES = REGISTRY["mimic"]
EN, CS = words("en"), words("cs")
DISCORD_LIMIT = 2000  # characters in one message
GAMES = {  # name → (players, options, seed): between them every phase and power card
    "basic": (2, {}, 3),
    "teams": (4, {"teams": True}, 2),
    "advanced": (3, {"advanced": True}, 5),
    "solo": (1, {}, 4),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request) -> tuple[list[dict], list[Event]]:
    players, options, seed = GAMES[request.param]
    return playout(players, options, seed)


@pytest.mark.parametrize("module", ["cogs/mimic/cog.py", "cogs/mimic/table.py",
                                    "cogs/mimic/choices.py", "cogs/mimic/caller.py"])
def test_mimic_replies_come_from_the_catalogue(module):
    assert literal_replies(ROOT / module) == []


def said(text: str | None) -> str | None:
    """The text, checked to name no message the catalogue lacks (a missing one shows its key)."""
    assert text is None or "mimic." not in text, text
    return text


def candidates(state: dict, seat: int) -> list[str]:
    """Actions to try in a position, legal or not: every verb, good and bad arguments."""
    hand = state["hands"][seat]
    others = [c for h in state["hands"] for c in h if c not in hand]
    card = hand[0] if hand else "c1"
    taken = sorted(state["cards"]) + sorted(state["starts"])
    codes = [f"place:{card}:{cell}" for cell in ALL_CELLS] + [
        f"place:{card}:Z9", f"place:{card}", *(f"place:{c}:A1" for c in others[:1]),
        f"give:{card}", "give:c999", f"pick:{card}", "start:A1", f"start:{taken[0]}",
        "draw:deck", "draw:c999", *(f"draw:{c}" for c in state["faceup"][:1]), "end",
        "power:green", "power:orange", "cancel", "to:A1", "fly", "power:purple",
        *(f"{verb}:{cell}" for verb in ("yellow", "red", "blue") for cell in taken[:3]),
        *(f"take:{colour}" for colour in POWER_COLOURS),
    ]
    legal = set(RULES.legal_actions(state, seat))
    return [code for code in codes if code not in legal]


def test_every_refusal_of_the_rules_is_said_in_both_languages(game):
    states, _ = game
    checked = set()
    for state in states[::2]:
        for seat in sorted(RULES.active_seats(state)):
            for code in candidates(state, seat):
                refused = RULES.explain_illegal(state, seat, code)
                english = said(refused.say(EN))
                czech = said(refused.say(CS))
                assert english and czech and czech != english, code
                assert refused.key not in english + czech, code  # a message, not its key
                checked.add(english)
    assert len(checked) >= 8, checked


def test_every_line_of_a_game_is_said_in_both_languages(game):
    states, events = game
    ui = table.MimicUI(MimicTable())
    for event in events:
        lines = [said(ui.describe(event, SEATS, w)) for w in (EN, CS)]
        assert (lines[0] is None) == (lines[1] is None), event
        for seat in range(len(states[0]["hands"])):
            own = [said(table.own_line(event, seat, w)) for w in (EN, CS)]
            assert (own[0] is None) == (own[1] is None), event
    for state in states[::3] + states[-1:]:
        public = RULES.view(state, None)
        statuses = [said(ui.status(None, SEATS, public, w)) for w in (EN, CS)]
        assert statuses[0] != statuses[1]
        for seat in range(len(state["hands"])):
            view = RULES.view(state, seat)
            targets = hints.hand_targets(view)
            for w in (EN, CS):
                said(table.hand_text(view, targets, w))
                said(presentation_mimic.next_hint(view, w, w))
                said(presentation_mimic.next_hint(view, w, w, keys="web.mimic"))  # the web board's
                said(table.stuck_note(view, w))
                for card, cells in targets.items():
                    for label, _ in presentation_mimic.cell_choices(view, card, cells, w):
                        said(label)
    assert "🏁" in statuses[1] or "🏆" in statuses[1]


def test_czech_card_names_agree_with_their_animal():
    feminine = {"giraffe", "zebra"}
    names = {}
    for card in components().cards.values():
        face = texts.face(card.id)
        names[card.kind] = texts.card_name(face, CS)
        assert texts.card_name(face, EN) == card.title
        colour, _animal = names[card.kind].split()
        assert colour.endswith("á" if card.animal in feminine else "ý"), names[card.kind]
    assert len(set(names.values())) == 15
    assert names[("red", "lion")] == "Červený lev"
    assert names[("green", "giraffe")] == "Zelená žirafa"
    assert names[("blue", "ostrich")] == "Modrý pštros"


def test_czech_plurals_of_cubes_cards_and_cells():
    assert [CS.n("mimic.unit.cubes", n) for n in (1, 2, 4, 5, 21)] == [
        "1 kostka", "2 kostky", "4 kostky", "5 kostek", "21 kostek"]
    assert [EN.n("mimic.unit.cubes", n) for n in (1, 2)] == ["1 cube", "2 cubes"]
    assert [CS.n("mimic.choice.fits", n) for n in (1, 3, 7)] == [
        "hodí se na 1 pole", "hodí se na 3 pole", "hodí se na 7 polí"]
    assert [CS.n("mimic.next.lay", n) for n in (1, 2)] == [
        "Polož ještě 1 kartu: `/mimic place`.", "Polož ještě 2 karty: `/mimic place`."]


def test_the_rules_fit_one_message_and_name_the_boards_buttons():
    for w in (EN, CS):
        for board in (EN, CS):
            text = mimic_words.rules_text(w, board)
            assert len(text) <= DISCORD_LIMIT
            assert board("mimic.button.hand") in text and board("mimic.button.draw") in text
            assert "`/mimic place`" in text and "`/mimic pick`" in text


def test_choices_fit_discord_and_typed_names_work_in_either_language():
    for w in (EN, CS):
        for colour in POWER_COLOURS:
            label, value = choices.power_choice(colour, w)
            assert len(label) <= 100 and value == colour
            assert choices.power_colour(f" {texts.power_name(colour, w)} ") == colour
    view = blocked_view([("red", "lion"), ("blue", "zebra")])
    assert table.find_card(view, "Modrá zebra") == "h1"
    assert table.find_card(view, "červený LEV") == "h0"


def test_the_stuck_warning_and_the_hand_in_czech():
    stuck = blocked_view([("red", "lion"), ("blue", "zebra")])
    assert table.stuck_note(stuck, CS).startswith("⚠️ Z karet v ruce nejdou položit dvě")
    one_laid = blocked_view([("blue", "zebra"), ("red", "zebra")])
    one_laid["board"]["D5"] = {"id": "c2", "colour": "red", "animal": "lion", "cube": None}
    one_laid |= {"powers": [{"active": ["yellow", "red"], "used": []}]}
    text = table.hand_text(one_laid, hints.hand_targets(one_laid), CS)
    assert text.splitlines() == [
        "**Tvoje karty**",
        "1. Modrá zebra — hodí se na: žádné pole",
        "2. Červená zebra — hodí se na: D6",
        "Karty schopností: Žlutá, Červená",
    ]
