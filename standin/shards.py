"""Sharding as Discord does it: which shard hears an event, and the identify limit.

A session that IDENTIFYs with ``shard: [shard_id, shard_count]`` hears the events of the
guilds with ``(guild_id >> 22) % shard_count == shard_id`` and nothing of the others
(they are missing from its READY and it gets no GUILD_CREATE for them); direct messages
go to shard 0 only (discord/discord-api-docs#17, Discord's "Sharding" section of the
Gateway page). A session without ``shard`` is shard 0 of 1: it hears everything.

Starting sessions is limited per bot token (``GET /gateway/bot``'s
``session_start_limit.max_concurrency``: identify requests per 5 seconds): the shards
are put in buckets by ``shard_id % max_concurrency``, and each bucket may IDENTIFY once
per 5 seconds; an IDENTIFY beyond that is answered with opcode 9 (Invalid Session,
``d: false``) and starts no session (Discord's "Session Start Limit Object";
twilight-gateway-queue documents the same buckets).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: seconds during which one bucket may IDENTIFY once (Discord's 5 s)
IDENTIFY_WINDOW = 5.0


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that holds a guild (Discord's formula)."""
    return (guild_id >> 22) % shard_count


def guild_of_event(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to (None: not a guild's, e.g. a direct message)."""
    if event.startswith("GUILD_") and "guild_id" not in data and "id" in data:
        return int(data["id"])  # GUILD_CREATE, GUILD_UPDATE, GUILD_DELETE
    raw = data.get("guild_id")
    return int(raw) if raw is not None else None


@dataclass(frozen=True)
class ShardKey:
    """``[shard_id, shard_count]`` as a session identified with it."""

    shard_id: int = 0
    shard_count: int = 1

    @classmethod
    def parse(cls, value: object) -> ShardKey | None:
        """The IDENTIFY's ``shard`` field; None if it is not a valid pair."""
        if value is None:
            return cls()
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return None
        shard_id, count = value
        if count < 1 or not 0 <= shard_id < count:
            return None
        return cls(shard_id, count)

    def hears(self, guild_id: int | None) -> bool:
        """Whether this shard gets the events of ``guild_id`` (None: a direct message)."""
        if guild_id is None:
            return self.shard_id == 0
        return shard_of(guild_id, self.shard_count) == self.shard_id


@dataclass
class IdentifyLimit:
    """``max_concurrency`` buckets, each allowing one IDENTIFY per ``window`` seconds
    (``window`` 0: no limit)."""

    max_concurrency: int = 1
    window: float = IDENTIFY_WINDOW
    clock: Callable[[], float] = time.monotonic
    refused: int = 0
    _last: dict[int, float] = field(default_factory=dict)

    def allow(self, shard_id: int) -> bool:
        """Count an IDENTIFY of ``shard_id``; False if its bucket identified too recently."""
        if self.window <= 0:
            return True
        bucket = shard_id % max(1, self.max_concurrency)
        now = self.clock()
        last = self._last.get(bucket)
        if last is not None and now - last < self.window:
            self.refused += 1
            return False
        self._last[bucket] = now
        return True
