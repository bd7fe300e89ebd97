"""Skill ratings in the store (both backends): written with the deal's chips, replayed
from the ledger to the same values, kept per season, and read by the leaderboard."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.cli.ledger import check_ledger
from bot.ratings import INITIAL, MIN_RATED_DEALS, season_start
from bot.store import DealStatus, Store, StoreError
from bot.store.check_ledger import check
from bot.store.db import load_migrations, migrate
from bot.store.pg import SCHEMA_TABLE
from bot.store.ratings import REBUILD_MARK
from bot.store.rebuild_ratings import main as rebuild_ratings
from tests.postgres import PgServer

from .helpers import (
    FakeClock,
    Game,
    log_actions,
    new_game,
    play_deal,
    scripted_entries,
    start_deal,
    utc,
)
from .test_races import pair

DAY = 86400.0


async def play(store: Store, game: Game, deals: int, clock: FakeClock | None = None,
               step: float = 600.0) -> None:
    for _ in range(deals):
        await play_deal(store, game)
        if clock is not None:
            clock.advance(step)


async def two_servers(store: Store, clock: FakeClock) -> None:
    """Members, computers of each level, every variant, two servers, a few days."""
    games = [
        await new_game(store, "zuger", users=[11, None, None, 14], seed=5, level="easy"),
        await new_game(store, "tapp1879", users=[11, None, 13], seed=6, channel_id=2,
                       level="strong"),
        await new_game(store, "dapp", users=[12, 13, None], seed=7, channel_id=3),
        await new_game(store, "wuerttemberg", guild_id=2, users=[11, 21, None],
                       seed=8, channel_id=4, level="strong"),
    ]
    for _ in range(3):
        for game in games:
            await play(store, game, 2, clock)
        clock.advance(DAY)


async def test_a_rating_rebuilt_from_the_ledger_equals_the_stored_one(
        store: Store, clock: FakeClock) -> None:
    await two_servers(store, clock)
    stored = await store.ratings.stored()
    assert stored == await store.ratings.replayed()
    assert await store.ratings.drift() == []
    players = {k[4] for k in stored}
    assert {"11", "12", "13", "14", "21"} <= players  # (12 in dapp only)
    assert {"computer:easy", "computer:normal", "computer:strong"} <= players
    # every rating moved off the start, and all time counts every rated deal
    assert all(s.rating != INITIAL for s in stored.values())
    alltime = {k: s for k, s in stored.items() if k[2] == "all"}
    assert {k[:2] for k in alltime} == {(1, "zuger"), (1, "tapp1879"), (1, "dapp"),
                                        (2, "wuerttemberg")}
    # rebuilding changes nothing, bit for bit
    await store.ratings.rebuild()
    assert await store.ratings.stored() == stored


async def test_check_ledger_reports_a_rating_the_ledger_does_not_give(
        store: Store, clock: FakeClock) -> None:
    await two_servers(store, clock)
    await store.db.write(lambda conn: conn.execute(
        "UPDATE ratings SET mu = mu + 1 WHERE player = '11' AND grain = 'all'"
        " AND variant = 'zuger'"))
    count, problems = await check(store)
    assert count == 24
    [line] = problems
    assert line.startswith("rating of 11 in server 1 (zuger, all time): stored ")
    assert await store.ratings.rebuild() == len(await store.ratings.stored())
    assert await check(store) == (24, [])


async def test_a_missing_history_point_is_reported(store: Store, clock: FakeClock) -> None:
    await two_servers(store, clock)
    await store.db.write(lambda conn: conn.execute(
        "DELETE FROM rating_history WHERE deal_id = 5 AND player = '12'"))
    assert await store.ratings.drift() == [
        "rating history: 1 point differs from the ledger's replay, at deal 5 (12)"]


async def test_the_ratings_are_written_with_the_chips(store: Store) -> None:
    game = await new_game(store, "zuger", users=[11, 12, 13, None], seed=9)
    settled = await play_deal(store, game)
    stored = await store.ratings.stored()
    deal = settled.deal.deal_id
    rated = settled.deal.result is not None and settled.deal.result["contract"] is not None
    assert rated, "seed 9 deals a played game"
    assert {s.last_deal_id for s in stored.values()} == {deal}
    # three spans per player: all time, the month, the quarter
    assert len(stored) == 3 * 4
    history = await store.ratings.history(1, 11)
    assert [p.variant for p in history] == ["zuger"]
    assert history[0].rating == stored[(1, "zuger", "all", 0, "11")].rating


async def test_a_failed_rating_write_books_no_chips(file_store: Store, db_path: Path) -> None:
    store = file_store
    game = await new_game(store, "zuger", users=[11, 12, 13, 14], seed=9)
    row, deal = await start_deal(store, game)
    await log_actions(store, row, deal, scripted_entries(deal, game.rng))
    game.session.finish_deal()
    other = sqlite3.connect(db_path)
    other.execute("CREATE TRIGGER boom BEFORE INSERT ON rating_history"
                  " BEGIN SELECT RAISE(ABORT, 'simulated failure'); END")
    other.commit()
    with pytest.raises(StoreError, match="simulated failure"):
        await store.deals.settle(row.deal_id, deal, game.session)
    assert (await store.deals.get(row.deal_id)).status is DealStatus.PLAYING
    assert await store.ledger.for_table(game.table.table_id) == ()
    assert await store.ratings.stored() == {}
    other.execute("DROP TRIGGER boom")
    other.commit()
    other.close()
    await store.deals.settle(row.deal_id, deal, game.session)
    assert len(await store.ratings.stored()) == 12


async def test_a_season_starts_afresh_and_all_time_carries_on(
        store: Store, clock: FakeClock) -> None:
    clock.t = utc(2026, 3, 31, 20)  # the last evening of March, of the first quarter
    game = await new_game(store, "zuger", users=[11, 12, 13, 14], seed=5)
    await play(store, game, 3, clock, step=60)
    clock.t = utc(2026, 4, 1, 0, 30)  # the new month and quarter begin
    await play(store, game, 2, clock, step=60)
    stored = await store.ratings.stored()
    march, april = int(utc(2026, 3, 1)), int(utc(2026, 4, 1))
    q1 = season_start("quarter", march)
    assert q1 == int(utc(2026, 1, 1))

    def deals(grain: str, bucket: int) -> int:
        return stored[(1, "zuger", grain, bucket, "11")].deals

    rated = deals("all", 0)
    assert rated >= 3  # (a thrown-in deal is not rated)
    assert deals("month", march) + deals("month", april) == rated
    assert deals("quarter", q1) == deals("month", march)
    assert deals("quarter", april) == deals("month", april)
    # the new season's rating started from scratch: it equals the April month's
    assert stored[(1, "zuger", "quarter", april, "11")].rating \
        == stored[(1, "zuger", "month", april, "11")].rating
    assert stored[(1, "zuger", "quarter", april, "11")].rating \
        != stored[(1, "zuger", "all", 0, "11")].rating


async def test_the_rating_leaderboard_needs_the_minimum_of_deals(
        store: Store, clock: FakeClock) -> None:
    game = await new_game(store, "zuger", users=[11, 12, None, 14], seed=5, level="strong")
    await play(store, game, MIN_RATED_DEALS - 1, clock)
    board = await store.ratings.leaderboard(1, "zuger", min_deals=MIN_RATED_DEALS,
                                            user_id=11)
    stored = await store.ratings.stored()
    rated = stored[(1, "zuger", "all", 0, "11")].deals
    if rated < MIN_RATED_DEALS:
        assert board.players == 0 and board.lines == ()
        assert board.me is not None and board.me.rank is None and board.me.deals == rated
    await play(store, game, MIN_RATED_DEALS + 4, clock)
    board = await store.ratings.leaderboard(1, "zuger", min_deals=MIN_RATED_DEALS,
                                            user_id=11, limit=2)
    assert board.players == 4  # three members and the strong computer
    lows = [line.rating.low for line in board.lines]
    assert lows == sorted(lows, reverse=True) and len(board.lines) == 2
    everyone = await store.ratings.leaderboard(1, "zuger", min_deals=1, limit=10)
    assert "computer:strong" in {line.player for line in everyone.lines}
    assert board.me is not None and board.me.rank is not None
    assert board.me == next(line for line in everyone.lines if line.player == "11")


#: the tables of the migrations after ratings (0012 onwards), children first
SERIES_TABLES = ("server_names", "league_divisions", "league_seasons", "league_members",
                 "leagues", "series_tables", "series_final", "series_steps", "series_runs",
                 "series_members", "series")


async def test_an_upgraded_database_rates_its_old_deals_when_opened(
        tmp_path: Path) -> None:
    """A database from before ratings: its deals are rated, in order, at the next
    open, as if ratings had always been kept."""
    path = tmp_path / "old.sqlite3"
    clock = FakeClock(utc(2026, 5, 2))
    async with await Store.open(path, clock=clock) as store:
        game = await new_game(store, "dapp", users=[11, 12, None], seed=7)
        await play(store, game, 4, clock)
        expected = await store.ratings.stored()
    assert expected
    with sqlite3.connect(path) as conn:  # back to version 10: no ratings, no levels
        for name, version in (("ledger_standings", 2), ("ledger_declarer_records", 1)):
            conn.execute(f"DROP TRIGGER {name}")  # as before 0016 held series rows back
            [trigger] = [s for s in load_migrations()[version - 1].statements()
                         if s.startswith(f"CREATE TRIGGER {name} ")]
            conn.execute(trigger)
        for table in SERIES_TABLES:  # nor what later versions add
            conn.execute(f"DROP TABLE {table}")
        conn.execute("DROP TABLE ratings")
        conn.execute("DROP TABLE rating_history")
        conn.execute("ALTER TABLE ledger DROP COLUMN level")
        conn.execute("PRAGMA user_version = 10")
    migrations = load_migrations()
    assert migrations[10].name == "0011_ratings.sql"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, migrations)
    assert conn.execute("SELECT value FROM meta WHERE key = ?", (REBUILD_MARK,)).fetchone()
    assert conn.execute("SELECT COUNT(*) FROM ratings").fetchone() == (0,)
    assert conn.execute("SELECT DISTINCT level FROM ledger WHERE is_computer = 1"
                        ).fetchall() == [("normal",)]
    conn.close()
    async with await Store.open(path, clock=clock) as store:
        assert await store.ratings.stored() == expected
        assert await store.db.read(lambda c: c.execute(
            "SELECT 1 FROM meta WHERE key = ?", (REBUILD_MARK,)).fetchone()) is None


async def test_postgres_upgrades_and_rates_its_old_deals_too(pg_server: PgServer) -> None:
    clock = FakeClock(utc(2026, 5, 2))
    async with pg_server.database(empty=True) as url:
        async with await Store.open(url, clock=clock) as store:
            game = await new_game(store, "zuger", users=[11, None, None, 14], seed=5,
                                  level="strong")
            await play(store, game, 4, clock)
            expected = await store.ratings.stored()
        conn = await asyncpg.connect(url)
        try:  # back to version 10: no ratings, no levels
            await conn.execute(f"DROP TABLE {', '.join(SERIES_TABLES)} CASCADE;"
                               " DROP TABLE ratings; DROP TABLE rating_history;"
                               " ALTER TABLE ledger DROP COLUMN level;"
                               f" UPDATE {SCHEMA_TABLE} SET version = 10")
        finally:
            await conn.close()
        async with await Store.open(url, clock=clock) as store:
            assert expected and await store.ratings.stored() == expected
            assert {s.key[4] for s in expected.values()} >= {"computer:strong"}
            with pytest.raises(StoreError, match="append-only"):  # the trigger is back
                await store.db.write(lambda c: c.execute("UPDATE ledger SET amount = 0"))


def test_check_ledger_and_rebuild_ratings_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.sqlite3"

    async def build() -> None:
        clock = FakeClock(utc(2026, 2, 3))
        async with await Store.open(path, clock=clock) as store:
            game = await new_game(store, "zuger", users=[11, 12, None, 14], seed=5)
            await play(store, game, 3, clock)

    asyncio.run(build())
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE ratings SET sigma = sigma / 2 WHERE player = 'computer:normal'"
                     " AND grain = 'quarter'")
    assert check_ledger(["--db", str(path)]) == 1
    out = capsys.readouterr().out
    assert "rating of computer:normal in server 1 (zuger, the quarter from " in out
    assert out.endswith("checked 3 settled deals: 1 problem\n")
    assert rebuild_ratings(["--db", str(path)]) == 0
    assert capsys.readouterr().out == "rebuilt 12 ratings from the ledger (1 problem before)\n"
    assert check_ledger(["--db", str(path)]) == 0
    assert rebuild_ratings(["--db", str(tmp_path / "missing.sqlite3")]) == 2


async def test_deals_settled_at_once_by_two_processes_replay_to_the_same_ratings(
        request: pytest.FixtureRequest, backend: str, tmp_path: Path,
        clock: FakeClock) -> None:
    """Two stores on one database settle deals of two tables at the same moment, member
    11 and the normal computer players at both: each settlement reads and writes their
    ratings, so one waits for (SQLite) or is run again after (PostgreSQL) the other,
    and the ledger's order is the order the ratings were updated in."""
    async def race(a: Store, b: Store) -> None:
        one = await new_game(a, "zuger", users=[11, 12, None, 14], seed=5, channel_id=1)
        two = await new_game(b, "zuger", users=[11, 22, None, 24], seed=6, channel_id=2)
        for _ in range(6):
            settles = []
            for store, game in ((a, one), (b, two)):
                row, deal = await start_deal(store, game)
                await log_actions(store, row, deal, scripted_entries(deal, game.rng))
                game.session.finish_deal()
                settles.append(store.deals.settle(row.deal_id, deal, game.session))
            await asyncio.gather(*settles)
            clock.advance(60)
        stored = await b.ratings.stored()
        assert stored == await a.ratings.replayed()
        assert stored[(1, "zuger", "all", 0, "11")].deals == len(
            await a.ratings.history(1, 11))

    if backend == "sqlite":
        async with pair(tmp_path / "race.sqlite3", clock) as (a, b):
            await race(a, b)
        return
    async with request.getfixturevalue("pg_server").database() as url, \
            pair(url, clock) as (a, b):
        await race(a, b)
