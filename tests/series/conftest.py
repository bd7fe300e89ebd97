"""Fixtures of the series' service tests: a store on both backends on a clock moved by
hand, a service with easy computer players and seeds drawn from a seeded source."""

from __future__ import annotations

import random

import pytest

from bot.series.config import SeriesConfig
from bot.series.service import SeriesService
from bot.store import Store
from tests.store.conftest import clock, db_path, store
from tests.store.helpers import FakeClock

__all__ = ["clock", "db_path", "store"]  # the store tests' fixtures


def config(seed: int = 1) -> SeriesConfig:
    rng = random.Random(seed)
    return SeriesConfig(offload=False, seeds=lambda: rng.randbytes(32))


@pytest.fixture
def service(store: Store, clock: FakeClock) -> SeriesService:
    return SeriesService(store, config(), clock=clock, levels=("easy", "normal", "strong"))
