"""The stand-in's side of ``python -m bot bench scale``: the members of
:mod:`bench.load_driver`, with their servers spread over the bot's shards (each table's
guild on shard ``index % shard_count``), and a tally of every table's action clicks to
set against the actions the database holds (lost, doubled).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from multiprocessing.connection import Connection
from typing import Any

from bot.tables.ids import ComponentId
from standin import Channel, Guild

from .load_answers import DEFERRED_UPDATE, UPDATE_MESSAGE
from .load_driver import Driver
from .load_world import PLAYERS, TABLES_PER_CHANNEL, LoadTable


class ScaleDriver(Driver):
    def __init__(self, conn: Connection, options: dict[str, Any]) -> None:
        super().__init__(conn, options)
        self.shard_count = int(options.get("shard_count", 1))
        self.max_concurrency = int(options.get("max_concurrency", 1))

    def _world(self) -> None:
        sandbox = self.sandbox
        sandbox.gateway.identify_limit.max_concurrency = self.max_concurrency
        guilds: dict[int, Guild] = {}
        channels: dict[tuple[int, int], Channel] = {}
        for index in range(self.tables_n):
            shard = index % self.shard_count
            if shard not in guilds:
                guilds[shard] = sandbox.create_guild(f"Scale {shard}",
                                                     shard=(shard, self.shard_count))
            guild = guilds[shard]
            key = (shard, (index // self.shard_count) // TABLES_PER_CHANNEL)
            if key not in channels:
                channels[key] = sandbox.create_channel(guild, f"tapp-{key[1]}")
            members = [sandbox.create_user(f"p{index}s{seat}", guild) for seat in range(PLAYERS)]
            self.members.update({m.id: m for m in members})
            self.tables.append(LoadTable(index, channels[key], members))

    async def command(self, command: dict[str, Any]) -> dict[str, Any]:
        do = command["do"]
        if do == "wait_shards":  # every shard of the bot connected
            deadline = time.monotonic() + 120
            while len(self.sandbox.gateway.live_shards()) < self.shard_count:
                if time.monotonic() > deadline:
                    raise RuntimeError("the bot's shards did not all connect in 120 s")
                await asyncio.sleep(0.05)
            return {"identify_refused": self.sandbox.gateway.identify_limit.refused}
        if do == "tally":
            return self.tally()
        return await super().command(command)

    def tally(self) -> dict[str, Any]:
        """Per table: action clicks the bot answered as taken (``applied``), and action
        clicks never answered (``unanswered``: their fate is the database's to say);
        the stand-in's global limit figures."""
        applied: Counter[int] = Counter()
        unanswered: Counter[int] = Counter()
        for record in self.sandbox.state.interactions.values():
            cid = ComponentId.parse(str(record.data.get("custom_id") or ""))
            if cid is None or cid.token in ("hand", "join", "start") or cid.stamp is None:
                continue
            if record.response_type in (UPDATE_MESSAGE, DEFERRED_UPDATE) and not record.errors:
                applied[cid.table_id] += 1
            elif record.response_type is None:
                unanswered[cid.table_id] += 1
        limits = self.sandbox.rate_limits
        return {"tables": [t.table_id for t in self.tables],
                "applied": dict(applied), "unanswered": dict(unanswered),
                "global_refused": limits.global_refused,
                "token_requests": limits.token_requests,
                "identify_refused": self.sandbox.gateway.identify_limit.refused}


def child_main(conn: Connection, options: dict[str, Any]) -> None:
    """Entry point of the stand-in's process."""
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(ScaleDriver(conn, options).run())
    finally:
        conn.close()
