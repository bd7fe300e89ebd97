"""One bot process of ``python -m bot bench scale``: the real bot
(:class:`~bot.connection.sharded.ShardedTappBot`) running some shards against a stand-in on
loopback, until SIGTERM (or SIGKILL, in the fault run).

``python -m bench.scale_bot API GATEWAY TOKEN DATABASE SHARDS SHARD_COUNT PACE``
"""

from __future__ import annotations

import asyncio
import logging
import random
import sys

from bot.cli.run import serve
from bot.config import Settings
from bot.connection.shards import ShardPlan
from bot.logs import silence_voice_warnings
from bot.tables import TableConfig
from standin import discord_pointed_at


def main(argv: list[str]) -> int:
    api, gateway, token, database, shards, count, pace = argv
    logging.basicConfig(level=logging.WARNING)
    silence_voice_warnings()
    settings = Settings(token=token, database_path=database, log_level="WARNING",
                        render_processes=0, global_rate=int(pace),
                        shards=ShardPlan.parse(shards, count))
    config = TableConfig(computer_pause=0, computer_level="easy",
                         rng=random.Random(int(shards.split("-")[0])))
    with discord_pointed_at(api, gateway):
        asyncio.run(serve(settings, tables=config, guild_ready_timeout=0.5))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
