"""Seats written whole: the host with the table, a member's seat handed to a computer in
one step; an away member (a substitute's action) and their return; a turn's timers set
in one transaction."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.engine import Action
from bot.store import (
    DeadlineKind,
    DeadlineSpec,
    InvalidTransition,
    Store,
    StoreUnavailable,
    TableStatus,
)
from bot.store.db import load_migrations, migrate
from tests.faults import simulate_full_disk

from .helpers import FakeClock, new_game, start_deal


async def test_the_host_is_seated_in_the_tables_own_write(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=11, variant="zuger",
                                      host_name="Anna")
    [host] = await store.tables.seats(table.table_id)
    assert (host.seat, host.user_id, host.display_name, host.is_computer) == (0, 11, "Anna",
                                                                              False)
    simulate_full_disk(store.db, 1)
    with pytest.raises(StoreUnavailable):
        await store.tables.create(guild_id=1, channel_id=3, host_id=12, variant="zuger",
                                  host_name="Beat")
    assert [t.table.channel_id for t in await store.tables.load_open()] == [2]


async def test_a_seat_is_handed_to_a_computer_whole_or_not_at_all(store: Store) -> None:
    game = await new_game(store, users=[10, 11, 12, 13])
    tid = game.table.table_id
    simulate_full_disk(store.db, 1)
    with pytest.raises(StoreUnavailable):
        await store.tables.hand_over(tid, 2, display_name="Computer for P12", level="normal")
    assert (await store.tables.seats(tid))[2].user_id == 12  # still the member's
    row = await store.tables.hand_over(tid, 2, display_name="Computer for P12",
                                       level="normal")
    assert row.is_computer and row.user_id is None and row.level == "normal"
    assert [s.user_id for s in await store.tables.seats(tid)] == [10, 11, None, 13]
    with pytest.raises(InvalidTransition):  # a computer's seat has no member to replace
        await store.tables.hand_over(tid, 2, display_name="again", level="easy")
    assert (await store.tables.get(tid)).status is TableStatus.PLAYING


async def test_a_substitutes_action_makes_the_member_away_and_their_own_brings_them_back(
        store: Store) -> None:
    game = await new_game(store, users=[10, 11, 12, 13])
    tid = game.table.table_id
    row, deal = await start_deal(store, game)

    async def step(auto: bool) -> int:
        seat = deal.public_view().actor
        assert seat is not None
        action: Action = deal.legal_actions(seat)[0]
        ply = deal.ply
        deal.apply(seat, action)
        await store.deals.append_action(row.deal_id, ply, seat, action, auto=auto)
        return seat

    seat = await step(auto=True)
    seats = {s.seat: s for s in (await store.tables.load(tid)).seats}
    assert seats[seat].away and not any(s.away for n, s in seats.items() if n != seat)
    await store.tables.set_away(tid, seat, False)  # back (My hand)
    assert not (await store.tables.load(tid)).seats[seat].away
    await store.tables.set_away(tid, seat, True)
    # a failed append changes nothing, the away mark neither
    simulate_full_disk(store.db, 1)
    with pytest.raises(StoreUnavailable):
        await store.deals.append_action(row.deal_id, deal.ply, deal.public_view().actor or 0,
                                        deal.legal_actions(deal.public_view().actor or 0)[0])
    assert (await store.tables.load(tid)).seats[seat].away
    # a computer player's seat is never away
    other = (seat + 1) % 4
    await store.tables.hand_over(tid, other, display_name="C", level="easy")
    await store.tables.set_away(tid, other, True)
    assert not (await store.tables.load(tid)).seats[other].away


async def test_an_own_action_clears_away_in_its_transaction(store: Store) -> None:
    game = await new_game(store, users=[10, 11, 12, 13])
    tid = game.table.table_id
    row, deal = await start_deal(store, game)
    seat = deal.public_view().actor
    assert seat is not None
    await store.tables.set_away(tid, seat, True)
    action = deal.legal_actions(seat)[0]
    deal.apply(seat, action)
    await store.deals.append_action(row.deal_id, 0, seat, action)
    assert not (await store.tables.load(tid)).seats[seat].away


async def test_a_turns_timers_are_set_in_one_transaction(store: Store,
                                                         clock: FakeClock) -> None:
    game = await new_game(store, users=[10, 11, 12, 13])
    tid = game.table.table_id
    row, _ = await start_deal(store, game)
    first = [DeadlineSpec(DeadlineKind.REMINDER, clock() + 60, 1),
             DeadlineSpec(DeadlineKind.TIMEOUT, clock() + 600, 1)]
    await store.deadlines.arm(tid, first, deal_id=row.deal_id, ply=0)
    second = [DeadlineSpec(DeadlineKind.REMINDER, clock() + 70, 2),
              DeadlineSpec(DeadlineKind.TIMEOUT, clock() + 700, 2)]
    simulate_full_disk(store.db, 1)
    with pytest.raises(StoreUnavailable):
        await store.deadlines.arm(tid, second, deal_id=row.deal_id, ply=1)
    assert {(d.kind, d.seat, d.ply) for d in await store.deadlines.pending(tid)} == {
        (DeadlineKind.REMINDER, 1, 0), (DeadlineKind.TIMEOUT, 1, 0)}
    await store.deadlines.arm(tid, second[1:], deal_id=row.deal_id, ply=1)
    assert [(d.kind, d.seat, d.ply) for d in await store.deadlines.pending(tid)] == [
        (DeadlineKind.TIMEOUT, 2, 1)]


async def test_a_database_from_before_away_keeps_its_seats(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, [m for m in load_migrations() if m.version <= 2])
    conn.execute("INSERT INTO tables (guild_id, channel_id, host_id, variant, options,"
                 " created_at) VALUES (1, 2, 11, 'zuger', '{}', 0)")
    conn.execute("INSERT INTO seats (table_id, seat, user_id, display_name, joined_at)"
                 " VALUES (1, 0, 11, 'Anna', 0)")
    conn.close()
    store = await Store.open(path)
    try:
        [seat] = await store.tables.seats(1)
        assert seat.user_id == 11 and not seat.away
        assert store.schema_version == len(load_migrations()) >= 3
    finally:
        await store.close()
