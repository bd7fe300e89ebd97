"""Fixtures of the timer tests (test_timers_*.py): ``clock``, moved by hand, and a
``store`` on it. Test modules that need a store on the real clock define their own
``store``, which takes precedence over this one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store

from .timer_helpers import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path, clock: Clock) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "t.sqlite3", clock=clock)
    yield s
    await s.close()

