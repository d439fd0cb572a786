"""Creating, editing and deleting messages the way Discord does, for every route.

Channel sends, interaction responses and webhook follow-ups all end up here,
so attachment replacement, validation, pings and gateway events behave the
same whichever route the bot used.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import mentions
from .http_util import CANNOT_SEND_EMPTY, ApiError, invalid_form
from .mentions import NOBODY, Pings
from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Attachment,
    Channel,
    Message,
    User,
)
from .openapi import multipart_fields

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .world import World

MAX_FILE_BYTES = 10 * 1024 * 1024
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
# Discord documents only "the past few minutes" for enforce_nonce.
NONCE_WINDOW = dt.timedelta(minutes=5)


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes
    content_type: str | None


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, Upload]]:
    """The JSON payload and uploaded files (by their ``files[n]`` index) of a request."""
    if request.content_type.startswith("multipart/"):
        # Parsed from the whole body, which the server's check against Discord's spec has
        # read already (aiohttp keeps it; its multipart reader could not read it twice).
        payload: dict[str, Any] = {}
        files: dict[int, Upload] = {}
        header = request.headers.get("Content-Type", "")
        for name, filename, data in multipart_fields(header, await request.read()):
            if name == "payload_json":
                payload = json.loads(data)
            elif name.startswith("files[") and name.endswith("]"):
                files[int(name[6:-1])] = Upload(filename or f"file{len(files)}", data, None)
            else:
                raise invalid_form(name, "unexpected multipart field")
        return payload, files
    if request.body_exists:
        raw = await request.read()
        return (json.loads(raw) if raw else {}), {}
    return {}, {}


# -- validation: the limits real Discord enforces, so bot bugs surface here --
def _validate_components(components: list[dict[str, Any]], v2: bool) -> None:
    seen: set[str] = set()

    def walk(items: list[dict[str, Any]], where: str) -> None:
        for i, item in enumerate(items):
            path = f"{where}.{i}"
            custom_id = item.get("custom_id")
            if custom_id is not None:
                if not 1 <= len(custom_id) <= 100:
                    raise invalid_form(f"{path}.custom_id", "Must be between 1 and 100 in length.")
                if custom_id in seen:
                    raise invalid_form(
                        f"{path}.custom_id", "Component custom id cannot be duplicated"
                    )
                seen.add(custom_id)
            if len(item.get("label") or "") > 80:
                raise invalid_form(f"{path}.label", "Must be 80 or fewer in length.")
            options = item.get("options")
            if item.get("type") == 3 and (not options or len(options) > 25):
                raise invalid_form(f"{path}.options", "Must be between 1 and 25 in length.")
            children = item.get("components") or []
            if item.get("type") == 1 and not v2:
                if not 1 <= len(children) <= 5:
                    raise invalid_form(f"{path}.components", "Must be between 1 and 5 in length.")
                if any(c.get("type") != 2 for c in children) and len(children) > 1:
                    raise invalid_form(
                        f"{path}.components", "A select menu must be alone in its row."
                    )
            walk(children, f"{path}.components")
            if isinstance(item.get("accessory"), dict):
                walk([item["accessory"]], f"{path}.accessory")

    if not v2 and len(components) > 5:
        raise invalid_form("components", "Must be 5 or fewer in length.")
    walk(components, "components")


# What Discord answers of each component type, by type: the fields it keeps of the request and
# the defaults it fills in (the spec's *ComponentResponse schemas); anything else a request
# carried (a select's modal-only "required") is not echoed.
_COMPONENT_FIELDS: dict[int, tuple[set[str], dict[str, Any]]] = {
    1: ({"components"}, {}),  # action row
    2: ({"style", "label", "emoji", "custom_id", "url", "disabled", "sku_id"}, {}),  # button
    3: ({"custom_id", "placeholder", "min_values", "max_values", "disabled", "options"},
        {"min_values": 1, "max_values": 1}),  # string select
    **{kind: ({"custom_id", "placeholder", "min_values", "max_values", "disabled",
               "default_values", "channel_types"}, {"min_values": 1, "max_values": 1})
       for kind in (5, 6, 7, 8)},  # user, role, mentionable and channel selects
    9: ({"components", "accessory"}, {}),  # section
    10: ({"content"}, {}),  # text display
    11: ({"media", "description", "spoiler"}, {"description": None, "spoiler": False}),
    12: ({"items"}, {}),  # media gallery
    13: ({"file", "spoiler"}, {"spoiler": False}),  # file
    14: ({"spacing", "divider"}, {"spacing": 1, "divider": True}),  # separator
    17: ({"accent_color", "components", "spoiler"}, {"accent_color": None, "spoiler": False}),
}


def discord_components(world: World, components: list[dict[str, Any]],
                       attachments: list[Attachment]) -> list[dict[str, Any]]:
    """The components of a message as Discord keeps and answers them: each numbered (an ``id``
    the request left out is the next free number, in the order they come, as Discord's
    component reference says), defaults filled in, media resolved to what they show."""
    taken: set[int] = set()

    def explicit(items: list[dict[str, Any]]) -> None:
        for item in items:
            if item.get("id"):
                taken.add(int(item["id"]))
            explicit(_children(item))

    explicit(components)
    counter = 0

    def number() -> int:
        nonlocal counter
        counter += 1
        while counter in taken:
            counter += 1
        return counter

    def answer(item: dict[str, Any]) -> dict[str, Any]:
        kind = int(item.get("type", 0))
        fields, defaults = _COMPONENT_FIELDS.get(kind, (set(item) - {"type", "id"}, {}))
        out: dict[str, Any] = {"type": kind, "id": int(item.get("id") or number())}
        out |= defaults
        out |= {key: copy.deepcopy(value) for key, value in item.items() if key in fields}
        if isinstance(out.get("emoji"), dict):
            out["emoji"] = _emoji(out["emoji"])
        if "options" in out:
            out["options"] = [dict(option, emoji=_emoji(option["emoji"]))
                              if isinstance(option.get("emoji"), dict) else option
                              for option in out["options"]]
        if "components" in out:
            out["components"] = [answer(child) for child in out["components"]]
        if isinstance(out.get("accessory"), dict):
            out["accessory"] = answer(out["accessory"])
        if "media" in out:
            out["media"] = _media(world, out["media"], attachments)
        if "items" in out:
            out["items"] = [{"description": None, "spoiler": False, **entry,
                             "media": _media(world, entry["media"], attachments)}
                            for entry in out["items"]]
        if kind == 13:
            out["file"] = _media(world, out["file"], attachments)
            shown = _attachment_named(out["file"]["url"], attachments)
            out["name"] = shown.filename if shown else None
            out["size"] = len(shown.data) if shown else None
        return out

    return [answer(item) for item in components]


def _emoji(emoji: dict[str, Any]) -> dict[str, Any]:
    """A component's emoji as Discord answers it: a unicode one by its name alone (a request
    may say ``"id": null``), a custom one by id, name and whether it moves."""
    if not emoji.get("id"):
        return {"name": emoji.get("name")}
    return {"id": str(emoji["id"]), "name": emoji.get("name"),
            "animated": bool(emoji.get("animated"))}


def _children(item: dict[str, Any]) -> list[dict[str, Any]]:
    children = list(item.get("components") or [])
    if isinstance(item.get("accessory"), dict):
        children.append(item["accessory"])
    return children


def _attachment_named(url: str, attachments: list[Attachment]) -> Attachment | None:
    return next((a for a in attachments if a.url == url), None)


def _media(world: World, media: dict[str, Any], attachments: list[Attachment]) -> dict[str, Any]:
    """An unfurled media item: an ``attachment://`` name becomes that file's address and size;
    any other address is shown as it is (the double fetches nothing)."""
    url = str(media.get("url", ""))
    found = None
    if url.startswith("attachment://"):
        found = next((a for a in attachments if a.filename == url[len("attachment://"):]), None)
    if found is None:
        return {"id": str(world.ids.next()), "url": url, "proxy_url": url, "width": None,
                "height": None, "content_type": None}
    width, height = found.size_px() or (None, None)
    return {"id": str(world.ids.next()), "url": found.url, "proxy_url": found.url,
            "width": width, "height": height, "content_type": found.payload()["content_type"],
            "attachment_id": str(found.id)}


def size_limit(server: FakeDiscord, channel_id: int) -> int:
    """Bytes a file sent into this channel may have: its server's limit (a DM's: the default)."""
    channel = server.world.channels.get(channel_id)
    guild_id = channel.guild_id if channel is not None else None
    guild = server.world.guilds.get(guild_id) if guild_id is not None else None
    return guild.attachment_size_limit if guild is not None else MAX_FILE_BYTES


def validate(payload: dict[str, Any], files: dict[int, Upload], flags: int,
             limit: int = MAX_FILE_BYTES) -> None:
    content = payload.get("content")
    if content is not None and len(content) > 2000:
        raise invalid_form("content", "Must be 2000 or fewer in length.")
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        raise invalid_form("embeds", "Must be 10 or fewer in length.")
    for i, embed in enumerate(embeds):
        if len(embed.get("title") or "") > 256:
            raise invalid_form(f"embeds.{i}.title", "Must be 256 or fewer in length.")
        if len(embed.get("description") or "") > 4096:
            raise invalid_form(f"embeds.{i}.description", "Must be 4096 or fewer in length.")
        if len(embed.get("fields") or []) > 25:
            raise invalid_form(f"embeds.{i}.fields", "Must be 25 or fewer in length.")
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if v2 and (content or embeds):
        raise invalid_form("content", "content and embeds cannot be used with components v2")
    _validate_components(payload.get("components") or [], v2)
    mentions.check(payload.get("allowed_mentions"))
    if len(files) > 10:
        raise invalid_form("files", "Must be 10 or fewer in length.")
    for upload in files.values():
        if len(upload.data) > limit:
            raise ApiError(413, 40005, "Request entity too large")


def _resolve_embed_urls(
    embeds: list[dict[str, Any]], attachments: list[Attachment]
) -> list[dict[str, Any]]:
    # Discord rewrites "attachment://name.png" in embeds to the uploaded file's URL.
    by_name = {a.filename: a.url for a in attachments}
    out = copy.deepcopy(embeds)
    for embed in out:
        for key in ("image", "thumbnail", "author", "footer"):
            part = embed.get(key)
            if not isinstance(part, dict):
                continue
            for url_key, proxy_key in (("url", "proxy_url"), ("icon_url", "proxy_icon_url")):
                url = part.get(url_key)
                if isinstance(url, str) and url.startswith("attachment://"):
                    resolved = by_name.get(url[len("attachment://") :])
                    if resolved:
                        part[url_key] = resolved
                        part[proxy_key] = resolved
    return out


def _attachments_for(
    server: FakeDiscord,
    channel_id: int,
    payload: dict[str, Any],
    files: dict[int, Upload],
    existing: list[Attachment] | None,
) -> list[Attachment] | None:
    """New attachment list, or None when an edit leaves attachments alone.

    The payload's ``attachments`` lists everything that should remain: ids of
    existing attachments to keep, and small indexes pointing at ``files[n]``
    uploads. Anything not listed is dropped -- that is how edits replace images.
    """
    world = server.world

    def upload(index: int, meta: dict[str, Any]) -> Attachment:
        up = files[index]
        return world.new_attachment(
            channel_id,
            meta.get("filename") or up.filename,
            up.data,
            meta.get("description"),
            up.content_type,
        )

    listed = payload.get("attachments")
    if listed is not None:
        keep = {a.id: a for a in existing or []}
        result: list[Attachment] = []
        used: set[int] = set()
        for meta in listed:
            ident = int(meta["id"])
            if ident in keep:
                result.append(keep[ident])
            elif ident in files:
                result.append(upload(ident, meta))
                used.add(ident)
            else:
                raise invalid_form("attachments", f"unknown attachment id {ident}")
        if existing is None:
            result += [upload(i, {}) for i in sorted(files) if i not in used]
        return result
    new = [upload(i, {}) for i in sorted(files)]
    if existing is None:
        return new
    return existing + new if new else None


def create_message(
    server: FakeDiscord,
    channel: Channel,
    author: User,
    payload: dict[str, Any],
    files: dict[int, Upload],
    *,
    source: str = "rest",
    ephemeral_for: int | None = None,
    interaction: Any = None,
    replied_author: int | None = None,
    **extra: Any,
) -> Message:
    """A new message; ``replied_author`` is the author of the message it replies to."""
    flags = int(payload.get("flags") or 0)
    validate(payload, files, flags, size_limit(server, channel.id))
    attachments = _attachments_for(server, channel.id, payload, files, None) or []
    content = payload.get("content") or ""
    embeds = _resolve_embed_urls(payload.get("embeds") or [], attachments)
    components = discord_components(server.world, payload.get("components") or [], attachments)
    if not (
        content
        or embeds
        or attachments
        or components
        or flags & FLAG_LOADING
        or payload.get("poll")
    ):
        raise ApiError(400, CANNOT_SEND_EMPTY, "Cannot send an empty message")
    if not flags & FLAG_EPHEMERAL:
        ephemeral_for = None
    msg = server.world.new_message(
        channel,
        author,
        content=content,
        embeds=embeds,
        components=components,
        attachments=attachments,
        flags=flags,
        ephemeral_for=ephemeral_for,
        **extra,
    )
    if ephemeral_for is None:
        channel.last_message_id = msg.id
        channel.message_count += 1
        channel.total_message_sent += 1
    # Ephemeral messages notify nobody, whatever they mention.
    if ephemeral_for is None and not msg.loading:
        set_pings(server.world, msg, payload.get("allowed_mentions"), replied_author)
    server.world.actions.record(
        "message_create",
        channel_id=channel.id,
        message=msg,
        version=msg.latest,
        interaction=interaction,
        source=source,
        pings=msg.pings,
    )
    announce(server, "MESSAGE_CREATE", msg)
    return msg


def set_pings(
    world: World,
    msg: Message,
    allowed: dict[str, Any] | None,
    replied_author: int | None = None,
) -> Pings:
    """Work out and store whom ``msg``, as it reads now, pings under ``allowed``."""
    msg.pings = mentions.resolve(msg.content, allowed, replied_author=replied_author)
    msg.mentioned_users = [world.user(i) for i in sorted(msg.pings.users) if _known(world, i)]
    return msg.pings


def repeated_nonce(world: World, channel_id: int, author_id: int, nonce: str) -> Message | None:
    """The recent message an ``enforce_nonce`` create repeats, if there is one.

    Discord then returns that message instead of creating another, so a
    client's retry of a send that did arrive cannot post it twice.
    """
    now = world.now()
    for msg in world.messages.values():
        if (
            msg.nonce == nonce
            and msg.channel_id == channel_id
            and msg.author.id == author_id
            and not msg.deleted
            and now - msg.created_at <= NONCE_WINDOW
        ):
            return msg
    return None


def edit_message(
    server: FakeDiscord,
    msg: Message,
    payload: dict[str, Any],
    files: dict[int, Upload],
    *,
    source: str = "rest",
    interaction: Any = None,
) -> Message:
    if msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    was_loading = msg.loading
    # Only these flags can change on edit; ephemeral-ness is fixed at creation.
    flags = msg.flags & ~FLAG_LOADING
    if "flags" in payload and payload["flags"] is not None:
        flags = (flags & FLAG_EPHEMERAL) | (int(payload["flags"]) & ~FLAG_EPHEMERAL)
    validate(payload, files, flags, size_limit(server, msg.channel_id))
    changes: dict[str, Any] = {"flags": flags}
    attachments = _attachments_for(server, msg.channel_id, payload, files, msg.attachments)
    if attachments is not None:
        changes["attachments"] = attachments
    if "content" in payload:
        changes["content"] = payload["content"] or ""
    if "embeds" in payload:
        changes["embeds"] = _resolve_embed_urls(
            payload["embeds"] or [], attachments or msg.attachments
        )
    if "components" in payload:
        changes["components"] = discord_components(
            server.world, payload["components"] or [], attachments or msg.attachments)
    version = server.world.add_version(msg, **changes)
    # Edits notify nobody, except the one that fills in a "thinking" message:
    # that is when its content is first sent.
    pings: Pings | None = None
    if was_loading and not msg.loading:
        pings = NOBODY
        if msg.ephemeral_for is None:
            pings = set_pings(server.world, msg, payload.get("allowed_mentions"))
    server.world.actions.record(
        "message_edit",
        channel_id=msg.channel_id,
        message=msg,
        version=version,
        interaction=interaction,
        source=source,
        pings=pings,
    )
    announce(server, "MESSAGE_UPDATE", msg)
    return msg


def delete_message(server: FakeDiscord, msg: Message, *, source: str = "rest") -> None:
    if msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    msg.deleted = True
    channel = server.world.channels.get(msg.channel_id)
    if channel is not None and msg.ephemeral_for is None:
        channel.message_count -= 1
    server.world.actions.record(
        "message_delete", channel_id=msg.channel_id, message=msg, source=source
    )
    if msg.ephemeral_for is None:
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
        server.gateway.dispatch("MESSAGE_DELETE", data, intent=_intent(msg))


def _intent(msg: Message) -> int:
    return INTENT_GUILD_MESSAGES if msg.guild_id is not None else INTENT_DIRECT_MESSAGES


def announce(server: FakeDiscord, event: str, msg: Message) -> None:
    """Send MESSAGE_CREATE/UPDATE for a message, as Discord does for every visible one."""
    if msg.ephemeral_for is not None:
        return  # ephemeral messages never reach the gateway
    world = server.world
    data = msg.payload(world.bot_user.id)
    if msg.guild_id is not None:  # the gateway's message events say which server
        data["guild_id"] = str(msg.guild_id)
    if msg.guild_id is not None and msg.webhook_id is None:
        guild = world.guilds.get(msg.guild_id)
        member = guild.members.get(msg.author.id) if guild is not None else None
        if member is not None:
            data["member"] = member.payload(with_user=False)
    # Without the message-content intent a bot sees no content of other
    # people's guild messages unless they mention it.
    gated = (
        msg.guild_id is not None
        and msg.author.id != world.bot_user.id
        and world.bot_user.id not in msg.pinged_users
    )
    server.gateway.dispatch(event, data, intent=_intent(msg), content_gated=gated)


def _known(world: Any, user_id: int) -> bool:
    return user_id in world.users or user_id == world.bot_user.id
