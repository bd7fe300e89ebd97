"""The gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatches.

Each bot session keeps a numbered buffer of what it was sent, so a connection that
drops can RESUME and receive what it missed (Discord replays missed interactions too,
however late: ``resume_delay`` makes the RESUME that slow); ``delay`` holds every
dispatch that long before it goes out (a gateway behind); ``zlib-stream`` transport compression is
honoured when asked for (other compressions fall back to plain text frames, which
discord.py also accepts).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from dataclasses import dataclass, field
from email.utils import format_datetime
from typing import Any

from aiohttp import WSMsgType, web

from .activity import Activity
from .shards import IdentifyLimit, ShardKey, guild_of_event
from .state import GUILD_MEMBERS, GUILDS, MESSAGE_CONTENT, SandboxState

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE, RESUME = 0, 1, 2, 3, 4, 6
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
BUFFER_SIZE = 2000


class Connection:
    """One websocket; frames go out through a queue in order."""

    def __init__(self, ws: web.WebSocketResponse, activity: Activity, *, zlib_stream: bool) -> None:
        self.ws = ws
        self.activity = activity
        self.session: Session | None = None
        self.ready = False
        self._compressor = zlib.compressobj() if zlib_stream else None
        self.compressed = zlib_stream
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame; heartbeat ACKs do not count as activity for settling."""
        self.activity.outbox += 1
        self._queue.put_nowait(json.dumps(frame, separators=(",", ":")))

    async def _write(self) -> None:
        while (text := await self._queue.get()) is not None:
            noise = text.startswith('{"op":11,')
            try:
                if self._compressor is not None:
                    data = self._compressor.compress(text.encode())
                    await self.ws.send_bytes(data + self._compressor.flush(zlib.Z_SYNC_FLUSH))
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                log.debug("gateway frame not delivered: connection closing")
            finally:
                self.activity.outbox -= 1
                if not noise:
                    self.activity.touch()

    async def stop(self) -> None:
        """Stop the writer; frames it could not send no longer count as pending."""
        self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
        while not self._queue.empty():
            if self._queue.get_nowait() is not None:
                self.activity.outbox -= 1
        self.activity.touch()


@dataclass
class Session:
    id: str
    intents: int
    seq: int = 0
    buffer: deque[tuple[int, dict[str, Any]]] = field(
        default_factory=lambda: deque(maxlen=BUFFER_SIZE)
    )
    connection: Connection | None = None
    shard: ShardKey = field(default_factory=ShardKey)


class Gateway:
    """Gateway sessions for the one bot application of a stand-in."""

    def __init__(
        self,
        state: SandboxState,
        activity: Activity,
        token: str,
        *,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.state = state
        self.activity = activity
        self.token = token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = "ws://127.0.0.1/gateway"
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.client_close_codes: list[int | None] = []
        #: seconds every dispatch waits before it is sent (in order)
        self.delay = 0.0
        #: seconds a RESUME waits before the missed events are replayed
        self.resume_delay = 0.0
        #: the gateway cannot be reached (an outage, or the bot's network cut off): every
        #: websocket upgrade is answered 503 until this is False again
        self.unreachable = False
        self.refused = 0  # upgrades answered 503 while unreachable
        #: Discord's session start limit (``max_concurrency`` is what GET /gateway/bot says)
        self.identify_limit = IdentifyLimit()
        #: the shard count GET /gateway/bot recommends
        self.recommended_shards = 1
        self._ready_changed = asyncio.Event()

    # -- test hooks ----------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return any(c.ready for c in self.connections)

    def live_shards(self) -> set[tuple[int, int]]:
        """``(shard_id, shard_count)`` of every session with a live connection."""
        return {(c.session.shard.shard_id, c.session.shard.shard_count)
                for c in self.connections if c.ready and c.session is not None}

    async def wait_connected(self, timeout: float = 10.0) -> None:
        """Wait until a bot connection has identified (or resumed) and is live."""
        async with asyncio.timeout(timeout):
            while not self.connected:
                event = self._ready_changed
                await event.wait()

    async def drop(self, code: int = 4000, *, invalidate: bool = False) -> None:
        """Close every bot connection as Discord would on a fault; sessions stay resumable
        unless ``invalidate``."""
        for connection in list(self.connections):
            connection.ready = False
            await connection.ws.close(code=code, message=b"dropped by the stand-in")
        if invalidate:
            self.sessions.clear()

    async def close(self) -> None:
        for connection in list(self.connections):
            await connection.ws.close(code=1001, message=b"stand-in shutting down")

    # -- dispatch ------------------------------------------------------------------------------
    def dispatch(self, event: str, data: dict[str, Any], intent: int = 0) -> None:
        """Send an event to every session whose intents allow it and whose shard holds its
        guild (buffered while detached)."""
        guild_id = guild_of_event(event, data)
        for session in self.sessions.values():
            if intent and not session.intents & intent:
                continue
            if not session.shard.hears(guild_id):
                continue
            self._send_dispatch(session, event, self._shape(session, event, data))

    def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.buffer.append((session.seq, frame))
        connection = session.connection
        if connection is not None and self.delay > 0:
            self.activity.outbox += 1

            def send_late(connection: Connection = connection) -> None:
                self.activity.outbox -= 1
                connection.send(frame)

            asyncio.get_running_loop().call_later(self.delay, send_late)
        elif connection is not None:
            connection.send(frame)
        self.activity.touch()

    def _shape(self, session: Session, event: str, data: dict[str, Any]) -> dict[str, Any]:
        """What this session may see: members need GUILD_MEMBERS, content MESSAGE_CONTENT."""
        bot_id = str(self.state.bot.id)
        if event == "GUILD_CREATE" and not session.intents & GUILD_MEMBERS:
            data = {
                **data,
                "members": [m for m in data.get("members", []) if m["user"]["id"] == bot_id],
            }
        if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and not session.intents & MESSAGE_CONTENT:
            mentioned = any(u["id"] == bot_id for u in data.get("mentions", []))
            if data.get("author", {}).get("id") != bot_id and not mentioned:
                data = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
        return data

    # -- the websocket -------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        if self.unreachable:
            self.refused += 1
            self.activity.touch()
            raise web.HTTPServiceUnavailable(text="the gateway is unreachable (stand-in)")
        ws = web.WebSocketResponse(max_msg_size=0)
        ws.headers["Date"] = format_datetime(self.state.clock.issued(), usegmt=True)
        await ws.prepare(request)
        if request.query.get("v", "10") != "10" or request.query.get("encoding", "json") != "json":
            await ws.close(code=4012, message=b"Invalid API version or encoding")
            return ws
        connection = Connection(
            ws, self.activity, zlib_stream=request.query.get("compress") == "zlib-stream"
        )
        self.connections.add(connection)
        connection.send(
            {
                "op": HELLO,
                "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                "s": None,
                "t": None,
            }
        )
        try:
            async for message in ws:
                if message.type is WSMsgType.TEXT:
                    frame = json.loads(message.data)
                    if frame.get("op") != HEARTBEAT:
                        self.activity.touch()
                    await self._receive(connection, frame)
                elif message.type is WSMsgType.ERROR:
                    break
        finally:
            self.client_close_codes.append(ws.close_code)
            self.connections.discard(connection)
            if connection.session is not None and connection.session.connection is connection:
                connection.session.connection = None
            connection.ready = False
            await connection.stop()
            self._ready_changed.set()
            self._ready_changed = asyncio.Event()
        return ws

    async def _receive(self, connection: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(connection, data or {})
        elif op == RESUME:
            await self._resume(connection, data or {})
        elif connection.session is None:
            await connection.ws.close(code=4003, message=b"Not authenticated.")
        elif op == REQUEST_MEMBERS:
            self._members_chunk(connection.session, data or {})
        elif op not in (PRESENCE, VOICE_STATE):
            await connection.ws.close(code=4001, message=b"Unknown opcode.")

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return
        if connection.session is not None:
            await connection.ws.close(code=4005, message=b"Already authenticated.")
            return
        shard = ShardKey.parse(data.get("shard"))
        if shard is None:
            await connection.ws.close(code=4010, message=b"Invalid shard.")
            return
        if not self.identify_limit.allow(shard.shard_id):
            connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        self.identifies += 1
        session = Session(secrets.token_hex(16), int(data.get("intents", 0)), shard=shard)
        self.sessions[session.id] = session
        session.connection = connection
        connection.session = session
        state = self.state
        guilds = [g for g in state.guilds.values()
                  if state.bot.id in g.members and shard.hears(g.id)]
        self._send_dispatch(
            session,
            "READY",
            {
                "v": 10,
                "user": {**state.bot.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.url,
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "application": {"id": str(state.application_id), "flags": 0},
                **({"shard": data["shard"]} if "shard" in data else {}),
            },
        )
        if session.intents & GUILDS:
            for guild in guilds:
                self._send_dispatch(
                    session,
                    "GUILD_CREATE",
                    self._shape(session, "GUILD_CREATE", state.guild_create_payload(guild)),
                )
        self._mark_ready(connection)

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        if session.connection is not None and session.connection is not connection:
            await session.connection.ws.close(code=4000, message=b"Session resumed elsewhere.")
        self.resumes += 1
        if self.resume_delay > 0:
            with self.activity.request():  # the stand-in is busy: tests settle after
                await asyncio.sleep(self.resume_delay)
        session.connection = connection
        connection.session = session
        after = int(data.get("seq") or 0)
        for seq, frame in session.buffer:
            if seq > after:
                connection.send(frame)
        self._send_dispatch(session, "RESUMED", {})
        self._mark_ready(connection)

    def _mark_ready(self, connection: Connection) -> None:
        connection.ready = True
        self._ready_changed.set()
        self._ready_changed = asyncio.Event()

    def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(data.get("guild_id", 0)))
        if guild is None or not session.shard.hears(guild.id):
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)
