"""A bot in a process of its own, against a stand-in on loopback, that dies (``os._exit``)
right after its Nth committed action: between the commit and any answer.

``python -m tests.e2e.tables.botproc API GATEWAY TOKEN DATABASE CRASH_AFTER``
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

from bot.config import Settings, database_location
from bot.connection.client import TappBot
from bot.tables import TableConfig
from standin import discord_pointed_at
from tests.e2e.tables.driver import quick_sleep
from tests.store_hooks import opening_with_hook

CRASHED = 17


async def run(api: str, gateway: str, token: str, database: Path | str,
              crash_after: int) -> None:
    commits = 0

    def after_commit(deal_id: int, ply: int) -> None:
        nonlocal commits
        commits += 1
        if commits >= crash_after:
            os._exit(CRASHED)  # no cleanup, no answer: as if the machine died here

    config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7), ai_seed=7,
                         sleep=quick_sleep)
    with discord_pointed_at(api, gateway):
        bot = TappBot(Settings(token=token, database_path=database),
                      store_factory=opening_with_hook(after_commit),
                      guild_ready_timeout=0.05, tables=config)
        async with bot:
            await bot.start(token)


def main(argv: list[str]) -> int:
    api, gateway, token, database, crash_after = argv
    asyncio.run(run(api, gateway, token, database_location(database), int(crash_after)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
