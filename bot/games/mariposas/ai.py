"""A Mariposas computer player at three levels: it decides each step of its turn from its
seat's view only.

It reads nothing but ``RULES.view(state, seat)`` and the legal actions, and prices everything
with `ai_worth.Worth` (season goals, flowers for hatching costs, waystations, hatching on
milkweed, north in spring / spread in summer / gen 4 home in fall). One decision per call.

``normal`` (and ``easy``) price each step on its own:

- the card: each legal card (reuse targets and bonus cards included) by the sum, over its
  moves, of the best single landing any of its butterflies reaches with that many steps; a
  bonus card costs what holding it is worth, except in the game's last turn;
- a move: the butterfly and move group whose best landing gains most;
- a landing: the reachable space that gains most (hatching counted when affordable).

``hard`` plans whole turns (`ai_plan`): the card whose moves, landings and hatches together
end the turn best, then at each step the first step of the best plan for the moves left. It
prices with foresight: the fall's steps as a budget that brings gen 4 home in time (already
in summer, for the gen 3 that will hatch them), and its season-end free hatch before fall
goes on the gen 2 nearest home by way of milkweed.

Every level answers the same way what a landing leaves (the flower worth most, the neighbour
to take from, the card to gain, whether and how to pay a hatch — the payment keeping the most
flower value), trades two reuse cards in, and always takes the free hatch.

``easy`` adds enough noise to each score to blunder, ``normal`` a tie-break's worth, ``hard``
none. Randomness comes only from the ``rng`` argument, so a replay chooses alike.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.mariposas import ai_plan, cards
from bot.games.mariposas.ai_map import reachable, to_milkweed, via_milkweed
from bot.games.mariposas.ai_worth import BONUS_CARD, FLOWER, Worth
from bot.games.mariposas.state import content

View = Mapping[str, Any]

LEVELS = {"easy": 3.0, "normal": 0.05, "hard": 0.0}
"""Noise added to each score, by level (hard also plans whole turns: `_hard`)."""


def choose(view: View, legal: Sequence[str], rng: random.Random, level: str = "normal") -> str:
    """Pick one of ``legal`` for the seat the view belongs to."""
    legal = list(legal)
    if len(legal) == 1:
        return legal[0]
    noise = LEVELS[level]
    worth = Worth(view, foresight=level == "hard")

    def best(scored: dict[str, float]) -> str:
        return max(sorted(scored), key=lambda a: scored[a] + rng.random() * noise)

    if view["phase"] == "free":
        return _free(worth, legal, homeward=worth.foresight and worth.season == 1)
    if view["phase"] == "trade":
        return _trade(view, legal)
    if level == "hard":
        return _hard(worth, view, legal)
    turn = view["turn"]
    if turn["card"] is None:
        return best(_cards(worth, view, legal))
    options = [a for a in legal if a != "undo"]
    if turn["queue"]:
        return best(_answer(worth, turn["queue"][0], options))
    if turn["moving"] is not None:
        b = _butterfly(worth, turn["moving"]["b"])
        steps = turn["groups"][turn["moving"]["g"]]["steps"]
        left = worth.turn_steps - steps
        return best({a: _land(worth, b, int(a[5:]), steps, left) for a in options})
    moves = [a for a in options if a.startswith("move:")]
    if moves:
        scored = {}
        for a in moves:
            _, butterfly_id, index = a.split(":")
            group = turn["groups"][int(index)]
            scored[a] = _best_landing(worth, _butterfly(worth, butterfly_id), group["steps"],
                                      group["flower"], worth.turn_steps - group["steps"])
        return best(scored)
    return "confirm" if "confirm" in options else options[0]


def _hard(worth: Worth, view: View, legal: list[str]) -> str:
    """Hard: the card whose moves planned together gain most, then that plan's steps (planned
    again at each step, from what the view shows now)."""
    turn = view["turn"]
    if turn["card"] is None:
        scored = _planned_cards(worth, view, legal)
        return max(sorted(scored), key=lambda a: scored[a])
    options = [a for a in legal if a != "undo"]
    if turn["queue"]:
        scored = _answer(worth, turn["queue"][0], options)
        return max(sorted(scored), key=lambda a: scored[a])
    groups = [(g["steps"], g["flower"], g["used"]) for g in turn["groups"]]
    sim = ai_plan.start(worth, groups)
    moving = turn["moving"]
    if moving is not None:
        _, steps = ai_plan.plan(worth, sim, first=(moving["b"], moving["g"]))
        if steps and f"land:{steps[0][2]}" in options:
            return f"land:{steps[0][2]}"
        return options[0]
    if any(a.startswith("move:") for a in options):
        _, steps = ai_plan.plan(worth, sim)
        if steps and f"move:{steps[0][0]}:{steps[0][1]}" in options:
            return f"move:{steps[0][0]}:{steps[0][1]}"
        return next(a for a in options if a.startswith("move:"))
    return "confirm" if "confirm" in options else options[0]


def _planned_cards(worth: Worth, view: View, legal: list[str]) -> dict[str, float]:
    """Each card option by the best whole turn its moves allow (bonus cards cost their keep,
    except in the game's last turn)."""
    last_turn = worth.season == 2 and worth.turns_after == 0
    known: dict[tuple[tuple[int, bool, bool], ...], float] = {}
    scored = {}
    for action in legal:
        moves, flower, bonus_used = _card_moves(view, action[5:])
        groups = [(steps, flower, False) for steps in moves]
        if "+add_1_move" in action:  # the added move is a plain one
            groups[-1] = (1, False, False)
        key = tuple(sorted(groups))
        if key not in known:
            known[key] = ai_plan.plan(worth, ai_plan.start(worth, key))[0]
        scored[action] = known[key] - (0.0 if last_turn else BONUS_CARD * bonus_used)
    return scored


def _butterfly(worth: Worth, butterfly_id: str) -> dict[str, Any]:
    return next(b for b in worth.mine if b["id"] == butterfly_id)


def _land(worth: Worth, b: dict[str, Any], space: int, steps: int, left: int) -> float:
    return worth.landing(worth.mine, b, space, worth.flowers, worth.visited, steps, left)[0]


def _best_landing(worth: Worth, b: dict[str, Any], steps: int, flower: bool,
                  left: int) -> float:
    """The most a move of ``steps`` by ``b`` can gain, ``left`` steps of the turn to follow
    (plus a taken flower's worth)."""
    cache = worth.__dict__.setdefault("_best", {})
    key = (b["id"], steps, left)
    if key not in cache:
        cache[key] = max(_land(worth, b, s, steps, left) for s in reachable(b["space"], steps))
    return float(cache[key]) + (FLOWER if flower else 0.0)


def _cards(worth: Worth, view: View, legal: list[str]) -> dict[str, float]:
    """Each card option by the best landings of its moves (bonus cards cost their keep)."""
    last_turn = worth.season == 2 and worth.turns_after == 0
    scored = {}
    for action in legal:
        moves, flower, bonus_used = _card_moves(view, action[5:])
        value = 0.0
        for steps in moves:
            if worth.mine:
                left = sum(moves) - steps
                value += max(_best_landing(worth, b, steps, flower, left) for b in worth.mine)
        value -= 0.0 if last_turn else BONUS_CARD * bonus_used
        scored[action] = value
    return scored


def _card_moves(view: View, code: str) -> tuple[list[int], bool, int]:
    """The moves a card code gives, its take-a-flower mark, and how many bonus cards it uses."""
    if code == "pass":
        return [], False, 0
    base, *bonuses = code.split("+")
    card, _, target = base.partition("=")
    data = content()
    bonus_ids = {b.id for b in data.bonus_moves}
    used = len(bonuses)
    if card in bonus_ids:
        as_id, used = card, used + 1
    elif data.action(card).reuse is None:
        as_id = data.action(card).id
    elif target:
        as_id = next(e["as"] for pile in view["played"] for e in pile if e["card"] == target)
    else:
        return [], False, used
    moves, flower = cards.card_moves(view, as_id)
    steps = list(moves)
    for extra in bonuses:
        name, _, at = extra.partition("@")
        if name == "add_1_move":
            steps.append(1)
        else:
            steps[steps.index(int(at))] += 2
    return steps, flower, used


def _answer(worth: Worth, head: Mapping[str, Any], options: list[str]) -> dict[str, float]:
    """The choices a landing leaves: flower, take, gain, hatch."""
    kind = head["kind"]
    mine, flowers = worth.mine, worth.flowers
    if kind == "flower":
        return {a: worth.position(mine, {**flowers, a[7:]: flowers[a[7:]] + 1})
                for a in options}
    if kind == "take":
        board = content().board
        scored = {}
        for a in options:
            f = board.spaces[int(a[5:])].flowers[0]
            scored[a] = worth.position(mine, {**flowers, f: flowers[f] + 1})
        return scored
    if kind == "gain":
        return {a: worth.card_value(a[5:]) for a in options}
    # A hatch: each payment by what the hatch adds after paying; not hatching is 0.
    parent = _butterfly(worth, head["b"])
    scored = {}
    for a in options:
        if a == "hatch:none":
            scored[a] = 0.0
            continue
        after = dict(flowers)
        for f in a[6:].split("."):
            after[f] -= 1
        scored[a] = worth.hatch_gain(mine, parent, flowers, after)
    return scored


def _free(worth: Worth, legal: list[str], homeward: bool = False) -> str:
    """The season-end free hatch: always, on the parent nearest milkweed (then the lowest id);
    ``homeward`` (hard, end of summer): nearest home by way of milkweed, where fall's gen 4
    hatch and fly home."""
    parents = [a for a in legal if a != "free:none"]
    if not parents:
        return legal[0]
    near = via_milkweed() if homeward else to_milkweed()
    return min(parents, key=lambda a: (near[_butterfly(worth, a[5:])["space"]], a))


def _trade(view: View, legal: list[str]) -> str:
    """Trade both when they are two reuse cards (they copy the same few cards); else keep."""
    data = content()
    if all(data.action(card).reuse is not None for card in view["hand"]) \
            and "trade:both" in legal:
        return "trade:both"
    return "keep"
