"""What the fake Discord stores: users, members, channels, the guild, messages.

Each model turns itself into the JSON payload Discord sends for it, field for field as the
response schemas of Discord's spec (`openapi`) list them, which is what discord.py parses;
nothing here talks to the network.
"""

from __future__ import annotations

import datetime as dt
import re
import struct
from dataclasses import dataclass, field
from typing import Any

from .mentions import NOBODY, Pings

# @everyone: what an ordinary member may do in a channel.
EVERYONE_PERMISSIONS = (
    (1 << 6)  # add reactions
    | (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 18)  # use external emojis
    | (1 << 31)  # use application commands
    | (1 << 35)  # create public threads
    | (1 << 38)  # send messages in threads
)
# The bot's managed role adds what a game host needs on top of @everyone.
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | (1 << 13) | (1 << 34)  # manage messages, manage threads

# Where the application can be installed (its integration types): to servers (0), and to users
# (1), which is how its interactions in a DM come (`interactions.payload`).
INSTALL_CONTEXTS = (0, 1)

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"  # the language of the user's Discord client (interactions carry it)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,  # no server tag worn
        }

    def private_payload(self) -> dict[str, Any]:
        """The user as ``GET /users/@me`` shows them to themselves (identify scope: no email)."""
        return dict(self.payload(), mfa_enabled=False, locale=self.locale, premium_type=0)


@dataclass(eq=False)
class Member:
    user: User
    joined_at: str
    roles: list[int] = field(default_factory=list)
    nick: str | None = None

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "nick": self.nick,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "avatar": None,
            "banner": None,
            "premium_since": None,  # nobody boosts the test servers
            "communication_disabled_until": None,  # nor is anyone timed out
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "icon": None,
            "unicode_emoji": None,
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
MANAGE_THREADS = 1 << 34
PUBLIC_THREAD = 11


@dataclass(eq=False)
class Channel:
    id: int
    name: str | None
    type: int = 0  # 0 guild text, 1 DM, 11 public thread
    guild_id: int | None = None
    position: int = 0
    recipient: User | None = None  # the other side of a DM
    # Permissions an overwrite takes from the bot here (a thread follows its parent's).
    bot_deny: int = 0
    # A thread's: its channel, who made it, and whether Discord hid it (archived; after a
    # while without messages, or by hand) and whether a moderator locked it.
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str = "2024-01-01T00:00:00+00:00"
    # What was sent here: the newest message's id, and (a thread's counts) how many messages
    # are there now and how many were ever sent.
    last_message_id: int | None = None
    message_count: int = 0
    total_message_sent: int = 0

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    def thread_payload(self) -> dict[str, Any]:
        """A thread as Discord sends it (its metadata, its parent)."""
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "last_message_id": _maybe_id(self.last_message_id),
            "rate_limit_per_user": 0,
            "message_count": self.message_count,
            "total_message_sent": self.total_message_sent,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.archive_timestamp,
                "locked": self.locked,
                "invitable": True,
                "create_timestamp": self.archive_timestamp,
            },
        }

    def payload(self) -> dict[str, Any]:
        if self.is_thread:
            return self.thread_payload()
        if self.type == 1:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": 1,
                "flags": 0,
                "last_message_id": _maybe_id(self.last_message_id),
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "permission_overwrites": [],
            "last_message_id": _maybe_id(self.last_message_id),
            "flags": 0,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: list[Role]
    channels: list[Channel]
    members: dict[int, Member]
    preferred_locale: str = "en-US"  # the community language a server set in Discord
    threads: list[Channel] = field(default_factory=list)  # every thread made (deleted: gone)
    bot_removed: bool = False  # the bot was kicked: its channels are out of the bot's reach
    # Bytes a file sent here may have: 10 MiB without boosts, 50 / 100 MiB at levels 2 / 3.
    attachment_size_limit: int = 10 * 1024 * 1024

    def member_permissions(self, user_id: int) -> int:
        member = self.members.get(user_id)
        if member is None:
            return 0
        if user_id == self.owner_id:
            return (1 << 41) - 1  # the owner can do everything
        perms = 0
        for role in self.roles:
            if role.id == self.id or role.id in member.roles:
                perms |= role.permissions
        return perms

    def payload(self) -> dict[str, Any]:
        """The full GUILD_CREATE payload: the guild and what only the gateway adds to it."""
        return dict(
            self.rest_payload(),
            unavailable=False,
            large=False,
            # member_count == len(members): discord.py then considers the
            # guild chunked and does not ask for member chunks.
            member_count=len(self.members),
            members=[m.payload() for m in self.members.values()],
            channels=[c.payload() for c in self.channels],
            # Only active threads come with the guild; archived ones are fetched when needed.
            threads=[t.payload() for t in self.threads if not t.archived],
            presences=[],
            voice_states=[],
            joined_at="2024-01-01T00:00:00+00:00",
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )

    def rest_payload(self, *, with_counts: bool = False) -> dict[str, Any]:
        """The guild as ``GET /guilds/{id}`` answers it (``with_counts``: its approximate
        member and online counts too): a small server nobody boosted, with nothing set up
        beyond its name, language, roles and channels."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "description": None,
            "home_header": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "owner_id": str(self.owner_id),
            "application_id": None,  # made by a person, not by a bot
            "region": "deprecated",  # what Discord sends since voice regions moved to channels
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "widget_enabled": False,
            "widget_channel_id": None,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw": False,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "rules_channel_id": None,
            "safety_alerts_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "max_presences": None,
            "max_members": 500_000,  # an ordinary server's limits
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "incidents_data": None,
        }
        if with_counts:
            data["approximate_member_count"] = len(self.members)
            data["approximate_presence_count"] = 0  # the double keeps no presences
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data[:8] == b"\x89PNG\r\n\x1a\n"

    def size_px(self) -> tuple[int, int] | None:
        # The IHDR chunk sits at a fixed offset in every PNG.
        if self.is_png and len(self.data) >= 24:
            return struct.unpack(">II", self.data[16:24])
        return None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type
            or ("image/png" if self.is_png else "application/octet-stream"),
        }
        if self.description is not None:
            data["description"] = self.description
        px = self.size_px()
        if px:
            data["width"], data["height"] = px
        return data


@dataclass(frozen=True)
class MessageVersion:
    """One state of a message; every edit appends a new one."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    edited_at: str | None


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    created_at: dt.datetime
    versions: list[MessageVersion]
    type: int = 0
    application_id: int | None = None
    webhook_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    ephemeral_for: int | None = None  # user id who alone can see it
    interaction_id: int | None = None  # the interaction whose response this is
    deleted: bool = False
    nonce: str | None = None  # the creator's nonce, echoed back as Discord does
    # Who the message pinged when it was sent; edits never change it.
    pings: Pings = NOBODY
    # The known users among ``pings.users``: the message's "mentions" on the wire.
    mentioned_users: list[User] = field(default_factory=list)
    # emoji key ("☂️" or "name:id") -> user ids in the order they reacted
    reactions: dict[str, list[int]] = field(default_factory=dict)

    # The latest version, which is what Discord shows.
    @property
    def latest(self) -> MessageVersion:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.latest.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.latest.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.latest.components

    @property
    def attachments(self) -> list[Attachment]:
        return self.latest.attachments

    @property
    def flags(self) -> int:
        return self.latest.flags

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def pinged_users(self) -> frozenset[int]:
        return self.pings.users

    @property
    def pinged_roles(self) -> frozenset[int]:
        return self.pings.roles

    @property
    def pinged_everyone(self) -> bool:
        """True if the message pinged @everyone or @here."""
        return self.pings.everyone

    def pngs(self) -> list[Attachment]:
        return [a for a in self.attachments if a.is_png]

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component, however deeply nested (action rows, v2 containers)."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components") or [])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])

        walk(self.components)
        return found

    def payload(self, bot_user_id: int) -> dict[str, Any]:
        v = self.latest
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": v.content,
            "timestamp": self.created_at.isoformat(),
            "edited_timestamp": v.edited_at,
            "tts": False,
            "mention_everyone": self.pings.everyone,
            "mentions": [u.payload() for u in self.mentioned_users],
            "mention_roles": [str(r) for r in sorted(self.pings.roles)],
            "attachments": [a.payload() for a in v.attachments],
            "embeds": v.embeds,
            "components": v.components,
            "reactions": [
                {
                    "emoji": emoji_payload(key),
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": bot_user_id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for key, users in self.reactions.items()
                if users
            ],
            "pinned": False,
            "type": self.type,
            "flags": v.flags,
        }
        # No guild_id: Discord's REST message has none (the gateway's events add it).
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data

    def mentioned_ids(self) -> list[int]:
        """Users the latest content mentions, whether or not they were pinged (see ``pings``)."""
        return [int(m) for m in _MENTION.findall(self.content)]


def _maybe_id(snowflake: int | None) -> str | None:
    return None if snowflake is None else str(snowflake)


def emoji_key(raw: str) -> str:
    """Normalise the emoji of a reaction route or call: "☂️", "name:id", "<:name:id>"."""
    raw = raw.strip()
    if raw.startswith("<") and raw.endswith(">"):
        raw = raw[1:-1]
    if raw.startswith("a:"):
        raw = raw[2:]
    if raw.startswith(":"):
        raw = raw[1:]
    return raw


def emoji_payload(key: str) -> dict[str, Any]:
    name, _, ident = key.rpartition(":")
    if name and ident.isdigit():
        return {"id": ident, "name": name, "animated": False}
    return {"id": None, "name": key}
