"""The timers' loop: it sleeps until the next deadline, and outlives a failed round."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import Store
from bot.tables.scheduler import Scheduler
from bot.tables.timeouts import REMINDER, SUBSTITUTE

from .test_service import started
from .timer_helpers import START, Clock, timed


async def test_the_loop_sleeps_until_the_next_deadline(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    slept = fake_sleep(timers, clock, rounds=3)
    timers.max_sleep = 10_000
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert slept[:2] == [600, 3000]
    assert [n.kind for n in notices] == [REMINDER, SUBSTITUTE]


class _Stop(Exception):
    pass


def fake_sleep(timers: Scheduler, clock: Clock, rounds: int) -> list[float]:
    """Give the loop a sleep that moves the clock instead and stops it after ``rounds``
    sleeps; the list it returns fills with the seconds slept."""
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) >= rounds:
            raise _Stop

    timers.sleep = sleep
    return slept



async def test_the_loop_outlives_a_failure(store: Store, clock: Clock) -> None:
    """An unexpected error in one round is logged; the loop sleeps and fires on."""
    svc, timers, notices = await timed(store, clock)
    slept = fake_sleep(timers, clock, rounds=2)
    real_fire_due = timers.fire_due
    rounds = 0

    async def fire_due(now: float | None = None) -> list[Any]:
        nonlocal rounds
        rounds += 1
        if rounds == 1:
            raise RuntimeError("a bug")
        return await real_fire_due(now)

    timers.fire_due = fire_due  # type: ignore[method-assign]
    timers.max_sleep = 600  # what it sleeps after a failed round
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert rounds == 2 and slept == [600, 600]
    assert [n.kind for n in notices] == [REMINDER]


async def test_the_loop_purges_the_fired_deadlines_of_finished_turns(store: Store,
                                                                    clock: Clock) -> None:
    """The reminder fired at 600 s, its turn over once the substitute acted at 3600 s:
    the loop deletes it; the timeout that fired just now is kept (``keep_fired``)."""
    svc, timers, notices = await timed(store, clock)
    slept = fake_sleep(timers, clock, rounds=3)
    timers.max_sleep = 10_000
    timers.purge_every, timers.keep_fired = 0, 1000  # every round, what fired 1000 s ago
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert slept[:2] == [600, 3000]
    assert [n.kind for n in notices] == [REMINDER, SUBSTITUTE]

    def fired(conn: Any) -> list[tuple[str, float]]:
        return [(r[0], r[1]) for r in conn.execute(
            "SELECT kind, fired_at FROM deadlines WHERE status = 'fired'")]

    assert await store.db.read(fired) == [("timeout", START + 3600)]


async def test_the_loop_purges_once_an_hour_what_fired_a_day_before(store: Store,
                                                                    clock: Clock) -> None:
    _, timers, _ = await timed(store, clock)
    asked: list[tuple[float, float]] = []  # (when, fired before)
    real = store.deadlines.purge_fired

    async def purge_fired(before: float) -> int:
        asked.append((clock() - START, before))
        return await real(before)

    async def sleep(seconds: float) -> None:
        clock.advance(seconds)
        if clock() - START >= 8000:
            raise _Stop

    store.deadlines.purge_fired = purge_fired  # type: ignore[method-assign]
    timers.sleep = sleep
    timers.max_sleep = 600  # nothing due: the loop wakes every 600 s
    with pytest.raises(_Stop):
        await timers.run()
    assert [when for when, _ in asked] == [0, 3600, 7200]
    assert all(before == START + when - 24 * 3600 for when, before in asked)
