"""Fixtures of the deal of the day's service tests: a store in memory on a clock moved
by hand, a service with easy computer players and seeds drawn from a seeded source."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.daily import DailyConfig, DailyService
from bot.store import Store
from tests.store.helpers import START, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
async def store(clock: FakeClock) -> AsyncIterator[Store]:
    s = await Store.open(":memory:", clock=clock)
    try:
        yield s
    finally:
        await s.close()


def seeds(seed: int = 1) -> DailyConfig:
    rng = random.Random(seed)
    return DailyConfig(level="easy", offload=False, seeds=lambda: rng.randbytes(32))


@pytest.fixture
def service(store: Store, clock: FakeClock) -> DailyService:
    return DailyService(store, seeds(), clock=clock, level="normal")
