"""Fixtures for the store tests: a controllable clock, and stores on both backends
(``store``: SQLite in memory or a fresh PostgreSQL database, ids ``sqlite`` and
``postgres``) or in an SQLite file (``file_store``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.conftest import open_store

from .helpers import START, FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
async def store(request: pytest.FixtureRequest, backend: str,
                clock: FakeClock) -> AsyncIterator[Store]:
    async with open_store(request, backend, clock) as s:
        yield s


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tapp.sqlite3"


@pytest.fixture
async def file_store(db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    s = await Store.open(db_path, clock=clock)
    try:
        yield s
    finally:
        await s.close()
