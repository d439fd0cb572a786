"""Who sits at a table and why a move was refused, in the reader's words, for any front end:
a seat's name as the table sees it (a computer with its level, a player who deleted their data
as "Player N"), and a rule's refusal with names where the rules know only seats."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.computers import LEVELS
from bot.db.rows import SeatRow
from bot.games.core import NotYourTurn, RuleError
from bot.i18n import Words, words

EN = words("en")


def seat_name(seat: SeatRow, w: Words = EN) -> str:
    """A seat's name as the table sees it: a computer that took over a player's seat says so
    from that moment (the stored name stays the player's, for their leaderboard line); a
    computer seated in the lobby is named in the reader's words with its level; a seat whose
    player deleted their data is "Player N"."""
    if seat.is_computer and seat.user_id is not None:
        return w("ui.computer_for", name=seat.name)
    if seat.is_computer:
        return computer_name(seat.name, seat.level, w)
    # A player who deleted their data (/privacy delete) left a seat with no name.
    return seat.name if seat.name.strip() else w("ui.player_n", n=seat.seat + 1)


def computer_name(name: str, level: str, w: Words = EN) -> str:
    """A lobby computer's name ("Computer 2" as stored) in the reader's words, with its level."""
    number = _COMPUTER_NAME.fullmatch(name)
    if number is None or level not in LEVELS:
        return name
    return w("ui.computer_name", n=int(number[1]), level=w(f"level.{level}"))


# How `SessionService.add_computer` names a computer seat (its number among the computers).
_COMPUTER_NAME = re.compile(r"Computer ([0-9]{1,2})")


def seat_names(seats: Sequence[SeatRow], w: Words = EN) -> list[str]:
    """Every seat's name for a picture, as drawn (never escaped)."""
    return [seat_name(s, w) for s in seats]


def reason(error: RuleError, seats: Sequence[SeatRow], w: Words = EN,
           escape: Callable[[str], str] = str) -> str:
    """The words for a rejected action, in ``w``'s language: the message the error names,
    with names where the engine only knows seats (whose turn it is; nobody's: it is over);
    ``escape``: the front end's own markup of a name (Discord's escapes its markdown)."""
    if isinstance(error, NotYourTurn):
        if not error.active:
            return w("lobby.error.over")
        names = ", ".join(escape(seat_name(seats[s], w)) for s in sorted(error.active)
                          if 0 <= s < len(seats))
        if names:
            return w("ui.turn_of", names=names)
    return error.say(w)
