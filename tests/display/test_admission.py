"""Admission: ``limit`` clicks worked on at once; the newest waiting one goes next; one
that waits past its patience is left (nothing done for it)."""

from __future__ import annotations

import asyncio

import pytest

from bot.display.admission import Admission


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


async def test_beyond_the_limit_clicks_wait_and_the_newest_goes_first() -> None:
    admission = Admission(2)
    release = {n: asyncio.Event() for n in range(5)}
    order: list[int] = []

    async def click(n: int) -> None:
        async with admission.slot(patience=60) as admitted:
            assert admitted
            order.append(n)
            await release[n].wait()

    tasks = []
    for n in range(5):
        tasks.append(asyncio.create_task(click(n)))
        await settle()
    assert order == [0, 1] and admission.busy == 2 and admission.queued == 3
    release[0].set()
    await settle()
    assert order == [0, 1, 4]  # the newest waiting, not the oldest
    release[1].set()
    release[4].set()
    await settle()
    assert order == [0, 1, 4, 3, 2]
    release[3].set()
    release[2].set()
    await asyncio.gather(*tasks)
    assert admission.busy == 0 and admission.queued == 0
    assert (admission.waited, admission.shed) == (3, 0)


async def test_a_click_that_waits_past_its_patience_is_left() -> None:
    admission = Admission(1)
    hold = asyncio.Event()

    async def first() -> None:
        async with admission.slot(patience=60) as admitted:
            assert admitted
            await hold.wait()

    task = asyncio.create_task(first())
    await settle()
    async with admission.slot(patience=0.01) as admitted:
        assert not admitted  # no slot came: nothing is done for it
    assert admission.busy == 1 and admission.queued == 0 and admission.shed == 1
    hold.set()
    await task
    assert admission.busy == 0
    async with admission.slot(patience=0) as admitted:  # a free slot needs no patience
        assert admitted


async def test_a_cancelled_waiter_leaves_and_its_slot_passes_on() -> None:
    admission = Admission(1)
    hold, seen = asyncio.Event(), []

    async def click(n: int) -> None:
        async with admission.slot(patience=60) as admitted:
            assert admitted
            seen.append(n)
            await hold.wait()

    tasks = [asyncio.create_task(click(n)) for n in range(3)]
    await settle()
    tasks[2].cancel()  # the newest waiter gives up
    await settle()
    assert admission.queued == 1
    hold.set()
    await asyncio.gather(tasks[0], tasks[1])
    with pytest.raises(asyncio.CancelledError):
        await tasks[2]
    assert seen == [0, 1] and admission.busy == 0


def test_admission_needs_a_slot() -> None:
    with pytest.raises(ValueError):
        Admission(0)
