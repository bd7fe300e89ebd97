"""The leagues' store, on both backends: one running league a server, members on a
ladder (joining once, coming back after leaving), a season opened once with a series a
division and its members in one transaction, a member joining during a season put in
the bottom division's series, leaving dropping the deal in play, and a season closed
once with the members' next divisions."""

from __future__ import annotations

import pytest

from bot.store import Store, StoreError
from bot.store.leagues import (
    LeagueNotFound,
    LeagueRunning,
    LeagueStatus,
    NewDivision,
    SeasonStatus,
)
from bot.store.series import SeriesRunStatus, SeriesStatus

from .helpers import FakeClock

SEED = bytes(range(32))
SERIES = {"variant": "tapp1879", "players": 3, "deals": 6, "days": 7, "level": "easy",
          "pairing": "computers", "scoring": "matchpoints", "options": {"stake": 1}}
SPEC = {"series": SERIES, "cadence": "weekly", "size": 4, "up": 2, "down": 2}
WEEK = 7 * 86_400.0


async def new_league(store: Store, guild_id: int = 1) -> int:
    row = await store.leagues.create(guild_id=guild_id, channel_id=5, host_id=7,
                                     title="Ladder", spec=SPEC)
    return row.league_id


def division(*members: int) -> NewDivision:
    return NewDivision("Ladder · S1", SERIES, SEED, [(m, f"m{m}") for m in members])


async def open_season(store: Store, league_id: int, clock: FakeClock, *divisions: NewDivision,
                      start: float | None = None):
    start = clock() if start is None else start
    return await store.leagues.open_season(league_id, starts_at=start, ends_at=start + WEEK,
                                           guild_id=1, channel_id=5, host_id=7,
                                           divisions=divisions)


async def test_a_server_runs_one_league_at_a_time(store: Store):
    lid = await new_league(store)
    row = await store.leagues.get(lid)
    assert row.spec == SPEC and row.status is LeagueStatus.RUNNING and row.title == "Ladder"
    with pytest.raises(LeagueRunning):
        await new_league(store)
    other = await new_league(store, guild_id=2)
    assert [r.league_id for r in await store.leagues.running(1)] == [lid]
    assert {r.league_id for r in await store.leagues.running()} == {lid, other}
    assert await store.leagues.end(lid) is True
    assert await store.leagues.end(lid) is False  # once
    assert await store.leagues.running(1) == []
    assert await new_league(store) not in (lid, other)  # a new one after the end
    with pytest.raises(LeagueNotFound):
        await store.leagues.get(2**63)


async def test_members_join_once_at_the_bottom_and_come_back_after_leaving(store: Store):
    lid = await new_league(store)
    assert await store.leagues.join(lid, 10, "Ada") is not None
    assert await store.leagues.join(lid, 11, "Ben") is not None
    assert await store.leagues.join(lid, 10, "Ada") is None  # once
    assert [(m.user_id, m.ladder, m.division) for m in await store.leagues.members(lid)] \
        == [(10, 0, None), (11, 1, None)]
    assert await store.leagues.leave(lid, 10) is not None
    assert await store.leagues.leave(lid, 10) is None  # once
    assert [m.user_id for m in await store.leagues.members(lid)] == [11]
    member, series = await store.leagues.join(lid, 10, "Ada") or (None, None)
    assert member is not None and member.ladder == 2 and series is None  # the bottom again
    await store.leagues.end(lid)
    with pytest.raises(LeagueNotFound):
        await store.leagues.join(lid, 12)


async def test_a_season_opens_once_with_a_series_a_division(store: Store, clock: FakeClock):
    lid = await new_league(store)
    for user in (1, 2, 3, 4, 5, 6):
        await store.leagues.join(lid, user, f"m{user}")
    opened = await open_season(store, lid, clock, division(1, 2, 3, 4), division(5, 6))
    assert opened is not None
    season, divisions = opened
    assert season.season == 1 and season.status is SeasonStatus.RUNNING
    assert [d.division for d in divisions] == [0, 1]
    for d, members in zip(divisions, ([1, 2, 3, 4], [5, 6]), strict=True):
        row = await store.series.get(d.series_id)
        assert row.status is SeriesStatus.OPEN and row.closes_at == season.ends_at
        assert row.seed == SEED and row.spec == SERIES and row.guild_id == 1
        assert [(m.user_id, m.turn) for m in await store.series.members(d.series_id)] \
            == [(m, i) for i, m in enumerate(members)]
        assert row.joined == len(members)
    # the same start again, or a second season while one runs: nothing written
    assert await open_season(store, lid, clock, division(1)) is None
    clock.advance(WEEK)
    assert await open_season(store, lid, clock, division(1)) is None
    assert len(await store.series.of_guild(1)) == 2
    with pytest.raises(StoreError):
        await open_season(store, lid, clock)


async def test_members_not_drawn_into_a_division_join_the_last(store: Store, clock: FakeClock):
    lid = await new_league(store)
    for user in (1, 2, 3):
        await store.leagues.join(lid, user)
    opened = await open_season(store, lid, clock, division(1, 2))  # 3 came since
    assert opened is not None
    [d] = opened[1]
    assert [m.user_id for m in await store.series.members(d.series_id)] == [1, 2, 3]


async def test_a_member_joining_during_a_season_plays_in_the_bottom_division(
        store: Store, clock: FakeClock):
    lid = await new_league(store)
    for user in (1, 2, 3, 4, 5):
        await store.leagues.join(lid, user)
    opened = await open_season(store, lid, clock, division(1, 2, 3), division(4, 5))
    assert opened is not None
    top, bottom = opened[1]
    joined = await store.leagues.join(lid, 9, "Newcomer")
    assert joined is not None and joined[1] == bottom.series_id
    assert (await store.series.member(bottom.series_id, 9)) is not None
    # leaving drops the deal in play and leaves the series too
    run = await store.series.start_run(bottom.series_id, 9, 1, 0)
    await store.leagues.leave(lid, 9)
    assert (await store.series.run(run.run_id)).status is SeriesRunStatus.DROPPED
    left = await store.series.member(bottom.series_id, 9)
    assert left is not None and left.left_at is not None
    # back in the same season: the series takes no one twice, so they wait
    again = await store.leagues.join(lid, 9, "Newcomer")
    assert again is not None and again[1] is None
    assert (await store.series.member(top.series_id, 9)) is None


async def test_a_season_closes_once_with_the_next_divisions(store: Store, clock: FakeClock):
    lid = await new_league(store)
    for user in (1, 2, 3, 4, 5, 6):
        await store.leagues.join(lid, user)
    opened = await open_season(store, lid, clock, division(1, 2, 3, 4), division(5, 6))
    assert opened is not None
    await store.leagues.join(lid, 7)  # in the bottom division now
    await store.leagues.join(lid, 8)
    await store.leagues.leave(lid, 8)
    assert await store.leagues.close_season(lid, 1, [[1, 2, 5, 6], [3, 4, 7]]) is True
    assert await store.leagues.close_season(lid, 1, [[7]]) is False  # once
    assert (await store.leagues.latest_season(lid)).status is SeasonStatus.CLOSED  # type: ignore[union-attr]
    members = await store.leagues.members(lid, active=False)
    assert [(m.user_id, m.division) for m in members] == [
        (1, 0), (2, 0), (5, 0), (6, 0), (3, 1), (4, 1), (7, 1), (8, None)]
    assert [m.ladder for m in members] == list(range(8))
    # a season of the start of the one closed, or of an earlier start (a process whose
    # clock lags): nothing written, not a second season 2 of the same week
    assert await open_season(store, lid, clock, division(1), start=clock()) is None
    assert await open_season(store, lid, clock, division(1), start=clock() - WEEK) is None
    assert (await store.leagues.latest_season(lid)).season == 1  # type: ignore[union-attr]
    clock.advance(WEEK)
    assert await open_season(store, lid, clock, division(1)) is not None  # season 2
    assert (await store.leagues.latest_season(lid)).season == 2  # type: ignore[union-attr]


async def test_a_league_and_its_seasons_survive_reopening(db_path, clock: FakeClock):
    async with await Store.open(db_path, clock=clock) as store:
        lid = await new_league(store)
        await store.leagues.join(lid, 1, "Ada")
        await open_season(store, lid, clock, division(1))
    async with await Store.open(db_path, clock=clock) as store:
        season = await store.leagues.latest_season(lid)
        assert season is not None and season.status is SeasonStatus.RUNNING
        [d] = await store.leagues.divisions(lid, 1)
        assert [m.user_id for m in await store.series.members(d.series_id)] == [1]
        assert await open_season(store, lid, clock, division(1)) is None
