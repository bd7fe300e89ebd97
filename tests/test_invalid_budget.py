"""The invalid-request budget (bot.invalid_budget) and Discord's clock (bot.clock_offset)
on their own; through the stand-in in tests/e2e/tables/test_places.py."""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import format_datetime

import discord

from bot.clock_offset import ClockOffset
from bot.invalid_budget import InvalidBudget


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
