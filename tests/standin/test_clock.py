"""The controllable clock and the snowflakes drawn from it."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from standin.clock import Clock, SnowflakeFactory, snowflake_time

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def test_a_frozen_clock_moves_only_when_advanced() -> None:
    clock = Clock(START, frozen=True)
    time.sleep(0.01)
    assert clock.now() == START
    assert clock.advance(timedelta(minutes=15)) == START + timedelta(minutes=15)
    clock.advance(1.5)
    assert clock.now() == START + timedelta(minutes=15, seconds=1.5)


def test_a_running_clock_follows_real_time_plus_advances() -> None:
    clock = Clock(START)
    clock.advance(3600)
    time.sleep(0.02)
    elapsed = (clock.now() - START).total_seconds()
    assert 3600.02 <= elapsed < 3601


def test_the_clock_does_not_go_back() -> None:
    clock = Clock(START, frozen=True)
    with pytest.raises(ValueError):
        clock.advance(-1)
    with pytest.raises(ValueError):
        clock.set(START - timedelta(seconds=1))
    with pytest.raises(ValueError):
        Clock(datetime(2025, 1, 1))  # naive


def test_snowflakes_increase_and_carry_the_clock_time() -> None:
    clock = Clock(START, frozen=True)
    ids = SnowflakeFactory(clock)
    first, second = ids.next(), ids.next()
    assert second > first
    assert snowflake_time(first) == START
    clock.advance(timedelta(days=1))
    assert snowflake_time(ids.next()) == START + timedelta(days=1)
