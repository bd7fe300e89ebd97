"""Fixtures of the deal of the day's service tests: a store in memory on a clock moved
by hand, a service with easy computer players and seeds drawn from a seeded source."""

from __future__ import annotations

import random

import pytest

from bot.daily import DailyConfig, DailyService
from bot.store import Store
from tests.store.conftest import clock, store
from tests.store.helpers import FakeClock

__all__ = ["clock", "store"]  # the store tests' fixtures: a clock moved by hand, a store


def seeds(seed: int = 1) -> DailyConfig:
    rng = random.Random(seed)
    return DailyConfig(level="easy", offload=False, seeds=lambda: rng.randbytes(32))


@pytest.fixture
def service(store: Store, clock: FakeClock) -> DailyService:
    return DailyService(store, seeds(), clock=clock, level="normal")
