"""Deals and the action log: append-only, one action per ply, settling atomically."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.engine import Action, Deal, TappError
from bot.store import (
    ActionRow,
    Deadline,
    DeadlineKind,
    DeadlineSpec,
    DealClosed,
    DealInProgress,
    DealStatus,
    DuplicateAction,
    InvalidTransition,
    LedgerKind,
    PlyGap,
    StaleAction,
    Store,
    StoreError,
    session_to_state,
)
from bot.store.codec import result_to_json

from .helpers import (
    FakeClock,
    log_actions,
    new_game,
    play_deal,
    scripted_entries,
    start_deal,
)


async def test_a_deal_is_stored_as_dealt(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    assert (row.number, row.status, row.ply, row.started_at) == (0, DealStatus.PLAYING, 0, clock())
    assert row.header == {k: v for k, v in deal.to_record().items() if k != "actions"}
    assert await store.deals.record(row.deal_id) == deal.to_record()


async def test_a_second_deal_waits_for_the_first(store: Store) -> None:
    game = await new_game(store)
    _, deal = await start_deal(store, game)
    with pytest.raises(DealInProgress):
        await store.deals.start(game.table.table_id, deal)


async def test_a_deal_is_stored_before_its_first_action(store: Store) -> None:
    game = await new_game(store)
    deal = game.session.start_deal(game.rng)
    seat, action = Action.from_record(scripted_entries(deal, game.rng)[0])
    deal.apply(seat, action)
    with pytest.raises(InvalidTransition):
        await store.deals.start(game.table.table_id, deal)


async def test_actions_append_in_ply_order(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    entries = scripted_entries(deal, game.rng)[:5]
    seat, action = Action.from_record(entries[0])
    deal.apply(seat, action)
    first = await store.deals.append_action(row.deal_id, 0, seat, action)  # an Action is fine
    assert first == ActionRow(row.deal_id, 0, seat, entries[0], False, clock())
    await log_actions(store, row, deal, entries[1:])
    assert (await store.deals.get(row.deal_id)).ply == 5
    assert [a.entry for a in await store.deals.actions(row.deal_id)] == entries
    assert (await store.deals.record(row.deal_id))["actions"] == entries


async def test_a_duplicate_ply_is_rejected_and_writes_nothing(store: Store) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    entries = scripted_entries(deal, game.rng)
    await log_actions(store, row, deal, entries[:2])
    other = {**entries[1], "value": "pass"} if "value" in entries[1] else entries[1]
    with pytest.raises(DuplicateAction) as info:
        await store.deals.append_action(row.deal_id, 1, entries[1]["seat"], other)
    assert isinstance(info.value, StaleAction) and isinstance(info.value, TappError)
    assert "moved on" in str(info.value)
    assert (await store.deals.get(row.deal_id)).ply == 2
    assert (await store.deals.record(row.deal_id))["actions"] == entries[:2]


async def test_two_racing_clicks_commit_once(store: Store) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    seat = deal.to_act()[0]
    a, b = deal.legal_actions(seat)[:2]
    outcomes = await asyncio.gather(
        store.deals.append_action(row.deal_id, 0, seat, a),
        store.deals.append_action(row.deal_id, 0, seat, b),
        return_exceptions=True)
    assert sum(isinstance(o, ActionRow) for o in outcomes) == 1
    assert sum(isinstance(o, DuplicateAction) for o in outcomes) == 1
    assert len(await store.deals.actions(row.deal_id)) == 1


async def test_a_ply_ahead_of_the_log_is_a_gap(store: Store) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    entry = scripted_entries(deal, game.rng)[0]
    with pytest.raises(PlyGap):
        await store.deals.append_action(row.deal_id, 3, entry["seat"], entry)
    with pytest.raises(StoreError):  # the entry names another seat
        await store.deals.append_action(row.deal_id, 0, entry["seat"] + 1, entry)
    assert await store.deals.actions(row.deal_id) == ()


async def test_settle_writes_result_ledger_and_session_in_one_go(store: Store,
                                                                 clock: FakeClock) -> None:
    game = await new_game(store, "tapp1879", users=[11, None, 13], seed=7)
    row, deal = await start_deal(store, game)
    await log_actions(store, row, deal, scripted_entries(deal, game.rng))
    game.session.finish_deal()
    clock.advance(30)
    settled = await store.deals.settle(row.deal_id, deal, game.session)
    result = deal.outcome()
    assert result is not None
    assert settled.deal.status is DealStatus.SETTLED and settled.deal.ended_at == clock()
    assert settled.deal.result == result_to_json(result)
    seats = [r for r in settled.ledger if r.seat is not None]
    pot = [r for r in settled.ledger if r.is_pot]
    assert [r.amount for r in seats] == list(result.payments)
    assert [r.user_id for r in seats] == [11, None, 13]
    assert [r.is_computer for r in seats] == [False, True, False]
    assert len(pot) == 1 and pot[0].amount == result.pot - 0 and pot[0].user_id is None
    assert sum(r.amount for r in settled.ledger) == 0
    assert all(r.kind is LedgerKind.DEAL and r.settled_at == clock() for r in settled.ledger)
    assert [r.was_declarer for r in seats] == [result.declarer == i for i in range(3)]
    assert await store.ledger.for_deal(row.deal_id) == settled.ledger
    assert await store.tables.session_state(game.table.table_id) == session_to_state(
        game.session)


async def test_every_variant_settles_to_a_zero_sum(store: Store) -> None:
    for i, variant in enumerate(("zuger", "tapp1879", "dapp", "wuerttemberg")):
        game = await new_game(store, variant, channel_id=i, seed=i)
        for _ in range(3):
            settled = await play_deal(store, game)
            assert sum(r.amount for r in settled.ledger) == 0
    assert await store.ledger.imbalances() == []
    assert await store.ledger.standings_drift() == []


async def test_a_failure_mid_settle_leaves_nothing_behind(file_store: Store,
                                                          db_path: Path) -> None:
    store = file_store
    game = await new_game(store, "tapp1879", users=[11, 12, 13], seed=3)
    row, deal = await start_deal(store, game)
    await log_actions(store, row, deal, scripted_entries(deal, game.rng))
    await store.deadlines.schedule(game.table.table_id, DeadlineKind.REMINDER, 1e12)
    before = await store.tables.session_state(game.table.table_id)
    game.session.finish_deal()

    # the disk "fails" while the third ledger row is written, after the deal's update
    # and two ledger rows of the same transaction
    other = sqlite3.connect(db_path)
    other.execute("CREATE TRIGGER boom BEFORE INSERT ON ledger WHEN NEW.seat = 2"
                  " BEGIN SELECT RAISE(ABORT, 'simulated failure'); END")
    other.commit()
    with pytest.raises(StoreError, match="simulated failure"):
        await store.deals.settle(row.deal_id, deal, game.session)
    assert (await store.deals.get(row.deal_id)).status is DealStatus.PLAYING
    assert await store.ledger.for_table(game.table.table_id) == ()
    assert await store.tables.session_state(game.table.table_id) == before
    assert len(await store.deadlines.pending()) == 1
    assert (await store.standings.leaderboard(1)).players == 0

    other.execute("DROP TRIGGER boom")
    other.commit()
    other.close()
    settled = await store.deals.settle(row.deal_id, deal, game.session)
    assert sum(r.amount for r in settled.ledger) == 0 and len(settled.ledger) == 4
    assert await store.deadlines.pending() == []


async def test_settle_needs_the_whole_log_and_happens_once(store: Store) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    entries = scripted_entries(deal, game.rng)
    await log_actions(store, row, deal, entries[:-1])
    with pytest.raises(InvalidTransition):  # not over yet
        await store.deals.settle(row.deal_id, deal, game.session)
    seat, action = Action.from_record(entries[-1])
    deal.apply(seat, action)  # applied, but never logged
    game.session.finish_deal()
    with pytest.raises(PlyGap):
        await store.deals.settle(row.deal_id, deal, game.session)
    await store.deals.append_action(row.deal_id, len(entries) - 1, seat, action)
    await store.deals.settle(row.deal_id, deal, game.session)
    with pytest.raises(DealClosed):
        await store.deals.settle(row.deal_id, deal, game.session)
    with pytest.raises(DealClosed):
        await store.deals.append_action(row.deal_id, len(entries), seat, action)


async def test_settle_refuses_another_deal(store: Store) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    other = Deal.new("zuger", dealer=deal.dealer, rng=random.Random(99))  # another shuffle
    entries = scripted_entries(other, random.Random(1))
    for ply, entry in enumerate(entries):
        other.apply(*Action.from_record(entry))
        await store.deals.append_action(row.deal_id, ply, entry["seat"], entry)
    with pytest.raises(StoreError, match="not deal"):
        await store.deals.settle(row.deal_id, other, game.session)


async def test_abandon_moves_no_chips(store: Store) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    await log_actions(store, row, deal, scripted_entries(deal, game.rng)[:3])
    game.session.abandon_deal()
    abandoned = await store.deals.abandon(row.deal_id, game.session)
    assert abandoned.status is DealStatus.ABANDONED
    assert await store.ledger.for_deal(row.deal_id) == ()
    assert (await store.tables.session_state(game.table.table_id) or {})["dealer"] == (
        game.session.dealer)
    with pytest.raises(DealClosed):
        await store.deals.abandon(row.deal_id)
    await start_deal(store, game)  # the next deal may start


async def test_the_action_log_and_ledger_are_append_only(store: Store) -> None:
    game = await new_game(store)
    await play_deal(store, game)

    def run(conn: sqlite3.Connection, sql: str) -> None:
        conn.execute(sql)

    for sql in ("UPDATE actions SET seat = 0", "DELETE FROM actions",
                "UPDATE ledger SET amount = 0", "DELETE FROM ledger"):
        with pytest.raises(StoreError, match="append-only"):
            await store.db.write(run, sql)


async def test_the_pot_is_shared_once_when_a_tapp1879_session_ends(store: Store) -> None:
    game = await new_game(store, "tapp1879", users=[11, None, 13], seed=5)
    for _ in range(2):
        await play_deal(store, game)
    pot = game.session.pot
    assert pot > 0
    game.session.request_end()  # between deals: the session ends at once
    shares = game.session.pot_shares
    assert shares is not None and sum(shares) == pot
    await store.tables.close(game.table.table_id, game.session)
    await store.tables.close(game.table.table_id, game.session)  # no second booking
    rows = [r for r in await store.ledger.for_table(game.table.table_id)
            if r.kind is LedgerKind.POT_SHARE]
    assert [r.amount for r in rows] == [*shares, -pot]
    assert [r.seat for r in rows] == [0, 1, 2, None]
    assert await store.ledger.imbalances() == []
    total = sum(r.amount for r in await store.ledger.for_table(game.table.table_id))
    assert total == 0  # every chip that went into the pot came back out


async def test_an_actions_deadlines_replace_the_tables_pending_ones(
        store: Store, clock: FakeClock) -> None:
    """The next turn's deadlines replace the last turn's (of one kind twice, the later
    is kept); none given leaves them; an empty list clears them. On PostgreSQL the
    action and its deadlines are one statement: the same rows either way."""
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    entries = scripted_entries(deal, game.rng)
    tid = game.table.table_id
    await store.deadlines.arm(tid, [DeadlineSpec(DeadlineKind.TIMEOUT, clock() + 9, seat=0)],
                              deal_id=row.deal_id, ply=0)

    def pending_of(deadlines: list[Deadline]) -> list[tuple[object, ...]]:
        return [(d.kind, d.ply, d.seat, d.due_at) for d in deadlines]

    await store.deals.append_action(
        row.deal_id, 0, entries[0]["seat"], entries[0],
        deadlines=[DeadlineSpec(DeadlineKind.TIMEOUT, clock() + 100, seat=1),
                   DeadlineSpec(DeadlineKind.REMINDER, clock() + 60, seat=1),
                   DeadlineSpec(DeadlineKind.TIMEOUT, clock() + 600, seat=1)])
    after = pending_of(await store.deadlines.pending(tid))
    assert after == [(DeadlineKind.REMINDER, 1, 1, clock() + 60),
                     (DeadlineKind.TIMEOUT, 1, 1, clock() + 600)]
    await store.deals.append_action(row.deal_id, 1, entries[1]["seat"], entries[1])
    assert pending_of(await store.deadlines.pending(tid)) == after  # left as they were
    with pytest.raises(DuplicateAction):  # a stale click arms nothing
        await store.deals.append_action(row.deal_id, 1, entries[1]["seat"], entries[1],
                                        deadlines=[])
    assert pending_of(await store.deadlines.pending(tid)) == after
    await store.deals.append_action(row.deal_id, 2, entries[2]["seat"], entries[2],
                                    deadlines=[])
    assert await store.deadlines.pending(tid) == []
    assert (await store.deals.get(row.deal_id)).ply == 3


async def test_deadlines_can_be_set_with_the_action(store: Store, clock: FakeClock) -> None:
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    entry = scripted_entries(deal, game.rng)[0]
    await store.deals.append_action(
        row.deal_id, 0, entry["seat"], entry,
        deadlines=[DeadlineSpec(DeadlineKind.REMINDER, clock() + 60, seat=1),
                   DeadlineSpec(DeadlineKind.TIMEOUT, clock() + 600, seat=1)])
    pending = await store.deadlines.pending(game.table.table_id)
    assert [(d.kind, d.deal_id, d.ply, d.seat) for d in pending] == [
        (DeadlineKind.REMINDER, row.deal_id, 1, 1), (DeadlineKind.TIMEOUT, row.deal_id, 1, 1)]
