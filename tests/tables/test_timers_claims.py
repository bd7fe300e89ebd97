"""Turn timers while a claim is put to the others: the claimer's timer stops; those who
decide are reminded and timed in turn, as for any turn; one who lets the time run out
refuses the claim (as a computer would), the channel is told, and the claimer's turn
starts anew. A timeout never withdraws a claim unannounced, nor marks the claimer away."""

from __future__ import annotations

from bot.display.notice_messages import notice_text
from bot.store import ClaimStatus, DeadlineKind, Store
from bot.tables.arming import turn_key
from bot.tables.timeouts import REMINDER, SUBSTITUTE

from .test_claims import unproven_but_possible, until, user
from .test_service import started
from .timer_helpers import START, Clock, timed


async def test_a_pending_claim_waits_for_the_deciders_timers(store: Store,
                                                               clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    seat, kind = await until(svc, tid, unproven_but_possible)
    live = await svc.table(tid)
    stamp, deal = live.stamp, live.deal
    assert stamp is not None and deal is not None and live.deal_id is not None
    clock.advance(500)  # the claimer thinks a while, then claims
    assert (await svc.claims.claim(live, user(seat), kind.value, stamp))[0] == "claim.put"
    first, second, third = [(seat + i) % 4 for i in (1, 2, 3)]
    assert turn_key(live) == (live.deal_id, deal.ply, first)
    due = {d.kind: (d.seat, d.due_at) for d in await store.deadlines.pending(tid)}
    assert due == {DeadlineKind.REMINDER: (first, clock() + 600),
                   DeadlineKind.TIMEOUT: (first, clock() + 3600)}

    # the claimer's own deadlines (due at START + 600 and + 3600) are gone: nothing fires
    clock.now = START + 1000
    await timers.fire_due()
    assert notices == []
    clock.advance(100)  # the first to decide is reminded of the claim, not the claimer
    await timers.fire_due()
    assert [(n.kind, n.seat, n.claim) for n in notices] == [(REMINDER, first, True)]
    assert "claim" in notice_text(notices[0])
    # they accept: the next one to decide gets their own timers
    await svc.claims.decide(await svc.table(tid), user(first), True, stamp)
    assert turn_key(live) == (live.deal_id, deal.ply, second)
    assert {(d.seat, d.due_at) for d in await store.deadlines.pending(tid)} == {
        (second, clock() + 600), (second, clock() + 3600)}
    clock.advance(600)
    await timers.fire_due()
    clock.advance(3000)
    await timers.fire_due()
    # the second ran out of time: the claim is refused for them, and the channel told
    assert [(n.kind, n.seat, n.claim) for n in notices[1:]] == [
        (REMINDER, second, True), (SUBSTITUTE, second, True)]
    assert "refused" in notice_text(notices[-1])
    [row] = await store.claims.for_deal(live.deal_id)
    assert row.status is ClaimStatus.REFUSED and row.refused_by == second
    assert live.deal.to_record() == deal.to_record() and live.stamp == stamp
    assert live.timed_out() == ()  # nobody is marked away for it
    # the claimer's turn starts anew, with fresh timers; the third never had to answer
    assert turn_key(live) == (live.deal_id, deal.ply, seat)
    assert {(d.seat, d.due_at) for d in await store.deadlines.pending(tid)} == {
        (seat, clock() + 600), (seat, clock() + 3600)}
    assert third not in {n.seat for n in notices}
