"""HTTP answers shaped the way discord.py reads them: JSON bodies and Discord error codes."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from .models import Channel
    from .world import World

# Discord's JSON error codes the double uses.
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001  # a channel of a server the bot is not in
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
CANNOT_SEND_EMPTY = 50006
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060


class ApiError(Exception):
    """Raised by a handler; the server turns it into Discord's error answer."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def invalid_form(field: str, message: str, code: str = "BASE_TYPE_INVALID") -> ApiError:
    return ApiError(
        400,
        INVALID_FORM_BODY,
        "Invalid Form Body",
        {field: {"_errors": [{"code": code, "message": message}]}},
    )


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # discord.py's json_or_text only parses the body when Content-Type is
    # exactly "application/json"; aiohttp's json_response would append a
    # charset and make the client see a plain string.
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def no_content() -> web.Response:
    return web.Response(status=204)


def channel_named(world: World, request: web.Request) -> Channel:
    """The channel (or thread) a route's ``{channel_id}`` names; 404 10003 if none."""
    channel = world.channels.get(int(request.match_info["channel_id"]))
    if channel is None:
        raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel")
    guild = world.guilds.get(channel.guild_id) if channel.guild_id is not None else None
    if guild is not None and guild.bot_removed:
        raise ApiError(403, MISSING_ACCESS, "Missing Access")
    return channel
