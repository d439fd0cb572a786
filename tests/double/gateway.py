"""The gateway websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, dispatches.

Every dispatch gets the session's next sequence number at the moment it is
queued, and one writer task per session sends the queue in order, so the
sequence number is the true order the bot receives events in.

A sharded IDENTIFY (``shard: [id, count]``) gets, as from Discord, only the
guilds of its shard, ``(guild_id >> 22) % count == id`` (a READY listing them and a
GUILD_CREATE each), and only their events; events of no guild (DMs) go to shard 0.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE = 0, 1, 2, 3
OP_RESUME, OP_REQUEST_MEMBERS, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = 6, 8, 9, 10, 11
INTENT_MESSAGE_CONTENT = 1 << 15
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_INVALID_SHARD = 4010


def _valid_shard(shard: Any) -> bool:
    """Discord's check of IDENTIFY's ``shard``: [id, count] with 0 <= id < count."""
    return (isinstance(shard, list) and len(shard) == 2
            and all(isinstance(n, int) for n in shard) and 0 <= shard[0] < shard[1])

class GatewaySession:
    """One websocket connection from one bot process."""

    def __init__(self, hub: GatewayHub, ws: web.WebSocketResponse, request: web.Request) -> None:
        self.hub = hub
        self.ws = ws
        self.request = request
        self.session_id: str | None = None
        self.token: str | None = None
        self.intents = 0
        self.shard: tuple[int, int] | None = None  # (id, count) of a sharded IDENTIFY
        self.seq = 0
        self.identified = False
        self.dead = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.sent_events: list[tuple[int, str]] = []  # (seq, event name), for tests of ordering
        self._frames: list[tuple[int, str]] = []  # kept for replay on RESUME

    def queue_dispatch(self, event: str, data: dict[str, Any]) -> int:
        self.seq += 1
        self.sent_events.append((self.seq, event))
        frame = json.dumps({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})
        self._frames.append((self.seq, frame))
        self._queue.put_nowait(frame)
        return self.seq

    def queue_raw(self, op: int, data: Any) -> None:
        self._queue.put_nowait(json.dumps({"op": op, "d": data, "s": None, "t": None}))

    async def writer(self) -> None:
        while True:
            frame = await self._queue.get()
            if frame is None or self.ws.closed:
                return
            try:
                await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return

    def abort(self) -> None:
        """Drop the TCP connection with no close frame, as a dying process would."""
        self.dead = True
        transport = self.request.transport
        if transport is not None:
            transport.abort()
        self._queue.put_nowait(None)

    async def on_frame(self, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == OP_HEARTBEAT:
            self.queue_raw(OP_HEARTBEAT_ACK, None)
        elif op == OP_IDENTIFY:
            await self._identify(data or {})
        elif op == OP_RESUME:
            self._resume(data or {})
        elif op == OP_REQUEST_MEMBERS:
            self._members_chunk(data or {})
        elif op in (OP_PRESENCE, 4):
            pass  # presence / voice state: nothing to simulate
        else:
            log.warning("fake gateway: unknown op %s", op)

    async def _identify(self, data: dict[str, Any]) -> None:
        world = self.hub.server.world
        if not world.accepts(data.get("token")):
            await self.ws.close(code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return
        shard = data.get("shard")
        if shard is not None and not _valid_shard(shard):
            await self.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        self.token = data["token"]
        self.intents = int(data.get("intents") or 0)
        self.shard = (int(shard[0]), int(shard[1])) if shard is not None else None
        self.session_id = secrets.token_hex(16)
        self.identified = True
        guilds = [g for g in world.guilds.values()
                  if self.receives(g.id) and not g.bot_removed]
        self.queue_dispatch(
            "READY",
            {
                "v": 10,
                "user": world.bot_user.payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": self.session_id,
                "resume_gateway_url": self.hub.server.gateway_url,
                "application": {"id": str(world.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "shard": data.get("shard") or [0, 1],
            },
        )
        for guild in guilds:
            self.queue_dispatch("GUILD_CREATE", guild.payload())
        self.hub.on_identified(self)

    def receives(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of a guild (None: of no guild, as DMs)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)

    def _resume(self, data: dict[str, Any]) -> None:
        old = self.hub.resumable(data.get("session_id"), data.get("token"))
        if old is None:
            # Unknown or still-open session: the client must identify afresh
            # (discord.py then waits 5 s before IDENTIFY, as with real Discord).
            self.queue_raw(OP_INVALID_SESSION, False)
            return
        # Take the old session over: same id and sequence, and replay what the
        # client missed. Events dispatched while nobody was connected are lost.
        old.session_id = None
        self.session_id, self.token, self.intents = data["session_id"], old.token, old.intents
        self.shard = old.shard
        self.seq, self.sent_events, self._frames = old.seq, old.sent_events, old._frames
        for seq, frame in self._frames:
            if seq > int(data.get("seq") or 0):
                self._queue.put_nowait(frame)
        self.identified = True
        self.queue_dispatch("RESUMED", {})
        self.hub.on_identified(self)

    def _members_chunk(self, data: dict[str, Any]) -> None:
        world = self.hub.server.world
        guild = world.guilds.get(int(data.get("guild_id") or 0), world.guild)
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            m.payload()
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        self.queue_dispatch(
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": members[:limit] if limit else members,
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "nonce": data.get("nonce"),
            },
        )


class GatewayHub:
    """Accepts gateway connections and routes dispatches to the live session."""

    def __init__(self, server: FakeDiscord, heartbeat_interval_ms: int = 41_250) -> None:
        self.server = server
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: list[GatewaySession] = []
        self._identified = asyncio.Event()

    @property
    def live(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.identified and not s.dead and not s.ws.closed]

    def on_identified(self, session: GatewaySession) -> None:
        self._identified.set()
        self._identified = asyncio.Event()

    async def wait_identified(self, count: int, timeout: float = 5.0) -> GatewaySession:
        """Wait until ``count`` sessions in total have identified; return the newest."""
        async with asyncio.timeout(timeout):
            while sum(s.identified for s in self.sessions) < count:
                await self._identified.wait()
        return [s for s in self.sessions if s.identified][-1]

    def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        content_gated: bool = False,
    ) -> bool:
        """Queue an event on every live session that asked for it; True if one did."""
        delivered = False
        guild = data.get("guild_id")
        for session in self.live:
            if intent is not None and not session.intents & intent:
                continue
            if not session.receives(int(guild) if guild else None):
                continue  # another shard's guild
            payload = data
            if content_gated and not session.intents & INTENT_MESSAGE_CONTENT:
                payload = dict(data, content="", embeds=[], attachments=[], components=[])
            session.queue_dispatch(event, payload)
            delivered = True
        return delivered

    def resumable(self, session_id: str | None, token: str | None) -> GatewaySession | None:
        for session in self.sessions:
            if (
                session.session_id == session_id
                and session.token == token
                and session_id
                and session.dead
            ):
                return session
        return None

    def drop(self, token: str | None = None) -> None:
        """Reset the live connections (of one bot token, or all): a network blip or a crash."""
        for session in self.live:
            if token is None or session.token == token:
                session.abort()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(self, ws, request)
        self.sessions.append(session)
        session.queue_raw(OP_HELLO, {"heartbeat_interval": self.heartbeat_interval_ms})
        writer = asyncio.create_task(session.writer(), name="fake-gateway-writer")
        try:
            async for msg in ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    await session.on_frame(json.loads(msg.data))
                elif msg.type is aiohttp.WSMsgType.ERROR:
                    break
        except ConnectionError:
            pass
        finally:
            session.dead = True
            session._queue.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)
        return ws

    async def close_all(self) -> None:
        for session in self.sessions:
            session.dead = True
            if not session.ws.closed:
                await session.ws.close(code=aiohttp.WSCloseCode.GOING_AWAY)
