"""Fixtures: a store on a controlled clock, on each backend (ids ``sqlite``, in memory,
and ``postgres``), and the hand-made ledger in it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from tests.conftest import open_store
from tests.store.helpers import FakeClock

from .ledgers import NOW, fill


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
async def store(request: pytest.FixtureRequest, backend: str,
                clock: FakeClock) -> AsyncIterator[Store]:
    async with open_store(request, backend, clock) as s:
        yield s


@pytest.fixture
async def deals(store: Store) -> dict[str, int]:
    return await fill(store)
