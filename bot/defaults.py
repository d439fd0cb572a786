"""The options a new lobby gets for what its host left out: the server's choice
(`/settings server`), else the game's own default. Pure: no Discord, no database."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

TIMED_GAMES = ("mimikri", "mimic", "mariposas")
"""Games with a turn timer (Schicki Micki is played in real time and has none)."""
GAME_TIMERS: dict[str, int] = {"mimikri": 5 * 60, "mimic": 10 * 60, "mariposas": 10 * 60}
"""Each game's own turn timer in seconds, where neither the host nor the server chose one."""
INPUTS = ("reactions", "buttons")
"""How Schicki Micki is played: reacting to the table message, or pressing buttons."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What a server chose; None (or empty) means it did not choose."""

    language: str | None = None
    threads: bool | None = None
    schicki_input: str | None = None
    timers: Mapping[str, int] = field(default_factory=dict)
    channels: frozenset[int] = frozenset()

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether a game may be opened in this channel (or in a thread of an allowed one)."""
        return not self.channels or channel_id in self.channels or parent_id in self.channels

    def timer(self, game: str) -> int:
        """The turn timer in seconds a game of ``game`` gets when its host names none."""
        return self.timers.get(game, GAME_TIMERS.get(game, 0))


def lobby_options(game: str, given: Mapping[str, Any], server: ServerSettings) -> dict[str, Any]:
    """The lobby's options: what the host gave, with every left-out (None) choice filled in
    from the server's settings, else the game's default."""
    options = {key: value for key, value in given.items() if value is not None}
    # Stored only when on: a lobby in the channel reads as before ("thread: no" is noise).
    if options.pop("thread", server.threads):
        options["thread"] = True
    if game in TIMED_GAMES:
        options.setdefault("turn_timer", server.timer(game))
    if game == "schicki_micki":
        options.setdefault("input", server.schicki_input or INPUTS[0])
    return options
