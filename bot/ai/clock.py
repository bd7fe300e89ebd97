"""The clock the searches read their budgets from.

In the bot it is wall-clock time (``time.perf_counter``): a decision must not hold a
table up, whatever else the machine does. A benchmark that compares players on a
shared machine may switch its own process to the process's CPU time
(``use("cpu")``): a budget then buys the same work whatever the load, so the
figures do not depend on what else runs. Only benchmarks switch it (``bench/``);
the bot never does.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: the clocks by name
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter,
                                          "cpu": time.process_time}
_now: Callable[[], float] = time.perf_counter


def now() -> float:
    """Seconds on the current clock (only differences mean anything)."""
    return _now()


def use(name: str) -> None:
    """Read budgets from the clock ``name`` (``wall`` or ``cpu``) in this process."""
    global _now
    if name not in CLOCKS:
        raise ValueError(f"unknown clock {name!r}: one of {', '.join(CLOCKS)}")
    _now = CLOCKS[name]


def current() -> str:
    """The name of the clock in use."""
    return next(name for name, f in CLOCKS.items() if f is _now)


__all__ = ["CLOCKS", "current", "now", "use"]
