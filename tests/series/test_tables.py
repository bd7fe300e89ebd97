"""Shared series tables through the table service: each table plays the series' deal
(from its seed, as every table and solo run of it deals it) with the members in the
movement's seats and computers in the rest; the deal is settled as at any table (chips
to the ledger; rated when the series closes) and counted once in the series; a lone
member plays against computers after the wait; closing the series ends its tables; the
public messages show no card of the deal; check-ledger replays the tables' deals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import make_player
from bot.display.table_messages import result_message, table_message
from bot.engine import deal_from_record
from bot.engine.session import Session
from bot.i18n.words import Words
from bot.series import SeriesSpec, deal_header
from bot.series.audit import check_series
from bot.series.errors import AllPlayed, NotMember, WindowClosed
from bot.series.models import SeriesSeat
from bot.series.movement import Movement, Place
from bot.series.service import SeriesService
from bot.store import DealStatus, Store, TableStatus
from bot.store.errors import DealClosed
from bot.store.series import SeriesRunStatus
from bot.tables import TableConfig, TableService
from bot.tables.errors import NoTableHere, NotSeated, TableError
from tests.store.helpers import FakeClock
from tests.tables.test_service import FakeDisplay

from .conftest import config
from .helpers import GUILD

CHANNEL = 5
HOST = 7


def shared(deals: int = 6, variant: str = "tapp1879", level_: str = "easy",
           **kw: Any) -> SeriesSpec:
    return SeriesSpec.build(variant, deals=deals, days=7, level=level_, pairing="tables",
                            **kw)


def services(store: Store, clock: FakeClock, *, wait: float = 600.0
             ) -> tuple[SeriesService, TableService, FakeDisplay]:
    display = FakeDisplay()
    tables = TableService(store, display, TableConfig(
        computer_pause=0, computer_level="easy", rng=random.Random(1), ai_seed=1,
        clock=clock))
    cfg = config()
    cfg = type(cfg)(offload=False, seeds=cfg.seeds, table_wait=wait)
    series = SeriesService(store, cfg, clock=clock, levels=("easy", "normal", "strong"),
                           tables=tables.series)
    return series, tables, display


async def open_shared(series: SeriesService, spec: SeriesSpec | None = None) -> int:
    info = await series.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST,
                             title="Shared cup", spec=spec or shared())
    return info.series_id


async def play_table(tables: TableService, table_id: int, max_steps: int = 400) -> None:
    """The members at the table act as the baseline player would, until it closes."""
    for _ in range(max_steps):
        await tables.computers.wait_idle()
        live = tables.registry.peek(table_id)
        if live is None or live.status is not TableStatus.PLAYING:
            return
        deal = live.deal
        assert deal is not None
        seat = deal.view(0).actor
        assert seat is not None
        user = live.seats[seat].user_id
        assert user is not None and not live.seats[seat].is_computer
        action = make_player("easy", random.Random(deal.ply)).choose(deal.view(seat))
        await tables.play.act(await tables.table(table_id), user, action.token, live.stamp)
    raise AssertionError("the table did not close")


async def test_a_shared_table_deals_the_series_deal_with_the_members_in_their_seats(
        store: Store, clock: FakeClock):
    series, tables, display = services(store, clock)
    sid = await open_shared(series)
    members = [10, 11, 12]
    for user in members:
        await series.join(GUILD, sid, user, f"m{user}")
    seats: list[SeriesSeat] = []
    for user in members:
        seats.append(await series.take_seat(GUILD, sid, user, f"m{user}"))
    assert {s.table_id for s in seats} == {seats[0].table_id}  # one table for deal 1
    assert [s.deal for s in seats] == [1, 1, 1]
    assert not seats[0].started and not seats[1].started and seats[2].started
    move = Movement(shared().pairing, 3)
    assert [s.seat for s in seats] == [move.seat(Place(0, p), 1) for p in range(3)]
    table_id = seats[0].table_id
    live = tables.registry.peek(table_id)
    assert live is not None and live.deal is not None and live.deal_id is not None
    row = await store.series.get(sid)
    record = await store.deals.record(live.deal_id)
    assert {k: v for k, v in record.items() if k != "actions"} \
        == deal_header(shared(), row.seed, 1)  # the series' deal 1, as verify deals it
    stored = await store.deals.get(live.deal_id)
    assert stored.seed is None and stored.commitment is None  # its seed is the series'
    for s, user in zip(seats, members, strict=True):
        assert live.seats[s.seat].user_id == user
    again = await series.take_seat(GUILD, sid, 10)
    assert again.already and again.table_id == table_id and again.started

    await play_table(tables, table_id)
    settled = [d for d in await store.deals.for_table(table_id)]
    assert [d.status for d in settled] == [DealStatus.SETTLED]
    ledger = {r.seat: r for r in await store.ledger.for_deal(settled[0].deal_id)
              if r.seat is not None}
    for s, user in zip(seats, members, strict=True):
        run = await store.series.run_of(sid, user, 1)
        assert run is not None and run.status is SeriesRunStatus.FINISHED
        assert run.table_id == table_id and run.seat == s.seat
        assert run.chips == ledger[s.seat].amount and ledger[s.seat].user_id == user
    assert await store.ratings.stored() == {}  # rated at the close (test_tables_totals)
    board = await series.standings(GUILD, sid, 10)
    assert sorted(line.user_id for line in board.lines) == members
    assert all(line.deals == 1 for line in board.lines)
    assert (await tables.table(table_id) if tables.registry.peek(table_id) else None) is None
    assert (await store.tables.get(table_id)).status is TableStatus.CLOSED
    count, problems = await check_series(store)
    assert count == 3 and problems == []

    nxt = await series.take_seat(GUILD, sid, 11)  # the next deal, at a new table
    assert nxt.deal == 2 and nxt.table_id != table_id and not nxt.started
    assert nxt.seat == move.seat(Place(0, 1), 2)


async def test_a_settle_replayed_counts_nothing_twice(store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user)
        seat = await series.take_seat(GUILD, sid, user)
    await play_table(tables, seat.table_id)
    deal_row = (await store.deals.for_table(seat.table_id))[0]
    before = await store.series.results(sid)
    ledger = await store.ledger.for_deal(deal_row.deal_id)
    deal = deal_from_record(await store.deals.record(deal_row.deal_id))
    session = Session.new("tapp1879", players=3, first_dealer=0)
    with pytest.raises(DealClosed):
        await store.deals.settle(deal_row.deal_id, deal, session)
    assert await store.series.results(sid) == before
    assert await store.ledger.for_deal(deal_row.deal_id) == ledger
    assert len(before) == 3


async def test_a_lone_member_plays_against_computers_once_the_wait_is_over(
        store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock, wait=600)
    sid = await open_shared(series)
    await series.join(GUILD, sid, 10)
    seat = await series.take_seat(GUILD, sid, 10)
    assert not seat.started and seat.members == 1
    assert await series.start_waiting() == 0  # not yet
    clock.advance(601)
    assert await series.start_waiting({GUILD + 1}) == 0  # another process's server
    assert await series.start_waiting({GUILD}) == 1
    live = tables.registry.peek(seat.table_id)
    assert live is not None and live.status is TableStatus.PLAYING
    assert sum(1 for r in live.seats.values() if r.is_computer) == 2
    await play_table(tables, seat.table_id)
    run = await store.series.run_of(sid, 10, 1)
    assert run is not None and run.finished
    count, problems = await check_series(store)
    assert (count, problems) == (1, [])


async def test_a_table_given_a_thread_shows_nothing_until_placed_and_starts_there(
        store: Store, clock: FakeClock):
    """A new table asked for a thread (the cog makes it from what ``take_seat`` says)
    waits for it, as ``/tapp table new``'s does: nothing is shown in the channel, the
    wait does not start it and neither do its seats filling; placed, it starts there."""
    series, tables, display = services(store, clock, wait=600)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user)
    first = await series.take_seat(GUILD, sid, 10, thread=True)
    assert first.to_place and first.thread_id is None and not first.started
    second = await series.take_seat(GUILD, sid, 11, thread=True)
    assert second.table_id == first.table_id and not second.to_place  # one thread
    clock.advance(601)
    assert await series.start_waiting() == 0  # its thread is being made
    third = await series.take_seat(GUILD, sid, 12, thread=True)
    assert third.table_id == first.table_id and not third.started and not third.to_place
    assert not any(s.table_id == first.table_id for s in display.states)  # nothing shown
    assert await tables.lobby.place(first.table_id, 999)
    live = tables.registry.peek(first.table_id)
    assert live is not None and live.status is TableStatus.PLAYING
    shown = [s for s in display.states if s.table_id == first.table_id]
    assert shown and all(s.thread_id == 999 for s in shown)
    assert (await store.tables.get(first.table_id)).thread_id == 999
    again = await series.take_seat(GUILD, sid, 10, thread=True)
    assert again.already and again.thread_id == 999 and not again.to_place
    await play_table(tables, first.table_id)
    nxt = await series.take_seat(GUILD, sid, 10, thread=True)  # deal 2: a new table
    assert nxt.deal == 2 and nxt.table_id != first.table_id and nxt.to_place


async def test_two_tables_of_a_deal_with_the_same_members_play_get_the_same_computers(
        store: Store, clock: FakeClock):
    """The computers of a series' deal decide from its seed, their seat and the position
    (as its solo runs' computers do), not from the table: two tables of deal 1 where the
    member in seat 1 plays alike see the same computer play, card for card (at
    ``normal``: the easy player draws no lots, the search level does)."""
    series, tables, _ = services(store, clock)
    sid = await open_shared(series, shared(level_="normal"))
    for user in (10, 11, 12, 13):
        await series.join(GUILD, sid, user)
    logs = []
    for user in (10, 13):  # turns 0 and 3: seat 1 of deal 1 both
        seat = await series.take_seat(GUILD, sid, user)
        assert (seat.deal, seat.seat) == (1, 0)
        await tables.lobby.start(await tables.table(seat.table_id), user)
        await play_table(tables, seat.table_id)
        [row] = await store.deals.for_table(seat.table_id)
        logs.append((seat.table_id, (await store.deals.record(row.deal_id))["actions"]))
    (first, played), (second, again) = logs
    assert first != second and len(played) > 20
    assert played == again


async def test_a_member_seated_starts_the_table_and_others_join_by_the_series_only(
        store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    await series.join(GUILD, sid, 10)
    await series.join(GUILD, sid, 11)
    seat = await series.take_seat(GUILD, sid, 10)
    live = await tables.table(seat.table_id)
    with pytest.raises(TableError):  # the lobby's Join: seats come from the movement
        await tables.lobby.join(live, 99, "stranger")
    with pytest.raises(TableError):
        await tables.lobby.add_computer(live, 10)
    with pytest.raises(NotSeated):
        await tables.lobby.start(live, 11)  # a member not seated there
    await tables.lobby.start(live, 10)
    assert live.status is TableStatus.PLAYING and len(live.seats) == 3
    other = await series.take_seat(GUILD, sid, 11)  # deal 1's table has started
    assert other.table_id != seat.table_id and other.deal == 1


async def test_closing_the_series_ends_its_tables_and_drops_their_deals(
        store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12, 13):
        await series.join(GUILD, sid, user)
        seat = await series.take_seat(GUILD, sid, user)
    playing = [t for t in await store.series.tables(sid)
               if t.status == TableStatus.PLAYING.value]
    forming = [t for t in await store.series.tables(sid)
               if t.status == TableStatus.LOBBY.value]
    assert len(playing) == 1 and len(forming) == 1 and seat.table_id == forming[0].table_id
    await series.close(GUILD, sid, HOST)
    assert await store.series.tables(sid) == []
    for row in playing + forming:
        assert (await store.tables.get(row.table_id)).status.is_open is False
    assert await store.series.results(sid) == []  # nothing counted
    for user in (10, 11, 12):
        run = await store.series.run_of(sid, user, 1)
        assert run is not None and run.status is SeriesRunStatus.DROPPED
    lobby = await store.series.run_of(sid, 13, 1)  # (its table never dealt)
    assert lobby is not None and lobby.status is SeriesRunStatus.DROPPED
    with pytest.raises(WindowClosed):
        await series.take_seat(GUILD, sid, 10)
    count, problems = await check_series(store)
    assert (count, problems) == (0, [])


async def test_nobody_is_seated_twice_or_beyond_the_deals(store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock, wait=0)
    sid = await open_shared(series, shared(deals=6))
    with pytest.raises(NotMember):
        await series.take_seat(GUILD, sid, 10)
    await series.join(GUILD, sid, 10)
    for deal in range(1, 7):
        seat = await series.take_seat(GUILD, sid, 10)
        assert seat.deal == deal
        await series.start_waiting()
        await play_table(tables, seat.table_id)
    with pytest.raises(AllPlayed):
        await series.take_seat(GUILD, sid, 10)
    board = await series.standings(GUILD, sid, 10)
    assert [line.deals for line in board.lines] == [6]


async def test_a_series_table_shows_no_card_in_public(store: Store, clock: FakeClock):
    series, tables, display = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user)
        seat = await series.take_seat(GUILD, sid, user)
    table_id = seat.table_id
    await tables.computers.wait_idle()
    words = Words("en", "tapp1879", "french")
    for state in display.states:
        if state.table_id != table_id or state.view is None or state.stamp is None:
            continue
        model = table_message(state, words)
        assert model.image is None and model.view is None and not model.shown
        tokens = {c.custom_id.rsplit(":", 1)[-1] for c in model.components}
        assert "last" not in tokens and "watch" not in tokens
    live = await tables.table(table_id)
    with pytest.raises(NotSeated):  # the last trick: only for those seated
        tables.play.last_trick(live, 13)
    await play_table(tables, table_id)
    over = [e for e in display.events if getattr(e, "table_id", None) == table_id
            and hasattr(e, "hidden")]
    assert len(over) == 1 and over[0].hidden
    result = result_message(over[0], words, "french")
    assert result.image is None and result.view is None and not result.components
    with pytest.raises(NoTableHere):  # the hands of the deal: not for a member who
        await tables.records.finished_deal(table_id, GUILD, 0, viewer=13)  # has not played
    shown = await tables.records.finished_deal(table_id, GUILD, 0, viewer=10)
    assert shown.number == 0
    await series.join(GUILD, sid, 13)
    await series.close(GUILD, sid, HOST)
    assert (await tables.records.finished_deal(table_id, GUILD, 0, viewer=13)).number == 0
