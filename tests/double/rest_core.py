"""REST routes around the edges: login, app info, gateway URL, command sync, users, files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from aiohttp import web

from . import commands
from .http_util import ApiError, json_response
from .messaging import read_body
from .models import INSTALL_CONTEXTS, Guild

if TYPE_CHECKING:
    from .server import FakeDiscord


class CoreRoutes:
    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.world = server.world

    def api_routes(self) -> list[tuple[str, str, object]]:
        return [
            ("GET", "/users/@me", self.me),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/@me", self.application),
            ("GET", "/gateway", self.gateway),
            ("GET", "/gateway/bot", self.gateway_bot),
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/commands", self.put_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.put_commands),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
        ]

    async def me(self, request: web.Request) -> web.Response:
        user_id = self.world.grants.user_of(request.headers.get("Authorization", ""))
        if user_id is not None:  # an Activity's user, by their access token
            return json_response(self.world.users[user_id].private_payload())
        if request.headers.get("Authorization", "").startswith("Bearer "):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        return json_response(dict(self.world.bot_user.private_payload(), verified=True))

    async def get_user(self, request: web.Request) -> web.Response:
        try:
            user = self.world.user(int(request.match_info["user_id"]))
        except (KeyError, ValueError):
            raise ApiError(404, 10013, "Unknown User") from None
        return json_response(user.payload())

    async def application(self, request: web.Request) -> web.Response:
        world = self.world
        owner = next(iter(world.users.values()))
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.global_name,
                "description": "",
                "icon": None,
                "type": None,  # an ordinary application (the spec's one type is for shops)
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "flags_new": "0",
                "team": None,
                "bot": world.bot_user.payload(),
                "redirect_uris": [],
                "interactions_endpoint_url": None,  # interactions come by the gateway
                "role_connections_verification_url": None,
                "approximate_guild_count": len(world.guilds),
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "integration_types_config": {str(kind): {} for kind in INSTALL_CONTEXTS},
                "eligible_oauth2_scopes": ["identify", "bot", "applications.commands"],
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.server.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.server.gateway_url,
                "shards": self.world.shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    def _check_app(self, request: web.Request) -> int | None:
        if request.match_info["app_id"] != str(self.world.application_id):
            raise ApiError(403, 50001, "Missing Access")
        guild = request.match_info.get("guild_id")
        if guild is not None and int(guild) not in self.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return int(guild) if guild is not None else None

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        return json_response(self.world.commands.get(scope, []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        payload, _ = await read_body(request)
        # A bulk overwrite's body is a JSON list (read_body's type says the other routes' object).
        stored = commands.sync(self.world, scope, cast("list[dict[str, Any]]", payload))
        self.world.actions.record("commands_sync", data={"scope": scope, "commands": stored})
        return json_response(stored)

    def _guild(self, request: web.Request) -> Guild:
        raw = request.match_info["guild_id"]
        guild = self.world.guilds.get(int(raw)) if raw.isdigit() else None
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        counts = request.query.get("with_counts") in ("1", "true", "True")
        return json_response(self._guild(request).rest_payload(with_counts=counts))

    async def get_member(self, request: web.Request) -> web.Response:
        member = self._guild(request).members.get(int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.payload() for c in self._guild(request).channels])

    # Served outside /api: the CDN from which attachment URLs are fetched.
    async def attachment(self, request: web.Request) -> web.Response:
        att = self.world.attachments.get(int(request.match_info["att_id"]))
        if att is None:
            return web.Response(status=404, text="not found")
        return web.Response(body=att.data, content_type=att.payload()["content_type"])
