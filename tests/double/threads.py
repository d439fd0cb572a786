"""Threads: public threads made from a message, archived, locked and deleted as Discord does.

A thread made from a message shares the message's id, and one message has at most one thread
(160004). Making one needs Create Public Threads (403, 50013), and only a text channel can have
them (400, 50024). Sending into an archived thread reopens it, unless a moderator locked it;
editing, deleting or reacting in an archived thread fails (400, 50083) until it is reopened
(PATCH archived=false). A deleted thread is an unknown channel (404, 10003). Every change is
announced on the gateway (THREAD_CREATE, THREAD_UPDATE, THREAD_DELETE).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from .http_util import (
    MISSING_PERMISSIONS,
    UNKNOWN_MESSAGE,
    ApiError,
    channel_named,
    invalid_form,
    json_response,
)
from .messaging import read_body
from .models import (
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Message,
    User,
)

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .world import World

ARCHIVED_THREAD = 50083
WRONG_CHANNEL_TYPE = 50024
THREAD_EXISTS = 160004
INTENT_GUILDS = 1 << 0
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)


def bot_permissions(world: World, channel: Channel) -> int:
    """What the bot may do in a channel (in a thread: in its parent)."""
    where = world.channels.get(channel.parent_id or 0, channel) if channel.is_thread else channel
    guild = world.guild_of(where)
    assert guild is not None, "threads are in guild channels only"
    return guild.member_permissions(world.bot_user.id) & ~where.bot_deny


def before_send(server: FakeDiscord, channel: Channel) -> None:
    """A message is about to be sent into ``channel``: a thread must allow it (an archived,
    unlocked one is reopened by it)."""
    if not channel.is_thread:
        return
    world = server.world
    if not bot_permissions(world, channel) & SEND_MESSAGES_IN_THREADS:
        raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
    if channel.archived:
        if channel.locked:
            raise ApiError(400, ARCHIVED_THREAD, "Thread is locked")
        update(server, channel, archived=False)


def before_change(channel: Channel) -> None:
    """A message in ``channel`` is about to be edited, deleted or reacted to."""
    if channel.is_thread and channel.archived:
        raise ApiError(400, ARCHIVED_THREAD,
                       "Operation cannot be performed on an archived thread")


def create(server: FakeDiscord, channel: Channel, message: Message, name: str,
           auto_archive_duration: int = 1440, *, owner: User | None = None) -> Channel:
    """The public thread of ``message`` (its id is the message's), made by the bot or, as
    ``owner``, by a member."""
    world = server.world
    if channel.type != 0:
        raise ApiError(400, WRONG_CHANNEL_TYPE, "Cannot execute action on this channel type")
    if owner is None and not bot_permissions(world, channel) & CREATE_PUBLIC_THREADS:
        raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
    guild = world.guild_of(channel)
    if guild is None:
        raise ApiError(400, WRONG_CHANNEL_TYPE, "Cannot execute action on this channel type")
    if message.id in world.channels or any(t.id == message.id for t in guild.threads):
        raise ApiError(400, THREAD_EXISTS, "A thread has already been created for this message")
    if not name or len(name) > 100:
        raise invalid_form("name", "Must be between 1 and 100 in length.")
    if auto_archive_duration not in ARCHIVE_DURATIONS:
        raise invalid_form("auto_archive_duration", "Value must be one of "
                           + str(ARCHIVE_DURATIONS))
    thread = Channel(message.id, name, PUBLIC_THREAD, channel.guild_id, parent_id=channel.id,
                     owner_id=(owner or world.bot_user).id,
                     auto_archive_duration=auto_archive_duration,
                     archive_timestamp=world.now_iso())
    world.channels[thread.id] = thread
    guild.threads.append(thread)
    world.actions.record("thread_create", channel_id=thread.id, message=message, data=thread)
    server.gateway.dispatch("THREAD_CREATE", dict(thread.payload(), newly_created=True),
                            intent=INTENT_GUILDS)
    return thread


def update(server: FakeDiscord, thread: Channel, *, archived: bool | None = None,
           locked: bool | None = None, name: str | None = None) -> Channel:
    """Archive, reopen, lock, unlock or rename a thread (by the bot or a moderator)."""
    if archived is not None:
        thread.archived = archived
        thread.archive_timestamp = server.world.now_iso()
    if locked is not None:
        thread.locked = locked
    if name is not None:
        thread.name = name
    server.world.actions.record("thread_update", channel_id=thread.id, data=thread)
    server.gateway.dispatch("THREAD_UPDATE", thread.payload(), intent=INTENT_GUILDS)
    return thread


def delete(server: FakeDiscord, thread: Channel) -> None:
    """A moderator deletes the thread: its messages go with it."""
    world = server.world
    guild = world.guilds[thread.guild_id] if thread.guild_id is not None else None
    world.channels.pop(thread.id, None)
    if guild is not None:
        guild.threads = [t for t in guild.threads if t.id != thread.id]
    for msg in world.messages.values():
        if msg.channel_id == thread.id:
            msg.deleted = True
    world.actions.record("thread_delete", channel_id=thread.id, data=thread)
    server.gateway.dispatch("THREAD_DELETE", {
        "id": str(thread.id), "guild_id": str(thread.guild_id),
        "parent_id": str(thread.parent_id), "type": thread.type}, intent=INTENT_GUILDS)


class ThreadRoutes:
    """POST …/messages/{id}/threads, PATCH and DELETE /channels/{id}."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.world = server.world

    def api_routes(self) -> list[tuple[str, str, object]]:
        return [
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start),
            ("PATCH", "/channels/{channel_id}", self.modify),
            ("DELETE", "/channels/{channel_id}", self.remove),
        ]

    def _channel(self, request: web.Request) -> Channel:
        return channel_named(self.world, request)

    async def start(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self.world.messages.get(int(request.match_info["message_id"]))
        if msg is None or msg.deleted or msg.channel_id != channel.id:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        payload, _ = await read_body(request)
        thread = create(self.server, channel, msg, str(payload.get("name") or ""),
                        int(payload.get("auto_archive_duration") or 1440))
        return json_response(thread.payload(), 201)  # Created, as Discord's spec answers

    async def modify(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, _ = await read_body(request)
        if not channel.is_thread:
            raise invalid_form("channel", "only threads can be changed in the double")
        perms = bot_permissions(self.world, channel)
        if "locked" in payload and not perms & MANAGE_THREADS:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        if payload.get("archived") is False and channel.locked and not perms & MANAGE_THREADS:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        update(self.server, channel, archived=payload.get("archived"),
               locked=payload.get("locked"), name=payload.get("name"))
        return json_response(channel.payload())

    async def remove(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if not channel.is_thread:
            raise invalid_form("channel", "only threads can be deleted in the double")
        if not bot_permissions(self.world, channel) & MANAGE_THREADS:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        delete(self.server, channel)
        return json_response(channel.payload())  # Discord answers with what it deleted
