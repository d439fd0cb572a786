"""Settling a reaction window: every reaction judged at once, in the order it arrived.

Sections cited are those of ``shared/rules/schicki-micki.cs.txt`` (English headings of
``schicki-micki.en.md`` in brackets).

The order of work, and why:

1. Each seat's **last** reaction is the one that counts; an earlier call it replaced counts
   for nothing (§Zvolání, Chybný tah, last bullet: "Pozdější akce se považují za zrušení akce
   předchozí" [a later action cancels the earlier one], Příklad 4). Legality already makes
   a grab or a knock final (§Sebrání modré figurky, Chybný tah: "Hráč již nesmí změnit svoji
   akci").
2. Each counting reaction gets the verdict of the table of situations (``table.verdict``).
   A grab that found no figure left counts for nothing, neither win nor fault: the figure was
   taken before the player reached it (spec §Reactions).
3. Awards come first. The first correct knock, call or red grab takes all laid cards; later
   ones get nothing (table: "pokud zaklepete/zavoláte jako první"; Příklad 3: Tereza). Each
   blue figure holder takes one laid card, in the order the figures were grabbed and the
   cards were laid; laid cards left over go under the deck, and holders left over take the
   top card of the deck (§Sebrání modré figurky, Příklady 4–5). With the deck empty a holder
   is owed the card and counts it at the end, and the game is over ("Pokud v balíčku není
   dost karet, hra je u konce").
4. Then the faults, in order of arrival: each gives back one card, the last one they won,
   under the deck (§Zvolání, Chybný tah: "Vrácené karty jsou umístěny dospodu hracího
   balíčku"). A player without cards gives nothing and owes nothing. Awards go first so a
   card given back in the same window is never handed out again in it (it goes *under* the
   deck, so it could not be drawn from the top anyway, unless the deck was empty).
5. If cards were won the table is cleared and the deck passes to the dealer's left (§Průběh
   hry: "předá … zbývající balíček karet spoluhráči po levici"); with only faults or
   nothing the table stays and the same dealer goes on (spec §Real time).
6. A window closed after the last card was turned was the last chance: the game ends (§Konec
   hry). It ends too when the deck and the table are both empty.
"""

from __future__ import annotations

from bot.games.core import Event, State
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.table import (
    GIVE_BACK,
    GRAB_BLUE,
    GRAB_RED,
    NOTHING,
    WIN,
    Reading,
    read_table,
    verdict,
)
from bot.games.schicki_micki.views import GivenBack, Judged

# What became of one reaction (the ``result`` field of the ``resolved`` event).
WON_ALL = "won_all"
WON_ONE = "won_one"
NOT_FIRST = "not_first"
GAVE_BACK = "gave_back"
HAD_NONE = "had_none"
REPLACED = "replaced"
NO_FIGURE = "no_figure"


def scores(state: State) -> list[int]:
    """Cards won plus cards owed from an empty deck (§Sebrání modré figurky)."""
    return [len(pile) + owed for pile, owed in zip(state["won"], state["owed"], strict=True)]


def resolve(state: State, events: list[Event]) -> None:
    """Settle the open window (or the quiet last chance) in place, appending events."""
    reading = read_table(cards()[card] for card in state["table"])
    final = not state["deck"]
    results = _judge(state, reading)
    laid = list(state["table"])
    under = _award(state, results)
    given_back = _give_back(state, results)
    won = any(r["result"] in (WON_ALL, WON_ONE) for r in results)
    if won:
        state["table"] = []
        state["dealer"] = (state["dealer"] + 1) % state["players"]
        state["row"] += 1
    state["reactions"] = []
    over = final or not (state["deck"] or state["table"])
    state["phase"] = "over" if over else "dealing"
    events.append(Event("resolved", None, {
        **reading.to_json(),
        "table": laid,
        "reactions": results,
        "under_deck": under,
        "given_back": given_back,
        "table_cleared": won,
        "dealer": state["dealer"],
        "row": state["row"],
        "deck": len(state["deck"]),
        "last_chance": final,
    }))
    if over:
        points = scores(state)
        best = max(points)
        events.append(Event("game_over", None, {
            "scores": points, "winners": [s for s, p in enumerate(points) if p == best],
        }))


def _judge(state: State, reading: Reading) -> list[Judged]:
    """One result per reaction, in arrival order, before any card moves."""
    counting = {r["seat"]: i for i, r in enumerate(state["reactions"])}
    results: list[Judged] = []
    first_all = False
    for i, reaction in enumerate(state["reactions"]):
        action = reaction["action"]
        result: Judged = {
            "seat": reaction["seat"], "action": action, "at_ms": reaction["at_ms"],
            "order": i + 1, "figure": reaction["figure"], "verdict": None, "result": NOTHING,
            "cards": [], "owed": 0,
        }
        results.append(result)
        if counting[reaction["seat"]] != i:
            result["result"] = REPLACED
            continue
        result["verdict"] = found = verdict(reading, action)
        if action in (GRAB_BLUE, GRAB_RED) and reaction["figure"] is None:
            result["result"] = NO_FIGURE
        elif found == GIVE_BACK:
            result["result"] = GAVE_BACK
        elif found == WIN and action == GRAB_BLUE:
            result["result"] = WON_ONE
        elif found == WIN:
            result["result"] = NOT_FIRST if first_all else WON_ALL
            first_all = True
    return results


def _award(state: State, results: list[Judged]) -> list[int]:
    """Hand out the table (and the deck's top cards); return the cards put under the deck."""
    table, deck = state["table"], state["deck"]
    for result in results:
        if result["result"] == WON_ALL:
            result["cards"] = list(table)
            state["won"][result["seat"]].extend(table)
            return []
    holders = [r for r in results if r["result"] == WON_ONE]
    if not holders:
        return []
    for k, result in enumerate(holders):
        if k < len(table):
            card = table[k]
        elif deck:
            card = deck.pop(0)
        else:
            result["owed"] = 1
            state["owed"][result["seat"]] += 1
            continue
        result["cards"] = [card]
        state["won"][result["seat"]].append(card)
    under = table[len(holders):]
    deck.extend(under)
    return list(under)


def _give_back(state: State, results: list[Judged]) -> list[GivenBack]:
    """Every fault gives back the player's last won card under the deck, if they have one."""
    given: list[GivenBack] = []
    for result in results:
        if result["result"] != GAVE_BACK:
            continue
        pile = state["won"][result["seat"]]
        if not pile:
            result["result"] = HAD_NONE
            continue
        card = pile.pop()
        state["deck"].append(card)
        result["cards"] = [card]
        given.append({"seat": result["seat"], "card": card})
    return given
