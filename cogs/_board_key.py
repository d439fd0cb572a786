"""Whether a board message already shows what drawing it again would show, without drawing it.

A restart used to redraw every open game's board: a picture each (tens of milliseconds) and an
edit each (Discord's rate limits), for a process with thousands of open games minutes of work
that mostly repeats what the messages already show. So every successful draw stores a
fingerprint of everything the board is drawn from — the match's version, status, deadline,
host, options, channel and message, its seats, the server's language, which web buttons go
under it (the web board and the Activity are turned on and off by a restart) — and of the code
and data that draw it (a new release redraws every board once, its buttons and words included).
At start-up a board whose stored fingerprint equals the one its match has now is left as it is.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import astuple
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.db.rows import MatchRow, SeatRow

ROOT = Path(__file__).resolve().parents[1]
# The folders whose files make a board (the games' decks, cards and map are inside bot/).
DRAWN_BY = ("bot", "cogs", "rendering")


@functools.cache
def code_fingerprint() -> str:
    """A digest of every file the boards are made from (read once a process)."""
    digest = hashlib.sha256()
    for folder in DRAWN_BY:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def board_key(match: MatchRow, seats: list[SeatRow], language: str, buttons: str = "") -> str:
    """The fingerprint of the board ``match`` would be drawn as now, with the web's
    ``buttons`` under it (`cogs._web.WebButtons.key`; '': none)."""
    drawn_from = [code_fingerprint(), match.version, match.status, match.deadline,
                  match.host_id, match.options, match.channel_id, match.message_id,
                  match.thread_id, language, [list(astuple(seat)) for seat in seats], buttons]
    return hashlib.sha256(json.dumps(drawn_from).encode()).hexdigest()
