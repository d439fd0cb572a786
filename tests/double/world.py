"""The fake Discord's state: its guilds (one, or more added), their people and channels, all
messages.

It outlives any bot process, so a restarted bot finds its old messages (and
their buttons) exactly where it left them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .actions import ActionLog
from .activities import Instances
from .models import (
    BOT_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    MessageVersion,
    Role,
    User,
)
from .oauth import Grants
from .snowflake import Clock, Snowflakes

if TYPE_CHECKING:
    from .interactions import InteractionRecord

DEFAULT_MEMBERS = (
    "alice",
    "bob",
    "carol",
    "dave",
    "erin",
    "frank",
    "grace",
    "heidi",
    "ivan",
    "judy",
)
DEFAULT_CHANNELS = ("general", "games", "lobby", "off-topic")
TOKEN = "fake-bot-token"


class World:
    def __init__(
        self,
        *,
        clock: Clock | None = None,
        member_names: Iterable[str] = DEFAULT_MEMBERS,
        channel_names: Iterable[str] = DEFAULT_CHANNELS,
        bot_name: str = "Menagerie",
    ) -> None:
        self.clock = clock or Clock()
        self.ids = Snowflakes(self.clock)
        self.token = TOKEN
        self.shards = 1  # how many shards GET /gateway/bot recommends
        self.cdn_base = "http://127.0.0.1"  # the server fills in its real address
        self.bot_user = User(self.ids.next(), bot_name.lower(), bot_name, bot=True)
        # Modern applications share their id with their bot user.
        self.application_id = self.bot_user.id
        self.grants = Grants()  # OAuth2 codes and access tokens of Activities (`oauth`)
        self.instances = Instances()  # Activities launched and running (`activities`)
        self.users: dict[int, User] = {}
        for name in member_names:
            user = User(self.ids.next(), name, name.capitalize())
            self.users[user.id] = user

        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        # The first guild: what every single-guild test means by "the guild".
        self.guild = self._new_guild(
            self.ids.next(), "Menagerie Test Guild", channel_names, list(self.users.values())
        )
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        # scope (None = global, else guild id) -> synced command payloads
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.actions = ActionLog()

    def _new_guild(
        self, guild_id: int, name: str, channel_names: Iterable[str], people: list[User]
    ) -> Guild:
        joined = "2024-01-01T00:00:00+00:00"
        bot_role = Role(
            self.ids.next(), self.bot_user.global_name or "bot", BOT_PERMISSIONS, position=1,
            managed=True,
        )
        members = {u.id: Member(u, joined) for u in people}
        members[self.bot_user.id] = Member(self.bot_user, joined, roles=[bot_role.id])
        names = list(channel_names)
        channels = [
            Channel(self.ids.next(), channel, 0, guild_id, position=i)
            for i, channel in enumerate(names)
        ]
        taken = set(names) & {c.name for c in self.channels.values()}
        if taken:
            raise ValueError(f"channel names must be unique across guilds: {sorted(taken)}")
        guild = Guild(
            id=guild_id,
            name=name,
            owner_id=people[0].id,
            roles=[Role(guild_id, "@everyone", EVERYONE_PERMISSIONS), bot_role],
            channels=channels,
            members=members,
        )
        self.guilds[guild.id] = guild
        self.channels.update((c.id, c) for c in channels)
        return guild

    def add_guild(
        self,
        name: str,
        *,
        channel_names: Iterable[str] | None = None,
        member_names: Iterable[str] | None = None,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """Another guild with its own channels, roles and members, the bot among them.

        ``channel_names`` default to the first guild's with "-N" added (N: the guild's number,
        so "games-2"); names stay unique across guilds, so a channel is still found by name.
        ``member_names`` default to every user (the same people in both guilds); a name no
        user has yet makes a new user, a member of this guild only. ``shard`` = (id, count)
        picks an id that Discord's formula puts on that shard.
        """
        number = len(self.guilds) + 1
        if channel_names is None:
            channel_names = [f"{c.name}-{number}" for c in self.guild.channels]
        if member_names is None:
            people = list(self.users.values())
        else:
            people = []
            for username in member_names:
                try:
                    people.append(self.user(username))
                except KeyError:
                    user = User(self.ids.next(), username, username.capitalize())
                    self.users[user.id] = user
                    people.append(user)
        guild_id = self.ids.on_shard(*shard) if shard is not None else self.ids.next()
        return self._new_guild(guild_id, name, channel_names, people)

    def accepts(self, token: str | None) -> bool:
        # Each bot run logs in with "<token>.<run>" so the server can tell
        # the sessions of a killed bot from those of its successor.
        return token is not None and (token == self.token or token.startswith(self.token + "."))

    # -- look-ups -------------------------------------------------------
    def user(self, ref: User | int | str) -> User:
        """A user by object, id, or username/global name."""
        if isinstance(ref, User):
            return ref
        if isinstance(ref, int):
            if ref == self.bot_user.id:
                return self.bot_user
            return self.users[ref]
        for user in self.users.values():
            if ref in (user.username, user.global_name):
                return user
        raise KeyError(f"no user {ref!r}")

    @property
    def members(self) -> list[User]:
        """The human members, in a stable order."""
        return list(self.users.values())

    def channel(self, ref: Channel | int | str) -> Channel:
        if isinstance(ref, Channel):
            return ref
        if isinstance(ref, int):
            return self.channels[ref]
        for channel in self.channels.values():
            if channel.name == ref.lstrip("#"):
                return channel
        raise KeyError(f"no channel {ref!r}")

    def guild_by_id(self, guild_id: int) -> Guild:
        """A guild by id (KeyError if the bot is in no such guild)."""
        return self.guilds[guild_id]

    def guild_of(self, ref: Channel | int | str) -> Guild | None:
        """The guild a channel (or thread) belongs to; None for a DM."""
        channel = self.channel(ref)
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def message(self, ref: Message | int) -> Message:
        return self.messages[ref if isinstance(ref, int) else ref.id]

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipient is user:
                return channel
        channel = Channel(self.ids.next(), None, 1, None, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def visible_messages(self, channel_id: int) -> list[Message]:
        """What the bot sees in a channel's history: no ephemerals, no deleted ones."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and not m.deleted and m.ephemeral_for is None
        ]

    # -- mutations ------------------------------------------------------
    def new_attachment(
        self,
        channel_id: int,
        filename: str,
        data: bytes,
        description: str | None = None,
        content_type: str | None = None,
    ) -> Attachment:
        att_id = self.ids.next()
        url = f"{self.cdn_base}/attachments/{channel_id}/{att_id}/{filename}"
        att = Attachment(att_id, filename, data, url, description, content_type)
        self.attachments[att_id] = att
        return att

    def new_message(
        self,
        channel: Channel,
        author: User,
        *,
        content: str = "",
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
        attachments: list[Attachment] | None = None,
        flags: int = 0,
        **extra: Any,
    ) -> Message:
        msg = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            created_at=self.clock.now(),
            versions=[
                MessageVersion(
                    content, embeds or [], components or [], attachments or [], flags, None
                )
            ],
            **extra,
        )
        if flags & FLAG_EPHEMERAL and "ephemeral_for" not in extra:
            raise ValueError("ephemeral messages need ephemeral_for")
        self.messages[msg.id] = msg
        return msg

    def add_version(self, msg: Message, **changes: Any) -> MessageVersion:
        current = msg.latest
        version = MessageVersion(
            content=changes.get("content", current.content),
            embeds=changes.get("embeds", current.embeds),
            components=changes.get("components", current.components),
            attachments=changes.get("attachments", current.attachments),
            flags=changes.get("flags", current.flags),
            edited_at=self.clock.iso(),
        )
        msg.versions.append(version)
        return version

    def now_iso(self) -> str:
        return self.clock.now().isoformat()

    def now(self) -> dt.datetime:
        return self.clock.now()
