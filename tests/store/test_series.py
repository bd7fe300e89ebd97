"""The series' store, on both backends: a series with its seed, members placed by their
turn to join (once each), one run per member and deal (a deal counts once), steps
appended with a compare-and-swap, a run finished with its last step, a series closed
once with its standings kept, and everything still there after the store reopens."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bot.store import NotFound, StaleAction, Store, StoreError
from bot.store.series import (
    AlreadyJoined,
    FinalLine,
    SeriesNotOpen,
    SeriesRunOver,
    SeriesRunStatus,
    SeriesStatus,
    SeriesStepTaken,
)
from bot.store.series_rows import SeriesNotFound

from .helpers import FakeClock

SEED = bytes(range(32))
SPEC = {"variant": "tapp1879", "players": 3, "deals": 6, "days": 7, "level": "easy",
        "pairing": "computers", "scoring": "matchpoints", "options": {"stake": 1}}
PASS = {"seat": 0, "type": "bid", "value": "pass"}


async def new_series(store: Store, guild_id: int = 1) -> int:
    row = await store.series.create(guild_id=guild_id, channel_id=5, host_id=7,
                                    title="Autumn", spec=SPEC, seed=SEED, window=7 * 86400.0)
    return row.series_id


async def test_a_series_keeps_its_definition_seed_and_window(store: Store, clock: FakeClock):
    sid = await new_series(store)
    row = await store.series.get(sid)
    assert row.spec == SPEC and row.seed == SEED and row.status is SeriesStatus.OPEN
    assert row.closes_at - row.opens_at == 7 * 86400.0 and row.opens_at == clock()
    assert row.closed_at is None and row.joined == 0 and row.title == "Autumn"
    other = await new_series(store, guild_id=2)
    assert [r.series_id for r in await store.series.of_guild(1)] == [sid]
    assert [r.series_id for r in await store.series.of_guild(2)] == [other]
    with pytest.raises(SeriesNotFound):
        await store.series.get(999)
    with pytest.raises(NotFound):
        await store.series.get(2**63)  # (a forged id beyond any integer the store keeps)
    with pytest.raises(StoreError):
        await store.series.create(guild_id=1, channel_id=5, host_id=7, title="x", spec=SPEC,
                                  seed=b"short", window=1.0)


async def test_members_join_once_each_in_turn(store: Store):
    sid = await new_series(store)
    first = await store.series.join(sid, 10, "Ada")
    second = await store.series.join(sid, 11)
    assert (first.turn, second.turn) == (0, 1)
    assert (first.display_name, second.display_name) == ("Ada", "")
    with pytest.raises(AlreadyJoined):
        await store.series.join(sid, 10)
    assert [m.user_id for m in await store.series.members(sid)] == [10, 11]
    assert (await store.series.get(sid)).joined == 2
    left = await store.series.leave(sid, 11)
    assert left.left_at is not None
    with pytest.raises(AlreadyJoined):  # leaving and joining again is no fresh start
        await store.series.join(sid, 11)
    with pytest.raises(SeriesNotFound):
        await store.series.join(999, 10)


async def test_one_run_per_member_and_deal(store: Store):
    sid = await new_series(store)
    await store.series.join(sid, 10)
    run = await store.series.start_run(sid, 10, 1, 0)
    again = await store.series.start_run(sid, 10, 1, 2)  # the first stands
    assert again.run_id == run.run_id and again.seat == 0
    other = await store.series.start_run(sid, 10, 2, 1)
    assert other.run_id != run.run_id
    assert [r.deal for r in await store.series.runs_of(sid, 10)] == [1, 2]
    with pytest.raises(SeriesNotOpen):  # no member, no deal
        await store.series.start_run(sid, 12, 1, 0)


async def test_steps_append_in_order_and_the_last_finishes_the_run(store: Store):
    sid = await new_series(store)
    await store.series.join(sid, 10)
    run = await store.series.start_run(sid, 10, 1, 0)
    await store.series.append_step(run.run_id, 0, PASS)
    with pytest.raises(SeriesStepTaken) as taken:
        await store.series.append_step(run.run_id, 0, PASS)
    assert isinstance(taken.value, StaleAction)
    with pytest.raises(StoreError):
        await store.series.append_step(run.run_id, 4, PASS)
    with pytest.raises(StoreError):
        await store.series.append_step(run.run_id, 1, {"type": "bid"})
    done = await store.series.append_step(run.run_id, 1, PASS,
                                          finish=(-4, {"status": "finished", "won": True}))
    assert done.status is SeriesRunStatus.FINISHED and done.chips == -4 and done.steps == 2
    with pytest.raises(SeriesRunOver):
        await store.series.append_step(run.run_id, 2, PASS)
    found, steps = await store.series.run_with_steps(run.run_id)
    assert found == done and steps == [PASS, PASS]
    assert await store.series.results(sid) == [
        (10, 1, 0, -4, done.finished_at, '{"status":"finished","won":true}')]
    assert await store.series.finished_deals(sid, 10) == {1}


async def test_leaving_drops_the_deal_in_play_and_starts_no_other(store: Store):
    sid = await new_series(store)
    await store.series.join(sid, 10)
    run = await store.series.start_run(sid, 10, 1, 0)
    await store.series.leave(sid, 10)
    assert (await store.series.run(run.run_id)).status is SeriesRunStatus.DROPPED
    with pytest.raises(SeriesRunOver):
        await store.series.append_step(run.run_id, 0, PASS)
    with pytest.raises(SeriesNotOpen):
        await store.series.start_run(sid, 10, 2, 1)
    assert await store.series.results(sid) == []


async def test_a_series_closes_once_with_its_standings_kept(store: Store, clock: FakeClock):
    sid = await new_series(store)
    await store.series.join(sid, 10)
    playing = await store.series.start_run(sid, 10, 1, 0)
    final = [FinalLine(10, 1, Fraction(50), 1), FinalLine(11, 2, Fraction(100, 3), 2)]
    assert await store.series.due(clock() + 7 * 86400.0 - 1) == []
    assert [r.series_id for r in await store.series.due(clock() + 7 * 86400.0)] == [sid]
    row, now = await store.series.close(sid, final)
    assert now and row.status is SeriesStatus.CLOSED and row.closed_at == clock()
    _, again = await store.series.close(sid, [FinalLine(10, 1, Fraction(1), 1)])
    assert not again  # closed once: the first standings stand
    assert await store.series.final(sid) == final
    assert (await store.series.run(playing.run_id)).status is SeriesRunStatus.DROPPED
    with pytest.raises(SeriesNotOpen):
        await store.series.join(sid, 12)
    assert [r.series_id for r in await store.series.closed()] == [sid]


async def test_a_deleted_series_keeps_no_standings_and_takes_nobody(store: Store):
    sid = await new_series(store)
    row, now = await store.series.close(sid, [FinalLine(1, 1, Fraction(1), 1)], delete=True)
    assert now and row.status is SeriesStatus.DELETED
    assert await store.series.final(sid) == []
    assert await store.series.of_guild(1) == []
    with pytest.raises(SeriesNotOpen):
        await store.series.join(sid, 10)


async def test_steps_are_append_only(store: Store):
    sid = await new_series(store)
    await store.series.join(sid, 10)
    run = await store.series.start_run(sid, 10, 1, 0)
    await store.series.append_step(run.run_id, 0, PASS)

    def rewrite(conn):  # type: ignore[no-untyped-def]
        conn.execute("UPDATE series_steps SET entry = '{}' WHERE run_id = ?", (run.run_id,))

    with pytest.raises(Exception, match="append-only"):
        await store.db.write(rewrite)


async def test_a_series_survives_the_store_reopening(db_path: Path, clock: FakeClock):
    store = await Store.open(db_path, clock=clock)
    sid = await new_series(store)
    await store.series.join(sid, 10)
    run = await store.series.start_run(sid, 10, 1, 0)
    await store.series.append_step(run.run_id, 0, PASS)
    await store.close()
    store = await Store.open(db_path, clock=clock)
    try:
        found, steps = await store.series.run_with_steps(run.run_id)
        assert found.steps == 1 and steps == [PASS]
        assert (await store.series.get(sid)).seed == SEED
        assert (await store.series.member(sid, 10)) is not None
    finally:
        await store.close()
