"""Duplicate scoring: members compared on the same cards.

Every member of a day plays the same deal from the same seat against computer players
that act the same in the same situation, so a member's result is compared with each
other member's on that deal by **matchpoints**, as bridge clubs score duplicate: 2 for
each member they did better than (more chips for the seat), 1 for each equal result, 0
for each better one. A day's score is the share of the matchpoints there were to win
(``2 (n - 1)`` among ``n`` members) as a percentage: 100 % beat everyone, 0 % was beaten
by everyone, and a member alone on a day scores 50 %. Matchpoints reward doing better
than the others, not by how much: one big swing does not outweigh a day of good play,
and the percentages of different days (and variants, with their different chip scales)
add up fairly. Each pair of members shares 2 matchpoints, so a day's percentages always
average 50 %. The week adds the days' percentages up (playing more days counts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from bot.store.daily import DailyScore

from .day import parse_day


@dataclass(frozen=True, slots=True)
class Placing:
    """A member's place on a day: their finished run's score, its rank among the day's,
    the matchpoints it won and their share."""

    score: DailyScore
    rank: int  # 1 for the best; equal results share a rank
    matchpoints: int
    percent: Fraction


@dataclass(frozen=True, slots=True)
class WeekLine:
    user_id: int
    rank: int
    days: int
    total: Fraction  # the days' percentages added up

    @property
    def average(self) -> Fraction:
        return self.total / self.days


@dataclass(frozen=True, slots=True)
class StreakLine:
    user_id: int
    rank: int
    best: int  # the most days in a row ever
    current: int  # days in a row up to today (or yesterday: today may still come)


def matchpoints(chips: Mapping[int, int]) -> dict[int, int]:
    """Each member's matchpoints: 2 per other member with fewer chips, 1 per equal.
    (Counted by sorting: ``2 * fewer + (equal - 1)`` for each distinct result, so a
    series' table of 60 members a deal stays cheap.)"""
    counts = Counter(chips.values())
    points: dict[int, int] = {}
    fewer = 0
    for value in sorted(counts):
        equal = counts[value]
        points[value] = 2 * fewer + equal - 1  # (their own result is no equal)
        fewer += equal
    return {user: points[mine] for user, mine in chips.items()}


def percent(points: int, members: int) -> Fraction:
    """Matchpoints as a percentage of the ``2 (members - 1)`` there were (50 alone)."""
    if members <= 1:
        return Fraction(50)
    return Fraction(100 * points, 2 * (members - 1))


def ranks(values: Sequence[Any]) -> list[int]:
    """Competition ranks of values sorted best first (equal values share a rank)."""
    out: list[int] = []
    for i, value in enumerate(values):
        out.append(out[-1] if i and values[i - 1] == value else i + 1)
    return out


def day_table(scores: Iterable[DailyScore]) -> list[Placing]:
    """The placings of one day's finished runs, best first (equal chips: equal rank,
    listed by who finished first)."""
    runs = sorted(scores, key=lambda s: (-s.chips, s.finished_at, s.run_id))
    points = matchpoints({s.user_id: s.chips for s in runs})
    order = ranks([s.chips for s in runs])
    return [Placing(s, rank, points[s.user_id], percent(points[s.user_id], len(runs)))
            for s, rank in zip(runs, order, strict=True)]


def week_table(scores: Iterable[DailyScore]) -> list[WeekLine]:
    """Each member's days' percentages added up over the days given, best first."""
    by_day: dict[str, list[DailyScore]] = {}
    for s in scores:
        by_day.setdefault(s.day, []).append(s)
    totals: dict[int, Fraction] = {}
    days: dict[int, int] = {}
    for runs in by_day.values():
        for placing in day_table(runs):
            user = placing.score.user_id
            totals[user] = totals.get(user, Fraction(0)) + placing.percent
            days[user] = days.get(user, 0) + 1
    users = sorted(totals, key=lambda u: (-totals[u], -days[u], u))
    order = ranks([(totals[u], days[u]) for u in users])
    return [WeekLine(u, rank, days[u], totals[u]) for u, rank in zip(users, order, strict=True)]


def streak(days: Sequence[date], today: date) -> tuple[int, int]:
    """(best, current) runs of consecutive days in ``days`` (sorted, distinct). The
    current streak ends today, or yesterday while today's deal may still be played."""
    best = current = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    if previous is not None and today - previous <= timedelta(days=1):
        current = run
    return best, current


def streak_table(played: Mapping[int, Sequence[str]], today: date) -> list[StreakLine]:
    """Members by their best streak, then their current one."""
    lines = [(user, *streak([parse_day(d) for d in days], today))
             for user, days in played.items() if days]
    lines.sort(key=lambda x: (-x[1], -x[2], x[0]))
    order = ranks([(best, current) for _, best, current in lines])
    return [StreakLine(user, rank, best, current)
            for (user, best, current), rank in zip(lines, order, strict=True)]
