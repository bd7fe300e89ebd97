"""The chip-history chart of ``/tapp stats`` (blocking: run it in a thread)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.i18n import t
from bot.i18n.words import render_labels
from bot.store import MemberStats
from renderer import RenderedImage, render_chip_chart


def chip_chart(stats: MemberStats, name: str, language: str | None) -> RenderedImage:
    """The member's running chip total, one point per UTC day with deals (after a zero
    the day before the first); its words and alt text in ``language``."""
    points = [(datetime.fromtimestamp(p.day, UTC), p.total) for p in stats.history]
    if points:
        points.insert(0, (points[0][0] - timedelta(days=1), 0))
    series = {name: points}
    return render_chip_chart(series, labels=render_labels(language),
                             title=t("standings.stats.chart", language, name=name))
