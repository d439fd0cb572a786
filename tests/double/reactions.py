"""Reactions, whoever adds them: stored per message and announced on the gateway."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import Message, User, emoji_key, emoji_payload

if TYPE_CHECKING:
    from .server import FakeDiscord

INTENT_GUILD_REACTIONS = 1 << 10
INTENT_DM_REACTIONS = 1 << 13


def _intent(msg: Message) -> int:
    return INTENT_GUILD_REACTIONS if msg.guild_id is not None else INTENT_DM_REACTIONS


def _event_base(msg: Message, emoji: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "channel_id": str(msg.channel_id),
        "message_id": str(msg.id),
        "emoji": emoji_payload(emoji),
        # discord.py reads "type" unconditionally (0 = normal, 1 = burst/super).
        "type": 0,
        "burst": False,
    }
    if msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
    return data


def add(
    server: FakeDiscord, msg: Message, user: User, emoji: str, *, announce: bool = True
) -> bool:
    """Add a reaction; False when this user had already reacted with it (Discord ignores that)."""
    key = emoji_key(emoji)
    users = msg.reactions.setdefault(key, [])
    if user.id in users:
        return False
    users.append(user.id)
    if user.id == server.world.bot_user.id:
        server.world.actions.record(
            "reaction_add", channel_id=msg.channel_id, message=msg, emoji=key
        )
    if announce:
        dispatch_add(server, msg, user, key)
    return True


def dispatch_add(server: FakeDiscord, msg: Message, user: User, key: str) -> bool:
    data = _event_base(msg, key)
    data.update(user_id=str(user.id), message_author_id=str(msg.author.id), burst_colors=[])
    guild = server.world.guilds.get(msg.guild_id) if msg.guild_id is not None else None
    member = guild.members.get(user.id) if guild is not None else None
    if member is not None:
        data["member"] = member.payload()
    return server.gateway.dispatch("MESSAGE_REACTION_ADD", data, intent=_intent(msg))


def remove(server: FakeDiscord, msg: Message, user: User, emoji: str) -> bool:
    key = emoji_key(emoji)
    users = msg.reactions.get(key, [])
    if user.id not in users:
        return False
    users.remove(user.id)
    if not users:
        del msg.reactions[key]
    if user.id == server.world.bot_user.id:
        server.world.actions.record(
            "reaction_remove", channel_id=msg.channel_id, message=msg, emoji=key
        )
    data = _event_base(msg, key)
    data["user_id"] = str(user.id)
    server.gateway.dispatch("MESSAGE_REACTION_REMOVE", data, intent=_intent(msg))
    return True


def clear(server: FakeDiscord, msg: Message, emoji: str | None = None) -> None:
    """Remove all reactions, or all of one emoji (the bot needs Manage Messages for this)."""
    data: dict[str, Any] = {"channel_id": str(msg.channel_id), "message_id": str(msg.id)}
    if msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
    if emoji is None:
        msg.reactions.clear()
        event = "MESSAGE_REACTION_REMOVE_ALL"
    else:
        key = emoji_key(emoji)
        msg.reactions.pop(key, None)
        data["emoji"] = emoji_payload(key)
        event = "MESSAGE_REACTION_REMOVE_EMOJI"
    server.world.actions.record(
        "reaction_clear", channel_id=msg.channel_id, message=msg, emoji=emoji
    )
    server.gateway.dispatch(event, data, intent=_intent(msg))
