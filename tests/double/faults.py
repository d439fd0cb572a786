"""Failures on demand: rate limits, missing permissions, server errors.

A rule matches "METHOD /path" with shell-style wildcards against the path
after /api/v10, e.g. ``"POST /channels/*/messages"`` (``*`` also spans
slashes); the method may be left out. A rule with status 0 only delays.
The answers carry exactly the headers and bodies discord.py reads, so
the real client reacts (waits and retries on 429, raises Forbidden on 403).
"""

from __future__ import annotations

import fnmatch
import time
from dataclasses import dataclass, field

from aiohttp import web

from .http_util import MISSING_PERMISSIONS, json_response


@dataclass(eq=False)
class FaultRule:
    pattern: str
    status: int
    times: int  # how many requests to fail; -1 for every one
    retry_after: float = 0.3
    code: int | None = None
    message: str | None = None
    is_global: bool = False
    delay: float = 0.0  # with status 0: answer normally, only this much later
    hits: list[str] = field(default_factory=list)  # "METHOD /path" of each failed request

    def matches(self, method: str, path: str) -> bool:
        want_method, _, want_path = self.pattern.partition(" ")
        if not want_path:  # no method given
            want_method, want_path = "*", want_method
        return fnmatch.fnmatchcase(method, want_method.upper()) and fnmatch.fnmatchcase(
            path, want_path
        )

    @property
    def exhausted(self) -> bool:
        return self.times >= 0 and len(self.hits) >= self.times

    def response(self) -> web.Response:
        if self.status == 429:
            # discord.py only honours a 429 that came through Discord's proxy
            # (a "Via" header) and reads retry_after from the JSON body.
            now = time.time()
            headers = {
                "Retry-After": str(self.retry_after),
                "Via": "1.1 google",
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{now + self.retry_after:.3f}",
                "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
                "X-RateLimit-Bucket": "fake-bucket-" + str(abs(hash(self.pattern)) % 10_000),
                "X-RateLimit-Scope": "global" if self.is_global else "user",
            }
            if self.is_global:
                headers["X-RateLimit-Global"] = "true"
            body = {
                "message": self.message or "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.is_global,
            }
            return json_response(body, 429, headers)
        if self.status == 403:
            body = {
                "message": self.message or "Missing Permissions",
                "code": self.code or MISSING_PERMISSIONS,
            }
            return json_response(body, 403)
        body = {
            "message": self.message or f"{self.status}: Fault injected by the test",
            "code": self.code or 0,
        }
        return json_response(body, self.status)


class Faults:
    def __init__(self) -> None:
        self.rules: list[FaultRule] = []

    def add(self, rule: FaultRule) -> FaultRule:
        self.rules.append(rule)
        return rule

    def take(self, method: str, path: str) -> FaultRule | None:
        """The first live rule matching this request, charged with one hit."""
        for rule in self.rules:
            if not rule.exhausted and rule.matches(method, path):
                rule.hits.append(f"{method} {path}")
                return rule
        return None

    def clear(self) -> None:
        self.rules.clear()
