"""Reading the face-up cards, and the rule text's table of situations as data.

Sections cited are those of ``shared/rules/schicki-micki.cs.txt`` (English headings of
``schicki-micki.en.md`` in brackets). The reading follows ``shared/specs/schicki-micki.md``
§Reading the table:

- a **pair** is a (feature, colour) shown by two or more face-up cards; three red hats are
  one pair (Příklad 9 counts "tři klobouky" as one of its pairs);
- **identical** cards are two face-up hens of one design (a twin pair); close-ups never are;
- **two worms**: some face-up card shows two worms. The knocking section says "the last
  card turned", but its fault rule and the warning to callers say "one of the laid cards";
  the spec reads it as any face-up card, which keeps the fault rule consistent.

Situations by priority: two worms (``knock``) > identical (``red``) > two or more pairs
(``blue``) > exactly one pair (``call``) > nothing (``none``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.schicki_micki.deck import FEATURES, Card

CALLS = tuple(f"call:{feature}" for feature in FEATURES)
GRAB_BLUE = "grab:blue"
GRAB_RED = "grab:red"
KNOCK = "knock"
REACTIONS = (*CALLS, GRAB_BLUE, GRAB_RED, KNOCK)
"""Every reaction code, in the order buttons and legal-action lists show them."""

SITUATIONS = ("knock", "red", "blue", "call", "none")

# Verdicts of the table of situations (§Tabulka možných situací [Table of situations]).
WIN = "win"
"""The correct reaction: all laid cards to the first (knock, call, red), one card per blue."""
NOTHING = "nothing"
GIVE_BACK = "give_back"
NOTHING_IF_TWO_PAIRS = "nothing_if_two_pairs"
"""Blue grab beside two worms: "NIC, pokud jsou na stole alespoň 2 dvojice … JINAK vrátíte 1"."""

COLUMNS = ("knock", "call", "blue", "red", "wrong_call")
"""The table's columns: knock, call correctly (a feature that has a pair), grab blue, grab
red, call at the wrong moment (a feature without a pair)."""

TABLE: dict[str, dict[str, str]] = {
    # §Tabulka možných situací, row by row; "none" is the row the table leaves out: with no
    # pair and no two worms every reaction is a fault (§Chybný tah of each section).
    "knock": {"knock": WIN, "call": NOTHING, "blue": NOTHING_IF_TWO_PAIRS,
              "red": GIVE_BACK, "wrong_call": GIVE_BACK},
    "call": {"knock": GIVE_BACK, "call": WIN, "blue": GIVE_BACK,
             "red": GIVE_BACK, "wrong_call": GIVE_BACK},
    "blue": {"knock": GIVE_BACK, "call": NOTHING, "blue": WIN,
             "red": GIVE_BACK, "wrong_call": GIVE_BACK},
    "red": {"knock": GIVE_BACK, "call": NOTHING, "blue": GIVE_BACK,
            "red": WIN, "wrong_call": NOTHING},
    "none": {"knock": GIVE_BACK, "call": GIVE_BACK, "blue": GIVE_BACK,
             "red": GIVE_BACK, "wrong_call": GIVE_BACK},
}


@dataclass(frozen=True, slots=True)
class Reading:
    """What the face-up cards show, in the terms of the rules."""

    pairs: tuple[tuple[str, str], ...]
    """Every (feature, colour) shown at least twice, sorted."""
    identical: tuple[tuple[int, int], ...]
    """Card ids of identical hens, pairwise, sorted."""
    two_worms: tuple[int, ...]
    """Ids of face-up cards that show two worms."""

    @property
    def paired_features(self) -> frozenset[str]:
        """Features that show a pair in some colour: calling one of them is never a fault."""
        return frozenset(feature for feature, _ in self.pairs)

    @property
    def situation(self) -> str:
        """The table's row, by priority (spec §Reading the table)."""
        if self.two_worms:
            return "knock"
        if self.identical:
            return "red"
        if len(self.pairs) >= 2:
            return "blue"
        return "call" if self.pairs else "none"

    @property
    def correct(self) -> str | None:
        """The reaction that wins here (the table's "Správná reakce"), None with nothing."""
        situation = self.situation
        if situation == "call":
            return f"call:{self.pairs[0][0]}"
        return {"knock": KNOCK, "red": GRAB_RED, "blue": GRAB_BLUE}.get(situation)

    def to_json(self) -> dict[str, object]:
        """The reading for events (only ever shown after the window is resolved)."""
        return {
            "situation": self.situation,
            "correct": self.correct,
            "pairs": [list(pair) for pair in self.pairs],
            "identical": [list(twins) for twins in self.identical],
            "two_worms": list(self.two_worms),
        }


def read_table(cards: Iterable[Card]) -> Reading:
    """Read the face-up cards (order does not matter)."""
    cards = list(cards)
    shown = Counter(item for card in cards for item in card.items)
    identical = [
        (a.id, b.id)
        for i, a in enumerate(cards)
        for b in cards[i + 1:]
        if a.design is not None and a.design == b.design
    ]
    return Reading(
        pairs=tuple(sorted(item for item, count in shown.items() if count >= 2)),
        identical=tuple(sorted((min(x, y), max(x, y)) for x, y in identical)),
        two_worms=tuple(sorted(card.id for card in cards if card.worms == 2)),
    )


def column(reading: Reading, action: str) -> str:
    """The table's column for a reaction on this table."""
    if action == KNOCK:
        return "knock"
    if action == GRAB_BLUE:
        return "blue"
    if action == GRAB_RED:
        return "red"
    feature = action.removeprefix("call:")
    return "call" if feature in reading.paired_features else "wrong_call"


def verdict(reading: Reading, action: str) -> str:
    """WIN, NOTHING or GIVE_BACK for one reaction, straight from the table of situations.

    "First" and "which figure" are not the table's business: see ``resolve.py``.
    """
    cell = TABLE[reading.situation][column(reading, action)]
    if cell == NOTHING_IF_TWO_PAIRS:
        return NOTHING if len(reading.pairs) >= 2 else GIVE_BACK
    return cell
