"""What a day is: a UTC date. The deal of the day changes at midnight UTC for every
server (one moment everywhere, so "today's deal" is the same deal for members in every
time zone); a week runs Monday to Sunday (ISO weeks)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

DAY = timedelta(days=1)


def day_of(timestamp: float) -> date:
    """The UTC date of a Unix time."""
    return datetime.fromtimestamp(timestamp, UTC).date()


def day_text(day: date) -> str:
    """``2024-05-15``: how the store keys a day."""
    return day.isoformat()


def parse_day(text: str) -> date:
    return date.fromisoformat(text)


def compact(day: date) -> str:
    """``20240515``: a day in a custom_id."""
    return day.strftime("%Y%m%d")


def from_compact(text: str) -> date:
    return datetime.strptime(text, "%Y%m%d").replace(tzinfo=UTC).date()


def monday_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def days_between(first: date, last: date) -> list[date]:
    """Every day from ``first`` to ``last``, inclusive."""
    return [first + timedelta(days=k) for k in range((last - first).days + 1)]
