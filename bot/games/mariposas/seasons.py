"""Turn order, the end of each season, the free hatch, final scoring and the ability tokens.

§Spring/§Summer steps 1–6 in order (discard, score the season card, next first player, free
hatch, remove the dying generation, reveal the next card); §Fall: the extra turns of the
ability's holders after the 6th turn, then fall goals, the Michoacán table, 1 point per life
cycle card and the abilities' end-of-game points; §Life Cycle Ability Tokens (spec 7).
"""

from __future__ import annotations

from typing import Any

from bot.games.core import Event
from bot.games.mariposas import goal_calls, landing, turn
from bot.games.mariposas.state import TURNS, content, mine

SEASON_GENS = (1, 2, 3)
"""The generation that dies at the end of each season (spring's gen 1, summer's gen 2)."""


def next_turn(state: dict[str, Any], events: list[Event]) -> None:
    """Move play on after a finished turn: next seat, season end or fall's extra turns."""
    state["turn"] = None
    n = state["players"]
    if state["extra"] is not None:
        state["extra"].pop(0)
        if state["extra"]:
            turn.start(state)
        else:
            final_scoring(state, events)
        return
    state["pos"] += 1
    if state["pos"] == n:
        state["pos"] = 0
        state["round"] += 1
    if state["round"] < TURNS[state["season"]]:
        turn.start(state)
    elif state["season"] < 2:
        season_end(state, events)
    else:
        order = [(state["first"] + i) % n for i in range(n)]
        extra = [seat for seat in order if "extra_turn" in state["has_ability"][seat]]
        if extra:
            # §Life Cycle Ability Tokens: "refill their hands and take another turn".
            state["extra"] = extra
            events.append(Event("extra_turns", None, {"seats": list(extra)}))
            turn.start(state)
        else:
            final_scoring(state, events)


def season_end(state: dict[str, Any], events: list[Event]) -> None:
    """§Spring/§Summer steps 1–4; steps 5–6 follow once every free hatch is chosen."""
    season = state["season"]
    # 1. Action cards played this season go to the discard pile (bonus cards stay "used").
    for pile in state["played"]:
        state["discard"] += [entry["card"] for entry in pile
                             if entry["card"] in content().deck]
        pile.clear()
    # 2. Score the season's goal card.
    score_season(state, events)
    # 3. The next first player: fewest points (spec 18).
    state["first"] = goal_calls.next_first_player(state["scores"], state["first"])
    events.append(Event("first_player", state["first"], {"season": season + 1}))
    # 4. The free hatch: a choice for every seat with a parent and a marker to hatch.
    state["free"] = {}
    dying = SEASON_GENS[season]
    for seat in range(state["players"]):
        parents = [b["id"] for b in mine(state, seat) if b["gen"] == dying]
        if parents and free_marker(state, seat, dying + 1):
            state["free"][str(seat)] = parents
    if state["free"]:
        state["phase"] = "free"
    else:
        finish_season(state, events)


def free_marker(state: dict[str, Any], seat: int, gen: int) -> bool:
    """Whether ``seat`` has a gen ``gen`` butterfly off the map (season card or supply)."""
    return bool(state["on_card"][gen - 1][seat] > 0 or state["supply"][seat][gen] > 0)


def free_options(state: dict[str, Any], seat: int) -> list[str]:
    """``free:<parent>`` for each parent the free hatch may sit on, and ``free:none``."""
    parents = state["free"].get(str(seat), [])
    return [f"free:{p}" for p in parents] + ["free:none"] if parents else []


def apply_free(state: dict[str, Any], seat: int, choice: str, events: list[Event]) -> None:
    """§Spring 4 / §Summer 4: hatch for free on top of the chosen parent (spec 4), or not."""
    del state["free"][str(seat)]
    if choice != "none":
        parent = next(b for b in state["butterflies"] if b["id"] == choice)
        landing.hatch(state, parent, paid=False, events=events)
    else:
        events.append(Event("free_hatch_declined", seat))
    if not state["free"]:
        finish_season(state, events)


def finish_season(state: dict[str, Any], events: list[Event]) -> None:
    """§Spring/§Summer steps 5–6, then the next season's first turn."""
    season = state["season"]
    dying = SEASON_GENS[season]
    state["butterflies"] = [b for b in state["butterflies"] if b["gen"] != dying]
    nxt = season + 1
    if not state["revealed"][nxt]:
        # §Revealing Seasons: reveal it and return its butterflies to their owners' supply.
        for seat, count in enumerate(state["on_card"][nxt]):
            state["supply"][seat][nxt + 1] += count
        state["on_card"][nxt] = [0] * state["players"]
        state["revealed"][nxt] = True
        events.append(Event("goal_revealed", None,
                            {"season": nxt, "card": state["goal_cards"][nxt]}))
    state["phase"] = "turn"
    state["season"], state["round"], state["pos"] = nxt, 0, 0
    events.append(Event("season_started", state["first"], {"season": nxt}))
    turn.start(state)


def score_season(state: dict[str, Any], events: list[Event]) -> None:
    """Score the current season's card for every seat."""
    card = state["goal_cards"][state["season"]]
    table = []
    for seat in range(state["players"]):
        points = goal_calls.season_points(card, mine(state, seat), state["flowers"][seat])
        state["scores"][seat] += sum(points)
        table.append(points)
    state["season_scores"].append(table)
    events.append(Event("season_scored", None,
                        {"season": state["season"], "card": card, "points": table}))


def in_michoacan(state: dict[str, Any], seat: int, *, gen4_only: bool) -> int:
    """``seat``'s butterflies in Michoacán (see `goal_calls.michoacan_count`)."""
    return goal_calls.michoacan_count(mine(state, seat), gen4_only=gen4_only)


def final_scoring(state: dict[str, Any], events: list[Event]) -> None:
    """§Fall 1–3, the end-of-game abilities, then the winners (spec 17)."""
    state["turn"], state["extra"] = None, None
    score_season(state, events)
    breakdown = []
    for seat in range(state["players"]):
        abilities = state["has_ability"][seat]
        count = in_michoacan(state, seat, gen4_only=True)
        count += 1 if "michoacan_extra" in abilities else 0
        row = {"michoacan": goal_calls.michoacan_points(count),
               "life_cycle": len(state["life_cycle"][seat]),
               "abilities": 3 if "three_points" in abilities else 0}
        state["scores"][seat] += sum(row.values())
        breakdown.append(row)
    n = state["players"]
    ranking = goal_calls.standings(
        state["scores"],
        [in_michoacan(state, seat, gen4_only=False) for seat in range(n)],
        [sum(state["flowers"][seat].values()) for seat in range(n)],
        [len(state["life_cycle"][seat]) for seat in range(n)],
    )
    state["phase"] = "over"
    state["result"] = {"scores": list(state["scores"]), **ranking, "final": breakdown}
    events.append(Event("game_over", None, {**state["result"], "final": breakdown}))


