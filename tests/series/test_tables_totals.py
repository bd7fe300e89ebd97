"""A shared series table's deal is in no total until its series closes: members who have
yet to play the deal (and everyone else) would learn its result from the chip
leaderboard, ``/tapp stats``' totals, best and worst deal and declarer records, the chip
history, or the ratings. Its ledger rows are held (``bot.store.held.HELD``) and the
series' close adds them and rates the deal, once; check-ledger agrees all along."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.series.service import SeriesService
from bot.standings.ids import BoardKey
from bot.standings.models import BoardPage
from bot.standings.service import StandingsService
from bot.store import Store
from bot.store.bulk import rebuild_sql, rebuild_summaries
from bot.store.check_ledger import check
from bot.store.db import load_migrations
from bot.store.models import SettledDeal
from bot.store.standings import Period
from tests.store.helpers import FakeClock, new_game, play_deal
from tests.store.test_races import two_stores

from .helpers import GUILD
from .test_tables import HOST, open_shared, play_table, services

MEMBERS = (10, 11, 12)
LATE = 13  # joined, has yet to play deal 1
__all__ = ["two_stores"]  # the race tests' fixture: two stores on one database


async def shared_deal(store: Store, clock: FakeClock
                      ) -> tuple[int, SettledDeal, SeriesService]:
    """A series whose deal 1 was played at a shared table by 10, 11 and 12; 13 joined
    and has yet to play it. ``(series id, the settled deal, the series service)``."""
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in MEMBERS:
        await series.join(GUILD, sid, user, f"m{user}")
        seat = await series.take_seat(GUILD, sid, user, f"m{user}")
    await series.join(GUILD, sid, LATE, f"m{LATE}")
    await play_table(tables, seat.table_id)
    [row] = await store.deals.for_table(seat.table_id)
    [settled] = await store.ledger.settled_deals(after=row.deal_id - 1, limit=1)
    assert settled.deal.deal_id == row.deal_id
    assert any(r.amount for r in settled.ledger)  # the deal paid: its chips tell its result
    assert any(r.was_declarer for r in settled.ledger)  # played, not thrown in: rated
    return sid, settled, series


async def table_chips(store: Store, settled: SettledDeal) -> dict[int, tuple[int, int]]:
    """Each member's chips at the deal's table (the deal, and the pot shared out when the
    table's session ended) and deals: the totals once the series has closed."""
    out: dict[int, tuple[int, int]] = {}
    for r in await store.ledger.for_table(settled.deal.table_id):
        if r.user_id is not None:
            net, deals = out.get(r.user_id, (0, 0))
            out[r.user_id] = (net + r.amount, deals + (r.deal_id is not None))
    assert sorted(out) == list(MEMBERS) and {d for _, d in out.values()} == {1}
    return out


async def chip_lines(store: Store, viewer: int | None = None) -> dict[int, tuple[int, int]]:
    board = await StandingsService(store).board(BoardKey(GUILD, None, Period.ALL), viewer)
    assert isinstance(board, BoardPage)
    return {s.user_id: (s.net, s.deals) for s in board.rows}


async def audit(store: Store) -> None:
    _, problems = await check(store)
    assert problems == []


async def test_the_chip_leaderboard_leaves_a_shared_deal_out_until_the_close(
        store: Store, clock: FakeClock) -> None:
    sid, settled, series = await shared_deal(store, clock)
    for viewer in (LATE, None, 10):  # who has yet to play it, the public, a player
        assert await chip_lines(store, viewer) == {}
    for period in (Period.DAY, Period.DAYS_7, Period.MONTH):
        board = await store.standings.leaderboard(GUILD, period=period, user_id=LATE)
        assert board.players == 0 and board.rows == () and board.me is None
    await store.db.write(rebuild_summaries)  # a rebuild (bulk load) holds it back too
    assert await chip_lines(store) == {}
    await audit(store)
    await series.close(GUILD, sid, HOST)
    assert await chip_lines(store, LATE) == await table_chips(store, settled)
    board = await store.standings.leaderboard(GUILD, period=Period.DAY)
    assert {s.user_id: (s.net, s.deals) for s in board.rows} \
        == await table_chips(store, settled)
    await audit(store)
    await store.db.write(rebuild_summaries)  # the same from scratch
    assert await chip_lines(store, LATE) == await table_chips(store, settled)


async def test_stats_records_and_chip_history_leave_a_shared_deal_out_until_the_close(
        store: Store, clock: FakeClock) -> None:
    sid, settled, series = await shared_deal(store, clock)
    declarer = next(r for r in settled.ledger if r.was_declarer)
    standings = StandingsService(store)
    for user in MEMBERS:
        stats = await standings.stats(GUILD, user)
        assert (stats.net, stats.deals, stats.declarer_games) == (0, 0, 0)
        assert stats.best is None and stats.worst is None
        assert stats.contracts == () and stats.history == ()
    await series.close(GUILD, sid, HOST)
    totals = await table_chips(store, settled)
    for r in settled.ledger:
        if r.user_id is None:
            continue
        stats = await standings.stats(GUILD, r.user_id)
        assert (stats.net, stats.deals) == totals[r.user_id]
        assert stats.best is not None and stats.best.deal_id == settled.deal.deal_id
        assert stats.worst is not None and stats.worst.amount == r.amount
        assert [p.total for p in stats.history] == [totals[r.user_id][0]]
    if declarer.user_id is not None:
        stats = await standings.stats(GUILD, declarer.user_id)
        assert stats.declarer_games == 1
        assert [(c.contract, c.games, c.net) for c in stats.contracts] \
            == [(declarer.contract, 1, declarer.amount)]


async def test_a_shared_deal_is_rated_at_the_close_once(
        store: Store, clock: FakeClock) -> None:
    sid, settled, series = await shared_deal(store, clock)
    standings = StandingsService(store)
    for user in MEMBERS:
        assert await standings.ratings(GUILD, user) == {}
        assert await standings.rating_history(GUILD, user) == ()
    assert await store.ratings.stored() == {}
    await audit(store)
    clock.advance(3600)
    await series.close(GUILD, sid, HOST)
    closed_at = (await store.series.get(sid)).closed_at
    for user in MEMBERS:
        [rating] = (await standings.ratings(GUILD, user)).values()
        assert rating.deals == 1 and rating.last_deal_id == settled.deal.deal_id
        [point] = await standings.rating_history(GUILD, user)
        assert point.settled_at == closed_at  # rated as of the close
    rated = await store.ratings.stored()
    _, closed_now = await store.series.close(sid, ())  # a second tick, another process
    assert not closed_now
    assert await store.ratings.stored() == rated
    assert await chip_lines(store) == await table_chips(store, settled)
    await audit(store)  # the ledger's replay rates it at the close too


async def test_the_ratings_replay_a_deal_disclosed_after_later_deals_in_its_place(
        store: Store, clock: FakeClock) -> None:
    """The same members play an ordinary table after the shared deal, before the close:
    that deal is rated at once, the shared one at the close, after it; the replay of
    check-ledger (and rebuild-ratings) follows the same order."""
    sid, settled, series = await shared_deal(store, clock)
    game = await new_game(store, "tapp1879", guild_id=GUILD, channel_id=9,
                          users=list(MEMBERS), seed=4)
    for _ in range(3):
        await play_deal(store, game)
        clock.advance(60)
    before = {u: (await store.ratings.of_member(GUILD, u)) for u in MEMBERS}
    assert all(r["tapp1879"].deals >= 1 for r in before.values())
    await series.close(GUILD, sid, HOST)
    for user in MEMBERS:
        after = (await store.ratings.of_member(GUILD, user))["tapp1879"]
        assert after.deals == before[user]["tapp1879"].deals + 1
        assert after.last_deal_id == settled.deal.deal_id
    await audit(store)
    assert await store.ratings.replayed() == await store.ratings.stored()


async def test_a_deleted_series_discloses_its_shared_deals_too(
        store: Store, clock: FakeClock) -> None:
    """Deleted, the series has nobody left to play its deals: the deals played at its
    tables count (their chips moved) and are rated."""
    sid, settled, series = await shared_deal(store, clock)
    await series.delete(GUILD, sid, HOST)
    assert await chip_lines(store) == await table_chips(store, settled)
    for user in MEMBERS:
        assert (await store.ratings.of_member(GUILD, user))["tapp1879"].deals == 1
    await audit(store)


async def test_two_processes_closing_at_once_disclose_once(
        two_stores: tuple[Store, Store], clock: FakeClock) -> None:
    a, b = two_stores
    sid, settled, _ = await shared_deal(a, clock)
    results = await asyncio.gather(a.series.close(sid, ()), b.series.close(sid, ()))
    assert sorted(closed_now for _, closed_now in results) == [False, True]
    for store in (a, b):
        assert await chip_lines(store) == await table_chips(store, settled)
        for user in MEMBERS:
            assert (await store.ratings.of_member(GUILD, user))["tapp1879"].deals == 1
    await audit(a)


async def test_rows_counted_before_the_upgrade_are_not_counted_again_at_the_close(
        db_path: Path, clock: FakeClock) -> None:
    """A database from before 0016 counted (and rated) a shared table's deal when it
    settled; the upgrade marks those rows as counted (``series.held_after``), so the
    close adds nothing twice."""
    async with await Store.open(db_path, clock=clock) as store:
        sid, settled, _ = await shared_deal(store, clock)
    with sqlite3.connect(db_path) as conn:  # back to version 15, as that bot left it
        for name, version in (("ledger_standings", 2), ("ledger_declarer_records", 1)):
            conn.execute(f"DROP TRIGGER {name}")
            [trigger] = [s for s in load_migrations()[version - 1].statements()
                         if s.startswith(f"CREATE TRIGGER {name} ")]
            conn.execute(trigger)
        for column in ("held_after", "disclosed_entry", "disclosed_seq"):
            conn.execute(f"ALTER TABLE series DROP COLUMN {column}")
        conn.execute("DELETE FROM standings")
        conn.execute("DELETE FROM declarer_records")
        for statement in rebuild_sql("sqlite", rows="1 = 1"):  # every row, as it counted
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 15")
    async with await Store.open(db_path, clock=clock) as store:
        last = max(r.entry_id for r in await store.ledger.for_table(settled.deal.table_id))
        assert (await store.db.read(lambda c: c.execute(
            "SELECT held_after FROM series WHERE series_id = ?", (sid,)).fetchone()[0])) \
            == last
        await store.ratings.rebuild()  # rated when it settled, as that bot did
        counted = await chip_lines(store)
        assert counted == await table_chips(store, settled)
        rated = await store.ratings.stored()
        await audit(store)
        series, _, _ = services(store, clock)
        await series.close(GUILD, sid, HOST)
        assert await chip_lines(store) == counted
        assert await store.ratings.stored() == rated
        await audit(store)
