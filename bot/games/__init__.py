"""The games, as pure rule libraries, and the registry that finds them.

Nothing under this package imports discord, PIL, aiosqlite or asyncio, reads a clock or the
global RNG: a test walks the imports to keep it so. Every package here with a ``spec`` module
is a game (`bot.games.spec.GameSpec`): found at import, in the order players read them, it is
playable by the engine (and covered by the contract test); it reaches Discord once a package of
the Discord layer gives it a table.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.games.core import Rules
from bot.games.spec import GameSpec, RealTime

GAMES: dict[str, GameSpec] = {}
"""Every game found, by id, in the order players read them."""
REGISTRY: dict[str, Rules[Any]] = {}
"""Every game's rules, by id (the same games as `GAMES`)."""


def discover() -> dict[str, GameSpec]:
    """Find every game package on this package's path and (re)fill `GAMES` and `REGISTRY`
    with them, in place (so whoever holds them sees a game added later, e.g. in a test)."""
    found = []
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        name = f"{__name__}.{module.name}.spec"
        try:
            spec = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise  # the game's spec itself failed to import: say so
            continue  # a package without a spec is not a game
        found.append(spec.GAME)
    found.sort(key=lambda game: (game.order, game.id))
    GAMES.clear()
    GAMES.update((game.id, game) for game in found)
    REGISTRY.clear()
    REGISTRY.update((game.id, game.rules) for game in found)
    return GAMES


def spec_of(rules: Rules[Any]) -> GameSpec:
    """What ``rules``' game declares about itself (rules of no registered game, as tests make,
    declare nothing: turn-based, no computer of their own, no timer)."""
    return GAMES.get(rules.id) or GameSpec(rules=rules, order=0)



def real_time(rules: Rules[Any]) -> RealTime:
    """How a game played in real time is dealt (its spec's `RealTime`)."""
    dealt = spec_of(rules).realtime
    if dealt is None:
        raise ValueError(f"{rules.name} is not played in real time")
    return dealt


discover()
