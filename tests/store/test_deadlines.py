"""Durable timers: each due deadline fires once, also across restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.connection.shards import ShardPlan
from bot.store import DeadlineKind, Store, TableClosed

from .helpers import FakeClock, log_actions, new_game, play_deal, scripted_entries, start_deal


async def test_a_deadline_fires_once_when_due(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    row, _ = await start_deal(store, game)
    set_at = clock()
    d = await store.deadlines.schedule(game.table.table_id, "timeout", set_at + 60,
                                       deal_id=row.deal_id, ply=0, seat=1)
    assert (d.kind, d.due_at, d.created_at, d.fired) == (DeadlineKind.TIMEOUT, set_at + 60,
                                                         set_at, False)
    assert await store.deadlines.next_due() == set_at + 60
    assert await store.deadlines.claim_due() == []  # not yet
    clock.advance(60)
    fired = await store.deadlines.claim_due()
    assert [(f.deadline_id, f.fired, f.fired_at, f.deal_id, f.ply, f.seat) for f in fired] == [
        (d.deadline_id, True, clock(), row.deal_id, 0, 1)]
    assert await store.deadlines.claim_due() == []
    assert await store.deadlines.next_due() is None


async def test_scheduling_replaces_the_pending_deadline_of_that_kind(store: Store,
                                                                     clock: FakeClock) -> None:
    game = await new_game(store)
    table_id = game.table.table_id
    await store.deadlines.schedule(table_id, DeadlineKind.REMINDER, clock() + 10, ply=0)
    await store.deadlines.schedule(table_id, DeadlineKind.TIMEOUT, clock() + 100, ply=0)
    await store.deadlines.schedule(table_id, DeadlineKind.REMINDER, clock() + 20, ply=1)
    pending = await store.deadlines.pending(table_id)
    assert [(p.kind, p.ply) for p in pending] == [(DeadlineKind.REMINDER, 1),
                                                  (DeadlineKind.TIMEOUT, 0)]
    assert await store.deadlines.cancel(table_id, DeadlineKind.TIMEOUT) == 1
    assert await store.deadlines.cancel(table_id) == 1
    clock.advance(1000)
    assert await store.deadlines.claim_due() == []


async def test_overdue_deadlines_fire_once_after_restarts(db_path: Path,
                                                          clock: FakeClock) -> None:
    store = await Store.open(db_path, clock=clock)
    games = [await new_game(store, channel_id=i) for i in range(3)]
    for i, game in enumerate(games):
        await store.deadlines.schedule(game.table.table_id, "reminder", clock() + 10 * (i + 1))
    await store.close()

    clock.advance(25)  # the bot was down: two are overdue now
    store = await Store.open(db_path, clock=clock)
    fired = await store.deadlines.claim_due()
    assert [f.table_id for f in fired] == [games[0].table.table_id, games[1].table.table_id]
    await store.close()  # e.g. the bot crashes right after claiming

    store = await Store.open(db_path, clock=clock)
    assert await store.deadlines.claim_due() == []  # claimed is claimed
    clock.advance(10)
    assert [f.table_id for f in await store.deadlines.claim_due()] == [games[2].table.table_id]
    await store.close()


async def test_two_racing_claimers_share_nothing(db_path: Path, clock: FakeClock) -> None:
    a = await Store.open(db_path, clock=clock)
    b = await Store.open(db_path, clock=clock)
    game = await new_game(a)
    for kind in DeadlineKind:
        await a.deadlines.schedule(game.table.table_id, kind, clock())
    first, second = await asyncio.gather(a.deadlines.claim_due(), b.deadlines.claim_due())
    ids = [d.deadline_id for d in first + second]
    assert sorted(ids) == sorted(set(ids)) and len(ids) == 2
    await a.close()
    await b.close()


async def test_settling_cancels_the_turn_deadlines(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    await store.deadlines.schedule(game.table.table_id, "timeout", clock() + 5)
    await play_deal(store, game)
    assert await store.deadlines.pending() == []


async def test_fired_deadlines_are_purged_once_their_turn_is_over(store: Store,
                                                                   clock: FakeClock) -> None:
    """A fired deadline goes once its deal has moved past its ply, or is no longer in
    play, and it fired before the given time; the current turn's stays (a resumed table
    reads it), and so does another shard's."""
    game = await new_game(store)
    tid = game.table.table_id
    row, deal = await start_deal(store, game)
    first, *rest = scripted_entries(deal, game.rng)
    seat = deal.to_act()[0]
    await store.deadlines.schedule(tid, "timeout", clock(), deal_id=row.deal_id, ply=0,
                                   seat=seat)
    [over] = await store.deadlines.claim_due()
    await log_actions(store, row, deal, [first])  # the turn of ply 0 is over
    await store.deadlines.schedule(tid, "reminder", clock(), deal_id=row.deal_id, ply=1,
                                   seat=deal.to_act()[0])
    [current] = await store.deadlines.claim_due()
    clock.advance(100)
    assert await store.deadlines.purge_fired(clock() - 200) == 0  # fired too recently
    assert await store.deadlines.purge_fired(clock()) == 1
    assert await store.deadlines.for_turn(tid, row.deal_id, 0, seat) == []
    assert await store.deadlines.for_turn(tid, row.deal_id, 1, deal.to_act()[0]) == [current]
    assert over.deadline_id != current.deadline_id

    await log_actions(store, row, deal, rest)  # the deal is played out and settled
    game.session.finish_deal()
    await store.deals.settle(row.deal_id, deal, game.session)
    store.limit_to(ShardPlan.parse("1", "2").scope)  # server 1 is shard 0's
    assert await store.deadlines.purge_fired(clock()) == 0
    store.limit_to(None)
    assert await store.deadlines.purge_fired(clock()) == 1
    assert await store.db.read(lambda conn: conn.execute(
        "SELECT count(*) FROM deadlines").fetchone()[0]) == 0


async def test_a_closed_table_gets_no_deadlines(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    await store.tables.close(game.table.table_id)
    with pytest.raises(TableClosed):
        await store.deadlines.schedule(game.table.table_id, "reminder", clock())
