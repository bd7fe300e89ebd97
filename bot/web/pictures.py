"""Images drawn once: a finished deal's pictures (and a member's chart) are drawn off
the event loop the first time they are asked for and kept, by key, for every later
visitor; two visitors asking at once wait for the same drawing."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")

#: the drawings kept by default (a member's chart: about 50 KB)
CAPACITY = 128


class Drawings(Generic[T]):
    """The last ``capacity`` drawings by key (least recently used dropped first)."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._kept: OrderedDict[Hashable, asyncio.Task[T]] = OrderedDict()
        self.drawn = 0  # drawings begun (a test's and a benchmark's count)

    async def get(self, key: Hashable, draw: Callable[[], T]) -> T:
        """The drawing of ``key``: kept, or ``draw()`` run in a thread now (blocking
        work) and kept. A visitor who leaves does not stop a drawing others may wait
        for; a drawing that failed is not kept (the next visitor tries again)."""
        task = self._kept.get(key)
        if task is None:
            task = asyncio.ensure_future(asyncio.to_thread(draw))
            task.add_done_callback(lambda done: self._forget_failed(key, done))
            self.drawn += 1
            self._kept[key] = task
            while len(self._kept) > self.capacity:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return await asyncio.shield(task)

    def _forget_failed(self, key: Hashable, task: asyncio.Task[T]) -> None:
        if (task.cancelled() or task.exception() is not None) and self._kept.get(key) is task:
            del self._kept[key]
