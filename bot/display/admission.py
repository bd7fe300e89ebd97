"""Which clicks the bot takes up (:class:`Gate`): not one that came too late to be
answered, and how many it works on at once, and which waiting one comes next
(:class:`Admission`).

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
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable

import discord

from bot.connection.clock_offset import ClockOffset

log = logging.getLogger(__name__)

#: clicks worked on at once: enough to keep the event loop and the image workers busy
#: while some wait for the store or Discord
DEFAULT_LIMIT = 16
#: an interaction this long after it reached the bot is not taken up: Discord allows
#: 3 s for the first answer, so its member is told it failed whatever the bot does;
#: nothing is done (so nothing is acknowledged), and a bot behind under a burst
#: catches up on what it can still answer instead of working for nobody
TOO_LATE = 2.5
#: an interaction made this long ago by Discord's clock (its id, corrected by the clock
#: offset; a RESUME replays clicks however old) was already shown as failed: not acted on
FAILED = 3.0


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


class Arrivals:
    """When each interaction reached the bot, by the monotonic clock: its age is measured
    from there, not from its id by the host's clock (which may run fast or slow)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, keep: int = 4096) -> None:
        self.clock = clock
        self.keep = keep
        self._seen: OrderedDict[int, float] = OrderedDict()

    def seen(self, interaction: discord.Interaction) -> float:
        """When ``interaction`` reached the bot (now, the first time it is asked)."""
        at = self._seen.get(interaction.id)
        if at is None:
            at = self._seen[interaction.id] = self.clock()
            while len(self._seen) > self.keep:
                self._seen.popitem(last=False)
        return at

    def age(self, interaction: discord.Interaction) -> float:
        return self.clock() - self.seen(interaction)


class Gate:
    """Whether to take up a click: by its age since it reached the bot (``arrivals``),
    by Discord's clock (``offset``), and an admission slot (``admission``)."""

    def __init__(self, offset: ClockOffset | None = None) -> None:
        #: Discord's clock, to read interactions' ages from their ids
        self.offset = offset or ClockOffset()
        #: when each interaction reached the bot (its age is measured from there)
        self.arrivals = Arrivals()
        #: how many clicks are worked on at once
        self.admission = Admission()
        self.dropped = 0  # interactions that came too late to be answered

    def age(self, interaction: discord.Interaction) -> float:
        """Seconds since ``interaction`` reached the bot (by the monotonic clock, so a
        host clock that runs fast or slow does not matter)."""
        return self.arrivals.age(interaction)

    def too_late(self, interaction: discord.Interaction) -> bool:
        """Too old to be answered in time (see :data:`TOO_LATE`), or already failed by
        Discord's clock (see :data:`FAILED`): leave it."""
        age = self.age(interaction)
        self.offset.interaction(interaction.id)
        made = self.offset.age(interaction.id)
        if age < TOO_LATE and made < FAILED:
            return False
        self.dropped += 1
        log.warning("interaction %d came %.1f s late (made %.1f s ago): not taken up",
                    interaction.id, age, made)
        return True

    @contextlib.asynccontextmanager
    async def admitted(self, interaction: discord.Interaction) -> AsyncIterator[bool]:
        """Whether to take ``interaction`` up: not if it came too late, nor if no
        admission slot came free before it would be; the slot is held while the block
        works on it."""
        if self.too_late(interaction):
            yield False
            return
        async with self.admission.slot(TOO_LATE - self.age(interaction)) as admitted:
            if not admitted:
                self.dropped += 1
                log.warning("interaction %d waited %.1f s for its turn: not taken up",
                            interaction.id, self.age(interaction))
            yield admitted
