"""What a button's custom_id says, and which custom_ids are ours.

Every button is a `DynamicItem` whose custom_id carries what it does, so buttons on old
messages keep working after a restart without any view kept in memory:

    ``mg:<match>:<version>:<action>``  a game action, checked against the board's version
    ``ml:<match>:<op>``                a lobby button (join, leave, computer, start, cancel)
    ``mq:<match>:<query>``             a private question to the game (e.g. a preview)

A game may add templates of its own (`known_template`). The buttons themselves are
`cogs._buttons`'.
"""

from __future__ import annotations

import re

import discord

MAX_ID = 2**63 - 1  # the largest id SQLite and PostgreSQL store (a signed 64-bit integer)


def up_to(bound: int) -> str:
    """A regular expression for the decimal numbers 0…``bound``, exactly (leading zeros allowed
    up to ``bound``'s length): a shorter number always fits; one as long must not be larger,
    digit by digit. A template that took ``[0-9]{1,19}`` for an id would let
    ``9999999999999999999`` through to the database, which cannot even look it up."""
    digits = str(bound)
    longest = [digits]
    for i, digit in enumerate(digits):
        if digit != "0":
            rest = len(digits) - i - 1
            longest.append(f"{digits[:i]}[0-{int(digit) - 1}][0-9]{{{rest}}}")
    shorter = [f"[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    return "(?:" + "|".join(shorter + longest) + ")"


ID = up_to(MAX_ID)  # a match id in a custom_id: every template names its ids with this
# A digit of an action's text, in a run of at most nine: an action names cells, spaces and
# cards, never a number past 32 bits, so a made-up 19-digit one is refused at the door like an
# id (`tests/cogs/test_custom_ids.py`).
DIGIT = "[0-9](?![0-9]{9})"
GAME_ACTION = (rf"mg:(?P<m>{ID}):(?P<v>[0-9]{{1,9}})"
               rf":(?P<a>[a-z_]{{1,20}}(?::(?:[A-Za-z_.-]|{DIGIT}){{1,20}}){{0,3}})")
# "computer" alone is the one Add computer button of lobbies posted before levels (normal).
LOBBY_OP = (rf"ml:(?P<m>{ID}):"
            r"(?P<op>join|leave|computer(?:_easy|_normal|_hard|_off)?|start|cancel)")
QUERY = rf"mq:(?P<m>{ID}):(?P<q>[a-z_]{{1,20}})"
TEMPLATES = [re.compile(t) for t in (GAME_ACTION, LOBBY_OP, QUERY)]


def known_template(pattern: str) -> str:
    """Register a game's own DynamicItem template, so its clicks are never taken for forged."""
    TEMPLATES.append(re.compile(pattern))
    return pattern


def decode(custom_id: str) -> re.Match[str] | None:
    """The template of ours a custom_id fits, with its fields (None: no button of ours).

    The one reading of a custom_id outside discord.py's own routing, which uses the same
    templates: whatever this accepts names ids the database can hold."""
    if len(custom_id) > CUSTOM_ID_LIMIT:
        return None
    for template in TEMPLATES:
        found = template.fullmatch(custom_id)
        if found is not None:
            return found
    return None


CUSTOM_ID_LIMIT = 100  # characters Discord allows in a custom_id


def match_of(custom_id: str) -> int | None:
    """The match a custom_id of ours names, if any."""
    found = decode(custom_id)
    if found is not None and "m" in found.groupdict():
        return int(found["m"])
    return None


def unhandled_reason(
    custom_id: str, message: discord.Message | None, component_type: int | None = None
) -> str | None:
    """Why discord.py will not route this click to one of our dynamic items, as a catalogue key
    (None: it will).

    It routes a click only when the custom_id matches a template *and* a component of the
    same kind (button, select) with that id stands on the clicked message; anything else would
    be dropped without an answer, which users see as a failure.
    """
    if decode(custom_id) is None:
        return "ui.unknown_button"
    for row in message.components if message is not None else ():
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                # A button's id sent as a select's (or back) comes from no client of ours.
                same_kind = component_type is None or child.type.value == component_type
                return None if same_kind else "ui.unknown_button"
    return "ui.moved_on"
