"""What is PostgreSQL's own: its migrations, its schema version, its locks, its commit
setting, and the command line given a URL (the rest runs on both backends)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.cli.ledger import check_ledger as main
from bot.engine import TappError
from bot.store import (
    NotADatabase,
    SchemaTooNew,
    Store,
    StoreError,
    StoreUnavailable,
    exit_status,
)
from bot.store.db import load_migrations
from bot.store.pg import SCHEMA_TABLE, PgDatabase, Traffic, redacted
from bot.store.sql import Conn
from tests.postgres import PgServer, with_database

from .test_check_ledger import fill


@pytest.fixture
async def url(pg_server: PgServer) -> AsyncIterator[str]:
    async with pg_server.database(empty=True) as fresh:
        yield fresh


def test_both_backends_have_the_same_numbered_migrations() -> None:
    sqlite, postgres = load_migrations("sqlite"), load_migrations("postgres")
    assert [m.version for m in sqlite] == [m.version for m in postgres]
    for lite, pg in zip(sqlite, postgres, strict=True):
        assert pg.name in (lite.name, lite.name.replace(".sql", ".postgres.sql"))
    assert postgres[0].name == "0001_initial.postgres.sql"
    assert postgres[2].name == "0003_seat_away.sql"  # one file serves both


async def test_a_fresh_database_keeps_64_bit_numbers_and_generated_keys(url: str) -> None:
    """Snowflakes, chips and times fit: no 32-bit integer or single-precision column,
    whichever migration (shared or PostgreSQL's own) made it."""
    store = await Store.open(url)
    await store.close()
    conn = await asyncpg.connect(url)
    try:
        narrow = await conn.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = 'public' AND data_type IN ('integer', 'real', 'smallint')"
            " AND table_name <> $1", SCHEMA_TABLE)  # the runner's own version number
        generated = {(r[0], r[1]) for r in await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = 'public' AND is_identity = 'YES'")}
        types = {(r[0], r[1]): r[2] for r in await conn.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = 'public'")}
    finally:
        await conn.close()
    assert [tuple(r) for r in narrow] == []
    assert {("tables", "table_id"), ("claims", "claim_id"), ("daily_deals", "daily_id"),
            ("daily_runs", "run_id")} <= generated
    assert types["daily_deals", "seed"] == "bytea"
    assert types["messages", "gone_at"] == types["member_times", "away_until"] == (
        "double precision")
    assert types["seats", "away"] == types["member_times", "quiet_from"] == "bigint"


async def test_a_fresh_database_gets_every_table(url: str) -> None:
    store = await Store.open(url)
    await store.close()
    conn = await asyncpg.connect(url)
    try:
        names = {r[0] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")}
        version = await conn.fetchval(f"SELECT version FROM {SCHEMA_TABLE}")
    finally:
        await conn.close()
    assert version == len(load_migrations("postgres")) == store.schema_version
    assert {"tables", "seats", "deals", "actions", "ledger", "standings", "declarer_records",
            "messages", "deadlines", "guild_settings", "table_settings", "claims", "meta",
            "daily_deals", "daily_runs", "daily_steps", "member_times"} <= names


async def test_two_processes_starting_together_migrate_once(url: str) -> None:
    stores = await asyncio.gather(Store.open(url), Store.open(url))
    for s in stores:
        assert s.schema_version == len(load_migrations("postgres"))
        await s.close()


async def test_a_newer_schema_is_refused(url: str) -> None:
    store = await Store.open(url)
    await store.close()
    conn = await asyncpg.connect(url)
    await conn.execute(f"UPDATE {SCHEMA_TABLE} SET version = 999")
    await conn.close()
    with pytest.raises(SchemaTooNew, match="schema version 999; this bot knows up to"):
        await Store.open(url)


async def test_a_held_lock_makes_the_store_unavailable(url: str) -> None:
    store = await Store.open(url, busy_timeout=0.05)
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
    other = await asyncpg.connect(url)
    tx = other.transaction()
    await tx.start()
    await other.execute("SELECT * FROM tables WHERE table_id = $1 FOR UPDATE", table.table_id)
    try:
        with pytest.raises(StoreUnavailable) as info:
            await store.tables.set_thread(table.table_id, 99)
        assert isinstance(info.value, TappError) and "try again" in str(info.value)
        assert (await store.tables.get(table.table_id)).thread_id is None  # reads go on
    finally:
        await tx.rollback()
        await other.close()
    assert (await store.tables.set_thread(table.table_id, 99)).thread_id == 99
    await store.close()


async def test_commits_wait_for_the_disk(url: str) -> None:
    def setting(conn: Conn) -> str:
        return str(conn.execute("SHOW synchronous_commit").fetchone()[0])

    store = await Store.open(url)
    try:
        assert await store.db.read(setting) == "on"
        assert store.db.dialect == "postgres"
    finally:
        await store.close()


async def test_round_trips_and_transactions_are_counted(url: str) -> None:
    """What ``bench load`` reports: every statement, BEGIN and COMMIT (or ROLLBACK) is a
    round trip; each transaction counts once, as committed, run again or failed."""
    def two(conn: Conn) -> None:
        conn.execute("SELECT 1").fetchone()
        conn.executemany("SELECT CAST(? AS BIGINT)", [(1,), (2,)])  # one batch, one trip

    def refused(conn: Conn) -> None:
        conn.execute("SELECT 1")
        raise TappError("no")

    store = await Store.open(url)
    try:
        db = store.db
        assert isinstance(db, PgDatabase)
        before = db.traffic()
        await db.write(two)
        with pytest.raises(TappError):
            await db.write(refused)
        assert db.traffic() - before == Traffic(round_trips=4 + 3, reads=0, writes=1,
                                                retries=0, failed=1)
        assert db.server_pids() and all(pid > 0 for pid in db.server_pids())
    finally:
        await store.close()


async def test_a_read_of_one_select_is_one_round_trip(url: str) -> None:
    """A read whose function issues one SELECT runs it alone (its own snapshot); one
    that issues more is run again in a REPEATABLE READ snapshot, and from then on in
    one at once."""
    calls: list[str] = []

    def one(conn: Conn) -> int:
        calls.append("one")
        return int(conn.execute("SELECT 41 + 1").fetchone()[0])

    def two(conn: Conn) -> tuple[str, str]:
        calls.append("two")
        first = conn.execute("SELECT current_setting('transaction_isolation')").fetchone()
        second = conn.execute("SELECT current_setting('transaction_read_only')").fetchone()
        return str(first[0]), str(second[0])

    store = await Store.open(url)
    try:
        db = store.db
        assert isinstance(db, PgDatabase)
        before = db.traffic()
        assert await db.read(one) == 42
        assert db.traffic() - before == Traffic(round_trips=1, reads=1)
        before = db.traffic()
        assert await db.read(two) == ("repeatable read", "on")
        assert db.traffic() - before == Traffic(round_trips=1 + 4, reads=1)
        assert calls == ["one", "two", "two"]
        before = db.traffic()
        assert await db.read(two) == ("repeatable read", "on")
        assert db.traffic() - before == Traffic(round_trips=4, reads=1)
        assert calls == ["one", "two", "two", "two"]
    finally:
        await store.close()


async def test_a_read_alone_never_writes(url: str) -> None:
    """A read function's first statement that is not a SELECT is never sent alone: it
    runs in the READ ONLY snapshot, which refuses a write."""
    store = await Store.open(url)
    try:
        with pytest.raises(StoreError) as info:
            await store.db.read(lambda conn: conn.execute(
                "UPDATE tables SET thread_id = 1"))
        assert "read-only" in str(getattr(info.value, "detail", ""))
    finally:
        await store.close()


async def test_a_write_that_loses_a_race_is_counted_as_retried(url: str) -> None:
    async def update(value: int, table_id: int) -> None:
        other = await asyncpg.connect(url)
        try:
            await other.execute("UPDATE tables SET thread_id = $1 WHERE table_id = $2",
                                value, table_id)
        finally:
            await other.close()

    store = await Store.open(url)
    try:
        db = store.db
        assert isinstance(db, PgDatabase)
        table = await store.tables.create(guild_id=1, channel_id=2, host_id=3,
                                          variant="zuger")
        runs: list[int] = []

        def bump(conn: Conn) -> None:
            conn.execute("SELECT thread_id FROM tables WHERE table_id = ?",
                         (table.table_id,)).fetchone()
            runs.append(1)
            if len(runs) == 1:  # another writer commits in between: a serialization failure
                other = threading.Thread(target=asyncio.run, args=(update(7, table.table_id),))
                other.start()
                other.join()
            conn.execute("UPDATE tables SET thread_id = 8 WHERE table_id = ?",
                         (table.table_id,))

        before = db.traffic()
        await db.write(bump)
        counted = db.traffic() - before
        assert len(runs) == 2
        assert (counted.writes, counted.retries, counted.failed) == (1, 1, 0)
        assert (await store.tables.get(table.table_id)).thread_id == 8
    finally:
        await store.close()


async def test_an_unreachable_server_is_unavailable() -> None:
    with pytest.raises(StoreUnavailable) as info:
        await Store.open("postgresql://tapp@127.0.0.1:1/none", busy_timeout=0.2)
    assert info.value.detail == "connection refused (no server listening at that address)"
    assert exit_status(info.value) == 1  # it may come up: a restart may mend it


async def test_a_database_that_does_not_exist_is_not_a_database(pg_server: PgServer) -> None:
    """A restart would not mend it (exit status 2), unlike a server that is down."""
    missing = with_database(pg_server.admin_url, "tapp_no_such_database")
    with pytest.raises(NotADatabase) as info:
        await Store.open(missing)
    assert 'database "tapp_no_such_database" does not exist' in str(info.value)
    assert exit_status(info.value) == 2


async def test_a_host_that_does_not_resolve_is_unavailable_and_says_dns() -> None:
    with pytest.raises(StoreUnavailable) as info:
        await Store.open("postgresql://tapp@db.invalid/none", busy_timeout=0.2)
    assert info.value.detail.startswith("host name not found (DNS): ")
    assert "Unknown error" not in info.value.detail


def test_a_password_is_never_shown() -> None:
    assert redacted("postgresql://tapp:s3cret@db.example/tapp") == \
        "postgresql://tapp:***@db.example/tapp"
    assert redacted("postgresql://tapp@db.example/tapp") == "postgresql://tapp@db.example/tapp"


def test_check_ledger_reads_a_url(pg_server: PgServer,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    async def build(url: str) -> None:
        async with await Store.open(url) as store:
            await fill(store)

    async def run() -> None:
        async with pg_server.database() as url:
            await build(url)
            assert await asyncio.to_thread(main, ["--db", url]) == 0

    asyncio.run(run())
    assert "checked 8 settled deals: OK" in capsys.readouterr().out
