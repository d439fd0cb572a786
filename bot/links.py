"""Signed, expiring board links: a token names one user (0: a spectator) and one match, and
nothing else can be read from or forged into it without WEB_SECRET."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

SPECTATOR = 0
"""The user of a link shown to everyone (under the board): it sees only what all see."""


class BadToken(ValueError):
    """A token that is malformed, forged, expired or for another match."""


@dataclass(frozen=True, slots=True)
class Pass:
    """What a good token lets in: who (0: a spectator), to which match, until when (Unix
    seconds)."""

    user_id: int
    match_id: int
    expires: int = 0


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign(secret: str, user_id: int, match_id: int, expires: int) -> str:
    """A token for ``user_id`` on ``match_id``, good until ``expires`` (Unix seconds)."""
    body = f"{user_id}.{match_id}.{expires}".encode("ascii")
    mac = hmac.new(secret.encode(), body, hashlib.sha256).digest()
    return f"{_b64(body)}.{_b64(mac)}"


def check(secret: str, token: str, match_id: int, now: float) -> Pass:
    """Who ``token`` lets see ``match_id`` at ``now``; BadToken when it does not."""
    try:
        body_text, mac_text = token.split(".")
        body, mac = _unb64(body_text), _unb64(mac_text)
    except ValueError:
        raise BadToken("malformed") from None
    good = hmac.new(secret.encode(), body, hashlib.sha256).digest()
    if not hmac.compare_digest(mac, good):
        raise BadToken("forged")
    try:
        user, match, expires = (int(part) for part in body.decode("ascii").split("."))
    except ValueError:
        raise BadToken("malformed") from None
    if match != match_id:
        raise BadToken("another match")
    if expires < now:
        raise BadToken("expired")
    return Pass(user, match, expires)


LINK_LIFE = 24 * 3600
"""Seconds a board link stays good (the board under a game is drawn again at every move, each
time with a fresh link)."""


def board_url(base: str, secret: str, match_id: int, user_id: int, now: float,
              life: int = LINK_LIFE) -> str:
    """The address of ``match_id``'s board for ``user_id`` (0: anyone), good for ``life``
    seconds from ``now``."""
    return f"{base}/m/{match_id}?t={sign(secret, user_id, match_id, int(now) + life)}"
