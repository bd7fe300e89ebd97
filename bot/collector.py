"""Python's cyclic garbage collector in a long-running bot.

A full collection walks every object the collector tracks, and the event loop waits for
it. With 200 tables open, ``python -m bot bench load`` saw two full collections in 40 s of
play, of about 130 ms each: every click that arrived meanwhile waited for them, which set
the p99 of the answers. Most of what they walked lives as long as the process: the
modules, the catalogue of words, discord.py's caches of servers and channels, the
resumed tables.

:func:`settle` (once, when the bot is ready) collects what is garbage then and *freezes*
the rest (:func:`gc.freeze`): later collections no longer walk it. Reference counting
still frees frozen objects that are dropped; only a reference cycle among them would
stay until they are handed back. This is done at start-up, not in tests that start many
bots in one process.

What the bot gathers later (the tables opened after start-up, their members' panels)
is walked by every full collection again: with 200 tables opened after start-up, one of
91 ms in 40 s of play, and a write held up behind it. :class:`Refreezer` (installed by
:func:`settle`) watches full collections: one that took more than :data:`SLOW_FULL`
freezes what survived it, so the next ones walk only what came since. Cycles among
frozen objects are not collected, so every :data:`RENEW` seconds the objects frozen are
handed back to the collector at the start of a full collection: that one walks (and
frees) everything, once an hour, then freezes again.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


#: a full collection that held the process longer than this (seconds) freezes what
#: survived it
SLOW_FULL = 0.010
#: seconds between two hand-backs of the frozen objects to the collector
RENEW = 3600.0


class Refreezer:
    """A ``gc.callbacks`` entry: freezes after a slow full collection, hands the frozen
    objects back every ``renew`` seconds (see the module docstring)."""

    def __init__(self, *, slow: float = SLOW_FULL, renew: float = RENEW,
                 clock: Callable[[], float] = time.monotonic,
                 freeze: Callable[[], None] = gc.freeze,
                 unfreeze: Callable[[], None] = gc.unfreeze) -> None:
        self.slow, self.renew, self.clock = slow, renew, clock
        self._freeze, self._unfreeze = freeze, unfreeze
        self.renewed_at = clock()
        self.frozen = 0  # slow full collections that froze their survivors
        self.renewed = 0  # hand-backs
        self._started: float | None = None

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
            if self.clock() - self.renewed_at >= self.renew:
                self._unfreeze()  # this collection walks everything, frees frozen cycles
                self.renewed_at = self.clock()
                self.renewed += 1
            return
        if self._started is None:
            return
        took, self._started = time.perf_counter() - self._started, None
        if took >= self.slow:
            self._freeze()
            self.frozen += 1
            log.debug("a full collection took %.0f ms: froze its survivors", took * 1000)


_refreezer: Refreezer | None = None


def settle() -> int:
    """Collect, then freeze what is left, and install the :class:`Refreezer` (once);
    the number of objects frozen."""
    global _refreezer
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    if _refreezer is None:
        _refreezer = Refreezer()
        gc.callbacks.append(_refreezer)
    frozen = gc.get_freeze_count()
    log.info("froze %d objects for the garbage collector (%.0f ms)", frozen,
             (time.perf_counter() - started) * 1000)
    return frozen
