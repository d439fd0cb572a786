"""Who a new message pings: Discord's mention syntax under the payload's ``allowed_mentions``.

The result is what the payload asks Discord to ping. Whether the author may
mention @everyone or a role, whether the ids exist and whether the channel is
a DM are deliberately not checked: a test then sees what the bot would ping on
any server that lets it, which is what proving "it never pings more than it
means to" needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .http_util import invalid_form

# A zero-width space after the "@" (what discord.utils.escape_mentions puts
# there) breaks each of these patterns, as it breaks the mention in Discord.
_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_EVERYONE = re.compile(r"@(?:everyone|here)")
PARSE_KINDS = ("users", "roles", "everyone")
MAX_IDS = 100


@dataclass(frozen=True)
class Pings:
    """Who one message pinged: user ids, role ids, and @everyone or @here."""

    users: frozenset[int] = frozenset()
    roles: frozenset[int] = frozenset()
    everyone: bool = False  # @everyone or @here: both reach the whole channel

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)


NOBODY = Pings()


def check(allowed: Any) -> None:
    """Raise the 400 Discord answers for an ``allowed_mentions`` it cannot accept."""
    if allowed is None:
        return
    if not isinstance(allowed, dict):
        raise invalid_form("allowed_mentions", "Must be an object.", "DICT_TYPE_CONVERT")
    parse = allowed.get("parse") or []
    if not isinstance(parse, list):
        raise invalid_form("allowed_mentions.parse", "Must be an array.", "LIST_TYPE_CONVERT")
    for i, kind in enumerate(parse):
        if kind not in PARSE_KINDS:
            raise invalid_form(
                f"allowed_mentions.parse.{i}",
                f"Value must be one of {PARSE_KINDS}.",
                "BASE_TYPE_CHOICES",
            )
    for kind in ("users", "roles"):
        ids = allowed.get(kind)
        if ids is None:
            continue
        # Parsing a kind and listing some of its ids contradict each other.
        if kind in parse:
            raise invalid_form(
                "allowed_mentions",
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            )
        if not isinstance(ids, list):
            raise invalid_form(f"allowed_mentions.{kind}", "Must be an array.", "LIST_TYPE_CONVERT")
        if len(ids) > MAX_IDS:
            raise invalid_form(
                f"allowed_mentions.{kind}",
                f"Must be {MAX_IDS} or fewer in length.",
                "BASE_TYPE_MAX_LENGTH",
            )
        for i, raw in enumerate(ids):
            if not str(raw).isdigit():
                raise invalid_form(
                    f"allowed_mentions.{kind}.{i}",
                    f'Value "{raw}" is not snowflake.',
                    "NUMBER_TYPE_COERCE",
                )


def resolve(
    content: str, allowed: dict[str, Any] | None, *, replied_author: int | None = None
) -> Pings:
    """Who a message with this content pings; ``replied_author`` is whom it replies to, if anyone.

    Without ``allowed_mentions`` Discord parses every kind and a reply pings
    its target's author. With it, ``parse`` enables whole kinds, ``users`` and
    ``roles`` let through just those ids (when the content mentions them), and
    ``replied_user`` decides the reply ping; an empty object pings nobody.
    """
    users = {int(m) for m in _USER.findall(content)}
    roles = {int(m) for m in _ROLE.findall(content)}
    everyone = _EVERYONE.search(content) is not None
    if allowed is None:
        replied = True
    else:
        parse = set(allowed.get("parse") or ())
        if "users" not in parse:
            users &= {int(i) for i in allowed.get("users") or ()}
        if "roles" not in parse:
            roles &= {int(i) for i in allowed.get("roles") or ()}
        everyone = everyone and "everyone" in parse
        replied = bool(allowed.get("replied_user"))
    if replied and replied_author is not None:
        users.add(replied_author)
    return Pings(frozenset(users), frozenset(roles), everyone)
