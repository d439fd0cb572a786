"""The 64 Schicki Micki cards as data: how the deck is built, written and loaded.

``shared/rules/schicki-micki.cs.txt`` §Herní materiál lists 46 hens with one worm, 6 hens
with two worms and 12 close-ups; the picture side of the cards is not in the text, so the
designs follow the choices of ``shared/specs/schicki-micki.md`` §The deck:

- a hen shows six features, each in a different one of six colours (a permutation);
- 46 one-worm hens = 42 designs, 4 of them printed twice (the 4 twin pairs);
- 6 two-worm hens, all distinct and never the design of any other card; both worms of a
  card share one colour, so the card shows one worm colour;
- 12 close-ups: every feature twice, in two different colours.

The designs are chosen by arithmetic, not by a random generator, so the deck is the same on
every Python: 8 base permutations (every 7th permutation in lexicographic order with the
umbrella fixed to the first colour), each turned through the six cyclic colour shifts. The
six shifts of one base form a Latin square (every feature meets every colour once), so the
42 one-worm designs (bases 0–6) show every feature in every colour exactly 7 times, and the
two-worm hens (base 7) wear six different worm colours. Twins are one design of each of the
bases 0–3; close-up feature *f* comes in colours *f* and *f* + 3. The stride 7 makes two
hens share features about as often as two random permutations would (none 42 %, one 36 %,
two 14 % of hen pairs), so one-pair and many-pair tables both come up often.

The shipped file ``data/schicki_micki/deck.json`` is written by ``python -m
bot.games.schicki_micki.deck`` and a test checks it equals `build_deck()`.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.games.content import folder
from bot.games.core import JSON
from bot.games.schicki_micki.views import CardFace

FEATURES = ("umbrella", "hat", "scarf", "beak", "feathers", "worm")
COLOURS = ("red", "blue", "yellow", "green", "orange", "pink")
DECK_SIZE = 64
DECK_PATH = folder("schicki_micki") / "deck.json"

_BASE_STRIDE = 7
_TWIN_BASES = 4


@dataclass(frozen=True, slots=True)
class Card:
    """One card: what it shows, as ``(feature, colour)`` items.

    A hen shows all six features (her two worms, if she has two, share one colour and count
    as one item); a close-up shows exactly one feature.
    """

    id: int
    kind: str
    items: tuple[tuple[str, str], ...]
    worms: int = 0

    @property
    def design(self) -> tuple[int, tuple[tuple[str, str], ...]] | None:
        """What makes two hens identical (twins); None for a close-up, which never is."""
        return (self.worms, self.items) if self.kind == "hen" else None

    def to_json(self) -> CardFace:
        """The card as it is stored in ``deck.json`` and shown in views."""
        if self.kind == "hen":
            return {"id": self.id, "kind": "hen", "worms": self.worms, "colours": dict(self.items)}
        ((feature, colour),) = self.items
        return {"id": self.id, "kind": "closeup", "feature": feature, "colour": colour}

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Card:
        """Read one stored card, checking its shape."""
        if data["kind"] == "hen":
            colours = data["colours"]
            if sorted(colours) != sorted(FEATURES) or sorted(colours.values()) != sorted(COLOURS):
                raise ValueError(f"card {data['id']}: a hen shows each colour on one feature")
            if data["worms"] not in (1, 2):
                raise ValueError(f"card {data['id']}: a hen has one or two worms")
            items = tuple((f, colours[f]) for f in FEATURES)
            return cls(int(data["id"]), "hen", items, int(data["worms"]))
        if data["kind"] == "closeup":
            if data["feature"] not in FEATURES or data["colour"] not in COLOURS:
                raise ValueError(f"card {data['id']}: unknown close-up")
            return cls(int(data["id"]), "closeup", ((data["feature"], data["colour"]),))
        raise ValueError(f"card {data.get('id')}: unknown kind {data.get('kind')!r}")


def _bases() -> list[tuple[int, ...]]:
    perms = list(itertools.permutations(range(1, len(COLOURS))))
    return [(0, *perms[_BASE_STRIDE * k]) for k in range(8)]


def _design(base: Sequence[int], shift: int) -> tuple[tuple[str, str], ...]:
    return tuple(
        (feature, COLOURS[(base[f] + shift) % len(COLOURS)]) for f, feature in enumerate(FEATURES)
    )


def build_deck() -> list[Card]:
    """The 64 cards in id order: 42 one-worm designs, 4 twin copies, 6 two-worm hens and
    12 close-ups."""
    squares = [[_design(base, shift) for shift in range(len(COLOURS))] for base in _bases()]
    hens = [(1, design) for square in squares[:7] for design in square]
    hens += [(1, squares[k][(2 * k + 1) % len(COLOURS)]) for k in range(_TWIN_BASES)]
    hens += [(2, design) for design in squares[7]]
    cards = [Card(i, "hen", design, worms) for i, (worms, design) in enumerate(hens)]
    for f, feature in enumerate(FEATURES):
        for colour in (COLOURS[f], COLOURS[(f + 3) % len(COLOURS)]):
            cards.append(Card(len(cards), "closeup", ((feature, colour),)))
    return cards


def deck_text(cards: Sequence[Card]) -> str:
    """The file format: a JSON list, one card per line, so a diff shows which card changed."""
    lines = ",\n".join("  " + json.dumps(card.to_json()) for card in cards)
    return "[\n" + lines + "\n]\n"


@functools.cache
def cards() -> tuple[Card, ...]:
    """The shipped deck, read once from ``data/``; ``cards()[i].id == i``."""
    data = json.loads(DECK_PATH.read_text(encoding="utf-8"))
    deck = tuple(Card.from_json(card) for card in data)
    if [card.id for card in deck] != list(range(DECK_SIZE)):
        raise ValueError(f"{DECK_PATH.name} must hold cards 0–{DECK_SIZE - 1} in order")
    return deck


def main() -> None:
    """Write ``data/schicki_micki/deck.json`` from `build_deck()` (in a checkout: the source
    tree's file, which an editable install reads)."""
    path = Path(str(DECK_PATH))
    path.write_text(deck_text(build_deck()), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
