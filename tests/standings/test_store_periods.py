"""The store's rolling windows (last 7 and 30 UTC days, today included) over a hand-made
ledger with known answers; the windows are read as whole weeks plus loose days."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import Period, Standing, Store
from bot.store.standings import period_bounds, period_slices
from tests.store.helpers import FakeClock, utc

from .ledgers import BOARD_7D, BOARD_30D, BOARD_ALL


def lines(rows: tuple[Standing, ...]) -> list[tuple[int, int, int]]:
    return [(s.rank, s.user_id, s.net) for s in rows]


@pytest.mark.parametrize(("period", "expected"), [
    (Period.DAYS_7, BOARD_7D), (Period.DAYS_30, BOARD_30D), (Period.ALL, BOARD_ALL)])
async def test_rolling_windows_count_whole_utc_days_up_to_today(
        store: Store, deals: dict[str, int], period: Period,
        expected: list[tuple[int, int, int]]) -> None:
    board = await store.standings.leaderboard(1, period=period)
    assert lines(board.rows) == expected
    assert None not in [s.user_id for s in board.rows]  # the computer seats


async def test_ties_share_a_rank_and_more_deals_come_first(store: Store,
                                                          deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(1, period=Period.DAYS_30)
    assert [(s.position, s.user_id, s.deals) for s in board.rows] == [
        (1, 11, 4), (2, 13, 5), (3, 12, 6), (4, 14, 5)]


async def test_the_window_moves_with_the_clock(store: Store, deals: dict[str, int],
                                               clock: FakeClock) -> None:
    clock.advance(86400)  # Thursday: B (Thursday a week ago) drops out of the 7 days
    board = await store.standings.leaderboard(1, period=Period.DAYS_7)
    assert lines(board.rows) == [(1, 11, 3), (2, 14, 2), (3, 12, -1), (3, 13, -1)]
    assert (board.since, board.until) == (utc(2024, 5, 10), utc(2024, 5, 17))


async def test_a_variant_in_a_window(store: Store, deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(1, variant="dapp", period=Period.DAYS_30)
    assert lines(board.rows) == [(1, 13, 6), (2, 12, -2), (2, 14, -2)]
    assert (await store.standings.leaderboard(1, variant="dapp", period="7d")).rows == ()


async def test_other_servers_never_count(store: Store, deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(2, period=Period.DAYS_7)
    assert lines(board.rows) == [(1, 11, 50), (2, 13, 0), (3, 12, -50)]


def test_thirty_days_are_read_as_weeks_and_loose_days() -> None:
    wed = utc(2024, 5, 15, 12)
    assert period_bounds(Period.DAYS_30, wed) == ("day", utc(2024, 4, 16), utc(2024, 5, 16))
    assert period_slices(Period.DAYS_30, wed) == (
        ("day", utc(2024, 4, 16), utc(2024, 4, 22)),
        ("week", utc(2024, 4, 22), utc(2024, 5, 13)),
        ("day", utc(2024, 5, 13), utc(2024, 5, 16)))
    assert period_slices(Period.DAYS_7, wed) == (("day", utc(2024, 5, 9), utc(2024, 5, 16)),)
    sunday = utc(2024, 5, 19, 23, 59)  # the 7 days are then exactly one week
    assert period_slices(Period.DAYS_7, sunday) == (("week", utc(2024, 5, 13), utc(2024, 5, 20)),)
    assert period_slices(Period.ALL, wed) == (("all", 0, 1),)


def net_by_days(conn: sqlite3.Connection, since: int, until: int) -> dict[int, int]:
    rows = conn.execute(
        "SELECT user_id, SUM(net) FROM standings WHERE guild_id = 1 AND grain = 'day'"
        " AND bucket >= ? AND bucket < ? GROUP BY user_id", (since, until))
    return dict(rows.fetchall())


@pytest.mark.parametrize("day", range(1, 15))
async def test_weeks_and_days_sum_like_days_alone(store: Store, deals: dict[str, int],
                                                  day: int) -> None:
    """Whatever the weekday, the sliced window equals the day-by-day sum."""
    at = utc(2024, 5, day, 6)
    for period in (Period.DAYS_7, Period.DAYS_30):
        _, since, until = period_bounds(period, at)
        board = await store.standings.leaderboard(1, period=period, at=at, limit=50)
        expected = await store.db.read(net_by_days, since, until)
        assert {s.user_id: s.net for s in board.rows} == expected
