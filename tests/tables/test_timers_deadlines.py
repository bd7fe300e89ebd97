"""Turn timers' stored deadlines: an action moves them on, a stale one is ignored, overdue
ones fire once across a restart (also when claimed but never handled), a fired reminder
is not set again and a turn never armed is armed on resume; with a full disk a timeout
fires again later, and an action and its turn's timers are stored together or not at
all."""

from __future__ import annotations

import pytest

from bot.store import DeadlineKind, Store, StoreFull, StoreUnavailable
from bot.tables.arming import turn_key
from bot.tables.timeouts import REMINDER, SUBSTITUTE
from tests.faults import simulate_full_disk

from .test_service import service, started
from .timer_helpers import START, Clock, timed


async def test_action_moves_timers_on(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None and live.deal is not None
    clock.advance(500)
    action = live.deal.legal_actions(key[2])[0]
    user = live.seats[key[2]].user_id
    assert user is not None
    await svc.play.act(await svc.table(tid), user, action.token, live.stamp)
    clock.advance(200)  # 700 s after the first turn, 200 s into the next one
    await timers.fire_due()
    assert notices == []
    nxt = turn_key(live)
    assert nxt is not None and nxt != key
    due = {d.kind: d.due_at for d in await store.deadlines.pending(tid)}
    assert due[DeadlineKind.REMINDER] == START + 500 + 600


async def test_stale_deadline_is_ignored(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    await store.deadlines.schedule(tid, DeadlineKind.TIMEOUT, START + 10, deal_id=key[0],
                                   ply=key[1] + 5, seat=key[2])
    clock.advance(10)
    assert len(await timers.fire_due()) == 1
    assert notices == [] and turn_key(live) == key


async def test_overdue_timers_fire_once_across_a_restart(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    await svc.shutdown()  # the bot stops; the deadlines stay in the store

    clock.advance(5000)  # both are overdue when the bot is back
    again, shown = service(store, clock=clock)
    after = shown.notices
    timers2 = again.timers
    assert await again.restart.resume() == 1
    # resuming keeps the stored deadlines of the same turn (they are not pushed back)
    assert {d.due_at for d in await store.deadlines.pending(tid)} == {START + 600,
                                                                       START + 3600}
    fired = await timers2.fire_due()
    assert [d.kind for d in fired] == [DeadlineKind.REMINDER, DeadlineKind.TIMEOUT]
    # the reminder, overdue with the timeout, pings nobody: the substitute acts at once
    assert [n.kind for n in after] == [SUBSTITUTE]
    live2 = await again.table(tid)
    assert turn_key(live2) != key
    # a second pass, or the old bot's loop racing, fires nothing again
    assert await timers2.fire_due() == []
    assert await timers.fire_due() == []
    assert notices == [] and len(after) == 1
    rows = await store.deals.actions(key[0])
    assert sum(r.auto for r in rows) == 1
    await again.shutdown()


async def test_a_fired_reminder_is_not_armed_again_after_a_restart(store: Store,
                                                                      clock: Clock) -> None:
    """Reminders only (no timeout): once the reminder of a turn fired, a restart in the
    same turn does not set (and so does not send) it again."""
    svc, timers, notices = await timed(store, clock, turn_timeout=0)
    tid = await started(svc)
    key = turn_key(await svc.table(tid))
    clock.advance(600)
    await timers.fire_due()
    assert [n.kind for n in notices] == [REMINDER]
    assert await store.deadlines.pending(tid) == []
    await svc.shutdown()

    for _ in range(2):  # two restarts in the same turn
        again, shown = service(store, clock=clock)
        after = shown.notices
        timers2 = again.timers
        assert await again.restart.resume() == 1
        assert turn_key(await again.table(tid)) == key
        assert await store.deadlines.pending(tid) == []
        clock.advance(10_000)
        assert await timers2.fire_due() == [] and after == []
        await again.shutdown()


async def test_a_turn_never_armed_is_armed_on_resume(store: Store, clock: Clock) -> None:
    """A bot stopped between an action and setting the next turn's timers: the new bot
    sets them, counting from its start."""
    svc, timers, _ = await timed(store, clock)
    tid = await started(svc)
    await store.deadlines.cancel(tid)
    await svc.shutdown()
    clock.advance(100)
    again, _ = service(store, clock=clock)
    await again.restart.resume()
    due = {d.kind: d.due_at for d in await store.deadlines.pending(tid)}
    assert due == {DeadlineKind.REMINDER: START + 700, DeadlineKind.TIMEOUT: START + 3700}
    await again.shutdown()


async def test_a_timeout_claimed_but_never_handled_fires_after_a_restart(
        store: Store, clock: Clock) -> None:
    """The loop claimed the due deadlines (marked fired) and the bot stopped before
    handling them: after the restart the turn's timeout is due again and fires once."""
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    key = turn_key(await svc.table(tid))
    clock.advance(3600)
    claimed = await store.deadlines.claim_due(now=clock())
    assert {d.kind for d in claimed} == {DeadlineKind.REMINDER, DeadlineKind.TIMEOUT}
    await svc.shutdown()  # none of them was handled
    assert await store.deadlines.pending(tid) == []

    again, shown = service(store, clock=clock)
    assert await again.restart.resume() == 1
    assert [(d.kind, d.due_at) for d in await store.deadlines.pending(tid)] == [
        (DeadlineKind.TIMEOUT, START + 3600)]  # due as it was: the member had their time
    fired = await again.timers.fire_due()
    assert [d.kind for d in fired] == [DeadlineKind.TIMEOUT]
    assert [n.kind for n in shown.notices] == [SUBSTITUTE] and notices == []
    live = await again.table(tid)
    assert turn_key(live) != key
    rows = await store.deals.actions(key[0] if key else 0)
    assert [r.auto for r in rows] == [True]
    assert await again.timers.fire_due() == []  # once
    await again.shutdown()


async def test_a_lost_timeout_the_settings_no_longer_set_stays_fired(
        store: Store, clock: Clock) -> None:
    """As above, but the server turned timeouts off before the restart: the turn waits."""
    svc, _, _ = await timed(store, clock)
    tid = await started(svc)
    clock.advance(3600)
    assert len(await store.deadlines.claim_due(now=clock())) == 2
    await svc.shutdown()
    await store.settings.set_guild(1, {"turn_timeout": 0})
    again, shown = service(store, clock=clock)
    assert await again.restart.resume() == 1
    assert await store.deadlines.pending(tid) == []
    clock.advance(10_000)
    assert await again.timers.fire_due() == [] and shown.notices == []
    await again.shutdown()


async def test_a_resumed_table_whose_timers_cannot_be_set_keeps_its_old_ones(
        store: Store, clock: Clock) -> None:
    """Its place is back but the store refuses to read its settings, then to store the
    resumption: the table stays suspended with the deadlines it had (never left with
    none); once the store answers it resumes with them set afresh, in the same write."""
    svc, _, _ = await timed(store, clock)
    tid = await started(svc)
    before = await store.deadlines.pending(tid)
    assert before
    assert await svc.places.suspend(tid, "bot_removed")
    real = store.settings.for_table

    async def busy(*args: object, **kwargs: object) -> None:
        raise StoreUnavailable("locked")

    store.settings.for_table = busy  # type: ignore[method-assign,assignment]
    clock.advance(100)
    with pytest.raises(StoreUnavailable):
        await svc.places.resume(tid)
    assert await store.deadlines.pending(tid) == before
    assert (await store.tables.get(tid)).suspended_reason == "bot_removed"  # unchanged
    store.settings.for_table = real  # type: ignore[method-assign]
    write = store.tables.set_suspended
    store.tables.set_suspended = busy  # type: ignore[method-assign,assignment]
    with pytest.raises(StoreUnavailable):  # the resumption's write itself is refused
        await svc.places.resume(tid)
    assert await store.deadlines.pending(tid) == before
    store.tables.set_suspended = write  # type: ignore[method-assign]
    assert await svc.places.resume(tid)
    assert {d.due_at for d in await store.deadlines.pending(tid)} == {
        START + 700, START + 3700}  # counted from the resumption


@pytest.mark.parametrize("failures", [1, 2])
async def test_a_timeout_the_store_refuses_fires_again_later(store: Store, clock: Clock,
                                                             failures: int) -> None:
    """The disk is full when the timeout fires: the substitute's move is refused and
    nothing changes; the deadline is set again (also when the store refuses that too:
    failures=2) and fires, once, a minute later."""
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    clock.advance(3600)
    # the claim commits; then the substitute's move (and, with 2, the release) does not
    simulate_full_disk(store.db, failures, after=1)
    assert len(await timers.fire_due()) == 2
    assert notices == []  # no reminder beside a due timeout; the timeout did nothing
    assert turn_key(live) == key and await store.deals.actions(key[0]) == ()
    if failures == 2:
        assert await store.deadlines.pending(tid) == []  # kept in memory for now
        assert await timers.fire_due() == []  # sets it again first
    [again] = await store.deadlines.pending(tid)
    assert again.kind is DeadlineKind.TIMEOUT and again.due_at == clock() + 60
    clock.advance(59)
    assert await timers.fire_due() == []
    clock.advance(1)
    assert len(await timers.fire_due()) == 1
    assert [n.kind for n in notices] == [SUBSTITUTE]
    actions = await store.deals.actions(key[0])
    assert [(a.seat, a.auto) for a in actions] == [(key[2], True)]
    assert turn_key(live) != key


async def test_an_action_and_its_turns_timers_are_stored_together_or_not_at_all(
        store: Store, clock: Clock) -> None:
    """The next turn's timers are written in the action's own transaction: a full disk
    refuses both (the old turn keeps its timers), and once it is free both are stored."""
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None and live.deal is not None
    user = live.seats[key[2]].user_id
    assert user is not None
    token = live.deal.legal_actions(key[2])[0].token
    simulate_full_disk(store.db, 1)
    with pytest.raises(StoreFull):
        await svc.play.act(await svc.table(tid), user, token, live.stamp)
    assert turn_key(live) == key and await store.deals.actions(key[0]) == ()
    assert {(d.deal_id, d.ply, d.seat) for d in await store.deadlines.pending(tid)} == {key}
    clock.advance(100)
    await svc.play.act(await svc.table(tid), user, token, live.stamp)
    nxt = turn_key(live)
    assert nxt is not None and nxt != key
    due = {d.kind: (d.due_at, (d.deal_id, d.ply, d.seat))
           for d in await store.deadlines.pending(tid)}
    assert due == {DeadlineKind.REMINDER: (START + 700, nxt),
                   DeadlineKind.TIMEOUT: (START + 3700, nxt)}
    clock.advance(600)
    await timers.fire_due()
    assert [(n.kind, n.seat) for n in notices] == [(REMINDER, nxt[2])]
