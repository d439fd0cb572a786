"""Waiting in tests: poll a condition until it holds, and fail saying what never happened."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable

Condition = Callable[[], "bool | Awaitable[bool]"]


async def until(condition: Condition, what: str = "the condition", timeout: float = 15.0,
                every: float = 0.01) -> None:
    """Return once ``condition()`` (a plain or an async function) holds; after ``timeout``
    seconds, fail naming ``what``."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                held = condition()
                if inspect.isawaitable(held):
                    held = await held
                if held:
                    return
                await asyncio.sleep(every)
    except TimeoutError:
        raise AssertionError(f"waited {timeout} s for {what}") from None
