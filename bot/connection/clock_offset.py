"""Discord's clock as the bot sees it: the offset between Discord's time and the host's,
estimated from what Discord sends, so an interaction's age can be read from its id.

Two kinds of samples bound the offset ``θ`` (Discord's time minus the host's):

- an **interaction id** (a snowflake: the moment Discord made it) received at host time
  ``t``: Discord made it before the bot got it, so ``θ >= created - t`` (tight when it
  came at once; a late delivery only loosens it);
- a REST answer's **``Date`` header** (whole seconds) for a request sent at ``t0`` and
  answered at ``t1``: ``date - t1 <= θ < date + 1 - t0``.

The estimate is the largest lower bound, kept below the smallest upper bound. Bounds
older than ``keep`` seconds are forgotten. Each side keeps only the bounds that can still
be its extreme (a monotone queue: a bound beaten by a newer one never will be), so a
sample costs O(1) amortised however many arrive in ``keep`` seconds. A bound that
contradicts the other side is set aside, unless :data:`STEPPED` of its side come in a row:
then a clock stepped (on either side) and the other side's old bounds go.
Without samples the offset is 0.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from datetime import datetime

import discord

#: contradicting bounds in a row that mean a clock stepped (fewer: a stray sample)
STEPPED = 3


class ClockOffset:
    """See the module docstring. ``clock`` gives the host's Unix seconds."""

    def __init__(self, clock: Callable[[], float] = time.time, keep: float = 600.0) -> None:
        self.clock = clock
        self.keep = keep
        # (when, bound); _low's bounds strictly fall, _high's strictly rise, so the first
        # of each is its side's extreme
        self._low: deque[tuple[float, float]] = deque()
        self._high: deque[tuple[float, float]] = deque()
        self._against = {"low": 0, "high": 0}  # contradicting bounds in a row, by side

    def _prune(self, now: float) -> None:
        for bounds in (self._low, self._high):
            while bounds and bounds[0][0] < now - self.keep:
                bounds.popleft()

    def at_least(self, bound: float) -> None:
        now = self.clock()
        self._prune(now)
        if self._admit("low", bool(self._high) and bound > self._high[0][1], self._high):
            low = self._low
            while low and low[-1][1] <= bound:
                low.pop()  # older and not larger: never the maximum again
            low.append((now, bound))

    def at_most(self, bound: float) -> None:
        now = self.clock()
        self._prune(now)
        if self._admit("high", bool(self._low) and bound < self._low[0][1], self._low):
            high = self._high
            while high and high[-1][1] >= bound:
                high.pop()  # older and not smaller: never the minimum again
            high.append((now, bound))

    def _admit(self, side: str, contradicts: bool, other: deque[tuple[float, float]]
               ) -> bool:
        """Whether to keep a new bound of ``side``; the other side's go after
        :data:`STEPPED` contradicting ones in a row."""
        if not contradicts:
            self._against[side] = 0
            return True
        self._against[side] += 1
        if self._against[side] < STEPPED:
            return False
        other.clear()  # Discord's clock (or ours) stepped: start again
        self._against[side] = 0
        return True

    def interaction(self, interaction_id: int, received: float | None = None) -> None:
        """An interaction was received (at host time ``received``, by default now)."""
        created = discord.utils.snowflake_time(interaction_id).timestamp()
        self.at_least(created - (self.clock() if received is None else received))

    def date(self, header: str, sent: float, answered: float) -> None:
        """A REST answer's ``Date`` header, for a request sent and answered then."""
        try:
            when = _http_date(header)
        except (TypeError, ValueError):
            return
        self.at_least(when - answered)
        self.at_most(when + 1.0 - sent)

    @property
    def kept(self) -> int:
        """How many bounds are kept (both sides): what a sample may cost at most."""
        return len(self._low) + len(self._high)

    @property
    def seconds(self) -> float:
        """The estimated offset (Discord's time minus the host's)."""
        low = self._low[0][1] if self._low else None
        high = self._high[0][1] if self._high else None
        if low is None:
            return 0.0 if high is None or high >= 0 else high
        return low if high is None else min(low, high)

    def age(self, snowflake: int) -> float:
        """Seconds since Discord made ``snowflake``, by Discord's clock."""
        created = discord.utils.snowflake_time(snowflake).timestamp()
        return self.clock() + self.seconds - created


def _http_date(header: str) -> float:
    from email.utils import parsedate_to_datetime

    when: datetime = parsedate_to_datetime(header)
    return when.timestamp()
