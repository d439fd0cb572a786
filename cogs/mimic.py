"""Placeholder: this game's Discord table is being built (the rules engine is done)."""

from __future__ import annotations

from typing import Any


async def setup(bot: Any) -> None:
    """Nothing to load yet."""
