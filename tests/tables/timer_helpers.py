"""Shared by the timer tests (test_timers_*.py): a clock they move by hand (it starts at
``START``), and a table service whose guild has timers set. Its fixtures (``clock``, a
``store`` on it) are in ``conftest.py``."""

from __future__ import annotations

from typing import Any

from bot.store import Store
from bot.tables import TableService
from bot.tables.scheduler import Scheduler
from bot.tables.timeouts import TimerNotice

from .test_service import service

START = 1_700_000_000.0


class Clock:
    """Seconds since the epoch, as the store reads them; moved only by ``advance``."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def timed(store: Store, clock: Clock, **settings: Any
                ) -> tuple[TableService, Scheduler, list[TimerNotice]]:
    await store.settings.set_guild(1, {"reminder_delay": 600, "turn_timeout": 3600,
                                       **settings})
    svc, display = service(store, clock=clock)
    return svc, svc.timers, display.notices
