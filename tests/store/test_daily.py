"""The deal of the day's store: one deal per server and day, one run per member,
steps appended with a compare-and-swap, the run finished with its last step."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.engine import Deal
from bot.store import NotFound, StaleAction, Store, StoreError
from bot.store.codec import record_header
from bot.store.daily import DECLINE, DailyDeal, RunNotFound, RunOver, RunStatus, StepTaken

from .helpers import FakeClock

SEED = bytes(range(32))


def header(seed: bytes = SEED) -> dict[str, object]:
    return record_header(Deal.new("zuger", seed=seed).to_record())


async def new_deal(store: Store, guild_id: int = 1, day: str = "2024-05-15") -> DailyDeal:
    return await store.daily.create_deal(guild_id, day, variant="zuger", seat=0,
                                         level="easy", seed=SEED, header=header())


async def test_one_deal_per_server_and_day_the_first_stands(store: Store) -> None:
    first = await new_deal(store)
    again = await store.daily.create_deal(1, "2024-05-15", variant="dapp", seat=2,
                                          level="strong", seed=bytes(32),
                                          header=header(bytes(32)))
    assert again == first and again.variant == "zuger" and again.seed == SEED
    other_day = await new_deal(store, day="2024-05-16")
    other_server = await new_deal(store, guild_id=2)
    assert len({first.daily_id, other_day.daily_id, other_server.daily_id}) == 3
    assert await store.daily.deal(1, "2024-05-15") == first
    assert await store.daily.deal(1, "2024-05-17") is None
    assert await store.daily.deal_by_id(first.daily_id) == first
    with pytest.raises(NotFound):
        await store.daily.deal_by_id(999)


async def test_a_seed_is_32_bytes_and_a_deal_is_stored_as_dealt(store: Store) -> None:
    with pytest.raises(StoreError):
        await store.daily.create_deal(1, "2024-05-15", variant="zuger", seat=0, level="easy",
                                      seed=b"short", header=header())
    with pytest.raises(StoreError):
        await store.daily.create_deal(1, "2024-05-15", variant="zuger", seat=0, level="easy",
                                      seed=SEED, header={**header(), "actions": [{"x": 1}]})


async def test_one_run_per_member_resumed_not_restarted(store: Store) -> None:
    deal = await new_deal(store)
    run = await store.daily.start_run(deal.daily_id, 10)
    assert run.status is RunStatus.PLAYING and run.steps == 0 and run.chips is None
    await store.daily.append_step(run.run_id, 0, {"seat": 1, "type": "bid", "value": "pass"})
    again = await store.daily.start_run(deal.daily_id, 10)
    assert again.run_id == run.run_id and again.steps == 1
    assert await store.daily.run_of(deal.daily_id, 11) is None
    assert (await store.daily.run_of(deal.daily_id, 10)) == again


async def test_steps_append_in_order_and_a_racing_second_loses(store: Store) -> None:
    deal = await new_deal(store)
    run = await store.daily.start_run(deal.daily_id, 10)
    entry = {"seat": 0, "type": "bid", "value": "pass"}
    await store.daily.append_step(run.run_id, 0, entry)
    with pytest.raises(StepTaken) as taken:
        await store.daily.append_step(run.run_id, 0, {"seat": 0, "type": "bid", "value": "x"})
    assert isinstance(taken.value, StaleAction)
    with pytest.raises(StoreError):  # a step that skips ahead is a bug, not a click
        await store.daily.append_step(run.run_id, 5, entry)
    await store.daily.append_step(run.run_id, 1, {"seat": 0, "type": DECLINE})
    found, steps = await store.daily.run_with_steps(run.run_id)
    assert found.steps == 2
    assert steps == [entry, {"seat": 0, "type": DECLINE}]
    with pytest.raises(RunNotFound):
        await store.daily.run_with_steps(12345)


async def test_the_last_step_finishes_the_run_in_the_same_transaction(
        store: Store, clock: FakeClock) -> None:
    deal = await new_deal(store)
    run = await store.daily.start_run(deal.daily_id, 10)
    clock.advance(60)
    done = await store.daily.append_step(run.run_id, 0, {"seat": 0, "type": "play",
                                                         "card": "AH"},
                                         finish=(4, {"payments": [4, -4]}))
    assert done.finished and done.chips == 4 and done.result == {"payments": [4, -4]}
    assert done.finished_at == clock()
    with pytest.raises(RunOver):
        await store.daily.append_step(run.run_id, 1, {"seat": 0, "type": DECLINE})
    assert (await store.daily.run(run.run_id)).steps == 1


async def test_a_malformed_entry_writes_nothing(store: Store) -> None:
    deal = await new_deal(store)
    run = await store.daily.start_run(deal.daily_id, 10)
    for bad in ({"type": "bid"}, {"seat": "0", "type": "bid"}, {"seat": 0}):
        with pytest.raises(StoreError):
            await store.daily.append_step(run.run_id, 0, bad)
    assert (await store.daily.run(run.run_id)).steps == 0


async def test_counts_scores_and_days_played(store: Store, clock: FakeClock) -> None:
    days = ["2024-05-13", "2024-05-14", "2024-05-15"]
    for day in days:
        deal = await new_deal(store, day=day)
        for user, chips in ((10, 3), (11, -1)):
            if day == "2024-05-14" and user == 11:
                await store.daily.start_run(deal.daily_id, user)  # started, never finished
                continue
            run = await store.daily.start_run(deal.daily_id, user)
            clock.advance(1)
            await store.daily.append_step(run.run_id, 0, {"seat": 0, "type": DECLINE},
                                          finish=(chips, {"payments": [chips]}))
    other = await new_deal(store, guild_id=2, day="2024-05-14")
    await store.daily.append_step((await store.daily.start_run(other.daily_id, 10)).run_id,
                                  0, {"seat": 0, "type": DECLINE}, finish=(9, {}))
    tuesday = await store.daily.deal(1, "2024-05-14")
    assert tuesday is not None
    count = await store.daily.count(tuesday.daily_id)
    assert (count.finished, count.playing) == (1, 1)
    scores = await store.daily.scores(1, "2024-05-14", "2024-05-15")
    assert [(s.day, s.user_id, s.chips) for s in scores] == [
        ("2024-05-14", 10, 3), ("2024-05-15", 10, 3), ("2024-05-15", 11, -1)]
    assert await store.daily.days_played(1, "2024-05-14") == {
        10: ["2024-05-13", "2024-05-14"], 11: ["2024-05-13"]}


async def test_steps_are_append_only(store: Store) -> None:
    deal = await new_deal(store)
    run = await store.daily.start_run(deal.daily_id, 10)
    await store.daily.append_step(run.run_id, 0, {"seat": 0, "type": DECLINE})

    def tamper(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE daily_steps SET entry = '{}'")

    with pytest.raises(StoreError):
        await store.db.write(tamper)


async def test_a_deal_and_its_runs_survive_reopening(db_path: Path, clock: FakeClock) -> None:
    async with await Store.open(db_path, clock=clock) as store:
        deal = await new_deal(store)
        run = await store.daily.start_run(deal.daily_id, 10)
        await store.daily.append_step(run.run_id, 0, {"seat": 1, "type": "bid",
                                                      "value": "pass"})
    async with await Store.open(db_path, clock=clock) as store:
        again = await store.daily.deal(1, "2024-05-15")
        assert again == deal
        found, steps = await store.daily.run_with_steps(run.run_id)
        assert found.steps == 1 and steps == [{"seat": 1, "type": "bid", "value": "pass"}]
