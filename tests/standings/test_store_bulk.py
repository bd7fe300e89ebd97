"""Bulk loading builds the same standings summaries as the per-row triggers, and the
week-grain migration back-fills an existing ledger the same way."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bench.synthetic import bench_subject, fill_synthetic
from bot.store import Store
from bot.store.bulk import rebuild_summaries, summaries_rebuilt_after
from bot.store.db import load_migrations, migrate
from bot.store.ledger import INSERT_LEDGER
from bot.store.sql import Conn, dialect
from tests.conftest import open_store
from tests.store.helpers import Seat, book, utc

from .ledgers import fill

#: the ledger's columns in schema version 1 (no computer level yet)
INSERT_LEDGER_V1 = INSERT_LEDGER.replace(", level)", ")").replace(", ?)", ")")


def summaries(conn: sqlite3.Connection) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    standings = conn.execute("SELECT * FROM standings ORDER BY 1, 2, 3, 4, 5").fetchall()
    records = conn.execute("SELECT * FROM declarer_records ORDER BY 1, 2, 3, 4").fetchall()
    return [tuple(r) for r in standings], [tuple(r) for r in records]


async def test_a_rebuild_gives_what_the_triggers_kept(store: Store,
                                                      deals: dict[str, int]) -> None:
    kept = await store.db.read(summaries)
    assert {r[1] for r in kept[0]} == {"all", "month", "week", "day"}

    def rebuild(conn: sqlite3.Connection) -> None:
        rebuild_summaries(conn)

    await store.db.write(rebuild)
    assert await store.db.read(summaries) == kept


async def test_equal_best_deals_keep_the_first_booked(store: Store) -> None:
    first = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 2),
                       seats=[Seat(11, 4), Seat(12, -4), Seat(13, 0), Seat(14, 0)])
    await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 1),  # booked later
               seats=[Seat(11, 4), Seat(12, -4), Seat(13, 0), Seat(14, 0)])
    kept = await store.db.read(summaries)
    await store.db.write(rebuild_summaries)
    assert await store.db.read(summaries) == kept
    stats = await store.standings.stats(1, 11)
    assert stats.best is not None and stats.best.deal_id == first


async def test_bulk_synthetic_fill_matches_the_trickle_fill(
        request: pytest.FixtureRequest, backend: str) -> None:
    options: dict[str, Any] = dict(ledger_rows=4000, guilds=4, big_guild_deals=400,
                                   members=10, batch=300)
    async with open_store(request, backend) as trickle, open_store(request, backend) as bulk:
        await fill_synthetic(trickle, **options)
        await fill_synthetic(bulk, bulk=True, **options)
        assert await bulk.db.read(summaries) == await trickle.db.read(summaries)
        assert await bulk.ledger.standings_drift() == []
        subject = await bench_subject(bulk)
        assert subject is not None and (subject.guild_id, subject.deals) == (1, 400)
        assert subject.guilds == 4 and subject.ledger_rows >= 4000


async def test_the_triggers_are_back_after_a_bulk_load(store: Store) -> None:
    await fill_synthetic(store, ledger_rows=500, guilds=3, big_guild_deals=50, members=6,
                         bulk=True)

    def triggers(conn: Conn) -> list[str]:
        if dialect(conn) == "postgres":  # the enabled ones ('O': origin, the default)
            return [r[0] for r in conn.execute(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = 'ledger'::regclass"
                " AND tgenabled = 'O' ORDER BY tgname")]
        return [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")]

    assert {"ledger_standings", "ledger_declarer_records"} <= set(await store.db.read(triggers))
    await fill(store)  # rows booked afterwards still reach the standings
    assert await store.ledger.standings_drift() == []


async def test_a_bulk_load_needs_a_transaction() -> None:
    conn = sqlite3.connect(":memory:")
    with pytest.raises(RuntimeError, match="transaction"), summaries_rebuilt_after(conn):
        pass


async def test_the_week_migration_back_fills_an_old_ledger(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, load_migrations()[:1])  # a database of schema version 1
    conn.execute("INSERT INTO tables (table_id, guild_id, channel_id, host_id, variant,"
                 " status, created_at) VALUES (1, 1, 1, 1, 'zuger', 'closed', 0)")
    rows = []
    for deal_id, (at, amounts) in enumerate([(1715767200, (5, -5)), (1715162400, (-3, 3)),
                                             (1714557600, (2, -2))], 1):
        conn.execute("INSERT INTO deals (deal_id, table_id, number, guild_id, variant, header,"
                     " status, result, started_at, ended_at) VALUES (?, 1, ?, 1, 'zuger', '{}',"
                     " 'settled', '{}', ?, ?)", (deal_id, deal_id, at, at))
        for seat, (user, amount) in enumerate(zip((11, 12), amounts, strict=True)):
            rows.append(("deal", deal_id, 1, 1, seat, user, 0, f"P{user}", "zuger", "solo", at,
                         amount, int(seat == 0), int(amounts[0] > 0) if seat == 0 else None, 0))
    conn.executemany(INSERT_LEDGER_V1, rows)
    conn.close()
    async with await Store.open(path) as store:
        migrated = await store.db.read(summaries)
        assert any(r[1] == "week" for r in migrated[0])
        await store.db.write(rebuild_summaries)
        assert await store.db.read(summaries) == migrated
