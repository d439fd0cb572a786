"""The games, as pure rule libraries, and the registry that names them.

Nothing under this package imports discord, PIL, aiosqlite or asyncio, reads a clock or the
global RNG: a test walks the imports to keep it so. A game in the registry is playable by the
engine (and covered by the contract test); it reaches Discord once a cog gives it a table.
"""

from __future__ import annotations

from bot.games.core import Rules
from bot.games.mariposas.rules import RULES as MARIPOSAS
from bot.games.mimic import RULES as MIMIC
from bot.games.mimikri import RULES as MIMIKRI
from bot.games.schicki_micki import RULES as SCHICKI_MICKI

REGISTRY: dict[str, Rules] = {
    rules.id: rules for rules in (MIMIKRI, SCHICKI_MICKI, MIMIC, MARIPOSAS)}
