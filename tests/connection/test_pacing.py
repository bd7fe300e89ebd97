"""The global pace: ``limit`` slots, each given back ``window`` seconds after its
request ended, so no window at Discord's end sees more than ``limit`` requests."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Callable

import discord
import pytest

from bot.config import DEFAULT_RATE, Settings, share
from bot.connection.client import TappBot
from bot.connection.pacing import GlobalPace, api_base


class FakeTime:
    """Timers that fire only when the test moves the time on."""

    def __init__(self) -> None:
        self.now = 0.0
        self._timers: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()

    def hold(self, delay: float, release: Callable[[], None]) -> None:
        heapq.heappush(self._timers, (self.now + delay, next(self._order), release))

    async def run_until(self, moment: float) -> None:
        """Fire the timers due by ``moment`` in order, letting waiters run after each."""
        await settle()
        while self._timers and self._timers[0][0] <= moment:
            due, _, release = heapq.heappop(self._timers)
            self.now = due
            release()
            await settle()
        self.now = moment


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_requests_beyond_the_limit_wait_for_a_slot_in_order() -> None:
    time = FakeTime()
    pace = GlobalPace(3, 1.0, hold=time.hold)
    started: list[tuple[int, float]] = []

    async def request(n: int) -> None:
        async with pace.slot():
            started.append((n, time.now))
            await asyncio.sleep(0)

    tasks = [asyncio.create_task(request(n)) for n in range(7)]
    await time.run_until(5.0)
    await asyncio.gather(*tasks)
    assert [n for n, _ in started] == list(range(7))  # first come, first served
    assert [at for _, at in started] == [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0]
    assert pace.waited == 4
    times = [at for _, at in started]
    assert all(sum(1 for u in times if t <= u < t + 1.0) <= 3 for t in times)


async def test_a_slot_is_held_until_a_window_after_the_request_ended() -> None:
    """A slow request (or one that reached Discord late) keeps its slot longer."""
    time = FakeTime()
    pace = GlobalPace(1, 1.0, hold=time.hold)
    finish = asyncio.Event()
    order: list[str] = []

    async def slow() -> None:
        async with pace.slot():
            order.append(f"slow at {time.now}")
            await finish.wait()

    async def next_one() -> None:
        async with pace.slot():
            order.append(f"next at {time.now}")

    tasks = [asyncio.create_task(slow()), asyncio.create_task(next_one())]
    await time.run_until(3.0)
    assert order == ["slow at 0.0"]  # still waiting: the slow one has not ended
    finish.set()
    await time.run_until(3.5)  # it ended at 3.0; its slot comes back at 4.0
    assert order == ["slow at 0.0"]
    await time.run_until(4.0)
    await asyncio.gather(*tasks)
    assert order == ["slow at 0.0", "next at 4.0"] and pace.waited == 1


async def test_a_quiet_bot_never_waits() -> None:
    time = FakeTime()
    pace = GlobalPace(2, 1.0, hold=time.hold)
    for step in range(10):
        async with pace.slot():
            pass
        await time.run_until(0.6 * (step + 1))  # 1.67 a second, under the limit
    assert pace.waited == 0


def test_a_pace_needs_a_positive_limit() -> None:
    with pytest.raises(ValueError):
        GlobalPace(0)


def test_each_process_paces_itself_to_its_share_of_the_global_rate() -> None:
    assert share(45, 1) == 45 and share(45, 2) == 22 and share(45, 3) == 15
    assert share(45, 2) * 2 <= 45  # together never over the limit
    assert share(3, 8) == 1  # at least one a second each
    assert share(0, 2) == 0  # unpaced stays unpaced
    assert Settings(token="t", process_count=2).pace_rate == 22
    # behind a shared proxy the proxy holds the sum: each process may use the whole rate
    assert Settings(token="t", process_count=2,
                    api_base="http://nirn:8080/api/v10").pace_rate == DEFAULT_RATE


async def test_a_bot_of_two_processes_paces_at_half_and_says_so(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.connection.client")
    async with TappBot(Settings(token="t", process_count=2, global_rate=40)) as bot:
        assert bot.pace is not None and (bot.pace.limit, bot.pace.window) == (20, 1.0)
    [line] = [r.getMessage() for r in caplog.records if "paced" in r.getMessage()]
    assert line == ("token requests paced at 20 a second: this process's share of 40 "
                    "(TAPP_GLOBAL_RATE) among 2 processes (TAPP_PROCESS_COUNT)")
    caplog.clear()
    async with TappBot(Settings(token="t", process_count=2, global_rate=40,
                                api_base="http://nirn:8080/api/v10")) as bot:
        assert bot.pace is not None and bot.pace.limit == 40
    [line] = [r.getMessage() for r in caplog.records if "paced" in r.getMessage()]
    assert line == ("token requests go through the rate-limit proxy at http://nirn:8080/api/v10"
                    ", which keeps the global limit for every process; this one paced at 40 "
                    "a second")


def test_the_api_base_is_discord_pys_route_base_while_the_bot_runs() -> None:
    default = discord.http.Route.BASE
    assert default.endswith("/api/v10")  # what TAPP_API_BASE must end with
    with api_base("http://127.0.0.1:8080/api/v10"):
        route = discord.http.Route("GET", "/users/@me")
        assert route.url == "http://127.0.0.1:8080/api/v10/users/@me"
    assert default == discord.http.Route.BASE
    with api_base(None):
        assert default == discord.http.Route.BASE
