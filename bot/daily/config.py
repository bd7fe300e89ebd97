"""How the deal of the day runs (:class:`DailyConfig`)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass


def new_seed() -> bytes:
    """A day's secret seed: 32 bytes from the operating system's secure source."""
    return secrets.token_bytes(32)


@dataclass(frozen=True)
class DailyConfig:
    """``level``: the computer players' level (None: the tables' ``computer_level``);
    ``samples``: layouts per decision of a search level (None: the level's own);
    ``offload``: search decisions in the AI's worker processes (False: a thread, for
    tests); ``timeout``: seconds a decision may take before the run waits for the next
    call; ``clock`` gives Unix seconds (None: the tables' clock) and so the day;
    ``seat``: the seat every member holds; ``seeds`` makes each day's secret seed;
    ``on_decision`` is told each computer decision's level and wall seconds (a
    decision cut short at ``timeout``: its seconds so far), the bot's metrics."""

    level: str | None = None
    samples: int | None = None
    offload: bool = True
    timeout: float = 120.0
    clock: Callable[[], float] | None = None
    seat: int = 0
    seeds: Callable[[], bytes] = new_seed
    on_decision: Callable[[str, float], None] | None = None
