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
stay until the process ends, which is why this is done once, at start-up, and not in
tests that start many bots in one process.
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


def settle() -> int:
    """Collect, then freeze what is left; the number of objects frozen."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info("froze %d objects for the garbage collector (%.0f ms)", frozen,
             (time.perf_counter() - started) * 1000)
    return frozen
