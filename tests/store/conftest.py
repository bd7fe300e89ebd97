"""Fixtures for the store tests: a controllable clock and stores in memory or on disk."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store

from .helpers import START, FakeClock


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
