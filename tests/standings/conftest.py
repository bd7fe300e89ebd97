"""Fixtures: a store in memory on a controlled clock, and the hand-made ledger in it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from tests.store.helpers import FakeClock

from .ledgers import NOW, fill


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
async def store(clock: FakeClock) -> AsyncIterator[Store]:
    s = await Store.open(":memory:", clock=clock)
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def deals(store: Store) -> dict[str, int]:
    return await fill(store)
