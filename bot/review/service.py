"""Reviews for the bot: which deal and seat, one review per member at a time, and the
strong player's work off the event loop.

The search is CPU-bound pure Python, so it runs in a worker **process** of the
review's own pool (one worker, at a lower priority than the bot): a review never holds
up the event loop, nor takes the computer players' workers (:mod:`bot.ai.runner`),
whose decisions have a deadline. The moments are judged one job at a time, so the
caller hears after each (``progress``) and a review waiting behind another is simply
queued.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.ai.judge import Judgement
from bot.i18n.errors import LocalizedError
from bot.store import ClaimStatus, DealRow, DealStatus, NotFound, Store

from .core import DealReview, Reviewed, judge_moment, review_player
from .moments import Moment, moments

#: how much lower than the bot's the review worker's CPU priority is (``nice``)
NICENESS = 10


class ReviewRefused(LocalizedError):
    """A review that cannot be made (the key says why)."""

    key = "review.error.no_deal"


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """A settled deal and the seat of the member who asked."""

    deal_id: int
    table_id: int
    number: int  # the deal's number at its table (0, 1, ...)
    variant: str
    seat: int
    record: dict[str, Any]
    skip: frozenset[int]  # plies a computer took for the seat
    until: int | None  # the ply a claim ended the decisions at
    names: tuple[str, ...]


Progress = Callable[[int, int], Awaitable[None]]


def _lower_priority() -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)


def _moments(job: ReviewJob) -> list[Moment]:
    return moments(job.record, job.seat, skip=job.skip, until=job.until)


class ReviewService:
    """See the module docstring. ``executor``: where the search runs (default: a pool of
    one worker process, made on first use)."""

    def __init__(self, store: Store,
                 executor: concurrent.futures.Executor | None = None) -> None:
        self.store = store
        self._executor = executor
        self._own = executor is None
        self._running: set[int] = set()

    def executor(self) -> concurrent.futures.Executor:
        if self._executor is None:
            ctx = multiprocessing.get_context("spawn")
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=ctx, initializer=_lower_priority)
        return self._executor

    def close(self) -> None:
        if self._own and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def busy(self, user_id: int) -> bool:
        return user_id in self._running

    @contextlib.asynccontextmanager
    async def slot(self, user_id: int) -> AsyncIterator[None]:
        """The member's one review at a time: refused while another of theirs runs."""
        if user_id in self._running:
            raise ReviewRefused("review.error.running")
        self._running.add(user_id)
        try:
            yield
        finally:
            self._running.discard(user_id)

    async def job(self, guild_id: int | None, user_id: int, *, deal_id: int | None = None,
                  table_id: int | None = None, number: int | None = None) -> ReviewJob:
        """The deal (by id, or by table and number) and the member's seat in it; refused
        for a deal of another server, one not settled, and a member who did not play it."""
        store = self.store
        row: DealRow | None
        try:
            if deal_id is not None:
                row = await store.deals.get(deal_id)
            else:
                assert table_id is not None and number is not None
                row = next((d for d in await store.deals.for_table(table_id)
                            if d.number == number), None)
        except NotFound:
            row = None
        if row is None or row.guild_id != guild_id or row.status is not DealStatus.SETTLED:
            raise ReviewRefused()
        ledger = await store.ledger.for_deal(row.deal_id)
        seats = {r.seat: r for r in ledger if r.seat is not None}
        seat = next((s for s, r in seats.items() if r.user_id == user_id), None)
        if seat is None:
            raise ReviewRefused("review.error.not_player")
        actions = await store.deals.actions(row.deal_id)
        skip = frozenset(a.ply for a in actions if a.auto and a.seat == seat)
        ended = [c.ply for c in await store.claims.for_deal(row.deal_id)
                 if c.status in (ClaimStatus.ACCEPTED, ClaimStatus.PROVEN)]
        record = await store.deals.record(row.deal_id)
        names = tuple(seats[s].display_name or "" if s in seats else ""
                      for s in range(len(record.get("hands") or ())))
        return ReviewJob(row.deal_id, row.table_id, row.number, row.variant, seat, record,
                         skip, min(ended) if ended else None, names)

    async def run(self, job: ReviewJob, progress: Progress | None = None) -> DealReview:
        """Judge each of the member's moments in the worker; ``progress(done, total)``
        before the first and after each."""
        loop = asyncio.get_running_loop()
        pool = self.executor()
        found = await loop.run_in_executor(pool, _moments, job)
        player = review_player()
        if progress is not None:
            await progress(0, len(found))
        items = []
        for i, moment in enumerate(found):
            judgement: Judgement = await loop.run_in_executor(pool, judge_moment, player,
                                                              moment)
            items.append(Reviewed(moment, judgement))
            if progress is not None:
                await progress(i + 1, len(found))
        return DealReview(job.seat, tuple(items))


__all__ = ["ReviewJob", "ReviewRefused", "ReviewService"]
