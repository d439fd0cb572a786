"""The fake Discord server: one aiohttp app serving REST v10, the gateway and the CDN on 127.0.0.1.

It records every request, checks each against Discord's published API (`openapi`: a request
Discord would refuse is refused as Discord refuses it, and remembered so the test fails),
checks its own successful answers against the same API (one that Discord would not give is
remembered as a defect of the double, which fails the test too),
answers unknown routes with 404 (and remembers them too), and injects faults on demand.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import discord
import yarl
from aiohttp import web

from .activities import ActivityRoutes
from .faults import FaultRule, Faults
from .gateway import GatewayHub
from .http_util import ApiError, json_response
from .oauth import OAuthRoutes
from .openapi import Violation, contract, discord_body
from .rest_channels import ChannelRoutes
from .rest_core import CoreRoutes
from .rest_interactions import InteractionRoutes
from .threads import ThreadRoutes
from .world import World

log = logging.getLogger(__name__)
API_PREFIX = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class _Routes(Protocol):
    """A group of the API's routes (rest_core, rest_channels, threads...)."""

    def api_routes(self) -> list[tuple[str, str, object]]: ...


@dataclass(frozen=True)
class RequestRecord:
    method: str
    path: str  # after /api/v10
    status: int
    route: str | None  # the route template that handled it; None if unknown
    # The bot token it was sent with (None: interaction callbacks and webhooks, which carry
    # the interaction's own token): with one token per bot process, whose request it was.
    token: str | None = None

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


class FakeDiscord:
    def __init__(
        self,
        world: World | None = None,
        *,
        interaction_deadline: float = 3.0,
        heartbeat_interval_ms: int = 41_250,
        # False: no request or answer is checked against Discord's spec (the bench, which
        # measures the bot, not the double's checking, which costs ~1.7 ms of CPU an answer).
        check_contract: bool = True,
    ) -> None:
        self.world = world or World()
        # Discord's 3 s limit for the first answer to an interaction.
        self.interaction_deadline = interaction_deadline
        self.gateway = GatewayHub(self, heartbeat_interval_ms)
        self.faults = Faults()
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[RequestRecord] = []
        # Requests that break Discord's spec (`openapi`); a test fails on any it did not claim.
        self.violations: list[Violation] = []
        # The double's own answers that break Discord's spec: defects of the double, which
        # say nothing of the bot; a test fails on any.
        self.answer_violations: list[Violation] = []
        # Every route served, (method, template after /api/v10), and those whose successful
        # answers were checked against the spec so far (a test shows it covers them all).
        self.api_routes: list[tuple[str, str]] = []
        self.checked_answers: set[tuple[str, str]] = set()
        self.contract = contract() if check_contract else None
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._catch_all: web.AbstractResource | None = None

    # -- lifecycle --------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> FakeDiscord:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        core = CoreRoutes(self)
        groups: list[_Routes] = [core, ChannelRoutes(self), InteractionRoutes(self),
                                 ThreadRoutes(self), OAuthRoutes(self), ActivityRoutes(self)]
        for group in groups:
            for method, path, handler in group.api_routes():
                app.router.add_route(method, API_PREFIX + path, handler)  # type: ignore[arg-type]
                self.api_routes.append((method, path))
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{att_id}/{filename}", core.attachment)
        # Registered last: aiohttp tries resources in order, so this only sees
        # requests no real route (of any method) took.
        self._catch_all = app.router.add_route("*", "/{tail:.*}", self._unknown).resource
        app.on_shutdown.append(self._on_shutdown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.host = host
        self.world.cdn_base = self.base_url
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _on_shutdown(self, app: web.Application) -> None:
        await self.gateway.close_all()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point the installed discord.py at this server; restore on exit.

        Every REST call (the webhook adapter for interactions included) is
        built from ``Route.BASE``; the gateway URL is a class attribute.
        """
        route_base = discord.http.Route.BASE
        gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url + "/")
        try:
            yield
        finally:
            discord.http.Route.BASE = route_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway

    # -- faults and the request log ---------------------------------------
    def fail(
        self,
        pattern: str,
        status: int = 429,
        *,
        retry_after: float = 0.3,
        times: int = 1,
        code: int | None = None,
        message: str | None = None,
        is_global: bool = False,
    ) -> FaultRule:
        """Fail the next ``times`` requests matching ``"METHOD /path/*"`` (times=-1: all)."""
        return self.faults.add(
            FaultRule(pattern, status, times, retry_after, code, message, is_global)
        )

    def slow(self, pattern: str, seconds: float, *, times: int = 1) -> FaultRule:
        """Answer the next ``times`` matching requests normally, but ``seconds`` late."""
        return self.faults.add(FaultRule(pattern, 0, times, delay=seconds))

    def take_unknown_routes(self) -> list[RequestRecord]:
        """Return and forget the unknown routes hit so far (for tests that expect some)."""
        found, self.unknown_routes = self.unknown_routes, []
        return found

    def take_violations(self) -> list[Violation]:
        """Return and forget the requests that broke Discord's spec (for tests that plant one)."""
        found, self.violations = self.violations, []
        return found

    def take_answer_violations(self) -> list[Violation]:
        """Return and forget the double's own answers that broke Discord's spec."""
        found, self.answer_violations = self.answer_violations, []
        return found

    def calls(self, pattern: str) -> list[RequestRecord]:
        """Requests matching a fault-style pattern, e.g. ``"POST /channels/*/messages"``."""
        probe = FaultRule(pattern, 0, 0)
        return [r for r in self.requests if probe.matches(r.method, r.path)]

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        api_path = path[len(API_PREFIX) :] if path.startswith(API_PREFIX + "/") else None
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else None
        known = resource is not self._catch_all
        token = request.headers.get("Authorization", "").removeprefix("Bot ") or None
        # A user's Bearer access token (an Activity's) is good for who they are, nothing more.
        user_token = (api_path == "/users/@me"
                      and self.world.grants.user_of(token or "") is not None)
        if (api_path is not None and known and self._needs_auth(api_path)
                and not self.world.accepts(token) and not user_token):
            response: web.StreamResponse = json_response(
                {"message": "401: Unauthorized", "code": 0}, 401)
            self.requests.append(RequestRecord(request.method, api_path, 401, template, token))
            return response
        if api_path is not None and self.contract is not None:
            refused = await self._check_contract(request, api_path)
            if refused is not None:
                record = RequestRecord(
                    request.method, api_path, refused.status, template if known else None, token)
                self.requests.append(record)
                if not known:
                    self.unknown_routes.append(record)
                return refused
        if api_path is not None and known:
            rule = self.faults.take(request.method, api_path)
            if rule is not None and rule.status == 0:
                await asyncio.sleep(rule.delay)
            elif rule is not None:
                await request.read()  # drain the body so the connection stays usable
                response = rule.response()
                self.requests.append(
                    RequestRecord(request.method, api_path, response.status, template, token)
                )
                return response
        try:
            response = await handler(request)
        except ApiError as exc:
            response = json_response(exc.body(), exc.status)
        except json.JSONDecodeError:
            response = json_response({"message": "400: Bad Request", "code": 50109}, 400)
        if api_path is not None and known and self.contract is not None \
                and 200 <= response.status < 300 and isinstance(response, web.Response):
            self._check_answer(request.method, api_path, response)
            self.checked_answers.add((request.method, str(template).removeprefix(API_PREFIX)))
        if api_path is not None or not known:
            record = RequestRecord(
                request.method, api_path or path, response.status, template if known else None,
                token,
            )
            self.requests.append(record)
            if not known:
                self.unknown_routes.append(record)
        return response

    async def _check_contract(self, request: web.Request, api_path: str) -> web.Response | None:
        """Discord's answer to a request its spec does not allow (None: the request is fine)."""
        assert self.contract is not None
        body = await request.read() if request.body_exists else b""
        found = self.contract.check_request(
            request.method, api_path, request.query.items(),
            request.headers.get("Content-Type", ""), body)
        if not found:
            return None
        self.violations += found
        for violation in found:
            log.error("fake discord: a request Discord would refuse: %s", violation)
        if any(violation.where == "operation" for violation in found):
            # Discord's router answers a path it does not have with a bare 404 (405 for a
            # method it does not take there; discord.py treats both as HTTPException).
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        return json_response(discord_body(found), 400)

    def _check_answer(self, method: str, api_path: str, response: web.Response) -> None:
        """Remember how the double's own successful answer breaks Discord's spec."""
        assert self.contract is not None
        body = response.body if isinstance(response.body, bytes) else b""
        found = self.contract.check_answer(method, api_path, response.status,
                                           response.content_type, body)
        self.answer_violations += found
        for violation in found:
            log.error("fake discord: the double answered what Discord would not: %s", violation)

    @staticmethod
    def _needs_auth(api_path: str) -> bool:
        # Interaction callbacks and webhooks authenticate by their token in the URL; the code
        # exchange by the application's client secret in its form.
        return not api_path.startswith(("/interactions/", "/webhooks/", "/oauth2/token"))

    async def _unknown(self, request: web.Request) -> web.Response:
        log.warning("fake discord: unknown route %s %s", request.method, request.path)
        await request.read()
        return json_response({"message": "404: Not Found", "code": 0}, 404)
