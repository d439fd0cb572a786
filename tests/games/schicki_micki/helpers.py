"""Hand-built Schicki Micki positions: real cards of the shipped deck, chosen by what they show."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.games.core import SYSTEM, apply_checked
from bot.games.schicki_micki import RULES
from bot.games.schicki_micki.deck import DECK_SIZE, cards
from bot.games.schicki_micki.table import Reading, read_table

# The players of the rule text's examples, as seats.
DANA, TEREZA, MICHAL, KRISTYNA = 0, 1, 2, 3


def reading(ids: Iterable[int]) -> Reading:
    return read_table(cards()[i] for i in ids)


def shown(ids: Iterable[int], feature: str) -> Counter:
    """How many of the cards show ``feature`` in each colour."""
    return Counter(c for i in ids for f, c in cards()[i].items if f == feature)


def hens(worms: int = 1) -> list[int]:
    return [c.id for c in cards() if c.kind == "hen" and c.worms == worms]


def twins() -> list[tuple[int, int]]:
    """The four twin pairs of the deck."""
    seen: dict[Any, int] = {}
    found = []
    for card in cards():
        if card.design is None:
            continue
        if card.design in seen:
            found.append((seen[card.design], card.id))
        seen[card.design] = card.id
    return found


def find_table(
    size: int,
    pairs: Sequence[str],
    *,
    two_worms: bool = False,
    where: Callable[[list[int]], bool] = lambda ids: True,
    avoid: Iterable[int] = (),
) -> list[int]:
    """The first ``size`` cards (by id) whose pairs have exactly the features ``pairs`` (one
    entry per pair), with or without a two-worm card, no identical hens, and ``where(ids)``.

    A depth-first search that drops a branch as soon as it shows a pair it may not show.
    """
    wanted = Counter(pairs)
    avoid = set(avoid)
    pool = [c.id for c in cards() if c.id not in avoid and (two_worms or c.worms != 2)]

    def fits(r: Reading) -> bool:
        return not r.identical and Counter(f for f, _ in r.pairs) <= wanted

    def search(start: int, chosen: list[int]) -> list[int] | None:
        if len(chosen) == size:
            r = reading(chosen)
            done = Counter(f for f, _ in r.pairs) == wanted and bool(r.two_worms) == two_worms
            return chosen if done and where(chosen) else None
        for k in range(start, len(pool)):
            candidate = [*chosen, pool[k]]
            if fits(reading(candidate)):
                found = search(k + 1, candidate)
                if found:
                    return found
        return None

    found = search(0, [])
    assert found, f"the deck has no {size}-card table with pairs {pairs}"
    return found


def make_state(
    n_players: int,
    table: Sequence[int],
    *,
    won: Sequence[Sequence[int]] | None = None,
    deck: Sequence[int] | None = None,
    keeper: int | None = None,
    dealer: int = 0,
) -> dict:
    """A state in the dealing phase with the given table, won piles and deck top.

    Cards not placed anywhere go to the bottom of the deck, or, when ``keeper`` is given, to
    the front of that seat's pile (so a test can have an exactly chosen or empty deck).
    """
    piles = [list(pile) for pile in (won or [[] for _ in range(n_players)])]
    deck = list(deck or [])
    placed = set(table) | set(deck) | {c for pile in piles for c in pile}
    rest = [c for c in range(DECK_SIZE) if c not in placed]
    if keeper is None:
        deck += rest
    else:
        piles[keeper] = rest + piles[keeper]
    state = RULES.setup(n_players, {}, random.Random(0))
    state.update(table=list(table), deck=deck, won=piles, dealer=dealer)
    return RULES.load(state)


def act(state: dict, seat: int, action: str, at_ms: int = 0) -> tuple[dict, list]:
    """Apply one action through the engine's gate (so legality is checked too)."""
    step = apply_checked(
        RULES, state, seed="test", version=0, seat=seat, action=action,
        seen_version=None, at_ms=at_ms,
    )
    return step.state, step.events


def settle(state: dict, *reactions: tuple[int, str] | tuple[int, str, int]) -> tuple[dict, dict]:
    """Play the reactions in this order, then resolve; return the state and the
    ``resolved`` event's data."""
    for k, reaction in enumerate(reactions):
        seat, action, *at = reaction
        state, _ = act(state, seat, action, at[0] if at else 100 * (k + 1))
    state, events = act(state, SYSTEM, "resolve")
    (resolved,) = [e.data for e in events if e.kind == "resolved"]
    return state, resolved


def result_of(resolved: dict, seat: int) -> dict:
    """The counting (last) result of ``seat`` in a ``resolved`` event."""
    return [r for r in resolved["reactions"] if r["seat"] == seat][-1]


def with_piles(n_players: int, table: Sequence[int], per_seat: int = 2, **kw: Any) -> dict:
    """A position where every seat already won ``per_seat`` cards (so faults show)."""
    others = [c for c in range(DECK_SIZE) if c not in set(table)]
    won = [others[-per_seat * (s + 1):][:per_seat] for s in range(n_players)]
    return make_state(n_players, table, won=won, **kw)
