"""The timers' loop: it sleeps until the next deadline, and outlives a failed round."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import Store
from bot.tables.timeouts import REMINDER, SUBSTITUTE

from .test_service import started
from .timer_helpers import Clock, timed


async def test_the_loop_sleeps_until_the_next_deadline(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) >= 3:
            raise _Stop

    timers.sleep = sleep  # a fake sleep that moves the clock
    timers.max_sleep = 10_000
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert slept[:2] == [600, 3000]
    assert [n.kind for n in notices] == [REMINDER, SUBSTITUTE]


class _Stop(Exception):
    pass


async def test_the_loop_outlives_a_failure(store: Store, clock: Clock) -> None:
    """An unexpected error in one round is logged; the loop sleeps and fires on."""
    svc, timers, notices = await timed(store, clock)
    slept: list[float] = []
    real_fire_due = timers.fire_due
    rounds = 0

    async def fire_due(now: float | None = None) -> list[Any]:
        nonlocal rounds
        rounds += 1
        if rounds == 1:
            raise RuntimeError("a bug")
        return await real_fire_due(now)

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) >= 2:
            raise _Stop

    timers.fire_due = fire_due  # type: ignore[method-assign]
    timers.sleep = sleep  # a fake sleep that moves the clock
    timers.max_sleep = 600  # what it sleeps after a failed round
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert rounds == 2 and slept == [600, 600]
    assert [n.kind for n in notices] == [REMINDER]
