"""The invalid-request budget (bot.connection.invalid_budget) and Discord's clock
(bot.connection.clock_offset) on their own; through the stand-in in
tests/e2e/tables/test_places.py."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from email.utils import format_datetime

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.connection.clock_offset import ClockOffset
from bot.connection.invalid_budget import InvalidBudget


class Tick:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def snowflake_at(unix: float) -> int:
    return discord.utils.time_snowflake(datetime.fromtimestamp(unix, UTC))


def test_the_budget_counts_ten_minutes_and_strains_past_its_limit() -> None:
    clock = Tick()
    budget = InvalidBudget(limit=3, clock=clock)
    for status in (200, 204, 500, 403, 404):
        budget.note(status)
    assert budget.count() == 2 and not budget.strained
    budget.note(429)
    assert budget.count() == 3 and budget.strained
    clock.now += 601  # ten minutes on: forgotten
    assert budget.count() == 0 and not budget.strained
    assert budget.total == 3 and budget.peak == 3


def test_a_ban_strains_the_budget_until_its_retry_after() -> None:
    clock = Tick()
    budget = InvalidBudget(limit=1000, clock=clock)
    budget.ban(60)
    assert budget.strained and budget.banned_for() == 60
    clock.now += 59.5
    assert budget.strained
    clock.now += 1
    assert not budget.strained and budget.banned_for() == 0


def test_the_offset_follows_interaction_ids_and_date_headers() -> None:
    clock = Tick()
    offset = ClockOffset(clock)
    assert offset.seconds == 0.0
    # Discord's clock is 5.3 s ahead of ours; interactions come 20-80 ms after they were made
    for delay in (0.08, 0.02, 0.05):
        offset.interaction(snowflake_at(clock.now + 5.3 - delay))
    assert abs(offset.seconds - 5.28) < 0.002
    # a click replayed 4 s late is 4 s old by Discord's clock
    late = snowflake_at(clock.now + 5.3 - 4.0)
    offset.interaction(late)
    assert abs(offset.age(late) - 3.98) < 0.01


def test_date_headers_bound_the_offset_and_a_clock_step_is_followed() -> None:
    clock = Tick()
    offset = ClockOffset(clock)
    header = format_datetime(datetime.fromtimestamp(int(clock.now - 2.4), UTC), usegmt=True)
    offset.date(header, clock.now - 0.05, clock.now)  # Discord 2.4 s behind (to a second)
    assert -3.5 < offset.seconds <= -2.4
    # one stray sample that contradicts the rest is set aside
    offset.interaction(snowflake_at(clock.now + 10 - 0.01))
    assert -3.5 < offset.seconds <= -2.4
    # Discord's clock stepped 10 s ahead: the old bounds give way to the new ones
    for _ in range(2):
        offset.interaction(snowflake_at(clock.now + 10 - 0.01))
    assert abs(offset.seconds - 9.99) < 0.002
    clock.now += 700  # everything older than ten minutes is forgotten
    offset.interaction(snowflake_at(clock.now - 0.01))
    assert abs(offset.seconds + 0.01) < 0.002


class NaiveOffset:
    """The estimate written out: every bound of the last ``keep`` seconds scanned."""

    def __init__(self, clock: Tick, keep: float) -> None:
        self.clock, self.keep = clock, keep
        self.low: list[tuple[float, float]] = []
        self.high: list[tuple[float, float]] = []
        self.against = {"low": 0, "high": 0}

    def add(self, side: str, bound: float) -> None:
        now = self.clock()
        self.low = [(w, b) for w, b in self.low if w >= now - self.keep]
        self.high = [(w, b) for w, b in self.high if w >= now - self.keep]
        mine, other = (self.low, self.high) if side == "low" else (self.high, self.low)
        contradicts = bool(other) and (bound > min(b for _, b in other) if side == "low"
                                       else bound < max(b for _, b in other))
        if contradicts:
            self.against[side] += 1
            if self.against[side] < 3:
                return
            other.clear()
        self.against[side] = 0
        mine.append((now, bound))

    @property
    def seconds(self) -> float:
        low = max((b for _, b in self.low), default=None)
        high = min((b for _, b in self.high), default=None)
        if low is None:
            return 0.0 if high is None or high >= 0 else high
        return low if high is None else min(low, high)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-40, 40), st.integers(0, 30)),
                max_size=120))
def test_the_offset_equals_the_scan_of_every_bound_it_keeps(
        samples: list[tuple[bool, int, int]]) -> None:
    """Keeping only the bounds that can still be extreme gives the same estimate as
    scanning every bound of the window, whatever the order, steps and expiries."""
    clock = Tick()
    fast, naive = ClockOffset(clock, keep=60.0), NaiveOffset(clock, keep=60.0)
    for low, tenths, wait in samples:
        clock.now += wait
        bound = tenths / 10
        if low:
            fast.at_least(bound)
        else:
            fast.at_most(bound)
        naive.add("low" if low else "high", bound)
        assert fast.seconds == naive.seconds


def test_ten_minutes_of_samples_keep_only_the_bounds_that_can_still_count() -> None:
    """At 40 turns a second the bot takes about 100 samples a second; scanning ten
    minutes of them at every sample once took most of the event loop. Random delays
    leave only the bounds that can still be the largest (a few), not 60,000."""
    clock = Tick()
    offset = ClockOffset(clock)
    rng = random.Random(7)
    for _ in range(60_000):
        clock.now += 0.01
        offset.interaction(snowflake_at(clock.now + 5.3 - rng.uniform(0.005, 0.2)))
    assert offset.kept < 100
    assert abs(offset.seconds - 5.3) < 0.01
