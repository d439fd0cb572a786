"""REST routes of interactions: the initial callback and the webhook behind each token.

Rules mirrored from Discord: one callback per interaction, only within the
deadline (3 s by default); @original is the response message (or, after a
component update, the component's message); the first follow-up after a
"thinking" defer replaces the loading message instead of adding one.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import interactions as ix
from . import messaging
from .http_util import (
    ALREADY_ACKNOWLEDGED,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    invalid_form,
    json_response,
    no_content,
)
from .messaging import Upload, read_body
from .models import FLAG_EPHEMERAL, FLAG_LOADING, Message

if TYPE_CHECKING:
    from .server import FakeDiscord


class InteractionRoutes:
    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.world = server.world

    def api_routes(self) -> list[tuple[str, str, object]]:
        hook = "/webhooks/{app_id}/{token}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", hook, self.followup),
            ("GET", hook + "/messages/{message_id}", self.get_message),
            ("PATCH", hook + "/messages/{message_id}", self.edit_message),
            ("DELETE", hook + "/messages/{message_id}", self.delete_message),
        ]

    # -- the initial response --------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        rec = self.world.interactions.get(int(request.match_info["interaction_id"]))
        if rec is None or rec.token != request.match_info["token"]:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        payload, files = await read_body(request)
        try:
            if asyncio.get_running_loop().time() > rec.deadline:
                # Discord forgets interactions nobody answered in time.
                raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
            if rec.response_type is not None:
                raise ApiError(
                    400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
                )
            kind = int(payload.get("type", 0))
            if kind not in ix.ALLOWED_CALLBACKS.get(rec.type, set()):
                raise invalid_form(
                    "type", f"callback type {kind} is not valid for interaction type {rec.type}"
                )
            self._respond(rec, kind, payload.get("data") or {}, files)
        except ApiError as exc:
            rec.errors.append(f"callback rejected: {exc}")
            rec.answered.set()
            self.world.actions.record(
                "interaction_callback", interaction=rec, data={"error": str(exc)}
            )
            raise
        rec.answered.set()
        original = rec.original
        rec.callback_seq = self.world.actions.mark()
        self.world.actions.record(
            "interaction_callback",
            interaction=rec,
            message=original,
            channel_id=rec.channel.id,
            data={"type": rec.response_type},
        )
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()  # Discord's answer unless asked for the response
        return json_response(self._callback_answer(rec))

    def _callback_answer(self, rec: ix.InteractionRecord) -> dict[str, Any]:
        """The ``with_response`` answer: the interaction, and what the callback made."""
        original = rec.original
        interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        if original is not None:
            interaction |= {"response_message_id": str(original.id),
                            "response_message_loading": original.loading,
                            "response_message_ephemeral": original.ephemeral}
        if rec.activity:
            interaction["activity_instance_id"] = rec.activity
        answer: dict[str, Any] = {"interaction": interaction}
        # The spec's resource is a message (types 4 and 7) or an Activity instance (12), and
        # nothing else. Discord's docs describe a resource for every callback type (its type,
        # with a message only for 4 and 7); a bare {"type": 5} is no branch of the spec's
        # union, so the double follows the spec and leaves the resource out for the others.
        if rec.response_type in (ix.CHANNEL_MESSAGE, ix.UPDATE_MESSAGE) and original is not None:
            answer["resource"] = {"type": rec.response_type,
                                  "message": original.payload(self.world.bot_user.id)}
        elif rec.response_type == ix.LAUNCH_ACTIVITY and rec.activity:
            answer["resource"] = {"type": rec.response_type,
                                  "activity_instance": {"id": rec.activity}}
        return answer

    def _respond(
        self, rec: ix.InteractionRecord, kind: int, data: dict[str, Any], files: dict[int, Upload]
    ) -> None:
        if kind in (ix.CHANNEL_MESSAGE, ix.DEFERRED_CHANNEL_MESSAGE):
            flags = int(data.get("flags") or 0)
            if kind == ix.DEFERRED_CHANNEL_MESSAGE:
                # The "Bot is thinking..." placeholder; only ephemerality carries over.
                data = {"flags": (flags & FLAG_EPHEMERAL) | FLAG_LOADING}
                files = {}
            rec.original = self._new_message(rec, data, files, source="callback")
        elif kind == ix.UPDATE_MESSAGE:
            if rec.message is None:
                raise invalid_form("type", "UPDATE_MESSAGE needs a component interaction")
            rec.original = messaging.edit_message(
                self.server, rec.message, data, files, source="callback", interaction=rec
            )
        elif kind == ix.DEFERRED_UPDATE:
            if rec.message is None:
                raise invalid_form("type", "DEFERRED_UPDATE_MESSAGE needs a component interaction")
            rec.original = rec.message
        elif kind == ix.AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise invalid_form("data.choices", "Must be 25 or fewer in length.")
            rec.choices = choices
        elif kind == ix.MODAL:
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise invalid_form("data", "a modal needs custom_id, title and components")
            rec.modal = data
        elif kind == ix.LAUNCH_ACTIVITY:  # the user's client opens the Activity in the channel
            rec.activity = self.world.instances.launch(rec.id, rec.user, rec.channel).id
        rec.response_type = kind

    def _new_message(
        self,
        rec: ix.InteractionRecord,
        data: dict[str, Any],
        files: dict[int, Upload],
        *,
        source: str,
    ) -> Message:
        meta = ix.metadata(self.world, rec)
        if source == "followup" and rec.original is not None:
            meta["original_response_message_id"] = str(rec.original.id)
        msg = messaging.create_message(
            self.server,
            rec.channel,
            self.world.bot_user,
            data,
            files,
            source=source,
            ephemeral_for=rec.user.id,
            interaction=rec,
            type=20 if rec.type == ix.APPLICATION_COMMAND else 0,
            application_id=self.world.application_id,
            webhook_id=self.world.application_id,
            interaction_metadata=meta,
            interaction_id=rec.id,
        )
        return msg

    # -- the webhook behind the token ---------------------------------------
    def _record(self, request: web.Request) -> ix.InteractionRecord:
        rec = self.world.interactions_by_token.get(request.match_info["token"])
        if rec is None or request.match_info["app_id"] != str(self.world.application_id):
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        if rec.response_type is None:
            # Follow-ups only exist once the interaction was acknowledged.
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return rec

    def _target(self, rec: ix.InteractionRecord, raw_id: str) -> Message:
        if raw_id == "@original":
            msg = rec.original
        else:
            msg = next(
                (
                    m
                    for m in [rec.original, *rec.followups]
                    if m is not None and str(m.id) == raw_id
                ),
                None,
            )
        if msg is None or msg.deleted:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return msg

    async def followup(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        payload, files = await read_body(request)
        original = rec.original
        if (
            rec.response_type == ix.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # The first follow-up after a thinking defer fills in the placeholder.
            payload = {k: v for k, v in payload.items() if k != "flags"}
            msg = messaging.edit_message(
                self.server, original, payload, files, source="followup", interaction=rec
            )
        else:
            msg = self._new_message(rec, payload, files, source="followup")
        rec.followups.append(msg)
        self.world.actions.record(
            "followup", interaction=rec, message=msg, channel_id=msg.channel_id, version=msg.latest
        )
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(msg.payload(self.world.bot_user.id))
        return no_content()

    async def get_message(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        return json_response(
            self._target(rec, request.match_info["message_id"]).payload(self.world.bot_user.id)
        )

    async def edit_message(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        msg = self._target(rec, request.match_info["message_id"])
        payload, files = await read_body(request)
        source = (
            "original_edit" if request.match_info["message_id"] == "@original" else "followup_edit"
        )
        messaging.edit_message(self.server, msg, payload, files, source=source, interaction=rec)
        return json_response(msg.payload(self.world.bot_user.id))

    async def delete_message(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        messaging.delete_message(
            self.server, self._target(rec, request.match_info["message_id"]), source="webhook"
        )
        return no_content()
