"""Turn timers with a controllable clock: reminders and timeouts fire at the right time,
once, also across a restart; a substitute acts legally and is marked; abandon moves no
chips; an action moves the timers on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Action
from bot.store import DeadlineKind, DealStatus, Store, StoreFull
from bot.tables import TableService
from bot.tables.arming import turn_key
from bot.tables.scheduler import Scheduler
from bot.tables.timeouts import ABANDONED, REMINDER, SUBSTITUTE, TimerNotice

from .test_service import service, started

START = 1_700_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path, clock: Clock) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "t.sqlite3", clock=clock)
    yield s
    await s.close()


async def timed(store: Store, clock: Clock, **settings: Any
                ) -> tuple[TableService, Scheduler, list[TimerNotice]]:
    await store.settings.set_guild(1, {"reminder_delay": 600, "turn_timeout": 3600,
                                       **settings})
    svc, display = service(store, clock=clock)
    return svc, svc.timers, display.notices


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
    assert not live.is_computer(key[2]) and live.away() == (key[2],)
    assert (await store.tables.load(tid)).seats[key[2]].away
    assert svc.display.states[-1].away == (key[2],)  # type: ignore[attr-defined]
    # the next member on turn has fresh timers
    nxt = turn_key(live)
    assert nxt is not None
    assert {(d.deal_id, d.ply, d.seat) for d in await store.deadlines.pending(tid)} == {nxt}


async def play_until_turn_of(svc: TableService, table_id: int, seat: int) -> None:
    """The members on turn (not ``seat``) act with their first legal action until it is
    ``seat``'s turn; a computer playing for ``seat`` meanwhile fails the test."""
    live = await svc.table(table_id)
    for _ in range(200):
        await svc.wait_idle()
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None
        if actor == seat:
            return
        user = live.seats[actor].user_id
        assert user is not None
        await svc.act(table_id, user, deal.legal_actions(actor)[0].token, live.stamp)
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
    assert [n.kind for n in notices] == [SUBSTITUTE] and live.away() == (seat,)
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
        await svc.act(tid, live.seats[actor].user_id or 0, deal.legal_actions(actor)[0].token,
                      live.stamp)
        await svc.wait_idle()
        assert all(d.seat != seat for d in await store.deadlines.pending(tid))
    played = await theirs()
    assert len(played) >= 3 and all(played)
    assert all(state.actor_user != user for state in shown[since:])  # nobody pings them
    assert any(state.away == (seat,) for state in shown[since:])
    assert len(notices) == 1  # one notice when they timed out, not one per turn

    # they come back (My hand): stored at once, marked no more, and their turn waits
    hand = await svc.hand(live, user)
    assert hand.seat == seat and live.away() == ()
    assert not (await store.tables.load(tid)).seats[seat].away
    await play_until_turn_of(svc, tid, seat)
    assert turn_key(live) is not None and turn_key(live)[2] == seat
    assert {d.seat for d in await store.deadlines.pending(tid)} == {seat}


async def test_away_outlives_a_restart(store: Store, clock: Clock) -> None:
    svc, timers, _ = await timed(store, clock)
    tid = await started(svc)
    seat = (turn_key(await svc.table(tid)) or (0, 0, 0))[2]
    clock.advance(3600)
    await timers.fire_due()
    await svc.shutdown()

    again, _ = service(store, clock=clock)
    await again.resume()
    live = await again.table(tid)
    assert live.away() == (seat,)
    for _ in range(6):  # the computer goes on playing for them
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None and actor != seat
        await again.act(tid, live.seats[actor].user_id or 0,
                        deal.legal_actions(actor)[0].token, live.stamp)
        await again.wait_idle()
    assert any(r.seat == seat and r.auto for r in await again.store.deals.actions(
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
        await svc.wait_idle()
        assert turn_key(live) == key
        clock.advance(3600)
        await timers.fire_due()
        assert len(notices) == n and notices[-1].kind == SUBSTITUTE
    assert set(live.away()) == {0, 1, 2, 3}


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
    await svc.act(tid, user, action.token, live.stamp)
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
    assert await again.resume() == 1
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
        assert await again.resume() == 1
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
    await again.resume()
    due = {d.kind: d.due_at for d in await store.deadlines.pending(tid)}
    assert due == {DeadlineKind.REMINDER: START + 700, DeadlineKind.TIMEOUT: START + 3700}
    await again.shutdown()


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
    store.db.simulate_full_disk(failures, after=1)
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
    store.db.simulate_full_disk(1)
    with pytest.raises(StoreFull):
        await svc.act(tid, user, token, live.stamp)
    assert turn_key(live) == key and await store.deals.actions(key[0]) == ()
    assert {(d.deal_id, d.ply, d.seat) for d in await store.deadlines.pending(tid)} == {key}
    clock.advance(100)
    await svc.act(tid, user, token, live.stamp)
    nxt = turn_key(live)
    assert nxt is not None and nxt != key
    due = {d.kind: (d.due_at, (d.deal_id, d.ply, d.seat))
           for d in await store.deadlines.pending(tid)}
    assert due == {DeadlineKind.REMINDER: (START + 700, nxt),
                   DeadlineKind.TIMEOUT: (START + 3700, nxt)}
    clock.advance(600)
    await timers.fire_due()
    assert [(n.kind, n.seat) for n in notices] == [(REMINDER, nxt[2])]


async def test_the_loop_sleeps_until_the_next_deadline(store: Store, clock: Clock) -> None:
    svc, timers, notices = await timed(store, clock)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) >= 3:
            raise _Stop

    timers.sleep = sleep  # a fake sleep that moves the clock
    timers.max_sleep = 10_000
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert slept[:2] == [600, 3000]
    assert [n.kind for n in notices] == [REMINDER, SUBSTITUTE]


class _Stop(Exception):
    pass


async def test_the_loop_outlives_a_failure(store: Store, clock: Clock) -> None:
    """An unexpected error in one round is logged; the loop sleeps and fires on."""
    svc, timers, notices = await timed(store, clock)
    slept: list[float] = []
    real_fire_due = timers.fire_due
    rounds = 0

    async def fire_due(now: float | None = None) -> list[Any]:
        nonlocal rounds
        rounds += 1
        if rounds == 1:
            raise RuntimeError("a bug")
        return await real_fire_due(now)

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.advance(seconds)
        if len(slept) >= 2:
            raise _Stop

    timers.fire_due = fire_due  # type: ignore[method-assign]
    timers.sleep = sleep  # a fake sleep that moves the clock
    timers.max_sleep = 600  # what it sleeps after a failed round
    await started(svc)
    with pytest.raises(_Stop):
        await timers.run()
    assert rounds == 2 and slept == [600, 600]
    assert [n.kind for n in notices] == [REMINDER]


def test_notice_texts() -> None:
    from bot.tables.display import notice_text

    base = TimerNotice(REMINDER, 1, 2, 0, 42, "Anna", None, "zuger", seconds_left=3000)
    text = notice_text(base)
    assert "<@42>" in text and "50 min" in text
    assert "1 h 40 min" in notice_text(TimerNotice(REMINDER, 1, 2, 0, 42, "Anna", None, "zuger",
                                                   seconds_left=6000))
    sub = notice_text(TimerNotice(SUBSTITUTE, 1, 2, 0, 42, "Anna", "de", "zuger",
                                  action="bid:pass"))
    assert "Anna" in sub and "🤖" in sub and "(Passe)" in sub and "bid:" not in sub
    assert "Anna" in notice_text(TimerNotice(ABANDONED, 1, 2, 0, 42, "Anna", "sv", "zuger"))


def test_a_substitute_notice_names_no_card() -> None:
    """Cards a substitute discarded or gave are hidden; the one it played is shown on the
    table message: the public notice names none of them, only what kind of move it was."""
    from bot.tables.display import notice_text

    from ..e2e.tables.driver import cards_in_text

    for token, words in (("discard:AS.KS", "Discard 2 cards"), ("give:AS", "give a card"),
                         ("play:TH", "play a card"), ("call:7C", "call a card")):
        for style in ("french", "german", "swiss"):
            text = notice_text(TimerNotice(SUBSTITUTE, 1, 2, 0, 42, "Anna", None, "dapp",
                                           style=style, action=token))
            assert words in text and not cards_in_text(text), text
            assert token not in text


async def test_the_members_still_here_can_end_a_table_the_host_has_left(
        store: Store, clock: Clock) -> None:
    """The host (seat 1) and seat 2 timed out and are away: the two members still here
    are the majority that ends the table (before, they were two of four)."""
    svc, timers, _ = await timed(store, clock)
    tid = await started(svc)
    live = await svc.table(tid)
    gone = {0, 1}
    for _ in range(200):
        if set(live.away()) == gone:
            break
        await svc.wait_idle()
        deal = live.deal
        assert deal is not None
        actor = deal.public_view().actor
        assert actor is not None
        if actor in gone:  # they do not answer: the turn times out
            clock.advance(3600)
            await timers.fire_due()
        else:
            await svc.act(tid, live.seats[actor].user_id or 0,
                          deal.legal_actions(actor)[0].token, live.stamp)
    assert set(live.away()) == gone and live.row.host_id == live.seats[0].user_id
    here = [live.seats[s].user_id or 0 for s in (2, 3)]
    assert await svc.end(tid, here[0]) == "end.voted"
    assert svc.display.states[-1].votes_needed == 2  # type: ignore[attr-defined]
    assert await svc.end(tid, here[1]) == "end.vote_passed"
