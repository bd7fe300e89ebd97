"""Keeping the bot under Discord's global rate limit instead of running into it.

Discord allows a bot 50 requests a second with its token, whatever the route; the
interaction endpoints (answers, follow-ups, edits of an answer) are not counted
(https://discord.com/developers/docs/topics/rate-limits#global-rate-limit). discord.py
learns of the global limit only from a 429, after which it pauses every request; a busy
bot would run into it again and again, and each 429 counts towards Discord's limit of
invalid requests (10,000 in 10 minutes earns a temporary ban).

:class:`GlobalPace` lets at most ``limit`` requests start in any ``window`` seconds, in
the order they asked. It wraps the client's ``HTTPClient.request``, through which every
token request goes and no interaction answer does. Waiting costs a table nothing: its
display shows only its newest state, so updates that queue up are folded into one.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

#: requests a second by default: Discord's 50, less a margin for clock differences
DEFAULT_RATE = 45


class GlobalPace:
    """At most ``limit`` starts in any ``window`` seconds (a sliding window), first come
    first served. ``clock`` and ``sleep`` are for tests."""

    def __init__(self, limit: int, window: float = 1.0, *,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("a pace needs a positive limit and window")
        self.limit = limit
        self.window = window
        self._clock = clock
        self._sleep = sleep
        self._starts: deque[float] = deque()
        self._turn = asyncio.Lock()
        self.waited = 0  # requests that found the window full and slept

    async def wait(self) -> None:
        """Return when one more request may start."""
        async with self._turn:
            now = self._forget_before(self._clock())
            if len(self._starts) >= self.limit:
                self.waited += 1
                while len(self._starts) >= self.limit:
                    await self._sleep(self._starts[0] + self.window - now)
                    now = self._forget_before(self._clock())
            self._starts.append(now)

    def _forget_before(self, now: float) -> float:
        """Drop the starts that left the window ending at ``now``; returns ``now``."""
        while self._starts and self._starts[0] + self.window <= now:
            self._starts.popleft()
        return now


def pace_requests(http: discord.http.HTTPClient, pace: GlobalPace) -> None:
    """Make every request of ``http`` wait for ``pace`` first."""
    request = http.request

    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        await pace.wait()
        return await request(route, **kwargs)

    http.request = paced  # type: ignore[method-assign]
