"""The table service without Discord: lobby rules, refusals, one action per moment,
recovery from a store failure and from a stop between commit and settlement."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.ai import make_player
from bot.ai.runner import Decision
from bot.engine import Action, ActionType
from bot.store import DealStatus, Store, StoreUnavailable, TableRow, TableStatus
from bot.tables import (
    DealOver,
    HandContext,
    Stamp,
    TableConfig,
    TableOver,
    TableService,
    TableState,
)
from bot.tables.errors import (
    NotHost,
    NotSeated,
    NotYourTurnNow,
    Refused,
    StaleClick,
    TableError,
    TableFull,
    TableSuspended,
)
from bot.tables.outcomes import LeaveOutcome
from bot.tables.timeouts import TimerNotice
from tests.store_hooks import after_each_action


class FakeDisplay:
    def __init__(self) -> None:
        self.states: list[TableState] = []
        self.events: list[DealOver | TableOver] = []
        self.notices: list[TimerNotice] = []
        self.paused_tables: list[int] = []
        self.suspended: set[int] = set()
        self.places: list[tuple[int, str | None]] = []
        #: the members' actions taken, as told: (member, the hand after it)
        self.told: list[tuple[int, HandContext]] = []
        #: what happened, in order ("told"; a test adds the store's moments)
        self.moments: list[str] = []

    def update(self, state: TableState, events: Sequence[DealOver | TableOver] = (), *,
               repost: bool = False) -> None:
        self.states.append(state)
        self.events.extend(events)

    def notice(self, notice: TimerNotice) -> None:
        self.notices.append(notice)

    def paused(self, table: TableRow) -> None:
        self.paused_tables.append(table.table_id)

    def suspend(self, table_id: int) -> None:
        self.suspended.add(table_id)

    def resume(self, table_id: int) -> None:
        self.suspended.discard(table_id)

    async def place_changed(self, table_id: int, reason: str | None) -> None:
        self.places.append((table_id, reason))

    def taken(self, user_id: int, hand: HandContext) -> None:
        self.told.append((user_id, hand))
        self.moments.append("told")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


def service(store: Store, **config: Any) -> tuple[TableService, FakeDisplay]:
    display = FakeDisplay()
    options: dict[str, Any] = {"computer_pause": 0, "computer_level": "easy",
                               "rng": random.Random(1), "ai_seed": 1}
    return TableService(store, display, TableConfig(**{**options, **config})), display


async def started(svc: TableService, variant: str = "zuger", members: int = 4, *,
                  channel_id: int = 2, **options: Any) -> int:
    created = await svc.lobby.create_table(guild_id=1, channel_id=channel_id, host_id=100,
                                     host_name="host",
                                     variant=variant, options=options, in_thread=False)
    table_id = created.table_id
    live = await svc.table(table_id)
    for i in range(1, members):
        await svc.lobby.join(await svc.table(table_id), 100 + i, f"m{i}")
    while live.free_seat() is not None:
        await svc.lobby.add_computer(await svc.table(table_id), 100)
    await svc.lobby.start(await svc.table(table_id), 100)
    await svc.computers.wait_idle()
    return table_id


async def act_as_ai(svc: TableService, table_id: int) -> tuple[int, Action]:
    """The member on turn takes the baseline player's choice."""
    live = await svc.table(table_id)
    deal = live.deal
    assert deal is not None
    seat = deal.view(0).actor
    assert seat is not None
    action = make_player("easy", random.Random(deal.ply)).choose(deal.view(seat))
    user = live.seats[seat].user_id
    assert user is not None
    await svc.play.act(await svc.table(table_id), user, action.token, live.stamp)
    await svc.computers.wait_idle()
    return seat, action


async def test_lobby_rules(store: Store) -> None:
    svc, display = service(store)
    created = await svc.lobby.create_table(guild_id=1, channel_id=2, host_id=100, host_name="host",
                                     variant="tapp1879", options={}, in_thread=False)
    tid = created.table_id
    assert created.state.status is TableStatus.LOBBY and display.states
    with pytest.raises(TableError, match="already have a seat"):
        await svc.lobby.join(await svc.table(tid), 100, "host")
    with pytest.raises(NotHost):
        await svc.lobby.add_computer(await svc.table(tid), 101)
    await svc.lobby.join(await svc.table(tid), 101, "b")
    with pytest.raises(NotHost):
        await svc.lobby.start(await svc.table(tid), 101)
    with pytest.raises(TableFull):
        await svc.lobby.start(await svc.table(tid), 100)
    await svc.lobby.add_computer(await svc.table(tid), 100)
    with pytest.raises(TableFull):
        await svc.lobby.join(await svc.table(tid), 102, "c")
    with pytest.raises(NotHost, match="cancel"):
        await svc.lobby.leave(await svc.table(tid), 100)
    assert await svc.lobby.leave(await svc.table(tid), 101) is LeaveOutcome.LEFT
    await svc.lobby.cancel(await svc.table(tid), 100)
    assert svc.registry.peek(tid) is None
    assert isinstance(display.events[-1], TableOver) and display.events[-1].cancelled
    assert (await store.tables.get(tid)).status is TableStatus.CANCELLED


async def test_refusals_change_nothing(store: Store) -> None:
    svc, _ = service(store)
    tid = await started(svc)
    live = await svc.table(tid)
    deal = live.deal
    assert deal is not None
    actor = deal.view(0).actor
    assert actor is not None
    other = next(s for s in range(4) if s != actor)
    with pytest.raises(NotSeated):
        await svc.play.act(await svc.table(tid), 999, "bid:pass")
    with pytest.raises(NotYourTurnNow, match="waiting for"):
        await svc.play.act(await svc.table(tid), live.seats[other].user_id or 0, "bid:pass")
    with pytest.raises(Refused, match="You can: Pass, Tapp, Solo"):
        await svc.play.act(await svc.table(tid), live.seats[actor].user_id or 0, "bid:vice")
    with pytest.raises(Refused, match="not an action"):
        await svc.play.act(await svc.table(tid), live.seats[actor].user_id or 0, "dance:now")
    with pytest.raises(StaleClick):
        await svc.play.act(await svc.table(tid), live.seats[actor].user_id or 0, "bid:pass",
                           Stamp(0, 5))
    assert deal.ply == 0 and await store.deals.record(live.deal_id or 0) == deal.to_record()


async def test_two_clicks_at_one_moment_apply_once(store: Store) -> None:
    svc, _ = service(store)
    tid = await started(svc)
    live = await svc.table(tid)
    deal = live.deal
    assert deal is not None and deal.view(0).actor is not None
    user = live.seats[deal.view(0).actor or 0].user_id or 0
    stamp = live.stamp
    results = await asyncio.gather(svc.play.act(await svc.table(tid), user, "bid:pass", stamp),
                                   svc.play.act(await svc.table(tid), user, "bid:tapp", stamp),
                                   return_exceptions=True)
    assert sum(isinstance(r, StaleClick) for r in results) == 1
    assert len((await store.deals.record(live.deal_id or 0))["actions"]) == deal.ply


async def until_a_card_is_refusable(svc: TableService, table_id: int) -> tuple[int, int]:
    """Play on (the baseline's choices) until the member on turn holds a card they may
    not play (in a trick already led); (seat, that card)."""
    live = await svc.table(table_id)
    for _ in range(400):
        deal = live.deal
        assert deal is not None
        seat = deal.view(0).actor
        assert seat is not None
        view = deal.view(seat)
        legal = {a.card for a in view.legal}
        wrong = [c for c in (view.hand or ()) if c not in legal] if deal.trick else []
        if wrong:
            return seat, wrong[0]
        await act_as_ai(svc, table_id)
    raise AssertionError("no position with a card the member may not play")


async def test_must_follow_suit_is_explained_without_naming_cards(store: Store) -> None:
    svc, _ = service(store)
    tid = await started(svc)
    live = await svc.table(tid)
    seat, wrong = await until_a_card_is_refusable(svc, tid)
    with pytest.raises(Refused, match="follow suit|trump") as info:
        await svc.play.act(await svc.table(tid), live.seats[seat].user_id or 0, f"play:{wrong}")
    assert str(wrong) not in str(info.value)


@pytest.mark.parametrize("part, method", [("deals", "append_action"),
                                          ("settings", "for_table")])
async def test_a_refused_store_call_during_an_action_changes_nothing(
        store: Store, part: str, method: str) -> None:
    """The store refuses the action's write (the table is reloaded), or the read of the
    table's settings before it: memory is what the store holds, nothing unstored is
    shown, and the same click then goes through (it is not stale)."""
    svc, display = service(store)
    tid = await started(svc)
    live = await svc.table(tid)
    target, shown = getattr(store, part), len(display.states)

    async def busy(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("locked")

    setattr(target, method, busy)
    deal = live.deal
    assert deal is not None
    user = live.seats[deal.view(0).actor or 0].user_id or 0
    with pytest.raises(StoreUnavailable):
        await svc.play.act(await svc.table(tid), user, "bid:pass", live.stamp)
    assert live.deal is not None and live.deal.ply == 0  # memory follows the store
    assert len(display.states) == shown
    delattr(target, method)  # the store's own method again
    await svc.play.act(await svc.table(tid), user, "bid:pass", live.stamp)
    assert live.deal.ply == 1 and len(await store.deals.actions(live.deal_id or 0)) == 1


class Stop(Exception):
    pass


async def test_a_stop_between_the_last_commit_and_settling_is_resumed(store: Store) -> None:
    """A bot that stops after committing a deal's last action but before settling it:
    the next bot settles the deal and deals the next one."""
    def stop_at_the_end(deal_id: int, ply: int) -> None:
        live = svc.registry.peek(tid)
        if live is not None and live.deal is not None and live.deal.is_over:
            raise Stop

    svc, _ = service(store)
    tid = await started(svc, "wuerttemberg", members=3, players=3, deck=32)
    with after_each_action(store, stop_at_the_end), pytest.raises(Stop):
        for _ in range(200):
            await act_as_ai(svc, tid)
    [row] = await store.deals.for_table(tid)
    assert row.status is DealStatus.PLAYING

    again, display = service(store)
    assert await again.restart.resume() == 1
    rows = await store.deals.for_table(tid)
    assert [r.status for r in rows] == [DealStatus.SETTLED, DealStatus.PLAYING]
    assert any(isinstance(e, DealOver) for e in display.events)
    assert sum(r.amount for r in await store.ledger.for_table(tid)) == 0


async def test_ending_by_majority_and_at_once(store: Store) -> None:
    svc, display = service(store)
    tid = await started(svc, "dapp", members=3, players=4)
    assert await svc.play.end(tid, 101) == "end.voted"
    assert display.states[-1].end_votes == 1 and display.states[-1].votes_needed == 2
    assert await svc.play.end(tid, 102) == "end.vote_passed"
    assert await svc.play.end(tid, 100) == "end.already"
    with pytest.raises(NotHost):
        await svc.play.end(tid, 101, now=True)
    assert await svc.play.end(tid, 100, now=True) == "end.closed"
    assert svc.registry.peek(tid) is None
    table = await store.tables.get(tid)
    assert table.status is TableStatus.CLOSED
    assert [r.status for r in await store.deals.for_table(tid)] == [DealStatus.ABANDONED]


async def test_kontra_from_the_table_message_means_rekontra_for_the_declarer(
        store: Store) -> None:
    svc, _ = service(store)
    tid = await started(svc, "dapp", members=3, players=3)
    live = await svc.table(tid)
    while live.deal is not None and live.deal.contract is None:
        deal = live.deal
        seat = deal.view(0).actor or 0
        legal = {a.token for a in deal.legal_actions(seat)}
        word = "play" if "bid:play" in legal and not deal.bids else "pass"
        token = f"bid:{word}" if deal.phase.value == "auction" else "contract:normal"
        await svc.play.act(await svc.table(tid), live.seats[seat].user_id or 0, token)
    deal = live.deal
    assert deal is not None and deal.declarer is not None
    opponent = next(s for s in range(3) if s != deal.declarer)
    await svc.play.act(live, live.seats[opponent].user_id or 0, "kontra", live.stamp)
    outcome = await svc.play.act(live, live.seats[deal.declarer].user_id or 0, "kontra",
                                 live.stamp)
    assert outcome.action.type is ActionType.REKONTRA
    assert deal.announcements() == ("kontra", "rekontra")


async def test_a_searching_computer_decides_off_the_event_loop(store: Store) -> None:
    """A ``normal`` computer (search, in a worker process) takes its turns; each
    decision is told to ``on_decision`` with its level (the bot's metrics)."""
    decisions: list[tuple[str, Decision]] = []
    svc, _ = service(store, computer_level="normal",
                     on_decision=lambda level, d: decisions.append((level, d)))
    created = await svc.lobby.create_table(guild_id=1, channel_id=2, host_id=100, host_name="host",
                                     variant="wuerttemberg", options={"players": 3, "deck": 32},
                                     in_thread=False)
    tid = created.table_id
    await svc.lobby.add_computer(await svc.table(tid), 100)
    await svc.lobby.add_computer(await svc.table(tid), 100)
    live = await svc.table(tid)
    assert [live.seats[s].level for s in (1, 2)] == ["normal", "normal"]
    await svc.lobby.start(await svc.table(tid), 100)
    await asyncio.wait_for(svc.computers.wait_idle(), 60)
    deal = live.deal
    assert deal is not None and deal.view(0).actor == 0 and deal.ply > 0  # computers spoke
    assert await store.deals.record(live.deal_id or 0) == deal.to_record()
    await svc.shutdown()
    # every action of theirs was a decision told (announcements asked are, too)
    assert len(decisions) >= deal.ply
    assert {level for level, _ in decisions} == {"normal"}
    # a worker answered (the machine is shared: one may have fallen back on time)
    assert any(d.waited is not None for _, d in decisions)
    assert all(d.seconds >= (d.waited or 0.0) for _, d in decisions)


async def test_a_failed_settlement_is_caught_up_on_the_next_click(store: Store) -> None:
    """The last action is committed but settling fails: the player's action stands, and
    the next click settles the deal and deals the next one."""
    svc, display = service(store)
    tid = await started(svc, "wuerttemberg", members=3, players=3, deck=32)
    live = await svc.table(tid)
    real = store.deals.settle

    async def busy(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("locked")

    store.deals.settle = busy  # type: ignore[method-assign]
    deal = live.deal
    while deal is live.deal and live.deal is not None and not live.deal.is_over:
        await act_as_ai(svc, tid)
    assert live.deal is not None and live.deal.is_over  # in play still, as stored
    store.deals.settle = real  # type: ignore[method-assign]
    with pytest.raises(StaleClick):
        await svc.play.act(await svc.table(tid), 100, "bid:weg", Stamp(0, live.deal.ply))
    assert [r.status for r in await store.deals.for_table(tid)] == [
        DealStatus.SETTLED, DealStatus.PLAYING]
    assert any(isinstance(e, DealOver) for e in display.events)


async def test_tables_run_in_parallel(store: Store) -> None:
    """Two tables with their own locks: each member's actions and each table's computers
    go on at the same time, and each table's log is its own."""
    svc, _ = service(store)
    first = await started(svc, "tapp1879", members=1)
    second = await started(svc, "dapp", members=1, players=5, channel_id=3)

    async def host_plays(table_id: int) -> None:
        live = await svc.table(table_id)
        while live.session is not None and live.session.deals_played < 2:
            deal = live.deal
            if deal is not None and deal.view(0).actor == 0:
                await act_as_ai(svc, table_id)
            else:
                await asyncio.sleep(0)
                await svc.computers.wait_idle(table_id)

    await asyncio.wait_for(asyncio.gather(host_plays(first), host_plays(second)), 60)
    for table_id in (first, second):
        deals = await store.deals.for_table(table_id)
        assert [d.status for d in deals[:2]] == [DealStatus.SETTLED] * 2
        assert sum(r.amount for r in await store.ledger.for_table(table_id)) == 0


async def test_the_display_is_told_a_members_action_before_it_is_stored(store: Store) -> None:
    """The service tells its display the member's hand after their own action as soon as
    the engine took it, before it is stored (their answer's picture starts then);
    nothing of a refused action or of the computers' actions."""
    svc, display = service(store)
    tid = await started(svc, members=2)  # two members, two computer players
    live = await svc.table(tid)
    deal = live.deal
    assert deal is not None
    actor = deal.view(0).actor
    assert actor is not None
    user = live.seats[actor].user_id
    other = next(r.user_id for s, r in live.seats.items() if s != actor and r.user_id)
    assert user is not None and other is not None
    with pytest.raises(NotYourTurnNow):
        await svc.play.act(live, other, "bid:pass")
    assert display.told == []
    with after_each_action(store, lambda deal_id, ply: display.moments.append("stored")):
        outcome = await svc.play.act(live, user, "bid:pass", live.stamp)
        await svc.computers.wait_idle()
        for _ in range(40):  # on until a computer has played too
            if display.moments.count("stored") > display.moments.count("told"):
                break
            await act_as_ai(svc, tid)
    assert display.moments[:2] == ["told", "stored"]  # told first: not stored yet
    who, hand = display.told[0]
    assert who == user and hand.seat == actor and hand.view == outcome.hand.view
    # a computer's action is nobody's answer: stored, never told
    assert display.moments.count("stored") > display.moments.count("told")


async def test_a_suspended_table_refuses_every_change_handed_to_its_units(store: Store) -> None:
    """The live table is found once per click and handed on: a unit handed a suspended
    table refuses every change (as finding it refused it), and the display is told of the
    suspension and the resumption."""
    svc, display = service(store)
    tid = await started(svc, members=2)
    live = await svc.table(tid)
    deal = live.deal
    assert deal is not None
    actor = deal.view(0).actor
    assert actor is not None
    user, ply = live.seats[actor].user_id or 0, deal.ply
    token = deal.legal_actions(actor)[0].token
    assert await svc.places.suspend(tid, "no_permission")
    assert display.places == [(tid, "no_permission")] and tid in display.suspended
    with pytest.raises(TableSuspended):
        await svc.play.act(live, user, token, live.stamp)
    with pytest.raises(TableSuspended):
        await svc.claims.claim(live, user, "all", live.stamp)
    with pytest.raises(TableSuspended):
        await svc.lobby.leave(live, user)
    assert deal.ply == ply and live.seats[actor].user_id == user
    assert await svc.places.resume(tid)
    assert display.places[-1] == (tid, None) and tid not in display.suspended
    outcome = await svc.play.act(live, user, token, live.stamp)  # it plays on
    assert outcome.action.token == token


async def test_the_places_review_goes_by_the_verdicts_it_is_handed(store: Store) -> None:
    """The cog judges the rows the service lists and hands down its verdicts (no judge
    function travels into the service): a place gone suspends, a place back resumes; a
    deleted channel never comes back."""
    svc, display = service(store)
    tid = await started(svc, members=2)
    other = await started(svc, members=2, channel_id=3)
    rows = svc.places.to_review(1)
    assert sorted(r.table_id for r in rows) == sorted([tid, other])
    assert svc.places.to_review(2) == []  # another server's
    await svc.places.review({tid: "no_permission", other: None})
    live, elsewhere = await svc.table(tid, suspended=True), await svc.table(other)
    assert live.suspended == "no_permission" and elsewhere.suspended is None
    assert display.places == [(tid, "no_permission")]
    await svc.places.review({tid: None})
    assert live.suspended is None and display.places[-1] == (tid, None)
    await svc.places.suspend(other, "channel_gone")
    await svc.places.review({other: None})
    assert elsewhere.suspended == "channel_gone"
