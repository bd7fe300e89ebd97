"""The image worker processes, each on a pipe the event loop watches itself.

Why not ``concurrent.futures.ProcessPoolExecutor``: its round trip passes through two
threads of the bot's process (the executor's manager and the call queue's feeder), and
each must win the GIL from the busy event loop on the way out and back. Measured under
``python -m bot bench load`` (200 tables, 40 turns/s): a hand image whose drawing took
2.4 ms in the worker came back after 5.2 ms (median). Here the event loop writes the
pickled spec to the worker's pipe and is woken by the pipe when the answer is there: no
thread of ours in between.

A worker is a spawned process (card sprites drawn and fonts loaded first: ``warm``)
serving one job at a time: the spec's bytes in, ``(True, image)`` or ``(False, error)``
pickled out. A job whose waiter gives up (cancelled) still finishes, and the worker is
used again only after its answer is read. A worker that dies fails its job with
:class:`WorkerDied` and is replaced; it also ends by itself within a second of the bot's
process dying.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)


class WorkerDied(RuntimeError):
    """The worker drawing an image died (killed, crashed) before answering."""


def _exit_with(parent: int) -> None:
    """In a worker: end when the bot's process is gone (killed, crashed), instead of
    living on as an orphan."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="tapp-orphan-guard", daemon=True).start()


def serve(conn: Connection, parent: int, job: Callable[[bytes], Any],
          warm: Callable[[], float]) -> None:
    """A worker's life: warm up, say so (the CPU seconds it took), then answer every job
    until the pipe closes (also while it speaks: the bot closed its end, no error)."""
    _exit_with(parent)
    _yield_on_wakeup()
    if not _say(conn, pickle.dumps(warm())):
        return
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, job(data))
        except Exception as error:  # the bot's to raise; the worker carries on
            answer = (False, error)
        try:
            out = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an error (or result) that cannot cross as it is
            out = pickle.dumps((False, RuntimeError(f"{answer[1]!r} ({error})")))
        if not _say(conn, out):
            return


def _yield_on_wakeup() -> None:
    """In a worker: do not take the CPU from the process that wakes it (Linux's
    ``SCHED_BATCH``; nothing where the system has no such policy).

    Each job is written to the worker's pipe by the bot's event loop; an idle worker
    woken by that write used to preempt the loop on the spot, so the write of a few
    hundred bytes took 2.3 ms at the 90th percentile and 3.9 at the 99th under
    ``bench load`` (2 cores), stalling every answer under way. A batch process still
    gets its fair share of the CPU, but waits for the running one's turn to end."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


def _say(conn: Connection, data: bytes) -> bool:
    """Send ``data`` to the bot; False if the bot's end is closed."""
    try:
        conn.send_bytes(data)
    except OSError:  # BrokenPipeError: the bot closed the workers (or is gone)
        return False
    return True


class Worker:
    """One worker process and the bot's end of its pipe; ``free(worker)`` is called each
    time it answers (idle again) and when it dies."""

    def __init__(self, job: Callable[[bytes], Any], warm: Callable[[], float],
                 free: Callable[[Worker], None]) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=serve, args=(theirs, os.getpid(), job, warm), name="tapp-image",
            daemon=True)
        self.process.start()
        theirs.close()
        self.free = free
        self.loop = asyncio.get_running_loop()
        #: the answer awaited: warming up first, then each job's
        self.pending: asyncio.Future[Any] = self.loop.create_future()
        self.dead = False
        self.warming = True
        self.jobs = 0  # jobs answered
        self.loop.add_reader(self.conn.fileno(), self._readable)

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def _readable(self) -> None:
        try:
            answer = pickle.loads(self.conn.recv_bytes())
        except (EOFError, OSError):
            self._died()
            return
        if self.warming:
            self.warming = False
        else:
            self.jobs += 1
        if not self.pending.done():
            self.pending.set_result(answer)
        self.free(self)

    def _died(self) -> None:
        self._hang_up()
        if not self.pending.done():
            self.pending.set_exception(WorkerDied(f"image worker {self.pid} died"))
            self.pending.exception()  # (retrieved: a given-up job has no waiter)
        self.free(self)

    def _hang_up(self) -> None:
        if not self.dead:
            self.dead = True
            self.loop.remove_reader(self.conn.fileno())
            self.conn.close()

    async def ready(self) -> float:
        """Wait until warmed up: the CPU seconds it took."""
        return float(await asyncio.shield(self.pending))

    def send(self, data: bytes) -> asyncio.Future[Any]:
        """Hand the worker a job (it is idle): the future of its answer."""
        self.pending = self.loop.create_future()
        try:
            self.conn.send_bytes(data)
        except OSError:
            self._died()
        return self.pending

    def close(self) -> None:
        """Close the pipe (the worker ends when it reads that)."""
        self._hang_up()
        if not self.pending.done():
            self.pending.cancel()


class Workers:
    """``n`` workers; :meth:`run` gives a job to an idle one. Callers hold at most ``n``
    jobs at once (:class:`bot.ui.rendering.Slots`), but a slot is given back as soon as
    its waiter gives up, so a job may wait here for a worker to finish the last one. A
    dead worker is replaced, up to ``2 * n`` deaths in a row (no job answered between):
    then the workers are *broken* and every job raises :class:`WorkerDied`."""

    def __init__(self, n: int, job: Callable[[bytes], Any], warm: Callable[[], float]) -> None:
        self.n = n
        self.job, self.warm = job, warm
        self.workers: list[Worker] = []
        self.deaths = 0
        self.broken = False
        self._idle: asyncio.Queue[Worker] | None = None

    def _spawn(self) -> None:
        self.workers.append(Worker(self.job, self.warm, self._free))

    def _started(self) -> asyncio.Queue[Worker]:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.n):
                self._spawn()
        return self._idle

    def _free(self, worker: Worker) -> None:
        """The worker answered (idle again) or died (replaced)."""
        if self._idle is None or worker not in self.workers:
            return  # closed
        if not worker.dead:
            if worker.jobs:
                self.deaths = 0
            self._idle.put_nowait(worker)
            return
        self.workers.remove(worker)
        self.deaths += 1
        if self.deaths > 2 * self.n:
            log.error("the image workers keep dying; not starting more")
            self.broken = True
            self._idle.put_nowait(worker)  # wakes a waiting job, to fail
            return
        log.warning("an image worker died; starting a new one")
        self._spawn()

    async def start(self) -> float:
        """Start the workers and wait until they are warm: the CPU seconds it took."""
        self._started()
        spent = await asyncio.gather(*(w.ready() for w in list(self.workers)),
                                     return_exceptions=True)
        return sum(s for s in spent if isinstance(s, float))

    async def run(self, data: bytes) -> Any:
        """The job's answer (its result, or its error raised); :class:`WorkerDied` if the
        worker died on it or the workers are broken."""
        if self.broken:  # (closed, or dying): no new workers for it
            raise WorkerDied("the image workers keep dying")
        idle = self._started()
        while True:
            worker = await idle.get()
            if self.broken:
                idle.put_nowait(worker)  # for the next waiting job
                raise WorkerDied("the image workers keep dying")
            if not worker.dead:
                break
        ok, value = await asyncio.shield(worker.send(data))
        if not ok:
            raise value
        return value

    def pids(self) -> list[int]:
        return sorted(w.pid for w in self.workers if w.pid is not None and not w.dead)

    def close(self) -> None:
        """Close every worker; a job waiting for one raises :class:`WorkerDied`."""
        workers, self.workers, idle, self._idle = self.workers, [], self._idle, None
        for worker in workers:
            worker.close()
        self.broken = True
        if idle is not None and workers:
            idle.put_nowait(workers[0])  # wakes a waiting job, to fail (and the next)
