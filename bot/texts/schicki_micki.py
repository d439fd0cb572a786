"""Schicki Micki's words outside any picture: the reaction emojis and what each says, and the
result of a settled window — plain text, with the players' names as the caller gives them
(escaped for Discord by the cog, as they are for the demo's transcript)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

EMOJI = {  # emoji → reaction, in the order they are added to a table message
    "☂️": "call:umbrella", "🎩": "call:hat", "🧣": "call:scarf", "🐤": "call:beak",
    "🪶": "call:feathers", "🪱": "call:worm", "🔵": "grab:blue", "🔴": "grab:red", "✊": "knock",
}
BY_EMOJI = {emoji.replace("\ufe0f", ""): action for emoji, action in EMOJI.items()}
SAY = {action: emoji for emoji, action in EMOJI.items()}
WORDS = {
    "call:umbrella": "calls umbrella", "call:hat": "calls hat", "call:scarf": "calls scarf",
    "call:beak": "calls beak", "call:feathers": "calls tail feathers", "call:worm": "calls worm",
    "grab:blue": "grabs a blue figure", "grab:red": "grabs the red figure", "knock": "knocks",
}
RESULTS = {
    "won_all": "✅ wins the whole table", "won_one": "✅ wins a card", "not_first": "⏱️ too late",
    "nothing": "➖ nothing", "gave_back": "❌ gives a card back", "had_none": "❌ wrong (no card to"
    " give back)", "replaced": "↩️ replaced by a later reaction", "no_figure": "➖ no figure left",
}
SITUATIONS = {
    "knock": "two worms on one hen → knock ✊", "red": "two identical hens → the red figure 🔴",
    "blue": "two or more pairs → a blue figure 🔵", "call": "one pair → call it",
    "none": "no pair: nothing to do",
}


def result_text(data: dict[str, Any], names: Sequence[str]) -> str:
    """The result message of one window; ``names`` by seat."""
    played = data["row"] - 1 if data["table_cleared"] else data["row"]  # the event names the next
    lines = [f"**Row {played}**: {SITUATIONS[data['situation']]}"]
    for r in data["reactions"]:
        cards = len(r["cards"])
        what = RESULTS.get(r["result"], r["result"])
        if r["result"] in ("won_all", "gave_back") and cards:
            what += f" ({cards} card{'s' if cards != 1 else ''})"
        if r["owed"]:
            what += " (owed: the deck is empty)"
        lines.append(f"{r['order']}. {names[r['seat']]} {SAY[r['action']]}"
                     f" {WORDS[r['action']]} · +{r['at_ms'] / 1000:.2f} s · {what}")
    if data["last_chance"]:
        lines.append("That was the last chance.")
    elif not data["table_cleared"]:
        lines.append("Nobody won the table: the same dealer goes on.")
    return "\n".join(lines)
