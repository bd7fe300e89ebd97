"""How many clicks the bot works on at once, and which waiting one comes next.

Under a burst beyond what the bot can do, every click taken up at once would share the
event loop with all the others. Each would take longer than Discord's 3 s, so none
would be answered, and members clicking again would make it worse. :class:`Admission`
works on ``limit`` clicks at a time. The others wait, the newest first: an old click is
the likeliest to come too late anyway, and serving the newest keeps the served ones
fast. A click still waiting when it would come too late leaves the queue; nothing is
done for it and nothing acknowledged, as with any click that came too late.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

#: clicks worked on at once: enough to keep the event loop and the image workers busy
#: while some wait for the store or Discord
DEFAULT_LIMIT = 16


class Admission:
    """``limit`` slots; waiters are served last come, first served."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        if limit < 1:
            raise ValueError("admission needs at least one slot")
        self.limit = limit
        self.busy = 0
        self._waiting: list[asyncio.Future[None]] = []  # a stack: the newest last
        self.waited = 0  # clicks that found every slot taken
        self.shed = 0  # clicks that gave up waiting

    @property
    def queued(self) -> int:
        return len(self._waiting)

    @contextlib.asynccontextmanager
    async def slot(self, patience: float) -> AsyncIterator[bool]:
        """Hold a slot while the block runs; yields False (and holds none) if none came
        within ``patience`` seconds."""
        if self.busy < self.limit:
            self.busy += 1
        else:
            self.waited += 1
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.append(turn)
            try:
                await asyncio.wait_for(asyncio.shield(turn), timeout=max(0.0, patience))
            except TimeoutError:
                if turn in self._waiting:
                    self._waiting.remove(turn)
                if not turn.done():
                    self.shed += 1
                    yield False
                    return
                # handed the slot just as the wait ran out: it is ours
            except asyncio.CancelledError:
                self._leave(turn)
                raise
        try:
            yield True
        finally:
            self._release()

    def _leave(self, turn: asyncio.Future[None]) -> None:
        """A waiter cancelled: out of the queue, and a slot handed to it passed on."""
        if turn in self._waiting:
            self._waiting.remove(turn)
        elif turn.done() and not turn.cancelled():
            self._release()

    def _release(self) -> None:
        """Hand the slot to the newest waiter, or free it."""
        while self._waiting:
            turn = self._waiting.pop()
            if not turn.done():
                turn.set_result(None)
                return
        self.busy -= 1
