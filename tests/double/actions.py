"""A log of everything the bot did through the API, which tests can wait on.

Tests never sleep blindly: they wait until an action they expect shows up
here (a message sent, an edit, a reaction, an interaction callback).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .interactions import InteractionRecord
    from .mentions import Pings
    from .models import Message, MessageVersion


@dataclass(frozen=True)
class Action:
    seq: int
    # message_create | message_edit | message_delete | reaction_add |
    # reaction_remove | reaction_clear | interaction_callback
    kind: str
    channel_id: int | None = None
    message: Message | None = None  # live object: always its latest version
    version: MessageVersion | None = None  # the version this action produced
    interaction: InteractionRecord | None = None
    source: str = "rest"  # rest | callback | followup | original_edit
    emoji: str | None = None
    data: Any = None
    # Whom the message was sent to ping: set on every message_create, and on
    # the message_edit that fills in a "thinking" message; None on other edits.
    pings: Pings | None = None

    @property
    def content(self) -> str | None:
        """Content as of this action (not the message's later edits)."""
        return self.version.content if self.version is not None else None


class ActionLog:
    def __init__(self) -> None:
        self.actions: list[Action] = []
        self._changed = asyncio.Event()

    def record(self, kind: str, **fields: Any) -> Action:
        action = Action(seq=len(self.actions), kind=kind, **fields)
        self.actions.append(action)
        # Wake every waiter, then give later waiters a fresh event.
        self._changed.set()
        self._changed = asyncio.Event()
        return action

    def mark(self) -> int:
        """A position to pass as ``since`` so a wait ignores older actions."""
        return len(self.actions)

    def find(self, predicate: Callable[[Action], bool], since: int = 0) -> Action | None:
        for action in self.actions[since:]:
            if predicate(action):
                return action
        return None

    async def wait_for(
        self, predicate: Callable[[Action], bool], timeout: float = 5.0, *, since: int = 0
    ) -> Action:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        checked = since
        while True:
            found = self.find(predicate, checked)
            if found is not None:
                return found
            checked = len(self.actions)
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n".join(f"  {a.seq} {a.kind} {a.content!r}" for a in self.actions[-10:])
                raise TimeoutError(
                    f"no matching bot action within {timeout}s; last actions:\n{recent}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
