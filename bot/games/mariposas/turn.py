"""One player's turn as sub-step actions: card, moves, landings, choices, hatching, confirm, undo.

§On Your Turn: play a card, move and land (§Movement, §Landing), collect what the landing
gives (§Landing on Flowers, §Landing on a Waystation), hatch next to milkweed (§Hatching
Butterflies), draw back to 2 with the trade-in. The card lives in `cards`, what a landing
gives and hatching in `landing`; this module holds the turn's steps, undo and the draw.
Action codes:

    card:<id>                     an action card, or a bonus card played instead of one
    card:<reuse-id>=<target-id>   a reuse card and the played card it copies
    card:<…>+add_1_move           with a bonus card; ``+add_2_to_move@<n>`` lengthens a move of n
    card:pass                     only when no card can be played at all
    move:<butterfly-id>:<group>   use one move group (index into the card's moves) for a butterfly
    land:<space>                  end that move on a space a walk of exactly N steps reaches
    flower:<flower>               a flower of one's choice (wild die face, wild flower city)
    take:<space>                  "move 4 + take a flower": the neighbour to take it from
    gain:<card>                   the "gain any 2 cards" ability, one card at a time
    hatch:<f1>.<f2>…|hatch:none   pay for a hatch with these flower tokens, or do not hatch
    confirm                       end the turn: draw back to 2
    trade:<id>|trade:both|keep    §On Your Turn 3's trade-in, when the new hand qualifies
    undo                          back to the turn's start or the last die roll

The turn (``state["turn"]``) keeps the card, its move ``groups`` (``steps``, ``flower``,
``used``), the butterfly ``moving``, each butterfly's ``starts`` space, the spaces ``visited``
(flowers collected), the ``queue`` of choices the last landing left, and the undo
``checkpoint``: the state as it was at the turn's start or just after the last die roll.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from bot.games.core import Event, dump
from bot.games.mariposas import cards, landing
from bot.games.mariposas.state import butterfly, content, current_seat, mine

# Starting a turn and undo ---------------------------------------------------------------------

def start(state: dict[str, Any]) -> None:
    """Open the turn of the seat whose turn it is, with its first undo checkpoint."""
    state["phase"] = "turn"
    state["turn"] = {
        "seat": current_seat(state), "card": None, "groups": [], "moving": None,
        "starts": {}, "visited": [], "queue": [], "checkpoint": None, "steps": 0,
    }
    checkpoint(state)


def checkpoint(state: dict[str, Any]) -> None:
    """Remember the state as it is now; `undo` comes back here and never further. The turn's
    first checkpoint (its start) is kept as ``opened`` once a die roll moves the checkpoint on:
    everyone but the player sees the turn's start until it is confirmed (`opened_state`)."""
    turn = state["turn"]
    opened = turn.get("opened") or turn["checkpoint"]
    turn["checkpoint"], turn["opened"], turn["steps"] = None, None, 0
    turn["checkpoint"] = dump(state)
    turn["opened"] = opened


def undo(state: dict[str, Any]) -> None:
    """Restore the last checkpoint (in place)."""
    saved, opened = state["turn"]["checkpoint"], state["turn"].get("opened")
    restored = json.loads(saved)
    restored["turn"]["checkpoint"], restored["turn"]["opened"] = saved, opened
    state.clear()
    state.update(restored)


def opened_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state as the open turn began, before its card: nothing of the turn is shown to the
    table until it is confirmed, since Undo can still take all of it back."""
    turn = state["turn"]
    opened: dict[str, Any] = json.loads(turn.get("opened") or turn["checkpoint"])
    return opened


# Legal actions -------------------------------------------------------------------------------

def legal(state: Mapping[str, Any]) -> list[str]:
    """Every legal action code of the player whose turn is open (phase "turn" or "trade")."""
    if state["phase"] == "trade":
        return trade_options(state)
    turn = state["turn"]
    seat = turn["seat"]
    if turn["card"] is None:
        return cards.card_options(state, seat)
    undo_code = ["undo"] if turn["steps"] else []
    if turn["queue"]:
        return landing.choice_options(state, seat, turn["queue"][0]) + undo_code
    if turn["moving"] is not None:
        return land_options(state) + undo_code
    groups = open_groups(turn)
    if groups and mine(state, seat):  # no butterfly on the map: the moves are lost
        return [f"move:{b['id']}:{g}" for b in mine(state, seat) for g in groups] + undo_code
    return ["confirm", *undo_code]


def open_groups(turn: Mapping[str, Any]) -> list[int]:
    """Unused move groups, one index per different (steps, flower) so no option repeats."""
    seen: set[tuple[int, bool]] = set()
    out = []
    for index, group in enumerate(turn["groups"]):
        key = (group["steps"], group["flower"])
        if not group["used"] and key not in seen:
            seen.add(key)
            out.append(index)
    return out


def land_options(state: Mapping[str, Any]) -> list[str]:
    """Where the moving butterfly can land: walks of exactly N steps (spec 1)."""
    turn = state["turn"]
    moving = turn["moving"]
    b = butterfly(state, moving["b"])
    assert b is not None  # noqa: S101 (narrows the type for mypy)
    steps = turn["groups"][moving["g"]]["steps"]
    return [f"land:{s}" for s in sorted(content().board.graph.reachable(b["space"], steps))]


def trade_options(state: Mapping[str, Any]) -> list[str]:
    """§On Your Turn 3: trade in one card (either, when they are the same kind) or both; both
    only when two replacements are left to draw (choice 11)."""
    hand = state["hands"][state["turn"]["seat"]]
    data = content()
    kinds = {data.action(hand[0]).id: hand[0]}
    kinds.setdefault(data.action(hand[1]).id, hand[1])
    both = ["trade:both"] if len(state["deck"]) + len(state["discard"]) >= 2 else []
    return [f"trade:{card}" for card in kinds.values()] + both + ["keep"]


def can_trade(state: Mapping[str, Any], seat: int) -> bool:
    """Two of the same action card, or two reuse cards (spec: both types count as the same),
    and something left to draw."""
    hand = state["hands"][seat]
    if len(hand) != 2 or not (state["deck"] or state["discard"]):
        return False
    a, b = (content().action(card) for card in hand)
    return a.id == b.id or (a.reuse is not None and b.reuse is not None)


# Applying ------------------------------------------------------------------------------------

def apply(state: dict[str, Any], seat: int, action: str, rng: random.Random,
          events: list[Event]) -> bool:
    """Apply a legal turn action; True when the turn is over (the caller moves play on)."""
    verb, _, rest = action.partition(":")
    if verb == "trade":
        trade(state, seat, rest, rng, events)
        return True
    if verb == "keep":
        return True
    if verb == "undo":
        undo(state)
        events.append(Event("undone", seat))
        return False
    if verb == "confirm":
        return confirm(state, seat, rng, events)
    turn = state["turn"]
    turn["steps"] += 1
    if verb == "card":
        cards.play_card(state, seat, rest, events)
    elif verb == "move":
        butterfly_id, _, group = rest.partition(":")
        b = butterfly(state, butterfly_id)
        assert b is not None  # noqa: S101 (narrows the type for mypy)
        turn["starts"].setdefault(b["id"], b["space"])
        turn["moving"] = {"b": butterfly_id, "g": int(group)}
    elif verb == "land":
        if landing.land(state, seat, int(rest), rng, events):
            landing.advance(state, seat)
            checkpoint(state)  # a die roll is never taken back
    else:
        landing.answer(state, seat, verb, rest, events)
    landing.advance(state, seat)
    return False


def confirm(state: dict[str, Any], seat: int, rng: random.Random, events: list[Event]) -> bool:
    """End the turn's play: draw back to 2 action cards; offer the trade-in if it applies."""
    draw_up(state, seat, rng, events)
    if can_trade(state, seat):
        state["phase"] = "trade"
        return False
    return True


def draw(state: dict[str, Any], rng: random.Random, events: list[Event]) -> str | None:
    """The top card; an empty deck is the discards shuffled anew (spec, Action deck)."""
    if not state["deck"] and state["discard"]:
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state["deck"])
        events.append(Event("reshuffled", None, {"cards": len(state["deck"])}))
    return state["deck"].pop(0) if state["deck"] else None


def draw_up(state: dict[str, Any], seat: int, rng: random.Random, events: list[Event]) -> None:
    """Draw until ``seat`` holds 2 action cards or nothing is left to draw."""
    hand = state["hands"][seat]
    drawn = []
    while len(hand) < 2:
        card = draw(state, rng, events)
        if card is None:
            break
        hand.append(card)
        drawn.append(card)
    if drawn:
        events.append(Event("drew", seat, {"count": len(drawn)}))
        events.append(Event("drew_cards", seat, {"cards": drawn}, frozenset({seat})))


def trade(state: dict[str, Any], seat: int, which: str, rng: random.Random,
          events: list[Event]) -> None:
    """Trade in one card or both: draw replacements first, then discard the traded ones."""
    hand = state["hands"][seat]
    out = list(hand) if which == "both" else [which]
    for card in out:
        hand.remove(card)
    draw_up(state, seat, rng, events)
    state["discard"].extend(out)
    events.append(Event("traded", seat, {"count": len(out)}))
