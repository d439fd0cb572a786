"""The double's OAuth2 for Activities: a user grants the application (a test stands in for the
Discord client's consent and hands the code to the page), the bot's server exchanges the code
for an access token with the client secret (`POST /oauth2/token`), and `GET /users/@me` with
that token as a Bearer says who the user is. Codes are good once; wrong secrets, unknown codes
and unknown tokens are refused as Discord refuses them; a body that is not form-encoded is a
violation of Discord's OAuth2 page (the spec leaves the exchange out)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from aiohttp import web

from .http_util import json_response
from .openapi import Violation

if TYPE_CHECKING:
    from .models import User
    from .server import FakeDiscord

CLIENT_SECRET = "double-client-secret"  # the application's, as the developer portal shows it


class Grants:
    """Codes and access tokens handed out, by the user they stand for."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.tokens: dict[str, int] = {}
        self.exchanged: list[str] = []  # codes exchanged, in order

    def code_for(self, user: User) -> str:
        """A fresh authorization code of ``user`` (what AUTHORIZE answers in the client)."""
        code = secrets.token_urlsafe(12)
        self.codes[code] = user.id
        return code

    def user_of(self, authorization: str) -> int | None:
        """The user a ``Bearer …`` header stands for (None: not a known access token)."""
        if not authorization.startswith("Bearer "):
            return None
        return self.tokens.get(authorization.removeprefix("Bearer "))


class OAuthRoutes:
    """`POST /oauth2/token` (the code exchange)."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.world = server.world

    def api_routes(self) -> list[tuple[str, str, object]]:
        return [("POST", "/oauth2/token", self.token)]

    async def token(self, request: web.Request) -> web.Response:
        # Outside Discord's OpenAPI spec; its OAuth2 page (discord-api-docs, topics/oauth2,
        # "Authorization Code Grant") says the exchange is form-encoded. A JSON body is a
        # violation the test fails on, as one of the spec's would be.
        if request.content_type != "application/x-www-form-urlencoded":
            self.server.violations.append(Violation(
                request.method, "/oauth2/token", "body", (), request.content_type,
                "the code exchange must be application/x-www-form-urlencoded", "INVALID_REQUEST"))
            await request.read()
            return json_response({"error": "invalid_request"}, 400)
        form = await request.post()
        grants = self.world.grants
        if form.get("client_id") != str(self.world.application_id) \
                or form.get("client_secret") != CLIENT_SECRET:
            return json_response({"error": "invalid_client"}, 401)
        code = str(form.get("code", ""))
        if form.get("grant_type") != "authorization_code" or code not in grants.codes:
            return json_response({"error": "invalid_grant"}, 400)
        user_id = grants.codes.pop(code)
        grants.exchanged.append(code)
        token = secrets.token_urlsafe(24)
        grants.tokens[token] = user_id
        return json_response({"access_token": token, "token_type": "Bearer",
                              "expires_in": 604800, "refresh_token": secrets.token_urlsafe(24),
                              "scope": "identify"})
