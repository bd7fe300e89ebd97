"""Durable turn timers: a reminder ping and a turn timeout for the member to act.

On every turn change the service asks :meth:`TableTimers.arm` to store a reminder and a
timeout for the member on turn (from the table's effective settings); an action cancels
them by arming the next turn. The loop (:meth:`TableTimers.run`) sleeps until the
earliest stored deadline (by the service's clock), claims the due ones (marked fired in
the same transaction, so each fires once, also after a restart) and hands each to the
service, which ignores a deadline whose deal or ply has moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store import (
    Deadline,
    DeadlineKind,
    DeadlineSpec,
    StoreError,
    StoreUnavailable,
    TableStatus,
)

if TYPE_CHECKING:
    from .live import LiveTable
    from .service import TableService

log = logging.getLogger(__name__)

REMINDER = "reminder"  # the member to act is pinged
SUBSTITUTE = "substitute"  # a computer acted for the absent member (marked auto)
ABANDONED = "abandoned"  # the deal was abandoned, no chips moved


@dataclass(frozen=True, slots=True)
class TimerNotice:
    """Something a timer did, for the channel of the table."""

    kind: str
    table_id: int
    location_id: int
    seat: int
    user_id: int | None
    name: str
    language: str | None
    seconds_left: int = 0  # reminders: until the turn times out (0: no timeout)
    action: str = ""  # substitutes: the action's token (may name hidden cards: see
    # bot.tables.display.notice_text for what the channel is told)
    variant: str = ""
    style: str = "french"


Notify = Callable[[TimerNotice], Awaitable[None] | None]


def turn_key(live: LiveTable) -> tuple[int, int, int] | None:
    """(deal id, ply, seat) of the member on turn, or None if no member is to act."""
    deal = live.deal
    if (live.status is not TableStatus.PLAYING or deal is None or deal.is_over
            or live.deal_id is None):
        return None
    actor = deal.public_view().actor
    if actor is None or actor not in live.seats or live.computer_plays(actor):
        return None
    return live.deal_id, deal.ply, actor


class TableTimers:
    """Arms, stores and fires the turn timers of one service's tables."""

    def __init__(self, service: TableService, *, notify: Notify | None = None,
                 sleep: Callable[[float], Awaitable[None]] | None = None,
                 max_sleep: float = 60.0, retry_after: float = 60.0) -> None:
        self.service = service
        self.notify = notify
        self._sleep = sleep or asyncio.sleep
        self.max_sleep = max_sleep
        #: a deadline whose firing the store refused (locked, full) fires again this much
        #: later (by the service's clock)
        self.retry_after = retry_after
        self._unreleased: list[Deadline] = []
        self._rearm: dict[int, LiveTable] = {}  # tables whose arming the store refused
        self._stalled: dict[int, LiveTable] = {}  # tables that could not move on
        self._armed: dict[int, tuple[int, int, int] | None] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        service.timers = self

    @property
    def clock(self) -> Callable[[], float]:
        return self.service.config.clock

    # -- arming ---------------------------------------------------------------------------
    async def arm(self, live: LiveTable) -> None:
        """Store the deadlines of the turn now (under the table's lock); idempotent. If
        the store refuses, the table is armed again before the next firing."""
        try:
            await self._arm(live)
        except StoreError:
            self._rearm[live.table_id] = live
            raise
        self._rearm.pop(live.table_id, None)

    async def _arm(self, live: LiveTable) -> None:
        key = turn_key(live)
        deadlines = self.service.store.deadlines
        if live.table_id in self._armed:
            if self._armed[live.table_id] == key:
                return
        # first sight (a restart): a turn armed before keeps its deadlines, pending or
        # fired (a reminder that fired must not ping again)
        elif key is not None and await deadlines.for_turn(live.table_id, *key):
            self._armed[live.table_id] = key
            return
        if key is None:
            if live.status.is_open:
                await deadlines.cancel(live.table_id)
            self._armed[live.table_id] = None
            return
        deal_id, ply, seat = key
        settings = await self.service.store.settings.for_table(live.table_id)
        now = self.clock()
        specs = [DeadlineSpec(kind, now + delay, seat)
                 for kind, delay in ((DeadlineKind.REMINDER, settings.reminder_delay),
                                     (DeadlineKind.TIMEOUT, settings.turn_timeout))
                 if delay and (kind is DeadlineKind.TIMEOUT or not settings.turn_timeout
                               or delay < settings.turn_timeout)]
        # one transaction: the last turn's deadlines go as this turn's come (a turn is
        # never left with a reminder and no timeout, nor the last turn's timeout)
        await deadlines.arm(live.table_id, specs, deal_id=deal_id, ply=ply)
        self._armed[live.table_id] = key
        self._wake.set()

    def forget(self, table_id: int) -> None:
        self._armed.pop(table_id, None)
        self._rearm.pop(table_id, None)
        self._stalled.pop(table_id, None)

    def carry_on_later(self, live: LiveTable) -> None:
        """The table could not settle or deal (the store refused): try again before the
        next firing, as nobody may click to make it carry on."""
        self._stalled[live.table_id] = live
        self._wake.set()

    async def _carry_on_all(self) -> None:
        for live in list(self._stalled.values()):
            try:
                await self.service.carry_on(live)
            except StoreError:
                log.warning("table %d cannot move on yet", live.table_id)
                return
            except Exception:
                log.exception("table %d cannot move on", live.table_id)
            if self._stalled.get(live.table_id) is live:
                del self._stalled[live.table_id]

    async def _rearm_all(self) -> None:
        """Arm the tables whose arming the store refused (each under its lock)."""
        for live in list(self._rearm.values()):
            async with live.lock:
                if self._rearm.get(live.table_id) is not live:
                    continue  # armed meanwhile (or forgotten)
                try:
                    await self.arm(live)
                except StoreError:
                    log.warning("could not set the timers of table %d yet", live.table_id)
                    return
                except Exception:
                    log.exception("could not set the timers of table %d", live.table_id)
                    self._rearm.pop(live.table_id, None)

    # -- firing ---------------------------------------------------------------------------
    async def fire_due(self, now: float | None = None) -> list[Deadline]:
        """Claim every due deadline and act on it; returns those claimed."""
        at = self.clock() if now is None else now
        await self._carry_on_all()
        await self._rearm_all()
        await self._release_all(at)
        claimed: list[Deadline] = []
        while True:
            batch = await self.service.store.deadlines.claim_due(now=at)
            if not batch:
                return claimed
            claimed.extend(batch)
            for deadline in batch:
                try:
                    notice = await self.service.deadline_due(deadline, now=at)
                except StoreUnavailable:
                    # nothing was done (the service writes all or nothing): fire it again
                    log.warning("deadline %d of table %d: the store refused; trying again"
                                " in %.0f s", deadline.deadline_id, deadline.table_id,
                                self.retry_after)
                    self._unreleased.append(deadline)
                    await self._release_all(at)
                    continue
                except Exception:
                    log.exception("deadline %d of table %d failed", deadline.deadline_id,
                                  deadline.table_id)
                    continue
                if notice is not None:
                    await self._notify(notice)

    async def _release_all(self, at: float) -> None:
        """Make deadlines whose firing failed pending again (kept in memory while the
        store refuses that too)."""
        while self._unreleased:
            deadline = self._unreleased[0]
            try:
                await self.service.store.deadlines.release(deadline, at + self.retry_after)
            except StoreError:
                log.warning("could not set deadline %d again yet", deadline.deadline_id)
                return
            self._unreleased.pop(0)

    async def _notify(self, notice: TimerNotice) -> None:
        if self.notify is None:
            return
        try:
            result = self.notify(notice)
            if inspect.isawaitable(result):
                await result
        except Exception:
            log.exception("could not post a %s of table %d", notice.kind, notice.table_id)

    # -- the loop -------------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="tapp-timers")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def run(self) -> None:
        """Fire due deadlines, then sleep until the next one (or a new one is armed)."""
        while True:
            try:
                await self.fire_due()
                due = await self.service.store.deadlines.next_due()
            except StoreError:
                log.exception("the timer loop could not read the deadlines")
                due = None
            except Exception:  # a bug: keep the loop (every table's timers) alive
                log.exception("the timer loop failed; it carries on")
                due = None
            wait = self.max_sleep if due is None else max(0.0, due - self.clock())
            self._wake.clear()
            sleeper = asyncio.ensure_future(self._sleep(min(wait, self.max_sleep)))
            waker = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (sleeper, waker):
                    task.cancel()
            if sleeper.done() and not sleeper.cancelled() and sleeper.exception() is not None:
                raise sleeper.exception()  # type: ignore[misc]
