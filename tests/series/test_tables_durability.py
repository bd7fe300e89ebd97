"""Shared series tables survive what any table survives: a restart in the middle of the
deal (a new table service on the same store, nothing in memory) loses and doubles
nothing; a table whose channel went is suspended as tables are, the series losing
nothing meanwhile, and closing the series ends it too."""

from __future__ import annotations

import random

import pytest

from bot.ai import make_player
from bot.series.audit import check_series
from bot.store import Store, TableStatus
from bot.store.series import SeriesRunStatus
from bot.tables import TableService
from bot.tables.errors import TableSuspended
from bot.tables.places import CHANNEL_GONE
from tests.store.helpers import FakeClock

from .helpers import GUILD
from .test_tables import HOST, open_shared, play_table, services


async def seated_and_started(store: Store, clock: FakeClock, members: tuple[int, ...] = (
        10, 11, 12)) -> tuple[int, int]:
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in members:
        await series.join(GUILD, sid, user, f"m{user}")
        seat = await series.take_seat(GUILD, sid, user, f"m{user}")
    assert seat.started
    await tables.computers.wait_idle()
    return sid, seat.table_id


async def some_member_actions(tables: TableService, table_id: int, count: int) -> None:
    for _ in range(count):
        await tables.computers.wait_idle()
        live = tables.registry.peek(table_id)
        assert live is not None and live.deal is not None
        seat = live.deal.view(0).actor
        assert seat is not None
        user = live.seats[seat].user_id
        assert user is not None
        action = make_player("easy", random.Random(live.deal.ply)).choose(
            live.deal.view(seat))
        await tables.play.act(await tables.table(table_id), user, action.token, live.stamp)


async def test_a_restart_mid_deal_loses_and_doubles_nothing(store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user)
        seat = await series.take_seat(GUILD, sid, user)
    table_id = seat.table_id
    await some_member_actions(tables, table_id, 5)
    ply = (await store.deals.current(table_id)).ply  # type: ignore[union-attr]
    await tables.shutdown()  # the process stops: only the store remains

    series2, tables2, _ = services(store, clock)
    assert await tables2.restart.resume() >= 1
    live = tables2.registry.peek(table_id)
    assert live is not None and live.deal is not None and live.deal.ply >= ply
    assert await store.series.results(sid) == []  # nothing counted before the end
    await play_table(tables2, table_id)
    assert (await store.tables.get(table_id)).status is TableStatus.CLOSED
    results = await store.series.results(sid)
    assert sorted(r[0] for r in results) == [10, 11, 12]  # each once
    deals = await store.deals.for_table(table_id)
    assert len(deals) == 1
    assert len([r for r in await store.ledger.for_deal(deals[0].deal_id)
                if r.seat is not None]) == 3
    assert await tables2.restart.resume() == 0  # resumed again: nothing more happens
    assert await store.series.results(sid) == results
    count, problems = await check_series(store)
    assert (count, problems) == (3, [])
    board = await series2.standings(GUILD, sid, 10)
    assert sorted(line.user_id for line in board.lines) == [10, 11, 12]


async def test_a_series_table_whose_channel_went_is_suspended_and_loses_nothing(
        store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user)
        seat = await series.take_seat(GUILD, sid, user)
    table_id = seat.table_id
    await some_member_actions(tables, table_id, 3)
    await tables.places.channel_gone(5)  # the series' channel
    with pytest.raises(TableSuspended):
        await tables.table(table_id)
    for user in (10, 11, 12):
        run = await store.series.run_of(sid, user, 1)
        assert run is not None and run.status is SeriesRunStatus.PLAYING
    assert await tables.places.resume(table_id)
    await play_table(tables, table_id)
    assert len(await store.series.results(sid)) == 3
    assert (await check_series(store))[1] == []


async def test_closing_the_series_ends_a_suspended_table_too(store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user)
        seat = await series.take_seat(GUILD, sid, user)
    await some_member_actions(tables, seat.table_id, 2)
    assert await tables.places.suspend(seat.table_id, CHANNEL_GONE)
    await series.close(GUILD, sid, HOST)
    assert (await store.tables.get(seat.table_id)).status is TableStatus.CLOSED
    assert await store.series.results(sid) == []
    assert [d.status.value for d in await store.deals.for_table(seat.table_id)] \
        == ["abandoned"]
