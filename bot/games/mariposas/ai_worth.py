"""What things are worth to one Mariposas computer player, judged from its seat's view only.

`Worth` reads a view (``RULES.view(state, seat)``: the public table and the seat's own hand)
and prices what a landing would bring: the current season card's goals (through `goals`),
flowers toward hatching costs, a waystation's item, a hatch on milkweed, and the season's
direction — north in spring, spread out in summer, generation 4 home to Michoacán in fall
(an expected Michoacán table score, each gen 4 counted by how likely it gets home in time).
With ``foresight`` (the hard level) fall is priced as a budget of steps still to come
(`ai_home.homeward`, already from summer on), fall's flowers by the hatches they pay and a
face-down waystation in fall by the markers not yet seen.
Nothing here reads the state or any randomness; the decisions live in `ai` and `ai_plan`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.mariposas import goals
from bot.games.mariposas.ai_home import FALL_FLOWER, homeward, michoacan_value
from bot.games.mariposas.ai_map import distances, goal_card, rows_north, signatures, to_milkweed
from bot.games.mariposas.landing import MATCHING
from bot.games.mariposas.state import TURNS, content

View = Mapping[str, Any]

FLOWER = 0.55
"""A flower token toward hatching costs (a gen 1 hatch costs 2–3 of them)."""
MATCH = 0.25
"""Extra for each token of the type held most, up to 4: matching sets pay cheaper hatches."""
CHILD = {2: 3.0, 3: 3.5}
"""A new gen 2 or gen 3 butterfly: more moves to share, more goal counts, its own hatches."""
GEN4_BASE = 1.0
"""A new gen 4 beyond its expected Michoacán points: it counts for fall goals."""
FACE_DOWN = 2.0
"""A face-down waystation: the die's flower and (13 times in 16) a life cycle card."""
BONUS_CARD = 1.2
"""A bonus move card, held or kept: a card's worth of moves later."""
NORTH = 0.04
"""Spring: per row north of Michoacán."""
SPREAD = 0.12
"""Summer: per space away from one's nearest other butterfly (up to 4)."""
NEAR_MILKWEED = 0.4
"""A butterfly that can still hatch, within 2 steps of a milkweed space."""
STEPS_PER_TURN = 3.0
"""Rough steps a turn gives one butterfly on the way home."""



_GOALS: dict[tuple[Any, ...], int] = {}


def goal_value(card_id: str | None, mine: Sequence[Mapping[str, Any]],
               flowers: Mapping[str, int]) -> int:
    """The season card's points for these butterflies and flowers (`goals.season_points`),
    remembered by what the goals can tell apart: each butterfly's regions and weight."""
    if card_id is None:
        return 0
    board = content().board
    sigs = signatures(card_id)
    key = (card_id, all(flowers.values()),
           tuple(sorted((sigs[b["space"]], goals.weight(b)) for b in mine)))
    found = _GOALS.get(key)
    if found is None:
        if len(_GOALS) > 200_000:
            _GOALS.clear()
        found = _GOALS[key] = sum(goals.season_points(goal_card(card_id), list(mine),
                                                      dict(flowers), board))
    return found


class Worth:
    """The prices one seat puts on landings, flowers, cards and hatches, from its view."""

    def __init__(self, view: View, foresight: bool = False) -> None:
        data = content()
        self.foresight = foresight
        """Hard's pricing: the fall's steps as a budget that brings gen 4 (and the gen 4 a
        gen 3 may still hatch) home, flowers worth only the hatches they can still pay."""
        self.board = data.board
        self.seat = seat = int(view["seat"])
        self.season = int(view["season"])
        self.card: str | None = view["goal_cards"][self.season]
        self.turn = view["turn"]
        played = len(view["played"][seat])
        started = self.turn is not None and self.turn["card"] is not None
        after = TURNS[self.season] - played - (0 if started else 1)
        if self.season == 2 and "extra_turn" in view["has_ability"][seat] \
                and view["extra"] is None:
            after += 1
        self.turns_after = max(0, after)
        """This seat's turns in this season after the current one."""
        self.mine = [dict(b) for b in view["butterflies"] if b["seat"] == seat]
        self.flowers = dict(view["flowers"][seat])
        self.supply = {f: int(n) for f, n in view["flower_supply"].items()}
        bonus = view["bonus"][seat]
        self.owned = {*view["life_cycle"][seat], *bonus["held"], *bonus["used"]}
        self.markers = {data.board.city(c).space: m for c, m in view["markers"].items()}
        self.face_down = {data.board.city(c).space for c in view["face_down"]}
        self.by_marker = {m.id: m for m in data.markers}
        self.abilities = set(view["has_ability"][seat])
        seen = set(view["markers"].values())
        self.unseen = [m for m in data.markers if m.id not in seen]
        """Markers still face down somewhere (which is where, the view does not show)."""
        # Markers left to hatch, by the generation hatched (season card first, then supply).
        self.free_markers = {
            gen: (view["on_card"][gen - 1][seat] if gen < 4 else 0) + view["supply"][seat][gen]
            for gen in (2, 3, 4)
        }
        self.turn_steps = 0
        if self.turn is not None:
            self.turn_steps = sum(g["steps"] for g in self.turn["groups"] if not g["used"])
        self.visited = set(self.turn["visited"]) if self.turn is not None else set()
        self.starts = dict(self.turn["starts"]) if self.turn is not None else {}
        self._positions: dict[tuple[Any, ...], float] = {}

    # Whole-position value ------------------------------------------------------------------

    def position(self, mine: Sequence[Mapping[str, Any]], flowers: Mapping[str, int],
                 left: int | None = None) -> float:
        """What these butterflies and flowers are worth to this seat now, with ``left`` steps
        still to move this turn (default: the turn's unused moves) (remembered)."""
        left = self.turn_steps if left is None else left
        key = (tuple((b["gen"], b["double"], b["space"]) for b in mine), tuple(flowers.items()),
               left)
        found = self._positions.get(key)
        if found is None:
            found = self._positions[key] = self._position(mine, flowers, left)
        return found

    def _position(self, mine: Sequence[Mapping[str, Any]], flowers: Mapping[str, int],
                  left: int) -> float:
        value = float(goal_value(self.card, mine, flowers)) + self.flower_value(flowers)
        if self.foresight and self.season >= 1:
            value += homeward(self, mine, flowers, left)
        else:
            value += self.michoacan(mine, left)
        dist = distances()
        late = self.turns_after == 0
        north = rows_north()
        milkweed = to_milkweed()
        for b in mine:
            if self.season == 0:
                value += NORTH * north[b["space"]]
            elif self.season == 1 and len(mine) > 1:
                nearest = min(dist[b["space"]][o["space"]] for o in mine if o is not b)
                value += SPREAD * min(nearest, 4)
            if not late and milkweed[b["space"]] <= 2 and self.can_hatch(b):
                value += NEAR_MILKWEED
        return value

    def flower_value(self, flowers: Mapping[str, int]) -> float:
        """Tokens toward hatching; in the game's last turn only a tie-breaker's worth."""
        if self.season == 2 and self.turns_after == 0:
            return 0.05 * sum(flowers.values())
        counts = list(flowers.values())
        if self.foresight and self.season == 2:  # `homeward` prices what they pay for
            return FALL_FLOWER * sum(counts) + MATCH * min(max(counts, default=0), 4)
        return FLOWER * sum(min(n, 6) for n in counts) + MATCH * min(max(counts, default=0), 4)

    def michoacan(self, mine: Sequence[Mapping[str, Any]], left: int) -> float:
        """Expected Michoacán table points: each gen 4 weighted by its chance to be home by
        the end of fall, given its distance, the turns after this one and the ``left`` steps
        of this turn (certain in summer, where only its existence counts)."""
        gen4 = [b for b in mine if b["gen"] == 4]
        if not gen4:
            return 0.0
        extra = 1 if "michoacan_extra" in self.abilities else 0
        if self.season < 2:
            return michoacan_value(sum(goals.weight(b) for b in gen4) + extra) * 0.8
        home = self.board.michoacan
        away = sum(1 for b in gen4 if b["space"] != home)
        reach = (STEPS_PER_TURN * self.turns_after + left) / max(1, away)
        expected = float(extra)
        for b in gen4:
            d = distances()[b["space"]][home]
            if d == 0:
                chance = 1.0
            elif self.turns_after == 0 and d > left:
                chance = 0.0  # the game ends before it can get home
            else:
                # Not home yet: never quite as good as home, less so the later it is.
                sure = 0.95 if self.turns_after > 1 else 0.8
                near = sure * (1 - 0.04 * d)
                chance = near if d <= reach else max(0.0, near * (1 - (d - reach) / 3))
            expected += goals.weight(b) * chance
        return michoacan_value(expected)

    # Hatching --------------------------------------------------------------------------------

    def can_hatch(self, b: Mapping[str, Any]) -> bool:
        """Whether ``b`` has a marker to hatch (gen 4: not yet double)."""
        if b["gen"] == 4:
            return not b["double"]
        free: int = self.free_markers[b["gen"] + 1]
        return free > 0

    def affordable(self, flowers: Mapping[str, int], parent_gen: int) -> bool:
        """§Hatching Costs: N matching or any N + 1."""
        need = MATCHING[parent_gen]
        return max(flowers.values()) >= need or sum(flowers.values()) >= need + 1

    def cheapest_payment(self, flowers: Mapping[str, int], parent_gen: int) -> dict[str, int]:
        """The flowers left after the payment that keeps the most value."""
        need = MATCHING[parent_gen]
        options = []
        for f, n in flowers.items():
            if n >= need:
                options.append({**flowers, f: n - need})
        left = dict(flowers)
        for _ in range(need + 1):  # any N + 1: the most plentiful first
            if not any(left.values()):
                break
            top = max(left, key=lambda f: (left[f], f))
            left[top] -= 1
        else:
            options.append(left)
        return max(options, key=self.flower_value)

    def hatch_gain(self, mine: list[dict[str, Any]], parent: dict[str, Any],
                   flowers: Mapping[str, int], after: Mapping[str, int],
                   left: int | None = None) -> float:
        """What a paid hatch of ``parent`` on its space adds, paying down to ``after``."""
        space, gen = parent["space"], parent["gen"]
        before = self.position(mine, flowers, left)
        if gen == 4:
            grown = [dict(b, double=True) if b is parent else b for b in mine]
            base = 0.0
        else:
            double = False
            if self.card is not None and gen == 3:
                double = goals.hatches_double(goal_card(self.card), space, gen, self.board)
            child = {"id": "new", "seat": self.seat, "gen": gen + 1, "double": double,
                     "space": space}
            grown = [*mine, child]
            base = CHILD.get(gen + 1, GEN4_BASE)
        points = 1.0 if "point_per_hatch" in self.abilities else 0.0
        if self.card is not None:
            points += goals.breeding_points(goal_card(self.card), space, gen, self.board)
        return self.position(grown, after, left) - before + base + points

    # One landing -------------------------------------------------------------------------------

    def landing(self, mine: list[dict[str, Any]], b: dict[str, Any], space: int,
                flowers: Mapping[str, int], visited: set[int], steps: int,
                left: int) -> tuple[float, dict[str, int]]:
        """The gain of ``b`` landing on ``space`` after a move of ``steps`` (collection,
        waystation, the best hatch), with ``left`` steps of the turn still to move after it,
        and the flowers held afterwards."""
        before = self.position(mine, flowers, left + steps)
        moved = dict(b, space=space)
        after_mine = [moved if x is b else x for x in mine]
        got = dict(flowers)
        where = self.board.spaces[space]
        extra = 0.0
        start = self.starts.get(b["id"], b["space"])
        collect = space not in visited and space != start
        if where.kind == "flower" and collect:
            for f in where.flowers:
                if self.supply.get(f, 0) > got[f] - flowers[f]:
                    got[f] += 1
        elif where.kind == "city":
            extra += self.waystation(space, collect)
        value = self.position(after_mine, got, left) - before + extra
        if space in self.board.next_to_milkweed and self.can_hatch(moved) \
                and self.affordable(got, moved["gen"]):
            paid = self.cheapest_payment(got, moved["gen"])
            hatch = self.hatch_gain(after_mine, moved, got, paid, left)
            if hatch > 0:
                return value + hatch, paid
        return value, got

    def waystation(self, space: int, collect: bool) -> float:
        """A waystation's item for this seat: unknown face down, else what its marker gives."""
        if space in self.face_down:
            return self.unseen_marker() if self.foresight and self.season == 2 else FACE_DOWN
        marker = self.by_marker.get(self.markers.get(space, ""))
        if marker is None:
            return 0.0
        if marker.gives == "wild_flower":
            return FLOWER + MATCH if collect else 0.0
        card = marker.id if marker.gives == "life_cycle" else str(marker.card)
        if card in self.owned:
            return 0.0
        if marker.gives != "life_cycle":
            return BONUS_CARD
        have = sum(1 for c in self.owned if c in self.by_marker
                   and self.by_marker[c].set == marker.set)
        return 1.0 + 0.4 * have + (2.0 if have == 3 else 0.0)

    def unseen_marker(self) -> float:
        """Foresight: a face-down waystation as what it is likely to give — the die's flower
        and the average item of the markers not yet face up (the view shows which are)."""
        found = self.__dict__.get("_unseen")
        if found is not None:
            return float(found)
        flower = self.token_value()
        items = []
        for marker in self.unseen:
            if marker.gives == "wild_flower":
                items.append(0.0)
                continue
            card = marker.id if marker.gives == "life_cycle" else str(marker.card)
            if card in self.owned:
                items.append(0.0)
            elif marker.gives == "life_cycle":
                items.append(self.card_value(card))
            else:
                items.append(0.0 if self.season == 2 and self.turns_after == 0 else BONUS_CARD)
        found = flower + sum(items) / max(1, len(items))
        self.__dict__["_unseen"] = found
        return found

    def token_value(self) -> float:
        """What one more flower token is roughly worth now."""
        if self.season == 2 and self.turns_after == 0:
            return 0.05
        return FALL_FLOWER + 0.3 if self.foresight and self.season == 2 else FLOWER

    def card_value(self, card: str) -> float:
        """A life cycle or bonus card to gain (the "two cards" ability)."""
        marker = self.by_marker.get(card)
        if marker is None:
            return BONUS_CARD
        have = sum(1 for c in self.owned if c in self.by_marker
                   and self.by_marker[c].set == marker.set)
        return 1.0 + 0.4 * have + (2.0 if have == 3 else 0.0)
