"""The review of a member's deal of a series, on both backends: given for a deal they
have finished (its record replays to their stored result, judged from their own seat),
never for one they have not played, are still playing, or for a series of another
server or a deleted one; the page's menu offers their finished deals alone."""

from __future__ import annotations

import pytest

from bot.engine import deal_from_record
from bot.i18n.words import Words
from bot.review.moments import moments
from bot.review.service import ReviewRefused, ReviewService
from bot.series.messages import page_message
from bot.series.review_ids import SeriesReviewKey
from bot.series.reviews import NO_TABLE, review_job
from bot.series.service import SeriesService
from bot.store import Store
from bot.store.codec import result_to_json
from bot.ui.specs import SelectSpec
from tests.store.helpers import FakeClock

from .helpers import GUILD, play_deal, spec
from .test_tables import open_shared, play_table, services


async def played_one(service: SeriesService) -> tuple[int, int]:
    """A series where member 10 finished deal 1 and is playing deal 2: (series, run)."""
    info = await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="Cup",
                              spec=spec())
    for user in (10, 11):
        await service.join(GUILD, info.series_id, user, f"m{user}")
    run = await play_deal(service, info.series_id, 10)
    await service.play(GUILD, info.series_id, 10)  # deal 2, begun
    return info.series_id, run.run_id


async def test_a_finished_deal_is_reviewed_from_the_members_own_seat(
        service: SeriesService, store: Store):
    series_id, run_id = await played_one(service)
    job = await review_job(ReviewService(store), GUILD, 10, series_id, 1, "en")
    run = await store.series.run(run_id)
    assert (job.seat, job.number, job.table_id, job.variant) == (run.seat, 0, NO_TABLE,
                                                                 "tapp1879")
    result = deal_from_record(job.record).outcome()
    assert result is not None and result_to_json(result) == run.result
    assert job.names[run.seat] == "m10" and "Computer" in job.names[(run.seat + 1) % 3]
    found = moments(job.record, job.seat)
    assert found and all(m.view.seat == run.seat for m in found)


async def test_no_review_of_a_deal_not_finished_nor_of_another_servers_series(
        service: SeriesService, store: Store):
    series_id, _ = await played_one(service)
    refusals = [(10, series_id, 2, GUILD),  # still playing it
                (10, series_id, 3, GUILD),  # not begun
                (11, series_id, 1, GUILD),  # another member played it, not this one
                (10, series_id, 1, GUILD + 1),  # another server's
                (10, 999_999, 1, GUILD), (10, 2**63, 1, GUILD)]  # forged
    for user, sid, deal, guild in refusals:
        with pytest.raises(ReviewRefused):
            await review_job(ReviewService(store), guild, user, sid, deal)
    await service.delete(GUILD, series_id, 7)
    with pytest.raises(ReviewRefused):
        await review_job(ReviewService(store), GUILD, 10, series_id, 1)


async def test_the_page_offers_the_review_of_finished_deals_only(
        service: SeriesService, store: Store):
    series_id, _ = await played_one(service)
    message = page_message(await service.page(GUILD, series_id, 10), "en")
    [menu] = [c for c in message.components if isinstance(c, SelectSpec)]
    assert SeriesReviewKey.parse(menu.custom_id) == SeriesReviewKey(series_id)
    assert [value for _, value in menu.options] == ["1"]
    words = Words("en", "tapp1879")
    nothing = page_message(await service.page(GUILD, series_id, 11), words.language)
    assert not [c for c in nothing.components if isinstance(c, SelectSpec)]


async def test_a_deal_finished_at_a_shared_table_is_reviewed_from_the_tables_record(
        store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user, f"m{user}")
        seat = await series.take_seat(GUILD, sid, user, f"m{user}")
    await play_table(tables, seat.table_id)
    run = await store.series.run_of(sid, 10, 1)
    assert run is not None and run.finished and run.table_id == seat.table_id
    job = await review_job(ReviewService(store), GUILD, 10, sid, 1, "en")
    [deal] = await store.deals.for_table(seat.table_id)
    assert (job.deal_id, job.table_id, job.seat) == (deal.deal_id, seat.table_id, run.seat)
    result = deal_from_record(job.record).outcome()  # the table's actions, not none
    assert result is not None and result_to_json(result) == run.result
    assert moments(job.record, job.seat, skip=job.skip, until=job.until)
    with pytest.raises(ReviewRefused):  # a member who did not sit there: nothing of it
        await review_job(ReviewService(store), GUILD, 13, sid, 1)
