"""Mariposas' options in words: a card, a butterfly's move, a landing space, a payment — as the
private turn panel lists them, in the reader's language.

Pure (no Discord): reads a seat's view (``MariposasRules.view``) and the content, so the panel
can be built and tested without a client. Spaces are named by their number (the label the
private map draws on them), with what is there: a city, Michoacán, or the flowers.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.mariposas.cards import card_moves
from bot.games.mariposas.content import load
from bot.games.mariposas.views import Butterfly, MariposasView
from bot.i18n import Words

K = "mariposas.discord."
"""The prefix of Mariposas' catalogue keys for its table, panel and log (named when only
Discord had them; every front end reads them)."""


def flower(name: str, w: Words) -> str:
    """A flower type's name."""
    return w(f"{K}flower.{name}")


def stock(view: MariposasView, w: Words) -> str:
    """The reader's flower tokens: ``white 3, purple 0, …`` in the board's order."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("the public view is no one's: it has no tokens of its own")
    held = view["flowers"][seat]
    return ", ".join(f"{flower(f, w)} {held[f]}" for f in load().board.flower_types)


def city(city_id: str, fallback: str, w: Words) -> str:
    """A city's name: the pictures' translation where the catalogue has one."""
    key = f"mariposas.city.{city_id}"
    return w(key) if w.has(key) else fallback


def space(index: int, w: Words) -> str:
    """``57 — Chicago``, ``12 — white, white``, ``0 — Michoacán``; ``🌿`` marks a space next to
    milkweed (where a butterfly may hatch)."""
    board = load().board
    where = board.spaces[index]
    if where.kind == "city" and where.city is not None:
        what = city(where.city, board.city(where.city).name, w)
    elif where.kind == "michoacan":
        what = w(f"{K}michoacan")
    else:
        what = ", ".join(flower(f, w) for f in where.flowers)
    milkweed = " 🌿" if index in board.next_to_milkweed else ""
    return f"{index} — {what}{milkweed}"


def moves(steps: Sequence[int], w: Words) -> str:
    """A card's moves: ``5``, ``1 + 3``, ``1 + 1 + 1``."""
    return " + ".join(str(s) for s in steps)


def card(code: str, view: MariposasView, w: Words) -> str:
    """A ``card:…`` option: what the card does (a reuse: what it copies; bonus cards added)."""
    body = code.partition(":")[2]
    if body == "pass":
        return w(f"{K}card.pass")
    base, *extras = body.split("+")
    own, _, target = base.partition("=")
    data = load()
    bonus_ids = {b.id for b in data.bonus_moves}
    if own in bonus_ids:
        text = w(f"{K}card.bonus", moves=moves(card_moves(view, own)[0], w))
    else:
        kind = data.action(own)
        if kind.reuse is None:
            text = _moves_card(kind.moves, kind.take_adjacent_flower, w)
        elif not target:
            text = w(f"{K}card.reuse_nothing")
        else:
            resolved = _resolved(view, target)
            steps, take = card_moves(view, resolved)
            text = w(f"{K}card.reuse_{kind.reuse}", card=_moves_card(steps, take, w))
    for extra in extras:
        name, _, lengthened = extra.partition("@")
        text += " " + (w(f"{K}card.with_add_2", steps=lengthened) if lengthened
                       else w(f"{K}card.with_{name}"))
    return text


def _moves_card(steps: Sequence[int], take: bool, w: Words) -> str:
    return w(f"{K}card.{'flower' if take else 'moves'}", moves=moves(steps, w))


def _resolved(view: MariposasView, card_id: str) -> str:
    for pile in view["played"]:
        for entry in pile:
            if entry["card"] == card_id and entry["as"]:
                return str(entry["as"])
    return card_id


def gained(card_id: str, w: Words) -> str:
    """A card the "gain any 2 cards" ability may take: a life-cycle card or a bonus move."""
    data = load()
    for marker in data.markers:
        if marker.id == card_id and marker.set is not None and marker.stage is not None:
            return w(f"{K}life_cycle", set=w(f"{K}set.{marker.set}"),
                     stage=w(f"{K}stage.{marker.stage}"))
    return w(f"{K}card.with_{card_id}") if card_id != "move_3_2" else w(
        f"{K}card.bonus", moves=moves(card_moves({}, card_id)[0], w))


def letters(view: MariposasView) -> dict[str, str]:
    """A letter for each of the seat's butterflies (A, B, …), as the panel and map name them."""
    mine = [b for b in view["butterflies"] if b["seat"] == view["seat"]]
    return {b["id"]: chr(ord("A") + i) for i, b in enumerate(mine)}


def butterfly(b: Butterfly, letter: str, w: Words) -> str:
    """``A: gen 2 on 57 — Chicago`` (a double gen 4 says so)."""
    gen = w(f"{K}gen_double" if b.get("double") else f"{K}gen", gen=b["gen"])
    return f"{letter}: {gen}, {space(b['space'], w)}"


def option(code: str, view: MariposasView, w: Words) -> str:
    """Any option of the panel in words (at most 100 characters, Discord's limit)."""
    verb, _, rest = code.partition(":")
    turn = view["turn"]
    if verb == "card":
        text = card(code, view, w)
    elif verb == "move":
        bid, _, group = rest.partition(":")
        b = next(x for x in view["butterflies"] if x["id"] == bid)
        if turn is None:
            raise ValueError("a move is an option of an open turn only")
        g = turn["groups"][int(group)]
        text = w(f"{K}move_option", butterfly=butterfly(b, letters(view).get(bid, "?"), w),
                 steps=g["steps"])
    elif verb in ("land", "take"):
        text = space(int(rest), w)
    elif verb == "flower":
        text = flower(rest, w)
    elif verb == "gain":
        text = gained(rest, w)
    elif verb == "hatch":
        text = w(f"{K}hatch_none") if rest == "none" else w(
            f"{K}hatch_pay", flowers=", ".join(flower(f, w) for f in rest.split(".")))
    elif verb == "free":
        if rest == "none":
            text = w(f"{K}free_none")
        else:
            b = next(x for x in view["butterflies"] if x["id"] == rest)
            text = w(f"{K}free_on", butterfly=butterfly(b, letters(view).get(rest, "?"), w))
    elif verb == "trade":
        text = w(f"{K}trade_both") if rest == "both" else w(
            f"{K}trade_one", card=card(f"card:{rest}", view, w))
    else:
        text = w(f"{K}button.{verb}")
    return text[:100]
