"""REST routes of channels: messages (JSON and multipart), edits, deletes, reactions, DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from aiohttp import web

from . import messaging, reactions, threads
from .http_util import (
    UNKNOWN_MESSAGE,
    ApiError,
    channel_named,
    invalid_form,
    json_response,
    no_content,
)
from .messaging import read_body
from .models import Channel, Message, emoji_key

if TYPE_CHECKING:
    from .server import FakeDiscord

MAX_NONCE_LENGTH = 25



class ChannelRoutes:
    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.world = server.world

    def api_routes(self) -> list[tuple[str, str, object]]:
        m = "/channels/{channel_id}/messages/{message_id}"
        return [
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.create),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete),
            ("GET", m, self.get_message),
            ("PATCH", m, self.edit),
            ("DELETE", m, self.delete),
            ("PUT", m + "/reactions/{emoji}/@me", self.react),
            ("DELETE", m + "/reactions/{emoji}/@me", self.unreact),
            ("DELETE", m + "/reactions/{emoji}/{user_id}", self.remove_user_reaction),
            ("GET", m + "/reactions/{emoji}", self.reaction_users),
            ("DELETE", m + "/reactions/{emoji}", self.clear_emoji),
            ("DELETE", m + "/reactions", self.clear_all),
            ("POST", "/users/@me/channels", self.open_dm),
        ]

    # -- look-ups -------------------------------------------------------
    def _channel(self, request: web.Request) -> Channel:
        return channel_named(self.world, request)

    def _message(self, request: web.Request, *, changing: bool = False) -> Message:
        """The addressed message; ``changing`` it (edit, delete, reactions) needs its thread
        open."""
        channel = self._channel(request)
        if changing:
            threads.before_change(channel)
        msg = self.world.messages.get(int(request.match_info["message_id"]))
        # The bot cannot address ephemeral messages through channel routes.
        if (
            msg is None
            or msg.deleted
            or msg.channel_id != channel.id
            or msg.ephemeral_for is not None
        ):
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return msg

    @staticmethod
    def _emoji(request: web.Request) -> str:
        # aiohttp already percent-decodes match_info; unquote again is harmless
        # for unicode emoji and handles clients that double-encode.
        return unquote(request.match_info["emoji"])

    def _bot_payload(self, msg: Message) -> web.Response:
        return json_response(msg.payload(self.world.bot_user.id))

    # -- channels -------------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def open_dm(self, request: web.Request) -> web.Response:
        payload, _ = await read_body(request)
        try:
            user = self.world.user(int(payload["recipient_id"]))
        except (KeyError, ValueError):
            raise invalid_form("recipient_id", "Unknown user") from None
        return json_response(self.world.dm_channel(user).payload())

    # -- messages -------------------------------------------------------
    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = sorted(self.world.visible_messages(channel.id), key=lambda m: m.id, reverse=True)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            # Discord returns the messages right after the id, newest first.
            msgs = [m for m in msgs if m.id > int(request.query["after"])][-limit:]
        if "around" in request.query:
            pivot = int(request.query["around"])
            older = [m for m in msgs if m.id <= pivot][: (limit + 1) // 2]
            newer = [m for m in msgs if m.id > pivot][-(limit // 2) :] if limit > 1 else []
            msgs = newer + older
        return json_response([m.payload(self.world.bot_user.id) for m in msgs[:limit]])

    async def create(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await read_body(request)
        threads.before_send(self.server, channel)
        author = self.world.bot_user
        extra: dict[str, Any] = {}
        nonce = payload.get("nonce")
        if nonce is not None:
            nonce = extra["nonce"] = str(nonce)
            if len(nonce) > MAX_NONCE_LENGTH:
                raise invalid_form("nonce", f"Must be {MAX_NONCE_LENGTH} or fewer in length.")
            if payload.get("enforce_nonce"):
                earlier = messaging.repeated_nonce(self.world, channel.id, author.id, nonce)
                if earlier is not None:
                    return self._bot_payload(earlier)
        replied_author = None
        ref = payload.get("message_reference")
        if ref:
            target = self.world.messages.get(int(ref["message_id"]))
            if target is None and ref.get("fail_if_not_exists", True):
                raise invalid_form("message_reference", "Unknown message")
            if target is not None and not target.deleted:
                replied_author = target.author.id
            # What the reply points at, as Discord answers it (the request's
            # fail_if_not_exists is not part of it).
            pointed = {"type": 0, "channel_id": str(ref.get("channel_id") or channel.id),
                       "message_id": str(ref["message_id"])}
            if channel.guild_id is not None:
                pointed["guild_id"] = str(channel.guild_id)
            extra |= {"message_reference": pointed, "type": 19}
        msg = messaging.create_message(
            self.server, channel, author, payload, files, replied_author=replied_author, **extra
        )
        return self._bot_payload(msg)

    async def get_message(self, request: web.Request) -> web.Response:
        return self._bot_payload(self._message(request))

    async def edit(self, request: web.Request) -> web.Response:
        msg = self._message(request, changing=True)
        payload, files = await read_body(request)
        # Others' messages: the bot may only suppress their embeds.
        if msg.author.id != self.world.bot_user.id and (set(payload) - {"flags"} or files):
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        return self._bot_payload(messaging.edit_message(self.server, msg, payload, files))

    async def delete(self, request: web.Request) -> web.Response:
        messaging.delete_message(self.server, self._message(request, changing=True))
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, _ = await read_body(request)
        for raw in payload.get("messages", []):
            msg = self.world.messages.get(int(raw))
            if msg is not None and msg.channel_id == channel.id and not msg.deleted:
                messaging.delete_message(self.server, msg)
        return no_content()

    # -- reactions ------------------------------------------------------
    async def react(self, request: web.Request) -> web.Response:
        reactions.add(
            self.server, self._message(request, changing=True), self.world.bot_user,
            self._emoji(request)
        )
        return no_content()

    async def unreact(self, request: web.Request) -> web.Response:
        reactions.remove(
            self.server, self._message(request, changing=True), self.world.bot_user,
            self._emoji(request)
        )
        return no_content()

    async def remove_user_reaction(self, request: web.Request) -> web.Response:
        msg = self._message(request, changing=True)
        user = self.world.user(int(request.match_info["user_id"]))
        reactions.remove(self.server, msg, user, self._emoji(request))
        return no_content()

    async def reaction_users(self, request: web.Request) -> web.Response:
        msg = self._message(request)
        ids = msg.reactions.get(emoji_key(self._emoji(request)), [])
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 25))
        users = [self.world.user(i).payload() for i in sorted(ids) if i > after][:limit]
        return json_response(users)

    async def clear_emoji(self, request: web.Request) -> web.Response:
        reactions.clear(self.server, self._message(request, changing=True), self._emoji(request))
        return no_content()

    async def clear_all(self, request: web.Request) -> web.Response:
        reactions.clear(self.server, self._message(request, changing=True))
        return no_content()
