"""The series service: open with a commitment, join once, play the deals in order
against the computers (each step stored before it is answered), the same cards for
everyone on a deal's seat, the table from the stored results, leaving, closing (by the
host or the window) with the seed published, deleting, and every forged or foreign id
answered as none."""

from __future__ import annotations

import pytest

from bot.engine.shuffle import commitment
from bot.series import deal_seed, series_deal
from bot.series.errors import (
    AllPlayed,
    AlreadyMember,
    BadSeries,
    NoSeries,
    NotHost,
    NotMember,
    NotYours,
    Stale,
    WindowClosed,
)
from bot.series.service import SeriesService
from bot.store import Store
from tests.store.helpers import FakeClock

from .conftest import config
from .helpers import GUILD, baseline, play_deal, spec

DAY = 86_400.0


async def open_series(service: SeriesService, deals: int = 6, **kw: object) -> int:
    info = await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="  Autumn  cup ",
                              spec=spec(deals, **kw))
    return info.series_id


async def test_a_series_opens_with_its_commitment_and_keeps_its_seed_secret(
        service: SeriesService, store: Store):
    info = await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="Cup",
                              spec=spec())
    row = await store.series.get(info.series_id)
    assert info.commitment == commitment(row.seed) and info.seed is None
    assert info.is_open and info.title == "Cup" and info.members == 0
    with pytest.raises(BadSeries):
        await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="  ", spec=spec())
    with pytest.raises(BadSeries):
        await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="x",
                           spec=spec(pairing="tables"))


async def test_members_join_once_and_play_the_deals_in_order(service: SeriesService,
                                                             store: Store):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    with pytest.raises(AlreadyMember):
        await service.join(GUILD, sid, 10)
    with pytest.raises(NotMember):
        await service.play(GUILD, sid, 11)
    row = await store.series.get(sid)
    for number in range(1, 7):
        run = await service.play(GUILD, sid, 10)
        assert run.deal == number and run.seat == (number - 1) % 3
        deal = series_deal(spec(), row.seed, number)
        assert run.view.hand is not None
        # their own seat's cards, nothing of the others' (the computers may have played)
        assert set(run.view.hand) <= set(_dealt(deal, run.seat))
        done = await play_deal(service, sid, 10)
        assert done.deal == number and done.finished and done.played == number
    with pytest.raises(AllPlayed):
        await service.play(GUILD, sid, 10)
    assert (await service.page(GUILD, sid, 10)).line.deals == 6  # type: ignore[union-attr]


async def test_a_started_deal_is_resumed_not_dealt_again(service: SeriesService):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    first = await service.play(GUILD, sid, 10)
    again = await service.play(GUILD, sid, 10)
    assert (again.run_id, again.step, again.deal) == (first.run_id, first.step, 1)
    moved = await service.act(GUILD, 10, first.run_id, first.step, baseline(first))
    with pytest.raises(Stale):  # the same click again: the run has moved on
        await service.act(GUILD, 10, first.run_id, first.step, baseline(first))
    assert moved.step > first.step


async def test_everyone_holds_the_same_cards_on_a_deal_and_is_compared(
        service: SeriesService, store: Store):
    sid = await open_series(service)
    for user in (10, 11, 12):
        await service.join(GUILD, sid, user)
    hands = {}
    for user in (10, 11, 12):
        run = await service.play(GUILD, sid, user)
        hands[user] = (run.seat, run.view.hand)
        await play_deal(service, sid, user)
    seats = {seat for seat, _ in hands.values()}
    assert seats == {0}
    row = await store.series.get(sid)
    dealt = series_deal(spec(), row.seed, 1)
    for user, (seat, hand) in hands.items():
        assert hand is not None and set(hand) <= set(_dealt(dealt, seat)), user
    table = await service.standings(GUILD, sid, 10)
    assert table.names == {10: "", 11: "", 12: ""}
    assert sum(line.total for line in table.lines) == 150  # three on one deal: 50 % each on average
    assert {line.user_id for line in table.lines} == {10, 11, 12}
    page = await service.page(GUILD, sid, 11)
    first = page.deals[0]
    assert first.status == "finished" and first.rivals == 2 and first.percent is not None
    assert page.deals[1].status == "" and page.deals[1].chips is None


def _dealt(deal, seat):  # type: ignore[no-untyped-def]
    from bot.engine.cards import iter_bits

    return list(iter_bits(deal.dealt[seat]))


async def test_another_servers_series_and_forged_ids_are_none(service: SeriesService):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    run = await service.play(GUILD, sid, 10)
    for bad in (sid + 100, 0, -1, 2**63, 2**70):
        with pytest.raises(NoSeries):
            await service.join(GUILD, bad, 10)
    with pytest.raises(NoSeries):
        await service.join(2, sid, 10)
    with pytest.raises(NoSeries):
        await service.standings(2, sid, 10)
    with pytest.raises(NotYours):  # another member's run
        await service.act(GUILD, 11, run.run_id, run.step, "bid:pass")
    with pytest.raises(NotYours):  # from another server
        await service.act(2, 10, run.run_id, run.step, "bid:pass")
    for bad in (0, 2**63, run.run_id + 50):
        with pytest.raises(NotYours):
            await service.act(GUILD, 10, bad, 0, "bid:pass")


async def test_leaving_counts_the_deals_finished_and_no_other(service: SeriesService):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    await play_deal(service, sid, 10)
    playing = await service.play(GUILD, sid, 10)
    await service.leave(GUILD, sid, 10)
    with pytest.raises(NotMember):
        await service.act(GUILD, 10, playing.run_id, playing.step, baseline(playing))
    with pytest.raises(NotMember):
        await service.play(GUILD, sid, 10)
    with pytest.raises(NotMember):
        await service.leave(GUILD, sid, 10)
    (line,) = (await service.standings(GUILD, sid, 10)).lines
    assert line.deals == 1


async def test_the_host_closes_the_series_and_its_seed_is_published(
        service: SeriesService, store: Store):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    await play_deal(service, sid, 10)
    with pytest.raises(NotHost):
        await service.close(GUILD, sid, 10)
    info = await service.close(GUILD, sid, 7)
    row = await store.series.get(sid)
    assert info.status == "closed" and info.seed == row.seed.hex()
    assert commitment(bytes.fromhex(info.seed)) == info.commitment
    assert (await service.standings(GUILD, sid, 10)).final
    assert [(f.user_id, f.rank, f.total) for f in await store.series.final(sid)] == [(10, 1, 50)]
    with pytest.raises(WindowClosed):
        await service.join(GUILD, sid, 11)
    with pytest.raises(WindowClosed):
        await service.play(GUILD, sid, 10)


async def test_the_window_closes_the_series_by_itself(service: SeriesService, clock: FakeClock):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    run = await service.play(GUILD, sid, 10)
    clock.advance(7 * DAY)
    with pytest.raises(WindowClosed):  # the deal in play is dropped: not counted
        await service.act(GUILD, 10, run.run_id, run.step, baseline(run))
    assert (await service.info(GUILD, sid)).status == "closed"
    assert await service.close_due() == []  # closed once
    table = await service.standings(GUILD, sid, 10)
    assert table.final and table.lines == ()


async def test_close_due_closes_every_series_past_its_window(service: SeriesService,
                                                            clock: FakeClock):
    first = await open_series(service)
    clock.advance(DAY)
    second = await open_series(service)
    clock.advance(6 * DAY)
    assert [i.series_id for i in await service.close_due()] == [first]
    clock.advance(DAY)
    assert [i.series_id for i in await service.close_due()] == [second]


async def test_the_host_deletes_a_series_with_deals_in_play(service: SeriesService,
                                                           store: Store):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10)
    run = await service.play(GUILD, sid, 10)
    with pytest.raises(NotHost):
        await service.delete(GUILD, sid, 10)
    await service.delete(GUILD, sid, 7)
    with pytest.raises(NoSeries):
        await service.info(GUILD, sid)
    with pytest.raises(NotYours):
        await service.act(GUILD, 10, run.run_id, run.step, baseline(run))
    assert await service.of_guild(GUILD) == []


async def test_a_series_goes_on_after_a_restart(store: Store, clock: FakeClock):
    first = SeriesService(store, config(), clock=clock)
    sid = await open_series(first)
    await first.join(GUILD, sid, 10)
    run = await first.play(GUILD, sid, 10)
    moved = await first.act(GUILD, 10, run.run_id, run.step, baseline(run))
    again = SeriesService(store, config(2), clock=clock)  # a new process: no memory
    resumed = await again.play(GUILD, sid, 10)
    assert (resumed.run_id, resumed.step) == (moved.run_id, moved.step)
    assert resumed.view.hand == moved.view.hand


async def test_a_deal_seed_is_what_verify_recomputes(service: SeriesService, store: Store):
    sid = await open_series(service)
    row = await store.series.get(sid)
    deal = series_deal(spec(), row.seed, 3)
    assert deal_seed(row.seed, 3) != row.seed and len(deal.dealt) == 3


async def test_a_members_name_is_kept_as_they_joined_and_made_safe(service: SeriesService):
    sid = await open_series(service)
    await service.join(GUILD, sid, 10, "Ada\u202e\x00 Lovelace")
    await play_deal(service, sid, 10)
    table = await service.standings(GUILD, sid, 10)
    assert table.names == {10: "Ada Lovelace"}


async def test_a_server_manager_closes_or_deletes_a_series_it_did_not_open(
        service: SeriesService, store: Store):
    first, second = await open_series(service), await open_series(service)
    with pytest.raises(NotHost):
        await service.close(GUILD, first, 10, manager=False)
    info = await service.close(GUILD, first, 10, manager=True)
    assert not info.is_open and info.seed is not None
    with pytest.raises(NotHost):
        await service.delete(GUILD, second, 10)
    await service.delete(GUILD, second, 10, manager=True)
    with pytest.raises(NoSeries):
        await service.info(GUILD, second)
    with pytest.raises(NoSeries):  # another server's manager: no such series here
        await service.close(GUILD + 1, first, 10, manager=True)
