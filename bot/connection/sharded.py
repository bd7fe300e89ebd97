"""The bot running some (or all) of its shards: ``python -m bot run --shards 0-3
--shard-count 8`` (see :mod:`bot.connection.shards`).

:class:`ShardedTappBot` is :class:`~bot.connection.client.TappBot` on discord.py's
``AutoShardedBot``, with the shards of its settings. Discord lets a bot start one
session per 5 seconds per identify bucket (``shard_id % max_concurrency``, from
``GET /gateway/bot``), counted over all its processes: before each IDENTIFY the shard
takes its bucket's slot in the database every process shares (the ``meta`` table),
waiting while another process's shard holds it. Without a database it waits 5 s between
its own shards, as discord.py does.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from discord.ext import commands

from bot.config import Settings
from bot.connection.client import StoreFactory, TappBot

log = logging.getLogger(__name__)

#: Discord's session start window: each identify bucket may IDENTIFY once in it (plus
#: a margin for the clocks of two machines)
IDENTIFY_WINDOW = 5.5


class ShardedTappBot(TappBot, commands.AutoShardedBot):
    """See the module docstring."""

    def __init__(self, settings: Settings, *, store_factory: StoreFactory | None = None,
                 **options: Any) -> None:
        plan = settings.shards
        options.setdefault("shard_count", plan.shard_count)
        options.setdefault("shard_ids", list(plan.shard_ids) if plan.sharded else None)
        super().__init__(settings, store_factory=store_factory, **options)
        self._max_concurrency: int | None = None

    async def before_identify_hook(self, shard_id: int | None, *,
                                   initial: bool = False) -> None:
        """Wait for the shard's identify slot (see the module docstring)."""
        shard = shard_id or 0
        if self._max_concurrency is None:
            _, _, limits = await self.http.get_bot_gateway()
            self._max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        bucket = shard % self._max_concurrency
        if self.database is None or self.application_id is None:
            if not initial:
                await asyncio.sleep(IDENTIFY_WINDOW)
            return
        while (wait := await self.database.meta.claim_identify(
                self.application_id, bucket, IDENTIFY_WINDOW)) > 0:
            log.info("shard %d waits %.1f s for its turn to identify", shard, wait)
            await asyncio.sleep(wait)
