"""Turn timers with a controllable clock: a reminder, then the timeout, fire on time; a
substitute acts legally and is marked, and the member is away (played for at once, also
across a restart) until they come back; a table every member has left crawls; abandon
moves no chips; the members still here can end a table the host has left."""

from __future__ import annotations

import logging

import pytest

from bot.engine import Action
from bot.store import DeadlineKind, DealStatus, Store, StoreUnavailable
from bot.tables import TableService
from bot.tables.arming import turn_key
from bot.tables.timeouts import ABANDONED, REMINDER, SUBSTITUTE

from .test_service import service, started
from .timer_helpers import START, Clock, timed


async def test_reminder_then_timeout_fire_on_time(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    due = {d.kind: d.due_at for d in await store.deadlines.pending(tid)}
    assert due == {DeadlineKind.REMINDER: START + 600, DeadlineKind.TIMEOUT: START + 3600}
    assert await store.deadlines.next_due() == START + 600

    clock.advance(599)
    assert await timers.fire_due() == [] and notices == []
    clock.advance(1)
    await timers.fire_due()
    assert [n.kind for n in notices] == [REMINDER]
    reminder = notices[0]
    assert reminder.user_id == live.seats[key[2]].user_id and reminder.seat == key[2]
    assert reminder.seconds_left == 3000
    assert turn_key(live) == key  # a reminder changes nothing

    clock.advance(2999)
    assert await timers.fire_due() == []
    clock.advance(1)
    await timers.fire_due()
    assert [n.kind for n in notices] == [REMINDER, SUBSTITUTE]
    assert turn_key(live) != key


async def test_substitute_acts_legally_and_is_marked(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None and live.deal is not None
    legal = {a.token for a in live.deal.legal_actions(key[2])}
    clock.advance(3600)
    await timers.fire_due()
    sub = notices[-1]
    assert sub.kind == SUBSTITUTE and sub.seat == key[2] and sub.action in legal
    rows = await store.deals.actions(key[0])
    assert rows[-1].auto and rows[-1].seat == key[2] and rows[-1].ply == key[1]
    assert Action.parse(sub.action).token == sub.action
    assert all(not r.auto for r in rows[:-1])
    # the member keeps the seat (nobody replaced them) but is away, so marked
    assert not live.is_computer(key[2]) and live.timed_out() == (key[2],)
    assert (await store.tables.load(tid)).seats[key[2]].away
    assert svc.display.states[-1].timed_out == (key[2],)  # type: ignore[attr-defined]
    # the next member on turn has fresh timers
    nxt = turn_key(live)
    assert nxt is not None
    assert {(d.deal_id, d.ply, d.seat) for d in await store.deadlines.pending(tid)} == {nxt}


async def test_the_log_names_a_substitutes_action_by_its_kind_only(
        store: Store, clock: Clock, caplog: pytest.LogCaptureFixture) -> None:
    """A substitute's discard or card given is hidden: the log may not name it either."""
    caplog.set_level(logging.INFO, logger="bot")
    svc, timers, notices = await timed(store, clock)
    await started(svc)
    for _ in range(4):  # each member times out once (then is played for while away)
        clock.advance(3600)
        await timers.fire_due()
        await svc.computers.wait_idle()
    taken = [Action.parse(n.action) for n in notices if n.kind == SUBSTITUTE]
    assert taken
    lines = [r.getMessage() for r in caplog.records]
    said = [line for line in lines if "a substitute took" in line]
    assert [line.rsplit("took a ", 1)[1] for line in said] == [
        f"{a.type.value} (marked auto)" for a in taken]
    assert not [line for line in lines for a in taken if a.token in line]


async def play_until_turn_of(svc: TableService, table_id: int, seat: int) -> None:
    """The members on turn (not ``seat``) act with their first legal action until it is
    ``seat``'s turn; a computer playing for ``seat`` meanwhile fails the test."""
    live = await svc.table(table_id)
    for _ in range(200):
        await svc.computers.wait_idle()
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None
        if actor == seat:
            return
        user = live.seats[actor].user_id
        assert user is not None
        await svc.play.act(await svc.table(table_id), user, deal.legal_actions(actor)[0].token,
                           live.stamp)
    raise AssertionError(f"seat {seat} never came to act")


async def test_an_away_member_is_played_for_until_they_come_back(store: Store,
                                                                  clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    seat, user = key[2], live.seats[key[2]].user_id
    assert user is not None
    clock.advance(3600)
    await timers.fire_due()
    assert [n.kind for n in notices] == [SUBSTITUTE] and live.timed_out() == (seat,)
    shown = svc.display.states  # type: ignore[attr-defined]
    since = len(shown)

    # their later turns are played by a computer at once, marked auto, with no timers
    async def theirs() -> list[bool]:
        deals = await store.deals.for_table(tid)
        return [r.auto for d in deals for r in await store.deals.actions(d.deal_id)
                if r.seat == seat]

    for _ in range(100):
        if len(await theirs()) >= 3:
            break
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None and actor != seat
        await svc.play.act(await svc.table(tid), live.seats[actor].user_id or 0,
                           deal.legal_actions(actor)[0].token, live.stamp)
        await svc.computers.wait_idle()
        assert all(d.seat != seat for d in await store.deadlines.pending(tid))
    played = await theirs()
    assert len(played) >= 3 and all(played)
    assert all(state.actor_user != user for state in shown[since:])  # nobody pings them
    assert any(state.timed_out == (seat,) for state in shown[since:])
    assert len(notices) == 1  # one notice when they timed out, not one per turn

    # they come back (My hand): stored at once, marked no more, and their turn waits
    hand = await svc.play.hand(live, user)
    assert hand.seat == seat and live.timed_out() == ()
    assert not (await store.tables.load(tid)).seats[seat].away
    await play_until_turn_of(svc, tid, seat)
    assert turn_key(live) is not None and turn_key(live)[2] == seat
    assert {d.seat for d in await store.deadlines.pending(tid)} == {seat}


async def test_a_failed_read_while_coming_back_leaves_them_away(store: Store,
                                                               clock: Clock) -> None:
    svc, timers, _ = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    clock.advance(3600)
    await timers.fire_due()
    [seat] = live.timed_out()  # the first member on turn is away now
    user = live.seats[seat].user_id or 0
    real = store.settings.for_table

    async def busy(*args: object) -> None:
        raise StoreUnavailable("locked")

    store.settings.for_table = busy  # type: ignore[method-assign,assignment]
    with pytest.raises(StoreUnavailable):
        await svc.play.hand(live, user)
    assert live.timed_out() == (seat,)  # still away in memory, as in the store
    assert (await store.tables.load(tid)).seats[seat].away
    store.settings.for_table = real  # type: ignore[method-assign]
    await svc.play.hand(live, user)
    assert live.timed_out() == () and not (await store.tables.load(tid)).seats[seat].away


async def test_away_outlives_a_restart(store: Store, clock: Clock) -> None:
    svc, timers, _ = await timed(store, clock)
    tid = await started(svc)
    seat = (turn_key(await svc.table(tid)) or (0, 0, 0))[2]
    clock.advance(3600)
    await timers.fire_due()
    await svc.shutdown()

    again, _ = service(store, clock=clock)
    await again.restart.resume()
    live = await again.table(tid)
    assert live.timed_out() == (seat,)
    for _ in range(6):  # the computer goes on playing for them
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None and actor != seat
        await again.play.act(await again.table(tid), live.seats[actor].user_id or 0,
                        deal.legal_actions(actor)[0].token, live.stamp)
        await again.computers.wait_idle()
    assert any(r.seat == seat and r.auto for r in await again.core.store.deals.actions(
        live.deal_id or 0)) or live.deal_id != (turn_key(live) or (0,))[0]
    await again.shutdown()


async def test_a_table_every_member_has_left_does_not_play_itself(store: Store,
                                                                   clock: Clock) -> None:
    """Everyone is away: no computer plays on for them; each turn waits for its own
    timeout (a substitute's move, marked) and the table crawls rather than racing."""
    svc, timers, notices = await timed(store, clock, reminder_delay=0)
    tid = await started(svc)
    live = await svc.table(tid)
    for n in range(1, 7):
        key = turn_key(live)
        assert key is not None  # a member's turn with its timers set: nobody plays it
        await svc.computers.wait_idle()
        assert turn_key(live) == key
        clock.advance(3600)
        await timers.fire_due()
        assert len(notices) == n and notices[-1].kind == SUBSTITUTE
    assert set(live.timed_out()) == {0, 1, 2, 3}


async def test_abandon_moves_no_chips(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock, timeout_policy="abandon")
    tid = await started(svc)
    live = await svc.table(tid)
    assert live.session is not None
    chips = tuple(live.session.chips)
    key = turn_key(live)
    assert key is not None
    clock.advance(600)
    await timers.fire_due()
    clock.advance(3000)
    await timers.fire_due()
    assert [n.kind for n in notices] == [REMINDER, ABANDONED]
    assert tuple(live.session.chips) == chips
    assert (await store.deals.get(key[0])).status is DealStatus.ABANDONED
    assert live.deal_id is not None and live.deal_id != key[0]  # the next deal is dealt
    reloaded = await store.tables.load(tid)
    assert reloaded.session_state is not None


async def test_the_members_still_here_can_end_a_table_the_host_has_left(
        store: Store, clock: Clock) -> None:
    """The host (seat 1) and seat 2 timed out and are away: the two members still here
    are the majority that ends the table (before, they were two of four)."""
    svc, timers, _ = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    gone = {0, 1}
    for _ in range(200):
        if set(live.timed_out()) == gone:
            break
        await svc.computers.wait_idle()
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None
        if actor in gone:  # they do not answer: the turn times out
            clock.advance(3600)
            await timers.fire_due()
        else:
            await svc.play.act(await svc.table(tid), live.seats[actor].user_id or 0,
                          deal.legal_actions(actor)[0].token, live.stamp)
    assert set(live.timed_out()) == gone and live.row.host_id == live.seats[0].user_id
    here = [live.seats[s].user_id or 0 for s in (2, 3)]
    assert await svc.play.end(tid, here[0]) == "end.voted"
    assert svc.display.states[-1].votes_needed == 2  # type: ignore[attr-defined]
    assert await svc.play.end(tid, here[1]) == "end.vote_passed"
