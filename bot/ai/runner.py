"""Computer decisions off the bot's event loop.

``await decide(player, view)`` runs ``player.choose(view)`` in a worker **process**
(a shared :class:`concurrent.futures.ProcessPoolExecutor`, ``spawn`` start method) and
returns its action; ``await announce(player, view)`` does the same for kontra/rekontra.

Why processes, not threads: the search is pure-Python CPU work, so in a thread it would
hold the GIL and slow the event loop (and every other table) for its whole budget; in
a process it runs on another core and the loop only pickles a small :class:`SeatView`
(a few hundred bytes) and the player. The time budget is enforced twice: the search
checks its own deadline (shortened by the time the request waited in the queue), and
the loop waits at most the budget plus :data:`GRACE` seconds before answering with the
baseline's decision (computed in the loop: about a millisecond). A player on sample
counts alone (no clock: the seeded computers of a series' deal, which must decide alike
at every table of the deal, :mod:`bot.ai.seeded`) is waited for as long as it takes:
the baseline answering for it would be another player. If its worker dies, it is asked
once more on a fresh pool before the baseline answers.

``await decision(player, view)`` is the same call with what the loop saw of it
(:class:`Decision`: the seconds from the request to its answer, the time it queued for
a worker, whether the baseline answered instead); the table service hands that to the
bot's metrics (``TableConfig.on_decision``). Nothing here knows of the metrics.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import math
import multiprocessing
import os
import time
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Literal

from bot.engine import Action, SeatView

from .base import Player
from .baseline import BaselinePlayer

#: seconds the loop waits beyond a player's own budget before falling back
GRACE = 0.5
#: budget assumed for a player without a level's config (none has one but the baseline,
#: which decides in the loop)
DEFAULT_SECONDS = 1.0
#: extra wait while the workers of a new pool start (they import the engine and the AI)
STARTUP_GRACE = 10.0

#: why the baseline answered instead of the player: no answer within the budget and
#: :data:`GRACE`, or the worker pool broke (a worker died)
Fallback = Literal["timeout", "broken"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision as the event loop saw it. ``action``: the answer (None: no
    announcement); ``seconds``: wall seconds from the request to its answer, queueing
    included; ``waited``: seconds the request queued before a worker took it (None
    where no worker answered: decided in the loop, or a fallback); ``fallback``: why
    the baseline answered instead (None: the player did)."""

    action: Action | None
    seconds: float
    waited: float | None = None
    fallback: Fallback | None = None


_pool: concurrent.futures.ProcessPoolExecutor | None = None
_warm = False
_workers = 0


def _noop() -> None:
    return None


async def warm_up() -> None:
    """Start the workers now (the bot may call this at start-up) so that the first
    decision does not wait for them."""
    global _warm
    loop = asyncio.get_running_loop()
    executor = pool()
    await asyncio.gather(*(loop.run_in_executor(executor, _noop)
                           for _ in range(_workers)))
    _warm = True


def pool(workers: int | None = None) -> concurrent.futures.ProcessPoolExecutor:
    """The shared worker pool (created on first use; one worker per core). Every worker
    starts at once: a spawn pool otherwise starts one only when a request finds none
    idle, and that request waits for the new process and its imports (a second or so
    on a busy machine, past a budget: the baseline answers for it)."""
    global _pool, _workers
    if _pool is None:
        ctx = multiprocessing.get_context("spawn")
        _workers = workers or os.cpu_count() or 2
        _pool = concurrent.futures.ProcessPoolExecutor(max_workers=_workers, mp_context=ctx)
        for _ in range(_workers):  # none idle yet: each request starts a worker
            _pool.submit(_noop)
    return _pool


def shutdown() -> None:
    """Stop the worker pool (the bot calls this on close)."""
    global _pool, _warm
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    _warm = False


def _limit(player: Player) -> float | None:
    """Seconds the loop waits for a worker's answer before the baseline answers: the
    player's budget and :data:`GRACE` (None: as long as it takes, for a player with no
    clock, whose decision must be its own)."""
    config = getattr(player, "config", None)
    if config is None:
        return DEFAULT_SECONDS + GRACE
    seconds: float | None = getattr(config, "seconds", None)
    return None if seconds is None else seconds + GRACE


def _run(player: Player, view: SeatView, what: str, submitted: float,
         given_up: float = math.inf) -> tuple[Action | None, float]:
    """In the worker: shorten the budget by the queueing delay, then decide; the
    decision and the seconds it queued (by the Unix clock, the loop's and the
    worker's alike). Past ``given_up`` the loop has answered with the baseline: no
    decision (None) and no work (the worker is free for requests still waited for)."""
    now = time.time()
    waited = max(0.0, now - submitted)
    if now >= given_up:
        return None, waited
    config = getattr(player, "config", None)
    if config is not None and getattr(config, "seconds", None) is not None:
        left = max(0.05, config.seconds - waited)
        player = replace_config(player, config.with_seconds(left))
    if what == "choose":
        return player.choose(view), waited
    return player.announcement(view), waited


def replace_config(player: Any, config: Any) -> Any:
    clone = object.__new__(type(player))
    clone.__dict__.update(player.__dict__)
    clone.config = config
    if hasattr(clone, "level"):
        clone.level = config.name
    return clone


async def _submit(player: Player, view: SeatView, what: str, own: bool) -> Decision:
    loop = asyncio.get_running_loop()
    start = time.perf_counter()
    if isinstance(player, BaselinePlayer):  # cheap: no need for a process
        action = player.choose(view) if what == "choose" else player.announcement(view)
        return Decision(action, time.perf_counter() - start)
    global _warm
    limit = None if own else _limit(player)
    if not _warm and limit is not None:
        limit += STARTUP_GRACE
    # a player waited for as long as it takes is asked again on a fresh pool once if
    # its worker dies (another process's crash, or the system killing one for memory)
    tries = 2 if limit is None else 1
    while True:
        tries -= 1
        try:
            submitted = time.time()
            future = loop.run_in_executor(pool(), _run, player, view, what, submitted,
                                          math.inf if limit is None else submitted + limit)
            action, waited = await asyncio.wait_for(future, timeout=limit)
            _warm = True
            return Decision(action, time.perf_counter() - start, waited)
        except (TimeoutError, BrokenProcessPool) as error:
            broken = isinstance(error, BrokenProcessPool) or _pool_broken()
            if _pool_broken():
                shutdown()
            if broken and tries > 0:
                continue
            if own:
                raise
            why: Fallback = "broken" if broken else "timeout"
            fallback = BaselinePlayer()
            action = (fallback.choose(view) if what == "choose"
                      else fallback.announcement(view))
            return Decision(action, time.perf_counter() - start, fallback=why)


def _pool_broken() -> bool:
    return bool(_pool is not None and getattr(_pool, "_broken", False))


async def decision(player: Player, view: SeatView, *, main: bool = True,
                   own: bool = False) -> Decision:
    """:func:`decide` (``main``) or :func:`announce`, with what the loop saw of it.
    ``own``: the player's decision or an error, never the baseline's: waited for as long
    as it takes (the caller bounds its wait), and a pool that breaks twice raises
    :class:`~concurrent.futures.process.BrokenProcessPool` (the deal of the day's
    computers, which every member must meet alike)."""
    return await _submit(player, view, "choose" if main else "announce", own)


async def decide(player: Player, view: SeatView) -> Action:
    """``player.choose(view)`` without blocking the event loop, within its budget."""
    action = (await decision(player, view)).action
    assert action is not None
    return action


async def announce(player: Player, view: SeatView) -> Action | None:
    """``player.announcement(view)`` without blocking the event loop."""
    return (await decision(player, view, main=False)).action


def worker_pids() -> list[int]:
    """The process ids of the pool's workers (none before the pool starts them; for
    measurements)."""
    processes = getattr(_pool, "_processes", None) if _pool is not None else None
    return list(processes or ())


def worker_count() -> int:
    """The workers the pool has, or will have once started (one per core)."""
    return _workers or os.cpu_count() or 2


__all__ = ["GRACE", "Decision", "Fallback", "announce", "decide", "decision", "pool",
           "shutdown", "warm_up", "worker_count", "worker_pids"]
