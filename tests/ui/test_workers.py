"""The image workers' pipes (bot.ui.workers): each answer goes to its own job, a job
given up still occupies its worker until it answers, errors come back as errors, and
workers that keep dying stop being replaced."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable

import pytest

from bot.ui.workers import Worker, WorkerDied, Workers


def warm() -> float:
    return 0.0


def echo(data: bytes) -> bytes:
    """Answers with the job's bytes, after a pause the job names (ms)."""
    time.sleep(int(data.split(b":")[0]) / 1000)
    return data


def fail(data: bytes) -> bytes:
    raise ValueError(f"cannot draw {data!r}")


def unpicklable(data: bytes) -> object:
    return lambda: data  # a result that cannot be pickled


def die(data: bytes) -> bytes:
    os._exit(3)


async def test_each_job_gets_its_own_answer_even_after_one_was_given_up() -> None:
    workers = Workers(1, echo, warm)
    try:
        assert await workers.start() == 0.0
        [pid] = workers.pids()
        slow = asyncio.create_task(workers.run(b"300:slow"))
        await asyncio.sleep(0.05)
        slow.cancel()  # its waiter gives up; the worker is still drawing it
        with pytest.raises(asyncio.CancelledError):
            await slow
        started = time.monotonic()
        assert await workers.run(b"0:next") == b"0:next"  # not the slow job's answer
        assert time.monotonic() - started > 0.1  # it waited for the worker to finish
        assert await asyncio.gather(*(workers.run(b"%d:job %d" % (i, i)) for i in range(5))) \
            == [b"%d:job %d" % (i, i) for i in range(5)]
        assert workers.pids() == [pid] and pid != os.getpid()
    finally:
        workers.close()


@pytest.mark.parametrize(("job", "error", "says"), [
    (fail, ValueError, "cannot draw"),  # the job's own error
    (unpicklable, RuntimeError, "function"),  # an answer that cannot cross the pipe
])
async def test_an_error_comes_back_and_the_worker_carries_on(
        job: Callable[[bytes], object], error: type[Exception], says: str) -> None:
    workers = Workers(1, job, warm)
    try:
        for _ in range(2):
            with pytest.raises(error, match=says):
                await workers.run(b"x")
        assert len(workers.pids()) == 1 and workers.deaths == 0
    finally:
        workers.close()


async def test_workers_that_keep_dying_are_given_up() -> None:
    workers = Workers(1, die, warm)
    try:
        for _ in range(2):  # each death is replaced...
            with pytest.raises(WorkerDied):
                await workers.run(b"x")
        assert not workers.broken and len(workers.workers) == 1
        with pytest.raises(WorkerDied):
            await workers.run(b"x")
        assert workers.broken and workers.workers == []  # ...up to 2 in a row per worker
        with pytest.raises(WorkerDied):
            await asyncio.wait_for(workers.run(b"x"), 5)  # at once, not waiting forever
    finally:
        workers.close()


async def test_a_job_waiting_for_a_worker_fails_when_they_close() -> None:
    workers = Workers(1, echo, warm)
    try:
        busy = asyncio.create_task(workers.run(b"300:busy"))
        waiting = [asyncio.create_task(workers.run(b"0:waits")) for _ in range(2)]
        await asyncio.sleep(0.1)
        assert not any(task.done() for task in waiting)
    finally:
        workers.close()
    for task in waiting:
        with pytest.raises(WorkerDied):
            await asyncio.wait_for(task, 5)
    with pytest.raises((WorkerDied, asyncio.CancelledError)):
        await busy


def slow_warm() -> float:
    time.sleep(0.3)
    return 0.3


async def test_a_worker_closed_while_warming_up_ends_quietly(
        capfd: pytest.CaptureFixture[str]) -> None:
    """The bot closing the workers at once (a start cut short) is no error in them."""
    worker = Worker(echo, slow_warm, lambda _: None)
    worker.close()  # before its warm-up answer: it finds the pipe closed when it speaks
    await asyncio.to_thread(worker.process.join, 10)
    assert worker.process.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="Linux's scheduling policies")
async def test_a_worker_does_not_take_the_cpu_from_the_bot_that_wakes_it() -> None:
    """Workers are batch processes: a job written to a worker's pipe does not stop the
    bot's event loop on the spot while the woken worker runs (the loop's write of a
    few hundred bytes took milliseconds under load when it did)."""
    workers = Workers(2, echo, warm)
    try:
        await workers.start()
        assert await workers.run(b"0:job") == b"0:job"
        for pid in workers.pids():
            assert os.sched_getscheduler(pid) == os.SCHED_BATCH
        assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the bot itself is not
    finally:
        workers.close()
