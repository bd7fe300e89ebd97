"""Members' own times at a table, with a clock moved by hand: a deadline armed before
its member set quiet hours still waits them out (and the reminder counts the time left
to the moved timeout); away by one's own choice is not timing out, and a table every
member is away from does not play itself."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.store import DeadlineKind, Store
from bot.tables.arming import turn_key
from bot.tables.state import AbsenceKind
from bot.tables.timeouts import REMINDER, SUBSTITUTE

from .test_service import started
from .timer_helpers import START, Clock, timed


def utc(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M")


async def test_a_deadline_armed_before_the_quiet_hours_were_set_still_waits(
        store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)  # reminder 10 min, timeout 1 h
    assert utc(START) == "2023-11-14 22:13"
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    user = live.seats[key[2]].user_id
    assert user is not None
    # the timeout (23:13) was armed before; now the member says: quiet 23:00-06:00 UTC
    await svc.availability.set_quiet(1, user, zone="UTC", start="23:00", end="6:00")
    morning = datetime(2023, 11, 15, 6, 0, tzinfo=UTC).timestamp()

    clock.advance(600)  # 22:23: the reminder is not in quiet hours
    await timers.fire_due()
    [reminder] = notices
    assert reminder.kind == REMINDER and reminder.seconds_left == round(morning - clock())
    assert svc.display.states[-1].absences == ()  # type: ignore[attr-defined]

    clock.advance(3000)  # 23:13: the timeout is due, in quiet hours: it waits
    await timers.fire_due()
    assert notices == [reminder] and turn_key(live) == key
    [timeout] = await store.deadlines.pending(tid)
    assert (timeout.kind, timeout.due_at) == (DeadlineKind.TIMEOUT, morning)
    [quiet] = svc.display.states[-1].absences  # type: ignore[attr-defined]
    assert (quiet.seat, quiet.kind, quiet.until) == (key[2], AbsenceKind.QUIET, morning)

    clock.now = morning - 1
    assert await timers.fire_due() == []
    clock.now = morning
    await timers.fire_due()
    assert [n.kind for n in notices] == [REMINDER, SUBSTITUTE] and turn_key(live) != key


async def test_quiet_hours_changed_while_waiting_count_when_the_deadline_fires(
        store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock, reminder_delay=0)
    tid = await started(svc)
    live = await svc.table(tid)
    key = turn_key(live)
    assert key is not None
    user = live.seats[key[2]].user_id
    assert user is not None
    await svc.availability.set_quiet(1, user, zone="UTC", start="23:00", end="6:00")
    await svc.availability.quiet_off(1, user)  # off again before the timeout comes
    clock.advance(3600)
    await timers.fire_due()
    assert [n.kind for n in notices] == [SUBSTITUTE]


async def test_away_by_choice_is_not_timing_out_and_an_empty_table_waits(
        store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    tid = await started(svc, members=2)  # two members, two computer players
    live = await svc.table(tid)
    members = {s: r.user_id for s, r in live.seats.items() if r.user_id is not None}
    first, second = sorted(members)
    await svc.availability.away(1, members[first], days=2)
    await svc.computers.wait_idle()
    assert live.declared_away == {first}
    assert live.computer_plays(first) and not live.computer_plays(second)
    played = [a for d in await store.deals.for_table(tid)
              for a in await store.deals.actions(d.deal_id) if a.seat == first]
    assert played and all(a.auto for a in played)  # a computer played for them ...
    assert live.timed_out() == ()  # ... and they did not time out
    assert not (await store.tables.load(tid)).seats[first].away
    # (the other member is here: a computer plays for the away one)
    key = turn_key(live)
    assert key is not None and key[2] == second

    await svc.availability.away(1, members[second], days=1)  # now nobody is here
    await svc.computers.wait_idle()
    assert live.declared_away == {first, second}
    assert not live.computer_plays(first) and not live.computer_plays(second)
    key = turn_key(live)  # the table waits for a member, with their deadlines
    assert key is not None
    assert {d.seat for d in await store.deadlines.pending(tid)} == {key[2]}
    state = svc.display.states[-1]  # type: ignore[attr-defined]
    assert {(a.seat, a.kind, a.computer) for a in state.absences} == {
        (first, AbsenceKind.AWAY, False), (second, AbsenceKind.AWAY, False)}
    assert state.timed_out == ()

    clock.advance(86400)  # the second one's day is over: the next change brings them back
    await timers.fire_due()  # (their timeout acts meanwhile: a change)
    await svc.computers.wait_idle()
    assert live.declared_away == {first}
    assert notices and notices[-1].kind == SUBSTITUTE
