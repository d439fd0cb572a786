"""Interactions: what a user's click or command looks like to the bot, and how it was answered.

An ``InteractionRecord`` is the server's memory of one interaction (its token,
its deadline, the callback and follow-ups). An ``InteractionResult`` is the
driver's live view of it for tests.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import FLAG_EPHEMERAL, Channel, Message, User

if TYPE_CHECKING:
    from .actions import ActionLog
    from .world import World

PING, APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
LAUNCH_ACTIVITY = 12  # opens the application's Activity in the user's client; no message

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL,
                LAUNCH_ACTIVITY},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


@dataclass(eq=False)
class InteractionRecord:
    id: int
    type: int
    user: User
    channel: Channel
    data: dict[str, Any]
    deadline: float  # loop time after which Discord forgets an unanswered interaction
    message: Message | None = None  # the message whose component was used
    token: str = field(default_factory=lambda: "itok-" + secrets.token_urlsafe(24))
    delivered: bool = False
    response_type: int | None = None
    original: Message | None = None  # what @original refers to
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    activity: str | None = None  # the instance a launch-activity callback opened
    errors: list[str] = field(default_factory=list)  # rejected callbacks, late answers
    callback_seq: int | None = None  # action-log position of the accepted callback
    answered: asyncio.Event = field(default_factory=asyncio.Event)  # callback accepted or rejected

    @property
    def guild_id(self) -> int | None:
        return self.channel.guild_id


def payload(world: World, rec: InteractionRecord) -> dict[str, Any]:
    """INTERACTION_CREATE's data, as discord.py's Interaction expects it."""
    guild = world.guilds.get(rec.guild_id) if rec.guild_id is not None else None
    channel = rec.channel.payload()
    data: dict[str, Any] = {
        "id": str(rec.id),
        "application_id": str(world.application_id),
        "type": rec.type,
        "data": rec.data,
        "token": rec.token,
        "version": 1,
        "channel_id": str(rec.channel.id),
        "channel": channel,
        "locale": rec.user.locale,
        "entitlements": [],
        # The server's own limit (its boosts); outside a server, the default.
        "attachment_size_limit": (guild.attachment_size_limit if guild is not None
                                  else ATTACHMENT_SIZE_LIMIT),
    }
    if guild is not None:
        user_perms = guild.member_permissions(rec.user.id)
        channel["permissions"] = str(user_perms)
        member = guild.members[rec.user.id]
        data.update(
            guild_id=str(guild.id),
            guild_locale=guild.preferred_locale,
            guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            member=member.payload(permissions=user_perms),
            app_permissions=str(guild.member_permissions(world.bot_user.id)),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        data.update(
            user=rec.user.payload(),
            app_permissions="0",
            authorizing_integration_owners={"1": str(rec.user.id)},
            context=1,
        )
    if rec.message is not None:
        data["message"] = rec.message.payload(world.bot_user.id)
    return data


def metadata(world: World, rec: InteractionRecord) -> dict[str, Any]:
    """``interaction_metadata`` of a message that answers this interaction (a modal's answer
    names the interaction that opened the modal as well)."""
    owners = ({"0": str(rec.guild_id)} if rec.guild_id is not None
              else {"1": str(rec.user.id)})  # as `payload` says who installed the app
    meta: dict[str, Any] = {
        "id": str(rec.id),
        "type": rec.type,
        "user": rec.user.payload(),
        "authorizing_integration_owners": owners,
    }
    if rec.type == COMPONENT and rec.message is not None:
        meta["interacted_message_id"] = str(rec.message.id)
    if rec.type == MODAL_SUBMIT:
        opener = _modal_opener(world, rec)
        if opener is not None:
            meta["triggering_interaction_metadata"] = metadata(world, opener)
    return meta


def _modal_opener(world: World, rec: InteractionRecord) -> InteractionRecord | None:
    """The latest interaction of the same user whose answer opened the modal ``rec`` submits."""
    custom_id = rec.data.get("custom_id")
    openers = [r for r in world.interactions.values()
               if r.id < rec.id and r.user is rec.user and r.modal is not None
               and r.modal.get("custom_id") == custom_id]
    return max(openers, key=lambda r: r.id, default=None)


class InteractionResult:
    """What a user saw after an interaction; message fields follow later edits."""

    def __init__(
        self, rec: InteractionRecord | None, actions: ActionLog, *, delivered: bool
    ) -> None:
        self.record = rec
        self._actions = actions
        self.delivered = delivered

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.status} type={self.type} ephemeral={self.ephemeral} "
            f"content={self.content!r} followups={len(self.followups)}>"
        )

    @property
    def status(self) -> str:
        """One of: not_delivered (no bot connected), failed (no valid answer in time), responded."""
        if not self.delivered or self.record is None:
            return "not_delivered"
        return "responded" if self.record.response_type is not None else "failed"

    @property
    def ok(self) -> bool:
        return self.status == "responded"

    @property
    def type(self) -> int | None:
        return self.record.response_type if self.record else None

    @property
    def message(self) -> Message | None:
        """The response message (@original), live: always its latest version."""
        return self.record.original if self.record else None

    @property
    def ephemeral(self) -> bool:
        return bool(self.message is not None and self.message.flags & FLAG_EPHEMERAL)

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message is not None else []

    @property
    def attachments(self) -> list[Any]:
        return self.message.attachments if self.message is not None else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message is not None else []

    @property
    def followups(self) -> list[Message]:
        return list(self.record.followups) if self.record else []

    @property
    def messages(self) -> list[Message]:
        """The original response (if any) and every follow-up, in order."""
        first = [self.message] if self.message is not None else []
        return first + [m for m in self.followups if m is not self.message]

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete answer: [{"name": ..., "value": ...}, ...]."""
        return self.record.choices if self.record else None

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.record.modal if self.record else None

    @property
    def errors(self) -> list[str]:
        return list(self.record.errors) if self.record else []

    def raise_for_status(self) -> InteractionResult:
        if not self.ok:
            raise AssertionError(f"interaction {self.status}: {self.errors}")
        return self

    async def wait_until(
        self, predicate: Callable[[InteractionResult], bool], timeout: float = 5.0
    ) -> InteractionResult:
        """Wait (on recorded bot actions, never blindly) until ``predicate(self)`` holds."""
        if not predicate(self):
            # Every change to a result is recorded as an action, so re-checking
            # on each new action cannot miss the moment the predicate turns true.
            await self._actions.wait_for(
                lambda _a: predicate(self), timeout, since=self._actions.mark()
            )
        return self

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        await self.wait_until(lambda r: len(r.followups) >= count, timeout)
        return self.followups

    async def wait_edit(self, timeout: float = 5.0) -> Message:
        """Wait for an edit of the response message through this interaction (say after type 6)."""
        rec = self.record
        if rec is None or rec.original is None:
            raise AssertionError(f"interaction {self.status} has no response message to edit")
        target = rec.original
        start = rec.callback_seq if rec.callback_seq is not None else 0
        await self._actions.wait_for(
            lambda a: (
                a.kind == "message_edit"
                and a.message is target
                and a.interaction is rec
                and a.source != "callback"
            ),
            timeout,
            since=start,
        )
        return target

    async def wait_settled(self, timeout: float = 5.0) -> InteractionResult:
        """After a "thinking" defer: wait until the loading message was replaced."""
        return await self.wait_until(lambda r: r.message is None or not r.message.loading, timeout)
