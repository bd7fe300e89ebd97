"""The chart of ``/tapp stats player``: the chip history, and under it the member's skill
rating over time (blocking: run it in a thread)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from bot.i18n import t
from bot.i18n.words import render_labels
from bot.store import MemberStats
from bot.store.ratings import RatingPoint
from renderer import RenderedImage, render_chip_chart, render_stats_chart


def chip_chart(stats: MemberStats, name: str, language: str | None,
               ratings: Sequence[RatingPoint] = ()) -> RenderedImage:
    """The member's running chip total, one point per UTC day with deals (after a zero
    the day before the first); with ``ratings``, their rating after each rated deal in
    a panel below, a line per variant; words and alt text in ``language``."""
    points = [(datetime.fromtimestamp(p.day, UTC), p.total) for p in stats.history]
    if points:
        points.insert(0, (points[0][0] - timedelta(days=1), 0))
    series = {name: points}
    labels = render_labels(language)
    title = t("standings.stats.chart", language, name=name)
    if not ratings:
        return render_chip_chart(series, labels=labels, title=title)
    lines: dict[str, list[tuple[datetime, float, float]]] = {}
    for p in ratings:
        lines.setdefault(t(f"variant.{p.variant}", language), []).append(
            (datetime.fromtimestamp(p.settled_at, UTC), p.rating.mu, p.rating.sigma))
    return render_stats_chart(series, lines, labels=labels, title=title)
