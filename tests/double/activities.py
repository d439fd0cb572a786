"""The double's Activity instances: a launch-activity callback starts one in the interaction's
channel with its user connected (its id comes back in the callback's resource, as Discord's
``with_response`` answer carries it), a test may connect more users, and the application's
server asks ``GET /applications/{app}/activity-instances/{instance}`` with its bot token where
an instance runs and who is in it (404 for one that is not running). `enable` gives the
application the Entry Point command that turning Activities on in the portal creates."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .commands import ENTRY_POINT
from .http_util import ApiError, json_response

if TYPE_CHECKING:
    from .models import Channel, User
    from .server import FakeDiscord
    from .world import World


@dataclass
class Instance:
    """One running Activity: where, and who is connected to it."""

    id: str
    launch_id: int
    channel: Channel
    users: list[int] = field(default_factory=list)

    def payload(self, application_id: int) -> dict[str, Any]:
        guild = self.channel.guild_id
        kind = "gc" if guild is not None else "pc"  # a server's channel, or a private one
        location = f"{kind}-{guild}-{self.channel.id}" if guild else f"pc-{self.channel.id}"
        return {"application_id": str(application_id), "instance_id": self.id,
                "launch_id": str(self.launch_id),
                "location": {"id": location, "kind": kind, "channel_id": str(self.channel.id),
                             **({"guild_id": str(guild)} if guild is not None else {})},
                "users": [str(u) for u in self.users]}


class Instances:
    """The Activity instances running, by id (one per channel, as in Discord's client)."""

    def __init__(self) -> None:
        self.running: dict[str, Instance] = {}
        self.launched: list[Instance] = []  # in the order the callbacks launched them

    def launch(self, launch_id: int, user: User, channel: Channel) -> Instance:
        """``user`` opens the Activity in ``channel``: they join the one running there, or a
        new one starts."""
        instance = next((i for i in self.running.values() if i.channel is channel), None)
        if instance is None:
            guild = channel.guild_id
            instance = Instance(f"i-{launch_id}-gc-{guild}-{channel.id}" if guild
                                else f"i-{launch_id}-pc-{channel.id}", launch_id, channel)
            self.running[instance.id] = instance
        if user.id not in instance.users:
            instance.users.append(user.id)
        self.launched.append(instance)
        return instance

    def end(self, instance_id: str) -> None:
        """Everyone left: the instance is over and its id is not used again."""
        self.running.pop(instance_id, None)


def enable(world: World) -> dict[str, Any]:
    """Activities turned on in the developer portal: the application gets its default Entry
    Point command (Launch, handled by Discord: it opens the Activity)."""
    command = {"id": str(world.ids.next()), "application_id": str(world.application_id),
               "version": str(world.ids.next()), "type": ENTRY_POINT, "name": "launch",
               "description": "", "handler": 2, "options": [], "contexts": [0, 1, 2],
               "integration_types": [0, 1], "default_member_permissions": None}
    world.commands.setdefault(None, []).append(command)
    return command


class ActivityRoutes:
    """``GET /applications/{app_id}/activity-instances/{instance_id}``."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.world = server.world

    def api_routes(self) -> list[tuple[str, str, object]]:
        return [("GET", "/applications/{app_id}/activity-instances/{instance_id}", self.get)]

    async def get(self, request: web.Request) -> web.Response:
        instance = self.world.instances.running.get(request.match_info["instance_id"])
        if instance is None or request.match_info["app_id"] != str(self.world.application_id):
            raise ApiError(404, 0, "404: Not Found")
        return json_response(instance.payload(self.world.application_id))
