"""What everyone at the Schicki Micki table may see.

All information in the game is public except the order of the deck: cards are laid face up
(§Průběh hry), won cards lie face up in front of their owner, and every reaction is seen or
heard by all (a shout, a knock, a hand on a figure). On Discord the reactions are emoji on
the table message, visible to everyone too. So every seat gets the same view, and it holds:

- the face-up cards of the row, with their faces;
- per seat the number of cards won, the cards owed and the score;
- the deck's size, never its order (the ``resolved`` event names a card given back, as
  everyone at a real table sees it go under the deck, but no view lists the deck);
- the figures still standing and who holds the taken ones;
- the reactions of the open window so far, in order of arrival, with ``at_ms``.

It never holds the reading of the table (the situation and its pairs): finding them is the
game. The ``resolved`` event tells them once the window is settled.
"""

from __future__ import annotations

from bot.games.core import Seat, State
from bot.games.schicki_micki.deck import cards
from bot.games.schicki_micki.resolve import scores
from bot.games.schicki_micki.views import SchickiView


def public_view(state: State, seat: Seat | None) -> SchickiView:
    """The table as every seat (and a spectator, ``seat`` None) sees it."""
    reactions = state["reactions"]
    last = {r["seat"]: i for i, r in enumerate(reactions)}
    blue_holders = [r["seat"] for r in reactions if r["figure"] == "blue"]
    red_holder = next((r["seat"] for r in reactions if r["figure"] == "red"), None)
    return {
        "game": "schicki_micki",
        "seat": seat,
        "players": state["players"],
        "phase": state["phase"],
        "dealer": state["dealer"],
        "row": state["row"],
        "table": [cards()[card].to_json() for card in state["table"]],
        "deck": len(state["deck"]),
        "last_chance": state["phase"] != "over" and not state["deck"],
        "won": [len(pile) for pile in state["won"]],
        "owed": list(state["owed"]),
        "scores": scores(state),
        "figures": {
            "blue": state["blue_figures"],
            "blue_left": state["blue_figures"] - len(blue_holders),
            "blue_holders": blue_holders,
            "red_left": red_holder is None,
            "red_holder": red_holder,
        },
        "reactions": [
            {
                "seat": r["seat"], "action": r["action"], "at_ms": r["at_ms"],
                "order": i + 1, "figure": r["figure"], "replaced": last[r["seat"]] != i,
            }
            for i, r in enumerate(reactions)
        ],
    }
