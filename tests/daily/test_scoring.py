"""Duplicate scoring: matchpoints on the same cards, ranks with ties, week sums and
streaks of consecutive days."""

from __future__ import annotations

import random
from datetime import date
from fractions import Fraction

from bot.daily.scoring import (
    day_table,
    matchpoints,
    percent,
    ranks,
    streak,
    streak_table,
    week_table,
)
from bot.store.daily import DailyScore


def score(user: int, chips: int, day: str = "2031-05-14", at: float = 0.0) -> DailyScore:
    return DailyScore(day=day, user_id=user, chips=chips, finished_at=at, run_id=user,
                      result={})


def test_two_matchpoints_for_each_member_beaten_one_for_each_tie() -> None:
    assert matchpoints({1: 5, 2: 0, 3: 0, 4: -3}) == {1: 6, 2: 3, 3: 3, 4: 0}
    assert percent(6, 4) == 100 and percent(3, 4) == 50 and percent(0, 4) == 0
    assert percent(0, 1) == 50  # alone on a day: neither beaten nor beating


def test_matchpoints_reward_beating_not_the_margin() -> None:
    small, big = day_table([score(1, 1), score(2, 0)]), day_table([score(1, 90), score(2, 0)])
    assert [p.percent for p in small] == [p.percent for p in big] == [100, 0]


def test_equal_results_share_a_rank_listed_by_who_finished_first() -> None:
    table = day_table([score(1, 2, at=3), score(2, 4, at=5), score(3, 2, at=1),
                       score(4, -1, at=0)])
    assert [(p.score.user_id, p.rank) for p in table] == [(2, 1), (3, 2), (1, 2), (4, 4)]
    assert ranks([5, 5, 3, 3, 1]) == [1, 1, 3, 3, 5]


def test_a_days_percentages_average_fifty_whatever_the_results() -> None:
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randrange(1, 12)
        table = day_table([score(u, rng.randrange(-4, 5)) for u in range(n)])
        assert sum(p.matchpoints for p in table) == n * (n - 1)
        assert sum(p.percent for p in table) == 50 * n


def test_the_week_adds_the_days_percentages_up() -> None:
    scores = [score(1, 3, "2031-05-12"), score(2, 0, "2031-05-12"),
              score(1, 0, "2031-05-13"), score(2, 0, "2031-05-13"), score(3, 1, "2031-05-13"),
              score(2, 7, "2031-05-14")]
    lines = week_table(scores)
    by_user = {line.user_id: line for line in lines}
    assert by_user[1].total == 100 + 25 and by_user[1].days == 2
    assert by_user[2].total == 0 + 25 + 50 and by_user[2].days == 3
    assert by_user[3].total == 100 and by_user[3].average == 100
    assert [line.user_id for line in lines] == [1, 3, 2] and by_user[2].average == Fraction(25)


def test_streaks_count_days_in_a_row() -> None:
    d = date.fromisoformat
    days = [d("2031-05-01"), d("2031-05-02"), d("2031-05-03"), d("2031-05-10"),
            d("2031-05-11")]
    assert streak(days, d("2031-05-11")) == (3, 2)
    assert streak(days, d("2031-05-12")) == (3, 2)  # today may still come
    assert streak(days, d("2031-05-13")) == (3, 0)  # yesterday was missed
    assert streak([], d("2031-05-13")) == (0, 0)
    table = streak_table({7: ["2031-05-12", "2031-05-13"], 8: ["2031-05-13"],
                          9: ["2031-05-10", "2031-05-11"]}, d("2031-05-13"))
    assert [(line.user_id, line.rank, line.best, line.current) for line in table] == [
        (7, 1, 2, 2), (9, 2, 2, 0), (8, 3, 1, 1)]
