"""The global pace: at most ``limit`` request starts in any ``window``, in order."""

from __future__ import annotations

import asyncio

import pytest

from bot.pacing import GlobalPace


class FakeTime:
    """A clock that moves only when someone sleeps."""

    def __init__(self) -> None:
        self.now = 100.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.now += seconds
        await asyncio.sleep(0)


async def test_starts_beyond_the_limit_wait_for_the_window_in_order() -> None:
    time = FakeTime()
    pace = GlobalPace(3, 1.0, clock=time.clock, sleep=time.sleep)
    started: list[tuple[int, float]] = []

    async def request(n: int) -> None:
        await pace.wait()
        started.append((n, time.now))

    await asyncio.gather(*(request(n) for n in range(7)))
    assert [n for n, _ in started] == list(range(7))  # first come, first served
    assert [at for _, at in started] == [100.0, 100.0, 100.0, 101.0, 101.0, 101.0, 102.0]
    assert pace.waited == 2  # the 4th and the 7th slept; the 5th and 6th queued behind
    # no window of one second ever held more than three starts
    times = [at for _, at in started]
    assert all(sum(1 for u in times if t <= u < t + 1.0) <= 3 for t in times)


async def test_a_quiet_pace_never_waits() -> None:
    time = FakeTime()
    pace = GlobalPace(2, 1.0, clock=time.clock, sleep=time.sleep)
    for _ in range(10):
        await pace.wait()
        time.now += 0.6  # 1.67 a second, under the limit
    assert pace.waited == 0 and time.now == pytest.approx(106.0)


def test_a_pace_needs_a_positive_limit() -> None:
    with pytest.raises(ValueError):
        GlobalPace(0)
