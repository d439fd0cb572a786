"""The options a new lobby gets for what its host left out: the server's choice
(`/settings server`), else the game's own default (its `bot.games.spec.GameSpec`). Pure: no
Discord, no database."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games import GAMES
from bot.games.spec import ServerOption


def server_options() -> list[tuple[str, ServerOption]]:
    """Every game's options whose default a server may choose, with their game, in the order
    players read the games."""
    return [(game.id, option) for game in GAMES.values() for option in game.server_options]


def timed_games() -> list[str]:
    """The games with a turn timer, in the order players read them (a real-time game has
    none)."""
    return [game.id for game in GAMES.values() if game.timed]


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What a server chose; None (or empty) means it did not choose."""

    language: str | None = None
    threads: bool | None = None
    options: Mapping[tuple[str, str], str] = field(default_factory=dict)
    """The server's default for game options its spec lets servers choose, by (game, key)."""
    timers: Mapping[str, int] = field(default_factory=dict)
    channels: frozenset[int] = frozenset()

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether a game may be opened in this channel (or in a thread of an allowed one)."""
        return not self.channels or channel_id in self.channels or parent_id in self.channels

    def timer(self, game: str) -> int:
        """The turn timer in seconds a game of ``game`` gets when its host names none."""
        spec = GAMES.get(game)
        own = spec.turn_timer if spec is not None and spec.turn_timer is not None else 0
        return self.timers.get(game, own)

    def option(self, game: str, key: str) -> Any:
        """The server's choice of a game's lobby option (None: it made none)."""
        return self.options.get((game, key))


def lobby_options(game: str, given: Mapping[str, Any], server: ServerSettings) -> dict[str, Any]:
    """The lobby's options: what the host gave, with every left-out (None) choice filled in
    from the server's settings, else the game's default."""
    options = {key: value for key, value in given.items() if value is not None}
    # Stored only when on: a lobby in the channel reads as before ("thread: no" is noise).
    if options.pop("thread", server.threads):
        options["thread"] = True
    spec = GAMES.get(game)
    if spec is None:
        return options
    if spec.timed:
        options.setdefault("turn_timer", server.timer(game))
    for key, default in spec.lobby_defaults.items():
        chosen = server.option(game, key)
        options.setdefault(key, default if chosen is None else chosen)
    return options
