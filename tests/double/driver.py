"""Plays the humans: slash commands, autocomplete, clicks, selects, modals, messages, reactions.

Every interaction is built from what the bot really published (its synced
command tree, the components of the latest version of a message), so a test
can only do what a Discord user could do. Calls return once the bot has
answered, or report that it did not.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from . import channels, commands, messaging, reactions, threads
from . import interactions as ix
from .actions import Action
from .interactions import InteractionRecord, InteractionResult
from .models import Channel, Guild, Message, User
from .server import FakeDiscord

UserRef = User | int | str
ChannelRef = Channel | int | str
MessageRef = Message | int
STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 3, 5, 6, 7, 8
TEXT_INPUT, LABEL = 4, 18


class InteractionRejected(AssertionError):
    """A user could not have done this (no such button, disabled, not their message...)."""


class Ping(NamedTuple):
    """One message of the bot that pinged someone, and whom."""

    message: Message
    users: frozenset[int]
    roles: frozenset[int]
    everyone: bool  # @everyone or @here


class Driver:
    def __init__(self, server: FakeDiscord, *, settle_timeout: float = 10.0) -> None:
        self.server = server
        self.world = server.world
        # How long to wait for a "thinking" defer to be filled in.
        self.settle_timeout = settle_timeout

    # -- who and where ----------------------------------------------------
    @property
    def users(self) -> list[User]:
        return self.world.members

    def user(self, ref: UserRef) -> User:
        return self.world.user(ref)

    def channel(self, ref: ChannelRef) -> Channel:
        return self.world.channel(ref)

    def dm_channel(self, user: UserRef) -> Channel:
        return self.world.dm_channel(self.user(user))

    # -- application commands ---------------------------------------------
    async def slash(
        self, user: UserRef, channel: ChannelRef, command: str, /, **options: Any
    ) -> InteractionResult:
        """Run ``/command`` ("group sub" paths allowed) with options given by name."""
        where = self.channel(channel)
        data = commands.build_data(self.world, command, options, guild_id=where.guild_id)
        return await self._interact(ix.APPLICATION_COMMAND, user, where, data)

    async def autocomplete(
        self, user: UserRef, channel: ChannelRef, command: str, focused: str, /, **options: Any
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its text among ``options``); return the choices offered."""
        where = self.channel(channel)
        data = commands.build_data(
            self.world, command, options, guild_id=where.guild_id, focused=focused
        )
        result = await self._interact(ix.AUTOCOMPLETE, user, where, data)
        if result.choices is None:
            raise AssertionError(f"autocomplete not answered: {result.status} {result.errors}")
        return result.choices

    # -- components -------------------------------------------------------
    def find_component(
        self,
        message: MessageRef,
        *,
        custom_id: str | None = None,
        label: str | None = None,
        placeholder: str | None = None,
        kinds: Iterable[int] | None = None,
    ) -> dict[str, Any]:
        """The component on the latest version of a message, by custom_id, label or placeholder.

        ``custom_id`` may be a regular expression (matched in full), handy for
        DynamicItem ids that carry state.
        """
        msg = self.latest(message)
        wanted = set(kinds) if kinds else None
        candidates = [
            c
            for c in msg.iter_components()
            if "custom_id" in c and (wanted is None or c["type"] in wanted)
        ]
        for comp in candidates:
            if custom_id is not None and not _id_matches(custom_id, comp["custom_id"]):
                continue
            if label is not None and comp.get("label") != label:
                continue
            if placeholder is not None and comp.get("placeholder") != placeholder:
                continue
            return comp
        have = [
            (c.get("type"), c.get("custom_id"), c.get("label") or c.get("placeholder"))
            for c in candidates
        ]
        raise InteractionRejected(
            f"no component custom_id={custom_id!r} label={label!r} on {msg.id}; have {have}"
        )

    async def click(
        self,
        user: UserRef,
        message: MessageRef,
        *,
        custom_id: str | None = None,
        label: str | None = None,
    ) -> InteractionResult:
        """Press a button on the latest version of ``message``."""
        msg = self._clickable(user, message)
        comp = self.find_component(msg, custom_id=custom_id, label=label, kinds=[2])
        if comp.get("disabled"):
            raise InteractionRejected(
                f"button {comp.get('label') or comp['custom_id']!r} is disabled"
            )
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        return await self._interact(
            ix.COMPONENT, user, self.channel(msg.channel_id), data, message=msg
        )

    async def select(
        self,
        user: UserRef,
        message: MessageRef,
        values: Iterable[Any],
        *,
        custom_id: str | None = None,
        placeholder: str | None = None,
    ) -> InteractionResult:
        """Pick ``values`` in a select (option values; users/roles/channels for typed selects)."""
        msg = self._clickable(user, message)
        comp = self.find_component(
            msg,
            custom_id=custom_id,
            placeholder=placeholder,
            kinds=[STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT],
        )
        if comp.get("disabled"):
            raise InteractionRejected(f"select {comp['custom_id']!r} is disabled")
        picked = list(values)
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(picked) <= high:
            raise InteractionRejected(
                f"select {comp['custom_id']!r} takes {low}..{high} values, got {len(picked)}"
            )
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        if comp["type"] == STRING_SELECT:
            offered = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in picked if v not in offered]
            if bad:
                raise InteractionRejected(f"{bad} not among options {offered}")
            data["values"] = picked
        else:
            data["values"], data["resolved"] = self._resolve_select(
                picked, self.world.guild_of(msg.channel_id)
            )
        return await self._interact(
            ix.COMPONENT, user, self.channel(msg.channel_id), data, message=msg
        )

    def _resolve_select(
        self, picked: list[Any], guild: Guild | None
    ) -> tuple[list[str], dict[str, Any]]:
        resolved: dict[str, Any] = {}
        ids = []
        for value in picked:
            if isinstance(value, Channel):
                definition = {"name": "v", "type": commands.CHANNEL}
            else:
                definition = {"name": "v", "type": commands.MENTIONABLE}
            ids.append(commands._wire_value(self.world, definition, value, resolved, guild))
        return ids, resolved

    async def submit_modal(
        self, user: UserRef, opened_by: InteractionResult, values: dict[str, Any]
    ) -> InteractionResult:
        """Fill in the modal an earlier interaction opened (inputs by custom_id), submit it."""
        rec = opened_by.record
        if rec is None or rec.modal is None:
            raise InteractionRejected("that interaction opened no modal")
        modal = rec.modal
        unused = set(values)

        def answer(component: dict[str, Any]) -> dict[str, Any]:
            kind = component.get("type")
            if kind == 1:
                return {
                    "type": 1,
                    "components": [answer(c) for c in component.get("components", [])],
                }
            if kind == LABEL:
                return {"type": LABEL, "component": answer(component["component"])}
            # JSON: a str, or None for a component without one (nothing in values then).
            cid: Any = component.get("custom_id")
            unused.discard(cid)
            if kind == TEXT_INPUT:
                value = str(values.get(cid, component.get("value") or ""))
                if component.get("required", True) and not value:
                    raise InteractionRejected(f"text input {cid!r} is required")
                return {"type": TEXT_INPUT, "custom_id": cid, "value": value}
            if kind == STRING_SELECT:
                return {"type": kind, "custom_id": cid, "values": list(values.get(cid, []))}
            return {"type": kind, "id": component.get("id")}

        components = [answer(c) for c in modal["components"]]
        if unused:
            raise InteractionRejected(
                f"modal {modal['custom_id']!r} has no inputs {sorted(unused)}"
            )
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._interact(ix.MODAL_SUBMIT, user, rec.channel, data, message=rec.message)

    def _clickable(self, user: UserRef, message: MessageRef) -> Message:
        msg = self.latest(message)
        if msg.deleted:
            raise InteractionRejected(f"message {msg.id} was deleted")
        if msg.ephemeral_for is not None and msg.ephemeral_for != self.user(user).id:
            raise InteractionRejected(f"message {msg.id} is ephemeral for someone else")
        return msg

    # -- delivery ---------------------------------------------------------
    async def _interact(
        self,
        kind: int,
        user: UserRef,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
    ) -> InteractionResult:
        loop = asyncio.get_running_loop()
        who = self.user(user)
        guild = self.world.guild_of(channel)
        if guild is not None and who.id not in guild.members:
            raise InteractionRejected(f"{who.username} is not in the guild {guild.name!r}")
        rec = InteractionRecord(
            id=self.world.ids.next(),
            type=kind,
            user=who,
            channel=channel,
            data=data,
            deadline=loop.time() + self.server.interaction_deadline,
            message=message,
        )
        self.world.interactions[rec.id] = rec
        self.world.interactions_by_token[rec.token] = rec
        if not self.server.gateway.dispatch("INTERACTION_CREATE", ix.payload(self.world, rec)):
            # No bot connected: Discord would show "This interaction failed".
            del self.world.interactions[rec.id], self.world.interactions_by_token[rec.token]
            return InteractionResult(rec, self.world.actions, delivered=False)
        rec.delivered = True
        result = InteractionResult(rec, self.world.actions, delivered=True)
        try:
            # A little grace past the deadline lets a just-too-late callback
            # arrive and be rejected, which makes the failure explicit.
            await asyncio.wait_for(rec.answered.wait(), max(rec.deadline - loop.time(), 0) + 0.1)
        except TimeoutError:
            rec.errors.append(f"no response within {self.server.interaction_deadline}s")
            return result
        if rec.response_type == ix.DEFERRED_CHANNEL_MESSAGE:
            try:
                await result.wait_settled(self.settle_timeout)
            except TimeoutError:
                rec.errors.append("deferred response never completed")
        return result

    # -- messages and reactions from users ----------------------------------
    async def say(self, user: UserRef, channel: ChannelRef, content: str) -> Message:
        """A user posts a plain message (MESSAGE_CREATE; content needs the bot's intent)."""
        msg = self.world.new_message(self.channel(channel), self.user(user), content=content)
        messaging.set_pings(self.world, msg, None)  # the client sends no allowed_mentions
        messaging.announce(self.server, "MESSAGE_CREATE", msg)
        return msg

    async def react(self, user: UserRef, message: MessageRef, emoji: str) -> bool:
        """Add a user's reaction; False if they had already reacted with it."""
        return reactions.add(self.server, self._reactable(message), self.user(user), emoji)

    async def unreact(self, user: UserRef, message: MessageRef, emoji: str) -> bool:
        return reactions.remove(self.server, self._reactable(message), self.user(user), emoji)

    async def react_burst(
        self, burst: Iterable[tuple[UserRef, MessageRef, str]]
    ) -> list[int | None]:
        """Several reactions back to back, dispatched in exactly the given order.

        Returns each event's gateway sequence number (None if not delivered).
        """
        seqs: list[int | None] = []
        for user, message, emoji in burst:
            delivered = reactions.add(self.server, self._reactable(message), self.user(user), emoji)
            live = self.server.gateway.live
            seqs.append(live[-1].seq if delivered and live else None)
        return seqs

    def _reactable(self, message: MessageRef) -> Message:
        msg = self.latest(message)
        if msg.deleted or msg.ephemeral_for is not None:
            raise InteractionRejected(f"cannot react to message {msg.id}")
        return msg

    # -- moderators and Discord itself, on threads --------------------------
    def thread_of(self, message: MessageRef) -> Channel:
        """The thread made from a message (it shares the message's id)."""
        msg = self.latest(message)
        thread = self.world.channels.get(msg.id)
        if thread is None or not thread.is_thread:
            raise AssertionError(f"message {msg.id} has no thread")
        return thread

    async def start_thread(self, user: UserRef, channel: ChannelRef, name: str) -> Channel:
        """A member writes in a channel and makes a public thread from that message."""
        msg = await self.say(user, channel, name)
        return threads.create(self.server, self.channel(channel), msg, name,
                              owner=self.user(user))

    def archive(self, thread: ChannelRef, *, locked: bool = False) -> Channel:
        """Discord hides a quiet thread (or a moderator closes it, ``locked``)."""
        return threads.update(self.server, self.channel(thread), archived=True, locked=locked)

    def lock(self, thread: ChannelRef) -> Channel:
        """A moderator locks a thread without archiving it."""
        return threads.update(self.server, self.channel(thread), locked=True)

    def delete_thread(self, thread: ChannelRef) -> None:
        """A moderator deletes a thread with all its messages."""
        threads.delete(self.server, self.channel(thread))

    def delete_channel(self, channel: ChannelRef) -> list[Channel]:
        """A moderator deletes a guild channel with its threads and messages (the threads
        that went with it are returned)."""
        return channels.delete(self.server, self.channel(channel))

    def remove_bot(self, guild: Guild | None = None) -> None:
        """A moderator kicks the bot from ``guild`` (the first one by default)."""
        channels.remove_bot(self.server, guild or self.world.guild)

    def deny_bot(self, channel: ChannelRef, permissions: int) -> None:
        """A permission overwrite in a channel takes ``permissions`` from the bot."""
        self.channel(channel).bot_deny |= permissions

    # -- observing the bot ------------------------------------------------
    def mark(self) -> int:
        """Position in the action log; pass as ``since=`` to ignore what came before."""
        return self.world.actions.mark()

    @property
    def actions(self) -> list[Action]:
        return list(self.world.actions.actions)

    async def wait_for(
        self, predicate: Callable[[Action], bool], timeout: float = 5.0, *, since: int = 0
    ) -> Action:
        """First recorded bot action (from ``since``) matching ``predicate``; waits if none yet."""
        return await self.world.actions.wait_for(predicate, timeout, since=since)

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool] | None = None,
        *,
        channel: ChannelRef | None = None,
        timeout: float = 5.0,
        since: int = 0,
        edits: bool = False,
    ) -> Message:
        """The bot's first message sent (or, with ``edits``, also edited) matching ``predicate``."""
        kinds = {"message_create", "followup"} | ({"message_edit"} if edits else set())
        where = self.channel(channel).id if channel is not None else None

        def match(action: Action) -> bool:
            msg = action.message
            return (
                action.kind in kinds
                and msg is not None
                and (where is None or msg.channel_id == where)
                and (predicate is None or predicate(msg))
            )

        action = await self.wait_for(match, timeout, since=since)
        assert action.message is not None
        return action.message

    def pings(self, since: int = 0) -> list[Ping]:
        """The bot's messages sent from ``since`` on that pinged anyone, in sending order.

        A message counts when it is created (channel sends, interaction
        responses, follow-ups) or when a "thinking" message is filled in; edits
        ping nobody, ephemeral messages neither. Messages that pinged nobody are
        left out, so ``pings(since=mark) == []`` means nobody was pinged.
        """
        return [
            Ping(a.message, a.pings.users, a.pings.roles, a.pings.everyone)
            for a in self.world.actions.actions[since:]
            if a.pings and a.message is not None
        ]

    def latest(self, message: MessageRef) -> Message:
        """The message as Discord shows it now (fields read the latest version)."""
        return self.world.message(message)

    def messages(
        self,
        channel: ChannelRef | None = None,
        *,
        by_bot: bool = True,
        ephemeral: bool = False,
        deleted: bool = False,
    ) -> list[Message]:
        """Messages in creation order, filtered by channel/author/visibility."""
        where = self.channel(channel).id if channel is not None else None
        return [
            m
            for m in sorted(self.world.messages.values(), key=lambda m: m.id)
            if (where is None or m.channel_id == where)
            and (not by_bot or m.author is self.world.bot_user)
            and (ephemeral or m.ephemeral_for is None)
            and (deleted or not m.deleted)
        ]

    def dms(self, user: UserRef) -> list[Message]:
        """What the bot sent a user in private."""
        return self.messages(self.dm_channel(user))

    def save_pngs(self, directory: str | Path) -> list[Path]:
        """Write every PNG the bot ever sent (replaced ones too); return the paths."""
        out = Path(directory)
        out.mkdir(parents=True, exist_ok=True)
        seen: set[int] = set()
        paths: list[Path] = []
        for msg in sorted(self.world.messages.values(), key=lambda m: m.id):
            if msg.author is not self.world.bot_user:
                continue
            for version_no, version in enumerate(msg.versions):
                for att in version.attachments:
                    if att.id in seen or not att.is_png:
                        continue
                    seen.add(att.id)
                    path = out / f"{len(paths):03d}-{msg.id}-v{version_no}-{att.filename}"
                    path.write_bytes(att.data)
                    paths.append(path)
        return paths


def _id_matches(wanted: str, actual: str) -> bool:
    if wanted == actual:
        return True
    try:
        return re.fullmatch(wanted, actual) is not None
    except re.error:
        return False
