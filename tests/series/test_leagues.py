"""Leagues' promotion and relegation: two up and two down between neighbouring
divisions, a member's division kept, nobody lost or doubled, newcomers at the bottom."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.series.league_spec import Cadence, divisions_of, season_bounds, season_divisions
from bot.series.leagues import Movement, next_season, ranked, zones


def test_two_go_up_and_two_go_down_between_neighbours():
    top, middle, bottom = [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16]
    # each season's table (best first): who played, in their order
    tables = [[6, 5, 4, 3, 2, 1], [12, 11, 10, 9, 8, 7], [16, 15, 14, 13]]
    after = next_season([top, middle, bottom], tables)
    assert after == [[6, 5, 4, 3, 12, 11], [2, 1, 10, 9, 16, 15], [8, 7, 14, 13]]


def test_who_played_no_deal_ranks_below_who_did():
    assert ranked([1, 2, 3, 4], [3, 1]) == [3, 1, 2, 4]
    after = next_season([[1, 2, 3, 4], [5, 6, 7, 8]], [[3, 1], [8, 5, 6, 7]])
    assert after == [[3, 1, 8, 5], [2, 4, 6, 7]]


def test_newcomers_start_at_the_bottom_and_leavers_are_dropped():
    after = next_season([[1, 2, 3, 4], [5, 6]], [[1, 2, 3, 4], [5, 6]],
                        rules=Movement(up=1, down=1), newcomers=[9, 5, 9], gone=[2])
    assert after == [[1, 3, 5], [4, 6, 9]]
    assert next_season([], [], newcomers=[1, 2]) == [[1, 2]]


@settings(max_examples=80, derandomize=True, deadline=None)
@given(sizes=st.lists(st.integers(0, 9), min_size=1, max_size=5), up=st.integers(0, 3),
       down=st.integers(0, 3), seed=st.randoms(use_true_random=False))
def test_everyone_is_placed_once_and_moves_one_division_at_most(sizes, up, down, seed):
    divisions, start = [], 1
    for size in sizes:
        divisions.append(list(range(start, start + size)))
        start += size
    tables = [seed.sample(d, seed.randint(0, len(d))) for d in divisions]
    after = next_season(divisions, tables, rules=Movement(up, down))
    assert len(after) == len(divisions)
    before = {m: i for i, d in enumerate(divisions) for m in d}
    now = {m: i for i, d in enumerate(after) for m in d}
    assert sorted(now) == sorted(before) == sorted(m for d in after for m in d)
    assert all(abs(now[m] - before[m]) <= 1 for m in now)
    for i in range(len(divisions) - 1):  # as many go up across a boundary as its rule says
        went_up = [m for m in divisions[i + 1] if now[m] == i]
        went_down = [m for m in divisions[i] if now[m] == i + 1]
        assert len(went_up) == min(up, len(divisions[i + 1]) // 2)
        assert len(went_down) == min(down, len(divisions[i]) // 2)


def test_who_would_move_is_who_the_close_moves():
    order = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    assert zones(order) == [(frozenset(), frozenset({3, 4})),
                            (frozenset({5, 6}), frozenset({7, 8})),
                            (frozenset({9}), frozenset())]  # never more than half
    after = next_season(order, order)
    for d, (up, down) in enumerate(zones(order)):
        assert all(any(m in later for later in after[:d]) for m in up)
        assert all(any(m in later for later in after[d + 1:]) for m in down)


def test_a_season_is_a_utc_week_from_monday_or_a_utc_month():
    wednesday = datetime(2024, 5, 15, 12, tzinfo=UTC).timestamp()
    monday = datetime(2024, 5, 13, tzinfo=UTC).timestamp()
    assert season_bounds(Cadence.WEEKLY, wednesday) == (monday, monday + 7 * 86_400)
    assert season_bounds(Cadence.WEEKLY, monday) == (monday, monday + 7 * 86_400)
    assert season_bounds(Cadence.MONTHLY, wednesday) == (
        datetime(2024, 5, 1, tzinfo=UTC).timestamp(), datetime(2024, 6, 1, tzinfo=UTC).timestamp())


def test_divisions_are_cut_by_size_and_a_small_rest_joins_the_one_above():
    assert divisions_of(list(range(9)), 4) == [[0, 1, 2, 3], [4, 5, 6, 7, 8]]
    assert divisions_of(list(range(10)), 4) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert divisions_of([1], 4) == [[1]] and divisions_of([], 4) == []
    # kept divisions stay as they are; newcomers fill the bottom, cut again past the size
    assert season_divisions([[1, 2, 3], [], [4, 5]], [6, 7, 8, 4], 4) == [
        [1, 2, 3], [4, 5, 6, 7, 8]]
    assert season_divisions([[1, 2, 3, 4]], [5, 6, 7, 8, 9, 10], 4) == [
        [1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    assert season_divisions([], [1, 2], 4) == [[1, 2]]


@given(st.lists(st.integers(0, 500), unique=True, max_size=80), st.integers(4, 12))
@settings(max_examples=50, deadline=None)
def test_cutting_keeps_every_member_once_in_order(ladder: list[int], size: int):
    cut = divisions_of(ladder, size)
    assert [m for d in cut for m in d] == ladder
    assert all(len(d) <= size + (size + 1) // 2 for d in cut)
    if len(cut) > 1:
        assert all(len(d) >= (size + 1) // 2 for d in cut)


def test_who_left_takes_no_place_going_up_or_down():
    # 4 played best and left the league, 8 played worst and left: the two best who stay
    # go up and the two worst who stay go down, as the table showed during the season
    top, bottom = [1, 2, 3, 8, 9], [4, 5, 6, 7, 10]
    tables = [[1, 2, 3, 9, 8], [4, 5, 6, 7, 10]]
    after = next_season([top, bottom], tables, gone=[4, 8])
    assert after == [[1, 2, 5, 6], [3, 9, 7, 10]]
    staying = [[m for m in ranked(d, s) if m not in (4, 8)] for d, s in zip(
        [top, bottom], tables, strict=True)]
    (_, shown_down), (shown_up, _) = zones(staying)
    assert shown_up == {5, 6} and shown_down == {3, 9}
