"""Schicki Micki's words outside any picture: the reaction emojis, and the result of a settled
window phrased through the catalogue (``schicki.…``) in the words it is given — plain text,
with the players' names as the caller gives them (escaped for Discord by the cog, as they are
for the demo's transcript)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Words

EMOJI = {  # emoji → reaction, in the order they are added to a table message
    "☂️": "call:umbrella", "🎩": "call:hat", "🧣": "call:scarf", "🐤": "call:beak",
    "🪶": "call:feathers", "🪱": "call:worm", "🔵": "grab:blue", "🔴": "grab:red", "✊": "knock",
}
BY_EMOJI = {emoji.replace("\ufe0f", ""): action for emoji, action in EMOJI.items()}
SAY = {action: emoji for emoji, action in EMOJI.items()}
COUNTED = ("won_all", "gave_back")  # results that say how many cards they moved


def says(action: str, w: Words) -> str:
    """What a reaction says ("calls umbrella"): keyed by its last part, which is unique."""
    return w(f"schicki.says.{action.rpartition(':')[2]}")


def result_text(data: Mapping[str, Any], names: Sequence[str], w: Words) -> str:
    """The result message of one window; ``names`` by seat."""
    played = data["row"] - 1 if data["table_cleared"] else data["row"]  # the event names the next
    lines = [w("schicki.result.head", row=played,
               situation=w(f"schicki.situation.{data['situation']}"))]
    for r in data["reactions"]:
        cards = len(r["cards"])
        key = f"schicki.result.{r['result']}"
        what = w(key) if w.has(key) else r["result"]
        if r["result"] in COUNTED and cards:
            what += " " + w.n("schicki.result.cards", cards)
        if r["owed"]:
            what += " " + w("schicki.result.owed")
        lines.append(w("schicki.result.line", order=r["order"], name=names[r["seat"]],
                       emoji=SAY[r["action"]], says=says(r["action"], w),
                       seconds=w.number(r["at_ms"] / 1000, 2), result=what))
    if data["last_chance"]:
        lines.append(w("schicki.result.last_chance"))
    elif not data["table_cleared"]:
        lines.append(w("schicki.result.same_dealer"))
    return "\n".join(lines)
