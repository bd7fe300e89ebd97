"""The league service, on both backends: one league a server; the first season opened
at the first week's start after the making, once (a second service on the same store,
as after a restart, opens nothing again); divisions cut by size; a season closed only
once its series have closed, the best of each division up and the worst down as an
independent reading of the final standings says, the divisions kept into the next
season; joining during a season, leaving, ending; the table of totals only."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.engine.shuffle import commitment
from bot.series.errors import BadSeries, LeagueSeries
from bot.series.league_errors import (
    AlreadyInLeague,
    LeagueExists,
    NoLeague,
    NotInLeague,
    NotLeagueHost,
)
from bot.series.league_service import LeagueService
from bot.series.league_spec import LeagueSpec
from bot.series.service import SeriesService
from bot.store import Store
from bot.store.leagues import DivisionRow, SeasonStatus
from tests.store.helpers import FakeClock

from .conftest import config
from .helpers import GUILD, play_deal

DAY = 86_400.0
#: the first Monday after the store tests' START (a Wednesday, 15 May 2024)
MONDAY = datetime(2024, 5, 20, tzinfo=UTC).timestamp()


def spec(size: int = 4, **kw: object) -> LeagueSpec:
    return LeagueSpec.build("tapp1879", deals=6, level="easy", cadence="weekly", size=size,
                            **kw)  # type: ignore[arg-type]


@pytest.fixture
def leagues(store: Store, service: SeriesService, clock: FakeClock) -> LeagueService:
    return LeagueService(store, service, config(2), clock=clock)


async def make(leagues: LeagueService, members: int = 0, size: int = 4, **kw: object) -> int:
    info = await leagues.create(guild_id=GUILD, channel_id=5, host_id=7, title=" Ladder ",
                                spec=spec(size, **kw))
    for user in range(100, 100 + members):
        await leagues.join(GUILD, user, f"m{user}")
    return info.league_id


async def season_one(leagues: LeagueService, store: Store, clock: FakeClock
                     ) -> tuple[int, DivisionRow, DivisionRow]:
    """A league of eight members in its first season: (league, top, bottom division)."""
    lid = await make(leagues, members=8)
    clock.t = MONDAY
    await leagues.tick()
    top, bottom = await store.leagues.divisions(lid, 1)
    return lid, top, bottom


async def division_members(store: Store, league_id: int, season: int) -> list[list[int]]:
    out = []
    for d in await store.leagues.divisions(league_id, season):
        out.append([m.user_id for m in await store.series.members(d.series_id)])
    return out


async def test_a_server_runs_one_league_and_refuses_clearly_without_one(
        leagues: LeagueService):
    with pytest.raises(NoLeague):
        await leagues.join(GUILD, 1)
    with pytest.raises(NoLeague):
        await leagues.table(GUILD, 1)
    with pytest.raises(BadSeries):
        await leagues.create(guild_id=GUILD, channel_id=5, host_id=7, title="  ", spec=spec())
    info = await leagues.create(guild_id=GUILD, channel_id=5, host_id=7, title=" Ladder ",
                                spec=spec())
    assert info.title == "Ladder" and info.running and info.season is None
    assert info.next_start == MONDAY
    with pytest.raises(LeagueExists):
        await leagues.create(guild_id=GUILD, channel_id=5, host_id=7, title="Two", spec=spec())
    with pytest.raises(NoLeague):
        await leagues.info(GUILD + 1)  # another server's is not this one's
    joined = await leagues.join(GUILD, 1, "Ada")
    assert joined.series_id is None  # no season yet: they start with the first
    with pytest.raises(AlreadyInLeague):
        await leagues.join(GUILD, 1, "Ada")
    with pytest.raises(NotInLeague):
        await leagues.leave(GUILD, 2)


def test_a_definition_that_cannot_be_played_is_refused():
    for bad in ({"size": 2}, {"size": 61}, {"up": 3}, {"down": -1}, {"cadence": "daily"}):
        with pytest.raises(BadSeries):
            LeagueSpec.build("tapp1879", deals=6, level="easy",
                             **{"cadence": "weekly", "size": 4, **bad})  # type: ignore[arg-type]
    made = spec(6, up=1, down=3)
    assert LeagueSpec.from_json(made.to_json()) == made


async def test_the_first_season_opens_once_at_the_first_weeks_start(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid = await make(leagues, members=9)
    assert await leagues.tick() == []  # Wednesday: the first season starts on Monday
    clock.t = MONDAY + 3600
    [news] = await leagues.tick()
    assert news.opened and news.season.number == 1
    assert news.season.starts_at == MONDAY and news.season.ends_at == MONDAY + 7 * DAY
    # nine in divisions of four: a rest of one joins the division above
    assert await division_members(store, lid, 1) == [[100, 101, 102, 103],
                                                     [104, 105, 106, 107, 108]]
    assert [list(d.members) for d in news.divisions] == await division_members(store, lid, 1)
    for d in news.divisions:  # each series' commitment, posted as the season opens
        assert d.commitment == commitment((await store.series.get(d.series_id)).seed)
    assert await leagues.tick() == []
    again = LeagueService(store, service, config(3), clock=clock)  # as after a restart
    assert await again.tick() == []
    assert len(await store.series.of_guild(GUILD)) == 2
    for d in await store.leagues.divisions(lid, 1):
        row = await store.series.get(d.series_id)
        assert row.closes_at == MONDAY + 7 * DAY and row.title.startswith("Ladder · S1 D")


async def test_a_season_closes_after_its_series_and_moves_two_up_and_two_down(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid, top, bottom = await season_one(leagues, store, clock)
    played = [100, 101, 102, 104, 105, 106, 107]  # 103 plays nothing
    for user in played:
        series_id = top.series_id if user < 104 else bottom.series_id
        await play_deal(service, series_id, user)
    clock.t = MONDAY + 7 * DAY
    assert await leagues.tick() == []  # its series are still open: not closed yet
    assert (await store.leagues.latest_season(lid)).status is SeasonStatus.RUNNING  # type: ignore[union-attr]
    await service.close_due()
    closed, opened = await leagues.tick()
    assert not closed.opened and opened.opened and opened.season.number == 2
    # the expectation, read from the final standings alone
    finals = {d.series_id: [f.user_id for f in sorted(await store.series.final(d.series_id),
                                                      key=lambda f: f.rank)]
              for d in (top, bottom)}
    top_order = finals[top.series_id] + [103]  # who played nothing ranks last
    bottom_order = finals[bottom.series_id]
    expected = [top_order[:2] + bottom_order[:2], top_order[2:] + bottom_order[2:]]
    assert await division_members(store, lid, 2) == expected
    ups = {u for u, before, after in closed.moves if after < (before or 0)}
    downs = {u for u, before, after in closed.moves if after > (before or 0)}
    assert ups == set(bottom_order[:2]) and downs == set(top_order[2:])
    assert await leagues.tick() == []


async def test_members_join_during_a_season_at_the_bottom_and_leave(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid = await make(leagues, members=8)
    clock.t = MONDAY
    await leagues.tick()
    joined = await leagues.join(GUILD, 500, "Late")
    bottom = (await store.leagues.divisions(lid, 1))[-1]
    assert joined.series_id == bottom.series_id and joined.division == 1
    run = await service.play(GUILD, bottom.series_id, 500)
    await leagues.leave(GUILD, 500)
    assert not (await store.series.run(run.run_id)).finished
    table = await leagues.table(GUILD, 500)
    assert all(500 not in d.members for d in table.divisions)
    clock.t += 60
    again = await leagues.join(GUILD, 500, "Late")
    assert again.series_id is None  # they left this season's series: the next one
    table = await leagues.table(GUILD, 500)  # waiting for the next season, as told
    assert all(500 not in d.members for d in table.divisions)
    assert table.waiting == (500,)


async def test_who_leaves_and_comes_back_in_a_season_starts_again_at_the_bottom(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid, top, bottom = await season_one(leagues, store, clock)
    for user in (100, 101):  # the top's best on the table, then 100 leaves and returns
        await play_deal(service, top.series_id, user)
    await service.leave(GUILD, top.series_id, 101)  # 101 leaves the series alone
    clock.t += 3600
    await leagues.leave(GUILD, 100)
    clock.t += 60
    back = await leagues.join(GUILD, 100, "m100")  # in the bottom's series at once
    assert back.series_id == bottom.series_id and back.division == 1
    table = await leagues.table(GUILD, 100)  # in one division only: the bottom
    assert table.divisions[0].members == (101, 102, 103) and table.waiting == ()
    assert 100 in table.divisions[1].members
    clock.t = MONDAY + 7 * DAY
    await service.close_due()
    closed, opened = await leagues.tick()
    second = await division_members(store, lid, 2)
    assert 100 in second[-1] and 100 not in second[0]  # at the bottom, as the docs say
    assert 101 in second[0]  # who left the series alone kept their place by their play
    assert sorted(u for d in second for u in d) == list(range(100, 108))


async def test_the_table_shows_totals_and_who_would_move(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid, top, bottom = await season_one(leagues, store, clock)
    await play_deal(service, bottom.series_id, 107)
    table = await leagues.table(GUILD, 107)
    first, second = table.divisions
    assert first.series_id == top.series_id and first.up == frozenset()
    assert first.down == {102, 103} and len(first.lines) == 0
    assert second.members[0] == 107 and second.up == {107, 104} and second.down == frozenset()
    assert set(second.lines) == {107} and second.lines[107].deals == 1
    assert table.names[107] == "m107"


async def test_the_maker_or_a_manager_ends_the_league_and_no_season_follows(
        leagues: LeagueService, store: Store, clock: FakeClock):
    lid = await make(leagues, members=4)
    with pytest.raises(NotLeagueHost):
        await leagues.end(GUILD, 100)
    info = await leagues.end(GUILD, 100, manager=True)
    assert not info.running
    clock.t = MONDAY
    assert await leagues.tick() == []
    assert await store.leagues.latest_season(lid) is None
    with pytest.raises(NoLeague):
        await leagues.end(GUILD, 7)
    await make(leagues)  # a new league after the end


async def test_the_table_stands_a_deleted_division_series_and_a_series_leaver(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid, top, bottom = await season_one(leagues, store, clock)
    await service.leave(GUILD, bottom.series_id, 104)  # the series alone, not the league
    await service.delete(GUILD, top.series_id, 7)  # by its host (the league's maker)
    table = await leagues.table(GUILD, 100)
    first, second = table.divisions
    assert first.members == (100, 101, 102, 103) and first.lines == {} and not first.open
    assert 104 in second.members and table.waiting == ()
    clock.t = MONDAY + 7 * DAY
    await service.close_due()
    closed, opened = await leagues.tick()  # the season closes all the same
    assert opened.season.number == 2
    assert sum(len(d.members) for d in opened.divisions) == 8


async def test_two_processes_ticking_at_once_open_the_season_once(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    lid = await make(leagues, members=8)
    other = LeagueService(store, service, config(5), clock=clock)
    clock.t = MONDAY
    first, second = await asyncio.gather(leagues.tick(), other.tick())
    assert len(first) + len(second) == 1  # one of them opened it, the other nothing
    assert len(await store.series.of_guild(GUILD)) == 2
    assert len(await store.leagues.divisions(lid, 1)) == 2


async def test_a_process_ticks_only_the_leagues_of_its_servers(
        leagues: LeagueService, store: Store, clock: FakeClock):
    lid = await make(leagues, members=4)
    clock.t = MONDAY
    assert await leagues.tick({GUILD + 1}) == []  # another shard's server: not this one
    assert await store.leagues.latest_season(lid) is None
    [news] = await leagues.tick({GUILD})
    assert news.opened and news.league.league_id == lid


async def test_a_level_the_bot_does_not_offer_is_refused(
        store: Store, service: SeriesService, clock: FakeClock):
    service.levels = ("easy",)
    leagues = LeagueService(store, service, config(2), clock=clock)
    with pytest.raises(BadSeries):
        await leagues.create(guild_id=GUILD, channel_id=5, host_id=7, title="Ladder",
                             spec=LeagueSpec.build("tapp1879", deals=6, level="strong",
                                                   cadence="weekly", size=4))
    assert await store.leagues.running(GUILD) == []


async def test_joining_a_divisions_series_is_refused_and_moves_nobody(
        leagues: LeagueService, store: Store, service: SeriesService, clock: FakeClock):
    """A division's series is the league's: ``/tapp series join`` (or its Join button) is
    refused to a member of another division and to one of no division alike, so no
    result of theirs enters that series' matchpoints."""
    lid, top, bottom = await season_one(leagues, store, clock)
    clock.t += 3600
    before = [m.user_id for m in await store.series.members(top.series_id)]
    for user in (104, 900):  # a member of the bottom division, and no member at all
        with pytest.raises(LeagueSeries):
            await service.join(GUILD, top.series_id, user, f"m{user}")  # /tapp series join
    assert [m.user_id for m in await store.series.members(top.series_id)] == before
    table = await leagues.table(GUILD, 104)
    assert table.divisions[0].members == (100, 101, 102, 103)
    assert 104 in table.divisions[1].members and table.waiting == ()
    clock.t = MONDAY + 7 * DAY
    await service.close_due()
    closed, opened = await leagues.tick()
    second = await division_members(store, lid, 2)
    assert sorted(u for d in second for u in d) == list(range(100, 108))  # once each
    assert all(u != 900 for u, _, _ in closed.moves)
