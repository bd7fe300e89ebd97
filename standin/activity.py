"""Knowing when the bot has settled: requests in flight, gateway frames queued, changes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager, suppress


class Activity:
    """Counts work in progress and wakes waiters on every change."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.outbox = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._event = asyncio.Event()
        self.last_change = 0.0

    def _now(self) -> float:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop.time()

    def touch(self) -> None:
        """Something happened: restart the quiet period and wake waiters."""
        try:
            self.last_change = self._now()
        except RuntimeError:  # no running loop (set-up code outside async tests)
            return
        self._event.set()
        self._event = asyncio.Event()

    @contextmanager
    def request(self) -> Iterator[None]:
        self.in_flight += 1
        self.touch()
        try:
            yield
        finally:
            self.in_flight -= 1
            self.touch()

    async def wait_change(self, timeout: float) -> None:
        """Return after the next change, or after ``timeout`` seconds."""
        event = self._event
        with suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    def idle_for(self) -> float:
        return self._now() - self.last_change
