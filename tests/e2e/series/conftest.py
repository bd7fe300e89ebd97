"""Fixtures of the series' end-to-end tests: the bot on the stand-in's clock (so moving
that clock moves the series' window), easy computer players, seeds from a seeded
source."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.series.config import SeriesConfig
from bot.store import Store
from bot.tables import TableConfig
from standin import Sandbox
from standin.harness import World, running
from tests.e2e.daily.conftest import MORNING
from tests.e2e.tables.driver import quick_sleep


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox(settle_quiet=0.02) as stand_in:
        stand_in.clock.set(MORNING)
        yield stand_in
        assert stand_in.problems == [], stand_in.problems
        assert stand_in.rate_limits.global_refused == 0


def series_bot_for(sandbox: Sandbox, settings: Settings, seed: int = 48) -> TappBot:
    """A bot whose every clock is the stand-in's."""
    def now() -> float:
        return sandbox.clock.now().timestamp()

    async def store_factory(s: Settings) -> Store:
        return await Store.open(s.database_path, clock=now)

    rng = random.Random(seed)
    tables = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                         ai_seed=7, clock=now, sleep=quick_sleep)
    return TappBot(settings, guild_ready_timeout=0.05, tables=tables,
                   series=SeriesConfig(offload=False, seeds=lambda: rng.randbytes(32)),
                   store_factory=store_factory)


@pytest.fixture
async def series_bot(sandbox: Sandbox, world: World, settings: Settings
                     ) -> AsyncIterator[TappBot]:
    async with running(series_bot_for(sandbox, settings), sandbox) as bot:
        yield bot


@pytest.fixture
def threads_unpaced(sandbox: Sandbox, world: World) -> None:
    """Discord's message limits on the series' channel only, not in the tables' threads:
    for tests whose point is not pacing (members here click a deal through in seconds,
    and each thread's 5 edits per 5 s would make them wait about 35 s a table;
    test_series_tables_threads plays under the limits everywhere)."""
    sandbox.rate_limits.paced = {f"channel_id={world.channel.id}"}
