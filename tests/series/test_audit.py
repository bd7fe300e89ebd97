"""check-ledger's part for series: played deals replay from their records to the stored
chips, seats are the movement's, a closed series' kept standings are recomputed from
the records; each kind of tampering is named."""

from __future__ import annotations

from bot.cli.ledger import audit
from bot.series.audit import check_series
from bot.series.service import SeriesService
from bot.store import Store
from bot.store.sql import Conn

from .helpers import GUILD, play_deal, spec


async def played_series(service: SeriesService) -> int:
    info = await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="Cup",
                              spec=spec())
    for user in (10, 11, 12):
        await service.join(GUILD, info.series_id, user)
    for user in (10, 11, 12, 10):
        await play_deal(service, info.series_id, user)
    return info.series_id


async def test_a_played_and_closed_series_is_clean(service: SeriesService, store: Store):
    sid = await played_series(service)
    await service.close(GUILD, sid, 7)
    assert await check_series(store) == (4, [])
    _, problems = await audit(store)  # the whole check-ledger run includes it
    assert problems == []


async def _tamper(store: Store, sql: str, *args: object) -> None:
    def run(conn: Conn) -> None:
        conn.execute(sql, args)

    await store.db.write(run)


async def test_chips_that_the_record_does_not_pay_are_named(service: SeriesService,
                                                            store: Store):
    sid = await played_series(service)
    await _tamper(store, "UPDATE series_runs SET chips = chips + 1 WHERE series_id = ?"
                  " AND user_id = 11", sid)
    _, problems = await check_series(store)
    assert len(problems) == 1 and "deal 1 of member 11" in problems[0]
    assert "chips stored, the replay pays" in problems[0]


async def test_a_seat_the_movement_does_not_give_is_named(service: SeriesService,
                                                          store: Store):
    sid = await played_series(service)
    await _tamper(store, "UPDATE series_runs SET seat = 1 WHERE series_id = ? AND deal = 1"
                  " AND user_id = 12", sid)
    _, problems = await check_series(store)
    assert any("seat 2 is not the movement's" in p for p in problems), problems


async def test_kept_standings_that_differ_from_the_records_are_named(
        service: SeriesService, store: Store):
    sid = await played_series(service)
    await service.close(GUILD, sid, 7)
    await _tamper(store, "UPDATE series_final SET rank = rank + 1 WHERE series_id = ?"
                  " AND user_id = 10", sid)
    _, problems = await check_series(store)
    assert problems == [f"series {sid}: its kept standings differ from the scores "
                        f"recomputed from its deals' records"]
