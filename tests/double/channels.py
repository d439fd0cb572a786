"""Guild text channels deleted as Discord deletes them: with their threads and messages; and
a server that removes the bot (`remove_bot`).

A deleted channel is an unknown channel (404, 10003) to every REST call naming it or one of its
threads, and leaves the guild (a later GUILD_CREATE does not list it). The gateway sends
CHANNEL_DELETE with the channel's payload to the shard that owns its guild; as on Discord, its
threads go without a THREAD_DELETE each (clients drop them with their channel).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Channel, Guild

if TYPE_CHECKING:
    from .server import FakeDiscord

INTENT_GUILDS = 1 << 0


def delete(server: FakeDiscord, channel: Channel) -> list[Channel]:
    """A moderator deletes a guild channel (not a thread: see `threads.delete`); the threads
    that went with it are returned."""
    if channel.is_thread or channel.guild_id is None:
        raise ValueError(f"channel {channel.id} is no guild channel")
    world = server.world
    guild = world.guilds[channel.guild_id]
    gone = [channel, *(t for t in guild.threads if t.parent_id == channel.id)]
    ids = {c.id for c in gone}
    for each in gone:
        world.channels.pop(each.id, None)
    guild.channels = [c for c in guild.channels if c.id not in ids]
    guild.threads = [t for t in guild.threads if t.id not in ids]
    for msg in world.messages.values():
        if msg.channel_id in ids:
            msg.deleted = True
    world.actions.record("channel_delete", channel_id=channel.id, data=channel)
    server.gateway.dispatch("CHANNEL_DELETE", channel.payload(), intent=INTENT_GUILDS)
    return gone[1:]


def remove_bot(server: FakeDiscord, guild: Guild) -> None:
    """A moderator kicks the bot: the shard that owns the guild hears GUILD_DELETE (no
    ``unavailable``: it left), a later IDENTIFY no longer lists the guild, and REST calls
    naming its channels are refused (403, Missing Access)."""
    guild.bot_removed = True
    server.world.actions.record("guild_remove", data=guild)
    # "guild_id" only routes the event to the owning shard; discord.py reads "id".
    server.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id), "guild_id": str(guild.id)},
                            intent=INTENT_GUILDS)
