"""The games, as pure rule libraries, and the registry that names them.

Nothing under this package imports discord, PIL, aiosqlite or asyncio, reads a clock or the
global RNG: a test walks the imports to keep it so.
"""

from __future__ import annotations

from bot.games.core import Rules
from bot.games.mimikri import RULES as MIMIKRI

REGISTRY: dict[str, Rules] = {rules.id: rules for rules in (MIMIKRI,)}
