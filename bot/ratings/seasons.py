"""Seasons: UTC calendar months or quarters. Ratings are kept for both, so a server
may switch between them (``/tapp settings set season:``) without losing one; the
setting says which the server's leaderboards call its season (``off``: none)."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum


class SeasonLength(StrEnum):
    OFF = "off"
    MONTH = "month"
    QUARTER = "quarter"


#: the rating grains: all time and each season length
GRAINS = ("all", SeasonLength.MONTH.value, SeasonLength.QUARTER.value)


def season_start(grain: str, at: float) -> int:
    """The UTC start (Unix seconds) of the season of ``grain`` holding ``at``; 0 for
    all time."""
    if grain == "all":
        return 0
    t = datetime.fromtimestamp(at, UTC)
    month = t.month if grain == SeasonLength.MONTH else 3 * ((t.month - 1) // 3) + 1
    return int(datetime(t.year, month, 1, tzinfo=UTC).timestamp())


def season_end(grain: str, start: int) -> int:
    """The start of the season after the one starting at ``start``."""
    t = datetime.fromtimestamp(start, UTC)
    months = 1 if grain == SeasonLength.MONTH else 3
    year, month = divmod(t.month - 1 + months, 12)
    return int(datetime(t.year + year, month + 1, 1, tzinfo=UTC).timestamp())


def previous_start(grain: str, start: int) -> int:
    """The start of the season before the one starting at ``start``."""
    return season_start(grain, start - 1)


def buckets(at: float) -> tuple[tuple[str, int], ...]:
    """``(grain, bucket)`` of every rating a deal settled at ``at`` updates."""
    return tuple((g, season_start(g, at)) for g in GRAINS)
