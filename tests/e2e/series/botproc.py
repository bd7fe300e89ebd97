"""A bot in a process of its own, against a stand-in on loopback, killed with SIGKILL
in the middle of a member's deal of a series: right after the store commits its Nth step
of a series' run (``after``: between the commit and any answer), or as the Nth step is
about to be written (``before``: the step never reaches the store).

``python -m tests.e2e.series.botproc API GATEWAY TOKEN DATABASE NOW N after|before``

``NOW``: the stand-in's time (Unix seconds) when the process starts; the bot's clock
follows it, as the in-process bots of these tests follow the stand-in's clock.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

from bot.config import Settings, database_location
from bot.connection.client import TappBot
from bot.series.config import SeriesConfig
from bot.store import Store
from bot.tables import TableConfig
from standin import discord_pointed_at
from tests.e2e.tables.driver import quick_sleep


def killed_at(store: Store, n: int, when: str) -> None:
    """SIGKILL this process at the ``n``-th series step (after or before its commit)."""
    series = store.series
    original = series.append_step
    steps = 0

    async def append_step(run_id: int, step: int, *args: Any, **kwargs: Any) -> Any:
        nonlocal steps
        steps += 1
        if when == "before" and steps >= n:
            os.kill(os.getpid(), signal.SIGKILL)  # no cleanup, no answer, no commit
        found = await original(run_id, step, *args, **kwargs)
        if when == "after" and steps >= n:
            os.kill(os.getpid(), signal.SIGKILL)  # committed, never answered
        return found

    series.append_step = append_step  # type: ignore[method-assign]


async def run(api: str, gateway: str, token: str, database: Path | str, now: float,
              n: int, when: str) -> None:
    offset = now - time.time()

    def clock() -> float:
        return time.time() + offset

    async def store_factory(settings: Settings) -> Store:
        store = await Store.open(settings.database_path, clock=clock)
        killed_at(store, n, when)
        return store

    tables = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                         ai_seed=7, clock=clock, sleep=quick_sleep)
    with discord_pointed_at(api, gateway):
        bot = TappBot(Settings(token=token, database_path=database), tables=tables,
                      series=SeriesConfig(offload=False, clock=clock),
                      store_factory=store_factory, guild_ready_timeout=0.05)
        async with bot:
            await bot.start(token)


def main(argv: list[str]) -> int:
    api, gateway, token, database, now, n, when = argv
    asyncio.run(run(api, gateway, token, database_location(database), float(now), int(n),
                    when))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
