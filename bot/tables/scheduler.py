"""Durable deadlines, fired when due: a loop over the store's deadlines that calls back.

The loop (:meth:`Scheduler.run`) sleeps until the earliest stored deadline (by the
given clock), claims the due ones (marked fired in the same transaction, so each fires
once, also after a restart and with two loops racing) and hands each to ``on_due``.
A deadline whose handling the store refused (:class:`~bot.store.StoreUnavailable`) is
made pending again ``retry_after`` seconds later. Work that the store refused elsewhere
and nobody's click would redo (a table that could not settle or deal) is registered
with :meth:`Scheduler.retry_soon` and done before the next firing. A timeout claimed but
not handled before the bot stopped (the loop hands on a claimed batch one by one) is made
pending again when the table service resumes its table. Once an hour the loop deletes
the deadlines that fired more than :data:`KEEP_FIRED` seconds ago for turns that are
over (:meth:`~bot.store.deadlines.Deadlines.purge_fired`), so the table of deadlines
does not grow with every turn ever timed.

The scheduler knows nothing of tables: whoever arms deadlines does so in the store
(in the transaction of their own change) and calls :meth:`Scheduler.wake`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.store import Deadline, StoreError, StoreUnavailable
from bot.store.deadlines import Deadlines

log = logging.getLogger(__name__)

OnDue = Callable[[Deadline, float], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]

#: how long a fired deadline of a finished turn is kept (seconds) before it is purged
KEEP_FIRED = 24 * 3600.0
#: how often the loop purges them (seconds)
PURGE_EVERY = 3600.0


class Scheduler:
    """See the module docstring. ``clock`` gives Unix seconds; ``sleep`` waits (tests
    pass one that moves their clock instead)."""

    def __init__(self, deadlines: Deadlines, on_due: OnDue, *, clock: Callable[[], float],
                 sleep: Sleep = asyncio.sleep, max_sleep: float = 60.0,
                 retry_after: float = 60.0, keep_fired: float = KEEP_FIRED,
                 purge_every: float = PURGE_EVERY) -> None:
        self.deadlines = deadlines
        self.on_due = on_due
        self.clock = clock
        self.sleep = sleep
        self.max_sleep = max_sleep
        self.retry_after = retry_after
        self.keep_fired = keep_fired
        self.purge_every = purge_every
        self._purged_at: float | None = None
        self._unreleased: list[Deadline] = []
        self._retries: dict[int, Callable[[], Awaitable[None]]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        """A deadline may now be due earlier than the loop sleeps: look again."""
        self._wake.set()

    def retry_soon(self, key: int, call: Callable[[], Awaitable[None]]) -> None:
        """Run ``call`` before the next firing (and again while it raises StoreError);
        one call per ``key`` (a newer one replaces it)."""
        self._retries[key] = call
        self._wake.set()

    # -- firing ---------------------------------------------------------------------------
    async def fire_due(self, now: float | None = None) -> list[Deadline]:
        """Claim every due deadline and hand it on; returns those claimed."""
        at = self.clock() if now is None else now
        await self._run_retries()
        await self._release_all(at)
        claimed: list[Deadline] = []
        while True:
            batch = await self.deadlines.claim_due(now=at)
            if not batch:
                return claimed
            claimed.extend(batch)
            for deadline in batch:
                try:
                    await self.on_due(deadline, at)
                except StoreUnavailable:
                    # nothing was done (a handler writes all or nothing): fire it again
                    log.warning("deadline %d of table %d: the store refused; trying again"
                                " in %.0f s", deadline.deadline_id, deadline.table_id,
                                self.retry_after)
                    self._unreleased.append(deadline)
                    await self._release_all(at)
                except Exception:
                    log.exception("deadline %d of table %d failed", deadline.deadline_id,
                                  deadline.table_id)

    async def _run_retries(self) -> None:
        for key, call in list(self._retries.items()):
            try:
                await call()
            except StoreError:
                log.warning("work for table %d is refused by the store yet", key)
                return
            except Exception:
                log.exception("work for table %d failed", key)
            if self._retries.get(key) is call:
                del self._retries[key]

    async def _release_all(self, at: float) -> None:
        """Make deadlines whose firing failed pending again (kept in memory while the
        store refuses that too)."""
        while self._unreleased:
            deadline = self._unreleased[0]
            try:
                await self.deadlines.release(deadline, at + self.retry_after)
            except StoreError:
                log.warning("could not set deadline %d again yet", deadline.deadline_id)
                return
            self._unreleased.pop(0)

    async def purge_fired(self, now: float | None = None) -> int:
        """Delete the deadlines that fired over :attr:`keep_fired` seconds before ``now``
        for turns that are over; returns how many."""
        at = self.clock() if now is None else now
        self._purged_at = at
        return await self.deadlines.purge_fired(at - self.keep_fired)

    async def _purge_when_due(self) -> None:
        if self._purged_at is not None and self.clock() - self._purged_at < self.purge_every:
            return
        try:
            purged = await self.purge_fired()
        except StoreError:
            log.warning("could not purge fired deadlines; trying again in %.0f s",
                        self.purge_every)
            return
        if purged:
            log.info("purged %d fired deadlines", purged)

    # -- the loop -------------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="tapp-deadlines")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def run(self) -> None:
        """Fire due deadlines, then sleep until the next one (or until woken)."""
        while True:
            try:
                await self.fire_due()
                await self._purge_when_due()
                due = await self.deadlines.next_due()
            except StoreError:
                log.exception("the deadline loop could not read the deadlines")
                due = None
            except Exception:  # a bug: keep the loop (every table's timers) alive
                log.exception("the deadline loop failed; it carries on")
                due = None
            wait = self.max_sleep if due is None else max(0.0, due - self.clock())
            self._wake.clear()
            sleeper = asyncio.ensure_future(self.sleep(min(wait, self.max_sleep)))
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (sleeper, waker):
                    task.cancel()
            if sleeper.done() and not sleeper.cancelled() and sleeper.exception() is not None:
                raise sleeper.exception()  # type: ignore[misc]
