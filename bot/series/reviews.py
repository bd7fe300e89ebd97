"""The review of a member's deal of a series (``/tapp series me``'s menu): the deal's
record from the series' seed and the run's stored steps, judged as a table's deal is
(:mod:`bot.review`), for the member's own seat; a deal played at a shared table of the
series is that table's deal (its steps are the table's), reviewed as any table's.

Only a deal the member has finished is reviewed: the menu offers those alone, and a
forged choice (a deal they have not played or are still playing, a series of another
server or a deleted one) is refused with nothing of the deal told. Another member's
deal cannot even be named: the choice is a deal number, looked up among the asker's
own runs.
"""

from __future__ import annotations

from bot.i18n import t
from bot.review.service import ReviewJob, ReviewRefused, ReviewService
from bot.store import DealStatus, NotFound
from bot.store.series_rows import DECLINE, SeriesStatus

from .deals import deal_header
from .spec import SeriesSpec

#: the table of a series' deal: none (it was played against computers, alone)
NO_TABLE = 0


async def review_job(reviews: ReviewService, guild_id: int | None, user_id: int,
                     series_id: int, deal: int, language: str | None = None) -> ReviewJob:
    """The member's finished ``deal`` of the series as a review's job (the seats'
    names: theirs, and the computers' in ``language``); :class:`ReviewRefused` for
    anything else."""
    store = reviews.store
    try:
        row = await store.series.get(series_id)
    except NotFound:
        raise ReviewRefused("series.error.none") from None
    if row.guild_id != guild_id or row.status is SeriesStatus.DELETED:
        raise ReviewRefused("series.error.none")
    run = next((r for r in await store.series.runs_of(series_id, user_id) if r.deal == deal),
               None)
    if run is None or not run.finished:
        raise ReviewRefused("series.review.not_played")
    if run.table_id is not None:  # at a shared table: the table's settled deal
        settled = [d for d in await store.deals.for_table(run.table_id)
                   if d.status is DealStatus.SETTLED]
        if len(settled) != 1:
            raise ReviewRefused("series.review.not_played")
        return await reviews.job(guild_id, user_id, deal_id=settled[0].deal_id)
    run, steps = await store.series.run_with_steps(run.run_id)
    spec = SeriesSpec.from_json(row.spec)
    record = dict(deal_header(spec, row.seed, deal))
    record["actions"] = [dict(s) for s in steps if s.get("type") != DECLINE]
    member = await store.series.member(series_id, user_id)
    names = tuple((member.display_name if member else "") if seat == run.seat
                  else t("computer.name", language, n=seat + 1)
                  for seat in range(spec.players))
    return ReviewJob(deal_id=run.run_id, table_id=NO_TABLE, number=deal - 1,
                     variant=spec.variant, seat=run.seat, record=record, skip=frozenset(),
                     until=None, names=names)
