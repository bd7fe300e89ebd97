"""The world of ``python -m bot bench load`` as the simulated members see it: each
table's guild, channel and members (:class:`LoadTable`), what the bot posts (table
messages and turn pings, watched through the stand-in's event hook), the queue of tables
where a member can act now, and each table's plain message for the floor.
:class:`~bench.load_driver.Driver` builds on it.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.tables.ids import ComponentId
from standin import Actor, Channel, Message, Sandbox

#: tables per stand-in guild (Discord allows 1,000 active threads in a guild), and per
#: channel (each table opens a thread off its channel; threads are rate-limited per channel)
TABLES_PER_GUILD = 100
TABLES_PER_CHANNEL = 10
PLAYERS = 4
PING = re.compile(r"^<@!?(\d+)>")
FLOOR_HAND, FLOOR_ACT = "floor:hand", "floor:act"


@dataclass
class LoadTable:
    """One table as its members see it."""

    index: int
    channel: Channel
    members: list[Actor]
    thread_id: int = 0
    table_id: int = 0
    message_id: int = 0  # the table message (the lobby, edited into the table)
    ping_id: int = 0  # the newest turn ping seen
    to_act: int | None = None  # the member the newest unused ping named
    panel: Message | None = None  # a panel that offers its member an action now
    busy: bool = False
    queued: bool = False
    floor_message: Message | None = None
    floor_seat: int = 0
    last_progress: float = 0.0


class LoadWorld:
    """The tables, their members and what the bot showed them; the ready queue."""

    #: the stand-in, once it runs
    sandbox: Sandbox

    def __init__(self, tables_n: int) -> None:
        self.tables_n = tables_n
        self.tables: list[LoadTable] = []
        self.by_thread: dict[int, LoadTable] = {}
        self.members: dict[int, Actor] = {}
        self.ready: deque[LoadTable] = deque()
        self.ready_event = asyncio.Event()
        # what the hook saw per channel before a table claimed it
        self._table_messages: dict[int, tuple[int, int]] = {}
        self._pings: dict[int, tuple[int, int]] = {}

    def _world(self) -> None:
        sandbox = self.sandbox
        channel: Channel | None = None
        guild = None
        for index in range(self.tables_n):
            if index % TABLES_PER_GUILD == 0:
                guild = sandbox.create_guild(f"Load {index // TABLES_PER_GUILD + 1}")
            if index % TABLES_PER_CHANNEL == 0:
                assert guild is not None
                channel = sandbox.create_channel(guild, f"tapp-{index // TABLES_PER_CHANNEL}")
            assert guild is not None and channel is not None
            members = [sandbox.create_user(f"p{index}s{seat}", guild) for seat in range(PLAYERS)]
            self.members.update({m.id: m for m in members})
            self.tables.append(LoadTable(index, channel, members))

    def _hook(self, emit: Callable[..., None]) -> Callable[..., None]:
        """Watch what the bot posts: table messages and turn pings, per channel."""

        def hook(event: str, data: dict[str, Any], intent: int = 0) -> None:
            if event == "MESSAGE_CREATE":
                self._seen(data)
            emit(event, data, intent)

        return hook

    def _seen(self, data: dict[str, Any]) -> None:
        channel_id, message_id = int(data["channel_id"]), int(data["id"])
        for row in data.get("components") or ():
            for component in row.get("components") or ():
                cid = ComponentId.parse(component.get("custom_id") or "")
                if cid is not None and cid.token in ("join", "hand"):
                    self._table_messages[channel_id] = (message_id, cid.table_id)
                    table = self.by_thread.get(channel_id)
                    if table is not None:
                        table.message_id, table.table_id = message_id, cid.table_id
                    return
        ping = PING.match(data.get("content") or "")
        if ping is None or data.get("components"):
            return
        self._pings[channel_id] = (message_id, int(ping[1]))
        table = self.by_thread.get(channel_id)
        if table is not None:
            self._pinged(table, message_id, int(ping[1]))

    def _pinged(self, table: LoadTable, message_id: int, user_id: int) -> None:
        if message_id <= table.ping_id or user_id not in self.members:
            return
        table.ping_id, table.to_act = message_id, user_id
        if not table.busy:
            table.panel = None
            self._enqueue(table)

    def _enqueue(self, table: LoadTable) -> None:
        table.last_progress = time.monotonic()
        if not table.queued:
            table.queued = True
            self.ready.append(table)
            self.ready_event.set()

    def _pop(self) -> LoadTable | None:
        while self.ready:
            table = self.ready.popleft()
            table.queued = False
            if not table.busy:
                return table
        self.ready_event.clear()
        return None

    # -- the floor: a plain message per table, against a bare client ----------------------
    def _floor_world(self) -> None:
        """Post each table's floor message, in a thread of its own as a table's messages
        are (so editing it meets the same per-channel limits)."""
        state = self.sandbox.state
        row = {"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Hand", "custom_id": FLOOR_HAND},
            {"type": 2, "style": 2, "label": "Act", "custom_id": FLOOR_ACT}]}
        for i, table in enumerate(self.tables):
            where = state.create_thread(table.channel, f"floor {i + 1}", owner=state.bot)
            table.floor_message = state.add_message(state.new_message(
                where, state.bot, content="floor", components=[row]))
