"""Tables and seats: the lobby, starting, the full lifecycle, closing."""

from __future__ import annotations

import random

import pytest

from bot.engine import TappError, deal_from_record
from bot.engine.session import Session
from bot.store import (
    AlreadySeated,
    DeadlineKind,
    DealStatus,
    InvalidTransition,
    SeatTaken,
    Store,
    StoreError,
    TableClosed,
    TableNotFound,
    TableStatus,
    session_from_state,
    session_to_state,
)

from .helpers import (
    FakeClock,
    log_actions,
    new_game,
    play_deal,
    scripted_entries,
    start_deal,
)


async def test_table_lifecycle_round_trips(store: Store, clock: FakeClock) -> None:
    table = await store.tables.create(guild_id=1, channel_id=100, host_id=11, variant="zuger",
                                      options={"stake": 2})
    assert table.status is TableStatus.LOBBY and table.created_at == clock()
    assert table.options == {"stake": 2} and table.thread_id is None
    table = await store.tables.set_thread(table.table_id, 555)
    assert (await store.tables.find_open(thread_id=555)) == [table]
    assert (await store.tables.find_open(channel_id=100)) == [table]

    await store.tables.sit(table.table_id, 0, user_id=11, display_name="Anna")
    await store.tables.sit(table.table_id, 1, user_id=12, display_name="Beat")
    await store.tables.sit(table.table_id, 2, user_id=None, display_name="Computer",
                           is_computer=True, level="strong")
    await store.tables.sit(table.table_id, 3, user_id=14, display_name="Dora")
    seats = await store.tables.seats(table.table_id)
    assert [(s.seat, s.user_id, s.is_computer, s.level) for s in seats] == [
        (0, 11, False, None), (1, 12, False, None), (2, None, True, "strong"),
        (3, 14, False, None)]

    session = Session.new("zuger", rng=random.Random(3), stake=2)
    clock.advance(10)
    table = await store.tables.start(table.table_id, session)
    assert table.status is TableStatus.PLAYING and table.started_at == clock()
    assert await store.tables.session_state(table.table_id) == session_to_state(session)

    rng = random.Random(4)
    for _ in range(2):
        deal = session.start_deal(rng)
        row = await store.deals.start(table.table_id, deal)
        assert await store.deals.current(table.table_id) == row
        await log_actions(store, row, deal, scripted_entries(deal, rng))
        assert await store.deals.record(row.deal_id) == deal.to_record()
        session.finish_deal()
        settled = await store.deals.settle(row.deal_id, deal, session)
        assert settled.deal.status is DealStatus.SETTLED
        assert settled.record == deal.to_record()
    assert await store.deals.current(table.table_id) is None
    deals = await store.deals.for_table(table.table_id)
    assert [(d.number, d.status) for d in deals] == [(0, DealStatus.SETTLED),
                                                     (1, DealStatus.SETTLED)]
    stored = session_from_state(await store.tables.session_state(table.table_id) or {})
    assert stored.chips == session.chips and stored.deals_played == 2

    session.request_end()
    closed = await store.tables.close(table.table_id, session)
    assert closed.status is TableStatus.CLOSED and closed.closed_at == clock()
    assert await store.tables.find_open(channel_id=100) == []
    assert await store.tables.load_open() == []


async def test_a_seat_holds_one_player_and_a_member_sits_once(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=11, variant="zuger")
    await store.tables.sit(table.table_id, 0, user_id=11, display_name="Anna")
    with pytest.raises(SeatTaken) as taken:
        await store.tables.sit(table.table_id, 0, user_id=12, display_name="Beat")
    assert isinstance(taken.value, TappError) and "Seat 1" in str(taken.value)
    with pytest.raises(AlreadySeated):
        await store.tables.sit(table.table_id, 1, user_id=11, display_name="Anna")
    with pytest.raises(StoreError):
        await store.tables.sit(table.table_id, 1, user_id=None, display_name="?")
    left = await store.tables.stand(table.table_id, 0)
    assert left is not None and left.user_id == 11
    assert await store.tables.stand(table.table_id, 0) is None
    await store.tables.sit(table.table_id, 0, user_id=12, display_name="Beat")
    await store.tables.sit(table.table_id, 1, user_id=None, display_name="C1", is_computer=True)
    await store.tables.sit(table.table_id, 2, user_id=None, display_name="C2", is_computer=True)
    assert [s.user_id for s in await store.tables.seats(table.table_id)] == [12, None, None]


async def test_start_needs_every_seat_filled(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=11, variant="zuger")
    for seat in (0, 1, 3):
        await store.tables.sit(table.table_id, seat, user_id=11 + seat, display_name="x")
    session = Session.new("zuger", rng=random.Random(1))
    with pytest.raises(InvalidTransition, match="4 seats"):
        await store.tables.start(table.table_id, session)
    await store.tables.sit(table.table_id, 2, user_id=13, display_name="x")
    await store.tables.start(table.table_id, session)
    with pytest.raises(InvalidTransition):
        await store.tables.start(table.table_id, session)


async def test_a_table_keeps_the_options_it_was_made_with(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=11, variant="dapp",
                                      options={"players": 4, "stake": 3})
    assert (await store.tables.get(table.table_id)).options == {"players": 4, "stake": 3}


async def test_closing_a_lobby_cancels_it(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=11, variant="zuger")
    closed = await store.tables.close(table.table_id)
    assert closed.status is TableStatus.CANCELLED
    assert await store.tables.close(table.table_id) == closed  # idempotent
    with pytest.raises(TableClosed):
        await store.tables.sit(table.table_id, 0, user_id=11, display_name="late")


async def test_closing_abandons_the_deal_in_play_and_its_deadlines(store: Store) -> None:
    game = await new_game(store)
    row, _ = await start_deal(store, game)
    await store.deadlines.schedule(game.table.table_id, DeadlineKind.TIMEOUT, 1e12,
                                   deal_id=row.deal_id, ply=0)
    closed = await store.tables.close(game.table.table_id)
    assert closed.status is TableStatus.CLOSED
    assert (await store.deals.get(row.deal_id)).status is DealStatus.ABANDONED
    assert await store.deadlines.pending() == []
    assert await store.ledger.for_table(game.table.table_id) == ()


async def test_unknown_table_is_not_found(store: Store) -> None:
    with pytest.raises(TableNotFound) as info:
        await store.tables.get(42)
    assert isinstance(info.value, TappError)
    with pytest.raises(TableNotFound):
        await store.tables.sit(42, 0, user_id=1, display_name="x")


async def test_load_returns_seats_session_and_the_deal_in_play(store: Store) -> None:
    game = await new_game(store, "tapp1879", users=[11, None, 13])
    await play_deal(store, game)
    row, deal = await start_deal(store, game)
    loaded = await store.tables.load(game.table.table_id)
    assert loaded.table.table_id == game.table.table_id
    assert [s.user_id for s in loaded.seats] == [11, None, 13]
    assert loaded.deal == row and loaded.record == deal.to_record()
    assert loaded.session_state == session_to_state(game.session)
    assert deal_from_record(loaded.record).to_record() == deal.to_record()
